"""A board in monospace text, for inline games when no media chat is set (an inline edit cannot
upload a picture, DESIGN.md §3): the points in the numbering of the side to move, like the
buttons, each with its checkers (○ White, ● Black) and how many; in short nardy, the bar too.

Pure: a position and a viewer in, lines of text out.
"""

from __future__ import annotations

from nardy import Color
from nardy.variant import AnyPosition
from nardy.variants import board_variant

SYMBOLS = {Color.WHITE: "○", Color.BLACK: "●"}
EMPTY = "·"
CELL = 3  # characters per point: "●15"


def _cell(text: str) -> str:
    return text.rjust(CELL)


def _checkers(position: AnyPosition, viewer: Color, point: int) -> str:
    """What stands on the viewer's own point `point`: "○3", or "·"."""
    n = position.points[board_variant(position).to_absolute(viewer, point) - 1]
    if n == 0:
        return _cell(EMPTY)
    color = Color.WHITE if n > 0 else Color.BLACK
    return _cell(f"{SYMBOLS[color]}{abs(n)}")


def _row(cells: list[str]) -> str:
    """Twelve cells with the bar between the two halves."""
    return "".join(cells[:6]) + " │" + "".join(cells[6:])


def text_board(position: AnyPosition, viewer: Color, off: str, bar: str = "bar") -> str:
    """The board seen by `viewer`: points 13–24 along the top, 12–1 along the bottom (the
    way a checker travels from the head, 24, home to 1–6), then the bar of a game that has
    one (short nardy's) and the checkers borne off (`off` and `bar` are the words for them in
    the reader's language)."""
    top = list(range(13, 25))
    bottom = list(range(12, 0, -1))
    lines = [
        _row([_cell(str(point)) for point in top]),
        _row([_checkers(position, viewer, point) for point in top]),
        "",
        _row([_checkers(position, viewer, point) for point in bottom]),
        _row([_cell(str(point)) for point in bottom]),
    ]
    if board_variant(position).facing:  # the sides share a bar (RULES.md §9)
        waiting = "  ".join(f"{SYMBOLS[color]} {position.bar[color]}" for color in Color)
        lines.append(f"{bar}: {waiting}")
    borne = "  ".join(f"{SYMBOLS[color]} {position.off[color]}" for color in Color)
    lines.append(f"{off}: {borne}")
    return "\n".join(lines)
