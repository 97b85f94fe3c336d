"""`render`: a position and its view state to the bytes of a Telegram photo.

A render is a copy of the cached static layer, sprite pastes and one JPEG encode; nothing
is written to disk and no shared image is changed, so threads may render at once.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from PIL import Image

from nardy import Color, Position
from renderer import pieces
from renderer.board import layer
from renderer.panels import banner, strips
from renderer.sprites import sprites
from renderer.theme import THEMES, Theme
from renderer.view import BoardView

JPEG_QUALITY = 75
MIME_TYPE = "image/jpeg"


def compose(position: Position, view: BoardView) -> Image.Image:
    """The picture as an RGB image, `geometry.WIDTH` by `geometry.HEIGHT`."""
    theme = view.theme
    numbering = position.to_move if view.numbering is None else view.numbering
    image = layer((theme, view.bottom, numbering)).copy()
    art = sprites(theme)
    pieces.checkers(image, theme, position, view.bottom)
    pieces.trays(image, art, theme, position, view.bottom)
    if view.last_turn is not None:
        pieces.last_turn(image, art, position, view.bottom, view.last_turn)
    pieces.highlight(image, art, position, view.bottom, view.highlight)
    if view.dice is not None:
        pieces.dice(image, art, position, view.bottom, view.dice)
    strips(image, art, position, view)
    if view.banner is not None:
        banner(image, art, theme, view.banner)
    return image


def encode(image: Image.Image) -> bytes:
    """Baseline JPEG: the format Telegram photos are stored in, and the fastest to make."""
    out = io.BytesIO()
    image.save(out, "JPEG", quality=JPEG_QUALITY)
    return out.getvalue()


def render(position: Position, view: BoardView | None = None) -> bytes:
    """The board picture as JPEG bytes (`MIME_TYPE`)."""
    return encode(compose(position, view or BoardView()))


def warm_up(themes: Iterable[Theme] = THEMES.values()) -> None:
    """Build every static layer and sprite of `themes` now (about half a second per theme
    and side at the bottom), so that no user waits for it on a first render."""
    for theme in themes:
        sprites(theme)
        for bottom in Color:
            for numbering in Color:
                layer((theme, bottom, numbering))
