"""What stands on the board: checkers with stack counts, trays, dice and the move marks."""

from __future__ import annotations

from collections import Counter

from PIL import Image

from nardy import Color, Position, to_absolute
from renderer import geometry as g
from renderer.board import ground, stack_tile
from renderer.paint import stamp, write
from renderer.sprites import Sprites
from renderer.theme import Theme
from renderer.view import Dice, Highlight, TurnMarks

COUNT_SIZE = 32
TRAY_COUNT_SIZE = 26


def _shown(n: int) -> int:
    return min(n, g.MAX_STACK)


def _top_center(position: Position, bottom: Color, absolute: int, color: Color) -> tuple[int, int]:
    """Centre of the top checker on a point (or of the first slot when it is empty)."""
    n = position.points[absolute - 1] * color.sign
    return g.checker_center(bottom, absolute, max(_shown(n) - 1, 0))


def checkers(image: Image.Image, theme: Theme, position: Position, bottom: Color) -> None:
    """Every point's stack; a stack taller than `MAX_STACK` shows its size on the top checker."""
    for index, signed in enumerate(position.points):
        if not signed:
            continue
        color = Color.WHITE if signed > 0 else Color.BLACK
        n = abs(signed)
        column, top = g.place(bottom, index + 1)
        tile = stack_tile((theme, bottom, ground(column, top), color, _shown(n)))
        left, upper, _, lower = g.point_box(column, top)
        image.paste(tile, (left, upper if top else lower - tile.height))
        if n > g.MAX_STACK:
            center = g.checker_center(bottom, index + 1, g.MAX_STACK - 1)
            write(image, str(n), center, (COUNT_SIZE, True, theme.checkers[color].label), "center")


def trays(
    image: Image.Image, art: Sprites, theme: Theme, position: Position, bottom: Color
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
            y = lower - 22 if top else upper + 22
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
    image: Image.Image, art: Sprites, position: Position, bottom: Color, marks: Highlight
) -> None:
    """Rings on movable checkers, a bold ring on the selected one, discs where it may land."""
    mover = position.to_move
    for own in marks.movable - {marks.selected}:
        stamp(image, art.movable, _top_center(position, bottom, to_absolute(mover, own), mover))
    if marks.selected is not None:
        absolute = to_absolute(mover, marks.selected)
        stamp(image, art.selected, _top_center(position, bottom, absolute, mover))
    for own in marks.targets:
        if own == 0:  # above the borne-off slices, clear of them
            center = _slice_center(mover is not bottom, min(position.off[mover] + 2, 12))
        else:
            absolute = to_absolute(mover, own)
            n = position.points[absolute - 1] * mover.sign
            center = g.checker_center(bottom, absolute, min(max(n, 0), g.MAX_STACK - 1))
        stamp(image, art.target, center)


def last_turn(
    image: Image.Image, art: Sprites, position: Position, bottom: Color, turn: TurnMarks
) -> None:
    """Faint ghosts where checkers left (a hollow mark on a full stack), a dot on each checker
    that arrived; chains count net: 24/18 18/13 marks 24 and 13 only."""
    color = turn.color
    change: Counter[int] = Counter()  # absolute point (0 = borne off) -> arrivals - departures
    for step in turn.steps:
        change[to_absolute(color, step.src)] -= 1
        change[to_absolute(color, step.dst) if step.dst else 0] += 1
    for absolute, delta in change.items():
        if absolute == 0:
            off = position.off[color]
            for index in range(max(off - delta, 0), off):
                stamp(image, art.moved, _slice_center(color is not bottom, index))
            continue
        n = max(position.points[absolute - 1] * color.sign, 0)
        for slot in range(n, n - delta):  # empty unless checkers left
            if slot < g.MAX_STACK:
                stamp(image, art.ghost[color], g.checker_center(bottom, absolute, slot))
            else:
                _mark(image, art.left, bottom, absolute, g.MAX_STACK - 1)
                break
        for slot in range(max(_shown(n) - delta, 0), _shown(n)):
            _mark(image, art.moved, bottom, absolute, slot)


def _mark(image: Image.Image, sprite: Image.Image, bottom: Color, absolute: int, slot: int) -> None:
    """A small mark on the right edge of a checker."""
    x, y = g.checker_center(bottom, absolute, slot)
    stamp(image, sprite, (x + g.CHECKER // 2 - 14, y))


def dice(image: Image.Image, art: Sprites, position: Position, bottom: Color, roll: Dice) -> None:
    """The roll (four dice for a double) in the mover's colours; played dice are faded."""
    first, second = roll.values
    faces = [first] * 4 if first == second else [first, second]
    left_to_dim = Counter(roll.used)
    mover = position.to_move
    x, y = g.dice_origin(len(faces), mover is bottom)
    for face in faces:
        used = left_to_dim[face] > 0
        left_to_dim[face] -= 1
        sprite = (art.used_dice if used else art.dice)[mover][face - 1]
        image.paste(sprite, (x, y), sprite)
        x += g.DIE + g.DIE // 3
