"""Boards one above the other, each under a heading line: a turn as it was played and as it was
best played, for the Expert's review of a game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nardy.variant import AnyPosition
from renderer import geometry as g
from renderer.canvas import canvas
from renderer.paint import write
from renderer.render import draw, encode
from renderer.view import BoardView

HEADING = 56  # the heading band's height above each board
HEADING_SIZE = 26
EDGE = 18  # space between the picture's edge and the heading's text


@dataclass(frozen=True, slots=True)
class Panel:
    """One board of a comparison under its `heading`, already translated."""

    heading: str
    position: AnyPosition
    view: BoardView


def compare(panels: Sequence[Panel]) -> bytes:
    """The panels' boards stacked in order, each under its heading band in the board's theme,
    as JPEG bytes (`render.MIME_TYPE`), `geometry.WIDTH` wide."""
    if not panels:
        raise ValueError("a comparison needs at least one board")
    height = HEADING + g.HEIGHT
    picture = canvas((g.WIDTH, len(panels) * height))
    image = picture.image
    for index, panel in enumerate(panels):
        top, theme = index * height, panel.view.theme
        image.paste(theme.background, (0, top, g.WIDTH, top + HEADING))
        style = (HEADING_SIZE, True, theme.text)
        write(image, panel.heading, (EDGE, top + HEADING // 2), style, max_width=g.WIDTH - 2 * EDGE)
        image.paste(draw(panel.position, panel.view).image, (0, top + HEADING))
    return encode(picture)
