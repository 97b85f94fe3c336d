"""Golden images of the four phases (start, middle with highlights, bear-off, end), compared
with a tolerance so that a FreeType or Pillow update does not fail them, while a missing
checker, mark or text does.

Regenerate after an intended change of the picture, then look at the PNGs before committing:
    python -m tests.renderer.test_golden
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from renderer import compose
from tests.renderer.scenes import SCENES

GOLDEN_DIR = Path(__file__).with_name("golden")
SCALE = 2  # goldens are stored at half size to stay small
MEAN_TOLERANCE = 1.5  # mean absolute difference per channel, 0..255
PIXEL_TOLERANCE = 48  # a pixel differing more than this counts as changed...
CHANGED_SHARE = 0.002  # ...and at most this share of pixels may (a checker is about 0.5 %)


def reduced(image: Image.Image) -> Image.Image:
    return image.resize((image.width // SCALE, image.height // SCALE), Image.Resampling.BOX)


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.png"


@pytest.mark.parametrize("name", sorted(SCENES))
def test_scene_matches_its_golden_image(name: str) -> None:
    golden = Image.open(golden_path(name)).convert("RGB")
    current = reduced(compose(*SCENES[name]))
    assert current.size == golden.size
    difference = ImageChops.difference(current, golden)
    assert max(ImageStat.Stat(difference).mean) <= MEAN_TOLERANCE
    changed = difference.convert("L").point(lambda v: 255 if v > PIXEL_TOLERANCE else 0)
    share = ImageStat.Stat(changed).mean[0] / 255
    assert share <= CHANGED_SHARE


def regenerate() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, (position, view) in SCENES.items():
        reduced(compose(position, view)).save(golden_path(name), optimize=True)
        print(golden_path(name))


if __name__ == "__main__":
    regenerate()
