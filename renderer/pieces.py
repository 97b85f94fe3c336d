"""What stands on the board: checkers with stack counts, the bar, trays, dice, the cube and the
move marks, for any game (its board's variant, `nardy.variants.board_variant`)."""

from __future__ import annotations

from collections import Counter

from PIL import Image

from nardy import Color
from nardy.short import BAR
from nardy.variant import AnyPosition
from nardy.variants import board_variant
from renderer import geometry as g
from renderer.board import ground, stack_tile
from renderer.paint import stamp, write
from renderer.sprites import MARK, Sprites
from renderer.theme import Theme
from renderer.view import CubeView, Dice, Highlight, TurnMarks

COUNT_SIZE = 24  # a stack's size on its top checker, on a point or the bar
TRAY_COUNT_SIZE = 20
CUBE_SIZE = 17  # the value on the cube
OFFERED_SIZE = 20


def _shown(n: int) -> int:
    return min(n, g.MAX_STACK)


def _top_center(
    position: AnyPosition, bottom: Color, absolute: int, color: Color
) -> tuple[int, int]:
    """Centre of the top checker on a point (or of the first slot when it is empty)."""
    n = position.points[absolute - 1] * color.sign
    return g.checker_center(bottom, absolute, max(_shown(n) - 1, 0), board_variant(position))


def _bar_top(bottom: Color, color: Color) -> bool:
    """Is `color`'s half of the bar the top one? A hit checker enters the opponent's home
    (RULES.md §9), top right for the side at the bottom: it waits on the half beside it."""
    return color is bottom


def checkers(image: Image.Image, theme: Theme, position: AnyPosition, bottom: Color) -> None:
    """Every point's stack; a stack taller than `MAX_STACK` shows its size on the top checker."""
    variant = board_variant(position)
    for index, signed in enumerate(position.points):
        if not signed:
            continue
        color = Color.WHITE if signed > 0 else Color.BLACK
        n = abs(signed)
        column, top = g.place(bottom, index + 1, variant)
        tile = stack_tile((theme, bottom, variant, ground(column, top, variant), color, _shown(n)))
        left, upper, _, lower = g.point_box(column, top)
        image.paste(tile, (left, upper if top else lower - tile.height))
        if n > g.MAX_STACK:
            center = g.checker_center(bottom, index + 1, g.MAX_STACK - 1, variant)
            write(image, str(n), center, (COUNT_SIZE, True, theme.checkers[color].label), "center")


def bar(
    image: Image.Image, art: Sprites, theme: Theme, position: AnyPosition, bottom: Color
) -> None:
    """Short nardy's hit checkers on the bar, as big as a point's so that a hit is seen at
    once, from the middle band outwards; past one, the outermost checker drawn shows how
    many wait."""
    for color in Color:
        n = position.bar[color]
        top = _bar_top(bottom, color)
        for slot in range(min(n, g.BAR_SHOWN)):
            stamp(image, art.checker[color], g.bar_center(top, slot))
        if n > 1:
            center = g.bar_center(top, min(n, g.BAR_SHOWN) - 1)
            label = theme.checkers[color].label
            write(image, str(n), center, (COUNT_SIZE, True, label), "center")


def trays(
    image: Image.Image, art: Sprites, theme: Theme, position: AnyPosition, bottom: Color
) -> None:
    """Borne-off checkers edge-on in each side's tray, with their number."""
    for color in Color:
        top = color is not bottom
        off = position.off[color]
        for index in range(off):
            left, upper, _, _ = g.slice_box(top, index)
            image.paste(art.slice[color], (left, upper), art.slice[color])
        if off:
            left, upper, right, lower = g.tray_box(top)
            y = lower - 16 if top else upper + 16
            write(
                image,
                str(off),
                ((left + right) // 2, y),
                (TRAY_COUNT_SIZE, True, theme.text),
                "center",
            )


def _slice_center(top: bool, index: int) -> tuple[int, int]:
    left, upper, right, lower = g.slice_box(top, index)
    return (left + right) // 2, (upper + lower) // 2


def highlight(
    image: Image.Image, art: Sprites, position: AnyPosition, bottom: Color, marks: Highlight
) -> None:
    """Rings on movable checkers (on the bar too: own point 25, short nardy), a bold ring on
    the selected one, discs where it may land."""
    mover = position.to_move
    variant = board_variant(position)

    def ring(own: int, sprite: Image.Image) -> None:
        if own == BAR:
            top = _bar_top(bottom, mover)
            slot = max(min(position.bar[mover], g.BAR_SHOWN) - 1, 0)
            stamp(image, sprite, g.bar_center(top, slot))
        else:
            absolute = variant.to_absolute(mover, own)
            stamp(image, sprite, _top_center(position, bottom, absolute, mover))

    for own in marks.movable - {marks.selected}:
        ring(own, art.movable)
    if marks.selected is not None:
        ring(marks.selected, art.selected)
    for own in marks.targets:
        if own == 0:  # above the borne-off slices, clear of them
            center = _slice_center(mover is not bottom, min(position.off[mover] + 2, 12))
        else:
            absolute = variant.to_absolute(mover, own)
            n = position.points[absolute - 1] * mover.sign
            slot = min(max(n, 0), g.MAX_STACK - 1)
            center = g.checker_center(bottom, absolute, slot, variant)
        stamp(image, art.target, center)


def last_turn(
    image: Image.Image, art: Sprites, position: AnyPosition, bottom: Color, turn: TurnMarks
) -> None:
    """Faint ghosts where checkers left (a hollow mark on a full stack), a dot on each checker
    that arrived; chains count net: 24/18 18/13 marks 24 and 13 only. A checker that entered
    from the bar leaves a ghost there; a checker hit is not marked."""
    color = turn.color
    variant = board_variant(position)
    # absolute point (0 = borne off, BAR = the bar) -> arrivals - departures
    change: Counter[int] = Counter()
    for step in turn.steps:
        change[BAR if step.src == BAR else variant.to_absolute(color, step.src)] -= 1
        change[variant.to_absolute(color, step.dst) if step.dst else 0] += 1
    for absolute, delta in change.items():
        if absolute == 0:
            off = position.off[color]
            for index in range(max(off - delta, 0), off):
                stamp(image, art.moved, _slice_center(color is not bottom, index))
            continue
        if absolute == BAR:
            n = position.bar[color]
            for slot in range(n, min(n - delta, g.BAR_SHOWN)):
                stamp(image, art.ghost[color], g.bar_center(_bar_top(bottom, color), slot))
            continue
        n = max(position.points[absolute - 1] * color.sign, 0)
        counted = n > g.MAX_STACK  # the top checker shows the stack's size
        for slot in range(n, n - delta):  # empty unless checkers left
            if slot < g.MAX_STACK:
                center = g.checker_center(bottom, absolute, slot, variant)
                stamp(image, art.ghost[color], center)
            else:
                top = g.checker_center(bottom, absolute, g.MAX_STACK - 1, variant)
                stamp(image, art.left, mark_center(top, counted))
                break
        for slot in range(max(_shown(n) - delta, 0), _shown(n)):
            center = g.checker_center(bottom, absolute, slot, variant)
            stamp(image, art.moved, mark_center(center, counted and slot == g.MAX_STACK - 1))


def mark_center(checker: tuple[int, int], counted: bool) -> tuple[int, int]:
    """Where the small mark on the checker centred at `checker` goes: on its right edge, or,
    on a checker showing its stack's size, on its edge towards the middle band, below (or
    above) the number."""
    x, y = checker
    if not counted:
        return x + g.CHECKER // 2 - 11, y
    inward = (g.CHECKER - MARK) // 2
    return x, y + inward if y < g.MID_TOP else y - inward


def cube(
    image: Image.Image,
    art: Sprites,
    theme: Theme,
    position: AnyPosition,
    view: tuple[Color, CubeView],
    beside_banner: bool = False,
) -> None:
    """The doubling cube on the bar: in the middle band showing 64 while nobody owns it
    (backgammon custom; right of the end banner when `beside_banner`), else at its owner's
    end showing its value. An offered cube stands, doubled and ringed, in the middle of the
    half of the side asked, clear of the dice. `view` is (side at the bottom, the cube)."""
    bottom, shown = view
    if shown.offered:
        x, y = g.dice_origin(1, position.to_move.opponent is bottom)
        center = (x + g.DIE // 2, y + g.DIE // 2)
        stamp(image, art.offered_cube, center)
        value, size = shown.value * 2, OFFERED_SIZE
    else:
        top = None if shown.owner is None else shown.owner is not bottom
        center = g.cube_center(top, beside_banner)
        stamp(image, art.cube, center)
        value = 64 if shown.owner is None and shown.value == 1 else shown.value
        size = CUBE_SIZE
    write(image, str(value), center, (size, True, theme.cube_text), "center")


def dice(
    image: Image.Image, art: Sprites, position: AnyPosition, bottom: Color, roll: Dice
) -> None:
    """The roll (four dice for a double) in the roller's colours, on their half of the board;
    played dice are faded."""
    first, second = roll.values
    faces = [first] * 4 if first == second else [first, second]
    left_to_dim = Counter(roll.used)
    mover = position.to_move if roll.side is None else roll.side
    x, y = g.dice_origin(len(faces), mover is bottom)
    for face in faces:
        used = left_to_dim[face] > 0
        left_to_dim[face] -= 1
        sprite = (art.used_dice if used else art.dice)[mover][face - 1]
        image.paste(sprite, (x, y), sprite)
        x += g.DIE + g.DIE // 3
