"""`render`: a position and its view state to the bytes of a Telegram photo.

A render is the cached static layer pasted on a new canvas, sprite pastes and one JPEG encode
of the canvas's own memory; nothing is written to disk and no shared image is changed, so
threads may render at once.
"""

from __future__ import annotations

from collections.abc import Iterable

import simplejpeg
from PIL import Image

from nardy import Color
from nardy.short import BAR
from nardy.variant import AnyPosition, Variant
from nardy.variants import VARIANTS, board_variant
from renderer import geometry as g
from renderer import pieces
from renderer.board import layer
from renderer.canvas import Canvas, canvas
from renderer.panels import banner, strips
from renderer.sprites import sprites
from renderer.theme import THEMES, Theme
from renderer.view import BoardView

JPEG_QUALITY = 56
MIME_TYPE = "image/jpeg"


def compose(position: AnyPosition, view: BoardView) -> Image.Image:
    """The picture of a long (`nardy.Position`) or short (`nardy.short.Position`) nardy
    board as an RGB image, `geometry.WIDTH` by `geometry.HEIGHT`."""
    return draw(position, view).image.convert("RGB")


def draw(position: AnyPosition, view: BoardView) -> Canvas:
    """The picture of the board on a new canvas, ready for `encode`."""
    variant = board_variant(position)
    _check(variant, view)
    theme = view.theme
    numbering = position.to_move if view.numbering is None else view.numbering
    picture = canvas((g.WIDTH, g.HEIGHT))
    image = picture.image
    image.paste(layer((theme, view.bottom, numbering, variant)))
    art = sprites(theme)
    pieces.checkers(image, theme, position, view.bottom)
    if variant.facing:
        pieces.bar(image, art, theme, position, view.bottom)
    pieces.trays(image, art, theme, position, view.bottom)
    if view.last_turn is not None:
        pieces.last_turn(image, art, position, view.bottom, view.last_turn)
    pieces.highlight(image, art, position, view.bottom, view.highlight)
    if view.dice is not None:
        pieces.dice(image, art, position, view.bottom, view.dice)
    if view.cube is not None:
        pieces.cube(image, art, theme, position, (view.bottom, view.cube), view.banner is not None)
    strips(image, art, position, view)
    if view.banner is not None:
        banner(image, art, theme, view.banner)
    return picture


def _check(variant: Variant, view: BoardView) -> None:
    """Long nardy has neither a bar nor a cube (RULES.md §1): a view with them is a bug."""
    if variant.facing:
        return
    marks = view.highlight
    if BAR in marks.movable or marks.selected == BAR:
        raise ValueError(f"long nardy has no bar to highlight, got {marks}")
    if view.cube is not None:
        raise ValueError("long nardy has no doubling cube")


def encode(picture: Canvas) -> bytes:
    """Baseline JPEG, 4:2:0: the format Telegram photos are stored in. libjpeg-turbo through
    simplejpeg, which lets go of the GIL while it encodes; Pillow's own encoder holds it
    throughout (3–4 ms a board), so a render in a thread would stall the bot's event loop
    that long (`tools/bench/render.py` measures the stall)."""
    return simplejpeg.encode_jpeg(
        picture.pixels, quality=JPEG_QUALITY, colorspace="RGBX", colorsubsampling="420"
    )


def render(position: AnyPosition, view: BoardView | None = None) -> bytes:
    """The board picture (long or short nardy) as JPEG bytes (`MIME_TYPE`)."""
    return encode(draw(position, view or BoardView()))


def warm_up(
    themes: Iterable[Theme] = THEMES.values(), variants: Iterable[Variant] | None = None
) -> None:
    """Build every static layer and sprite of `themes` now (about half a second per theme,
    board and side at the bottom), so that no user waits for it on a first render; the boards
    of `variants`, every game's by default."""
    boards = {board_variant(each.start()) for each in (VARIANTS if variants is None else variants)}
    for theme in themes:
        sprites(theme)
        for variant in boards:
            for bottom in Color:
                for numbering in Color:
                    layer((theme, bottom, numbering, variant))
