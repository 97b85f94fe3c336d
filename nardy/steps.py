"""Steps and turns in the mover's own numbering, and their notation (RULES.md §10)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from nardy.color import Color, flip, to_absolute


class NotationError(ValueError):
    """Text that is not a step or turn in the notation of RULES.md §10."""


@dataclass(frozen=True, slots=True, order=True)
class Step:
    """One checker moved by one die, from the mover's own point `src`; `dst` 0 means borne off."""

    src: int
    die: int

    @property
    def dst(self) -> int:
        return max(self.src - self.die, 0)

    @property
    def bears_off(self) -> bool:
        return self.src - self.die <= 0

    def __str__(self) -> str:
        return f"{self.src}/{self.dst if self.dst else 'off'}"

    def absolute(self, color: Color) -> tuple[int, int]:
        """(from, to) in absolute numbering; `to` is 0 for borne off (RULES.md §10)."""
        dst = to_absolute(color, self.dst) if self.dst else 0
        return to_absolute(color, self.src), dst


AnyStep = TypeVar("AnyStep", bound=Step)  # this game's Step or a variant's subclass of it


def format_dice(dice: tuple[int, int]) -> str:
    """A roll as players say it, higher die first: `6-5`, `3-3`."""
    if len(dice) != 2 or not all(type(d) is int and 1 <= d <= 6 for d in dice):
        raise ValueError(f"a roll is two dice from 1 to 6, got {list(dice)}")
    return f"{max(dice)}-{min(dice)}"


def format_turn(steps: Sequence[Step]) -> str:
    """A turn as its steps separated by spaces, in the order played (RULES.md §10)."""
    return " ".join(str(step) for step in steps)


def format_turn_for(steps: Sequence[Step], mover: Color, reader: Color, off: str = "off") -> str:
    """`mover`'s steps in `reader`'s own point numbers, so that they match the points the reader
    sees labelled (RULES.md §1): the opponent's 24/18 reads 12/6. `off` names a checker borne
    off (in a sentence, a translation of it)."""

    def point(own: int) -> str:
        if own == 0:
            return off
        return str(own if mover is reader else flip(own))

    return " ".join(f"{point(step.src)}/{point(step.dst)}" for step in steps)


def marked(text: str) -> tuple[bool, ...]:
    """For each step of a written turn, whether it is marked as a hit (`13/7*`, RULES.md §10;
    long nardy has none)."""
    return tuple(part.endswith("*") for part in text.split())


def parse_step(text: str) -> Step:
    """Parse `from/to` or `from/off` in the mover's numbering (RULES.md §10).

    A bear-off names no die; it reads as the exact die, so only points 1..6 bear off
    (`parse_turn` with the roll finds overpaying dice).
    """
    parts = text.strip().split("/")
    if len(parts) != 2:
        raise NotationError(f"{text!r} is not a step: expected from/to, e.g. 24/18 or 3/off")
    src = _parse_point(parts[0], text)
    if parts[1].strip().lower() == "off":
        if src > 6:
            raise NotationError(f"{text!r}: only points 1 to 6 bear off")
        return Step(src, src)
    dst = _parse_point(parts[1], text)
    if not 1 <= src - dst <= 6:
        raise NotationError(f"{text!r}: a step moves 1 to 6 points towards home")
    return Step(src, src - dst)


def parse_turn(text: str, dice: Sequence[int] | None = None) -> tuple[Step, ...]:
    """Parse a turn: steps separated by spaces (RULES.md §10).

    With `dice`, each step uses up a die. A bear-off names no die, so of the ways to give every
    step a die the one with the most exact bear-offs is taken: `3/off 5/2` with 6-3 is 3/off
    by the 6 and 5/2 by the 3; `1/off 5/off` with 6-5 is 1/off by the 6 and 5/off by the 5.
    """
    return parse_turn_with(parse_step, text, dice)


def parse_turn_with(
    parse: Callable[[str], AnyStep], text: str, dice: Sequence[int] | None = None
) -> tuple[AnyStep, ...]:
    """`parse_turn` with another game's step parser (short nardy's reads `bar/22`, `13/7*`)."""
    parts = text.split()
    if dice is None:
        return tuple(parse(part) for part in parts)
    left = list(dice) * (2 if len(dice) == 2 and dice[0] == dice[1] else 1)
    wanted = [parse(part) for part in parts]  # a bear-off here has its exact die
    readings = list(_readings(wanted, left))
    if not readings:
        raise NotationError(f"{text!r} cannot be played with the dice {list(dice)}")
    return max(readings, key=lambda steps: sum(a == b for a, b in zip(steps, wanted, strict=True)))


def _readings(wanted: list[AnyStep], left: list[int]) -> Iterator[tuple[AnyStep, ...]]:
    """Every way to give each step a die from `left`, using each die once."""
    if not wanted:
        yield ()
        return
    first = wanted[0]
    dice = {d for d in left if d >= first.src} if first.bears_off else {first.die} & set(left)
    for die in sorted(dice):
        rest = list(left)
        rest.remove(die)
        for tail in _readings(wanted[1:], rest):
            yield (type(first)(first.src, die), *tail)


def _parse_point(part: str, text: str) -> int:
    try:
        point = int(part.strip())
    except ValueError:
        raise NotationError(f"{text!r}: {part!r} is not a point number") from None
    if not 1 <= point <= 24:
        raise NotationError(f"{text!r}: points are numbered 1 to 24")
    return point
