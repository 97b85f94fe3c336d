"""The bytes `render` returns: a JPEG of the layout's size within Telegram's photo limits."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from nardy import Position
from renderer import MIME_TYPE, BoardView, compose, render
from renderer.demo import write_gallery
from renderer.geometry import HEIGHT, WIDTH
from tests.renderer.scenes import SCENES

TELEGRAM_MAX_BYTES = 10 * 1024 * 1024
SIZE_GOAL = 60 * 1024  # issue 38


@pytest.mark.parametrize("name", sorted(SCENES))
def test_scene_is_a_phone_sharp_jpeg_within_telegram_photo_limits(name: str) -> None:
    data = render(*SCENES[name])
    image = Image.open(io.BytesIO(data))
    assert MIME_TYPE == "image/jpeg"
    assert data[:3] == b"\xff\xd8\xff"
    assert image.format == "JPEG"
    assert image.mode == "RGB"
    assert image.size == (WIDTH, HEIGHT) == (960, 666)
    assert len(data) <= min(SIZE_GOAL, TELEGRAM_MAX_BYTES)
    assert image.width + image.height <= 10_000
    assert max(image.size) / min(image.size) <= 20


@pytest.mark.parametrize("name", ["middle", "short-bar"])
def test_the_jpeg_is_the_composed_picture(name: str) -> None:
    """`render` encodes the memory it drew in, without a copy: every paste must be in it."""
    decoded = Image.open(io.BytesIO(render(*SCENES[name]))).convert("RGB")
    difference = ImageChops.difference(decoded, compose(*SCENES[name]))
    assert max(ImageStat.Stat(difference).mean) <= 3


def test_default_view_renders_the_start() -> None:
    assert render(Position.start()) == render(Position.start(), BoardView())


def test_demo_writes_every_theme_orientation_and_phase(tmp_path: Path) -> None:
    paths = write_gallery(tmp_path)
    names = {path.name for path in paths}
    short_phases = ("1-start", "2-bar", "3-double", "4-bear-off", "5-end")
    assert len(paths) == 3 * 2 * (4 + len(short_phases))
    for theme in ("classic", "contrast", "colorblind"):
        for bottom in ("white", "black"):
            for phase in ("1-start", "2-middle", "3-bear-off", "4-end"):
                assert f"{theme}-{bottom}-bottom-{phase}.jpg" in names
            for phase in short_phases:
                assert f"short-{theme}-{bottom}-bottom-{phase}.jpg" in names
    for path in paths:
        assert Image.open(path).format == "JPEG"
        assert path.stat().st_size <= SIZE_GOAL
