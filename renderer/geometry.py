"""Where everything sits on the picture: one fixed layout, 960 px wide, for every theme.

The side at the bottom has its home bottom right and plays counter-clockwise on the screen
from its point 24 top right; how the side at the top plays is its game's (the variant's
`facing` and `to_absolute`, `nardy.variant`). Screen columns run 0..11 left to right, the bar
between columns 5 and 6; in short nardy hit checkers wait on it, with the doubling cube.
"""

from __future__ import annotations

from nardy import Color
from nardy.long_variant import LONG
from nardy.variant import Variant

Box = tuple[int, int, int, int]  # left, top, right, bottom (right and bottom exclusive)

WIDTH = 960
STRIP = 45  # name strip above and below the board
FRAME_X = 15
FRAME_Y = 27  # the top and bottom frame carry the point numbers
POINT_W = 66
CHECKER = 60
STACK_STEP = 45  # vertical distance between stacked checkers
MAX_STACK = 5  # checkers drawn per point; a taller stack shows its count on the top one
ROW = (MAX_STACK - 1) * STACK_STEP + CHECKER
MID = 42  # free band between the rows: dice and direction arrows
BAR = 34
TRAY_W = 72
SLICE = 14  # height of a borne-off checker seen edge-on in the tray
DIE = 38
BAR_SHOWN = 3  # checkers drawn per side on the bar; the outermost carries the count
CUBE = 32  # the doubling cube on the bar

MARGIN = (WIDTH - (3 * FRAME_X + 12 * POINT_W + BAR + TRAY_W)) // 2
FIELD_LEFT = MARGIN + FRAME_X
FIELD_RIGHT = FIELD_LEFT + 12 * POINT_W + BAR
TRAY_LEFT = FIELD_RIGHT + FRAME_X
TRAY_RIGHT = TRAY_LEFT + TRAY_W
BOARD: Box = (MARGIN, STRIP, TRAY_RIGHT + FRAME_X, STRIP + 2 * FRAME_Y + 2 * ROW + MID)
INNER_TOP = STRIP + FRAME_Y
MID_TOP = INNER_TOP + ROW
INNER_BOTTOM = MID_TOP + MID + ROW
HEIGHT = BOARD[3] + STRIP
MID_Y = MID_TOP + MID // 2


def place(bottom: Color, absolute: int, variant: Variant = LONG) -> tuple[int, bool]:
    """Screen column and whether it is in the top row, for absolute point 1..24."""
    own = variant.to_absolute(bottom, absolute)
    if own >= 13:
        return own - 13, True
    return 12 - own, False


def column_left(column: int) -> int:
    return FIELD_LEFT + column * POINT_W + (BAR if column >= 6 else 0)


def point_box(column: int, top: bool) -> Box:
    """The area of one point, its triangle included, from the frame to the middle band."""
    left = column_left(column)
    if top:
        return left, INNER_TOP, left + POINT_W, MID_TOP
    return left, MID_TOP + MID, left + POINT_W, INNER_BOTTOM


def checker_center(
    bottom: Color, absolute: int, slot: int, variant: Variant = LONG
) -> tuple[int, int]:
    """Centre of the checker in stack position `slot` (0 at the frame) on an absolute point."""
    column, top = place(bottom, absolute, variant)
    x = column_left(column) + POINT_W // 2
    offset = CHECKER // 2 + slot * STACK_STEP
    return x, INNER_TOP + offset if top else INNER_BOTTOM - offset


BAR_LEFT = FIELD_LEFT + 6 * POINT_W
BAR_X = BAR_LEFT + BAR // 2


def bar_center(top: bool, slot: int) -> tuple[int, int]:
    """Centre of the checker in position `slot` (0 next to the middle band) on the top or
    bottom half of the bar: checkers as big as a point's, stacked as a point's are (wider
    than the bar, they reach over the edges of the points beside it), clear of the cube at
    the frame end."""
    offset = 3 + CHECKER // 2 + slot * STACK_STEP
    return BAR_X, MID_TOP - offset if top else MID_TOP + MID + offset


def tray_box(top: bool) -> Box:
    """The borne-off tray of the side drawn at the top (or bottom)."""
    if top:
        return TRAY_LEFT, INNER_TOP, TRAY_RIGHT, MID_TOP
    return TRAY_LEFT, MID_TOP + MID, TRAY_RIGHT, INNER_BOTTOM


def slice_box(top: bool, index: int) -> Box:
    """The `index`-th borne-off checker in a tray, counted from the frame."""
    left, upper, right, lower = tray_box(top)
    y = upper + 3 + index * SLICE if top else lower - 3 - (index + 1) * SLICE
    return left + 6, y, right - 6, y + SLICE


def number_center(column: int, top: bool) -> tuple[int, int]:
    """Centre of the point number on the frame beside a point."""
    x = column_left(column) + POINT_W // 2
    return x, (STRIP + FRAME_Y // 2) if top else (INNER_BOTTOM + FRAME_Y // 2)


def dice_origin(count: int, mover_at_bottom: bool) -> tuple[int, int]:
    """Top-left of the first of `count` dice: centred in the right half of the middle band
    when the side at the bottom moves, in the left half otherwise."""
    half_left = column_left(6) if mover_at_bottom else column_left(0)
    width = count * DIE + (count - 1) * (DIE // 3)
    return half_left + (6 * POINT_W - width) // 2, MID_Y - DIE // 2


BANNER: Box = (
    (FIELD_LEFT + FIELD_RIGHT) // 2 - 285,
    MID_Y - 94,
    (FIELD_LEFT + FIELD_RIGHT) // 2 + 285,
    MID_Y + 94,
)


def cube_center(top: bool | None, beside_banner: bool = False) -> tuple[int, int]:
    """The cube on the bar: in the middle band when nobody owns it (right of the end banner,
    which covers the bar's middle, when `beside_banner`), else at the frame end of the
    owner's half (`top`: the owner is drawn at the top)."""
    if top is None:
        return ((BANNER[2] + FIELD_RIGHT) // 2 if beside_banner else BAR_X), MID_Y
    offset = 3 + CUBE // 2
    return BAR_X, INNER_TOP + offset if top else INNER_BOTTOM - offset


def strip_box(top: bool) -> Box:
    """The name strip of the side drawn at the top (or bottom)."""
    if top:
        return 0, 0, WIDTH, STRIP
    return 0, HEIGHT - STRIP, WIDTH, HEIGHT
