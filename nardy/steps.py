"""Steps and turns in the mover's own numbering, and their notation (RULES.md §10)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nardy.color import Color, to_absolute


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


def format_turn(steps: Sequence[Step]) -> str:
    """A turn as its steps separated by spaces, in the order played (RULES.md §10)."""
    return " ".join(str(step) for step in steps)


def parse_step(text: str, dice: Sequence[int] = ()) -> Step:
    """Parse `from/to` or `from/off` in the mover's numbering (RULES.md §10).

    A bear-off names no die; with `dice` given, the exact die is taken when rolled, else the
    smallest rolled die that reaches off (the overpay case of RULES.md §6).
    """
    parts = text.strip().split("/")
    if len(parts) != 2:
        raise NotationError(f"{text!r} is not a step: expected from/to, e.g. 24/18 or 3/off")
    src = _parse_point(parts[0], text)
    if parts[1].strip().lower() == "off":
        reaching = sorted(d for d in set(dice) if d >= src)
        if not reaching and dice:
            raise NotationError(f"{text!r}: no die in {list(dice)} bears off from point {src}")
        die = src if src in reaching or not reaching else reaching[0]
        return Step(src, die)
    dst = _parse_point(parts[1], text)
    if not 1 <= src - dst <= 6:
        raise NotationError(f"{text!r}: a step moves 1 to 6 points towards home")
    return Step(src, src - dst)


def parse_turn(text: str, dice: Sequence[int] = ()) -> tuple[Step, ...]:
    """Parse a turn: steps separated by spaces; `dice` resolves bear-offs (see `parse_step`).

    Each step uses up its die, so `3/off 3/off` with 6-3 reads as one 3 and one overpaid 6.
    """
    left = list(dice) * (2 if len(dice) == 2 and dice[0] == dice[1] else 1)
    steps = []
    for part in text.split():
        step = parse_step(part, left)
        if step.die in left:
            left.remove(step.die)
        steps.append(step)
    return tuple(steps)


def _parse_point(part: str, text: str) -> int:
    try:
        point = int(part.strip())
    except ValueError:
        raise NotationError(f"{text!r}: {part!r} is not a point number") from None
    if not 1 <= point <= 24:
        raise NotationError(f"{text!r}: points are numbered 1 to 24")
    return point
