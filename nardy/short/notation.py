"""Short-nardy steps and their notation: `bar/22`, `13/7*` (a hit), `6/off` (RULES.md §9, §10).

A `Step` is the long game's step with the bar as source point 25, so the buttons, the turn
parser and everything that reads `src`, `die`, `dst` work unchanged; only its text and its
absolute points differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nardy import steps
from nardy.color import Color
from nardy.short.position import BAR, Position, to_absolute
from nardy.steps import NotationError


@dataclass(frozen=True, slots=True, order=True)
class Step(steps.Step):
    """One checker moved by one die from the mover's own point `src`; `src` 25 is the bar."""

    def __str__(self) -> str:
        src = "bar" if self.src == BAR else str(self.src)
        return f"{src}/{self.dst if self.dst else 'off'}"

    def absolute(self, color: Color) -> tuple[int, int]:
        """(from, to) in absolute numbering; 25 for the bar as `from`, 0 for borne off."""
        src = BAR if self.src == BAR else to_absolute(color, self.src)
        return src, to_absolute(color, self.dst) if self.dst else 0


def parse_step(text: str) -> Step:
    """Parse `from/to`, `bar/to` or `from/off` in the mover's numbering; a `*` after the
    destination (a hit) is allowed and ignored, since the position decides what is hit."""
    parts = text.strip().lower().replace("*", "").split("/")
    if len(parts) != 2:
        raise NotationError(f"{text!r} is not a step: expected from/to, e.g. bar/22 or 6/off")
    src = BAR if parts[0].strip() == "bar" else _point(parts[0], text)
    if parts[1].strip() == "off":
        if src > 6:
            raise NotationError(f"{text!r}: only points 1 to 6 bear off")
        return Step(src, src)
    dst = _point(parts[1], text)
    if not 1 <= src - dst <= 6:
        raise NotationError(f"{text!r}: a step moves 1 to 6 points towards home")
    return Step(src, src - dst)


def _point(part: str, text: str) -> int:
    try:
        point = int(part.strip())
    except ValueError:
        raise NotationError(f"{text!r}: {part!r} is not a point number") from None
    if not 1 <= point <= 24:
        raise NotationError(f"{text!r}: points are numbered 1 to 24, and the bar is 'bar'")
    return point


def parse_turn(text: str, dice: Sequence[int] | None = None) -> tuple[Step, ...]:
    """Parse a turn, steps separated by spaces; with `dice`, bear-offs get their dice as in
    the long game's `parse_turn`."""
    return steps.parse_turn_with(parse_step, text, dice)


def hits(position: Position, played: Sequence[steps.Step]) -> tuple[bool, ...]:
    """For each step of the side to move, in order: does it hit a blot (§9)?"""
    mover = position.to_move
    blots = {
        own
        for own in range(1, 25)
        if position.points[to_absolute(mover, own) - 1] * mover.sign == -1
    }
    out = []
    for step in played:
        hit = step.dst in blots
        blots.discard(step.dst)
        out.append(hit)
    return tuple(out)


def format_turn(position: Position, played: Sequence[steps.Step]) -> str:
    """A turn in §10 notation with `bar` and a `*` on every hit: `bar/22 13/7*`."""
    mover = position.to_move
    return format_turn_for(played, mover, mover, hit=hits(position, played))


def format_turn_for(
    played: Sequence[steps.Step],
    mover: Color,
    reader: Color,
    off: str = "off",
    bar: str = "bar",
    hit: Sequence[bool] = (),
) -> str:
    """`mover`'s steps in `reader`'s own point numbers, so that they match the points the
    reader sees labelled: the opponent's 24/18 reads 1/7 (§9). `off` and `bar` name the tray
    and the bar (in a sentence, translations of them); each step whose flag in `hit` (`hits`,
    or `nardy.steps.marked` of a written turn) is set gets its `*` (§10)."""

    def point(own: int) -> str:
        if own == 0:
            return off
        if own == BAR:
            return bar
        return str(own if mover is reader else to_absolute(Color.BLACK, own))

    flags = [*hit, *[False] * (len(played) - len(hit))]  # `hit` may be empty: none marked
    return " ".join(
        f"{point(step.src)}/{point(step.dst)}{'*' if flag else ''}"
        for step, flag in zip(played, flags, strict=True)
    )
