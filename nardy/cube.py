"""The doubling cube (RULES.md §9): short nardy's option, and a cube that stays in the middle at
1 for a game without one (long nardy), so that code showing or answering a cube need not ask
which game it is.

Usual rules: a side may double only on its own turn before rolling, when the cube is in the
middle or its own; the opponent takes (the cube doubles and is now his) or drops (and loses the
game at the cube's value before the double). The cube's value multiplies the game's score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from nardy.color import Color


class CubeError(ValueError):
    """A cube action the cube's rules do not allow now (off, not before rolling, not yours…)."""


@dataclass(frozen=True, slots=True)
class Cube:
    """The cube's value, its owner (None: in the middle, either side may double) and an offer
    waiting for an answer (`offered_by`: the side that doubled)."""

    value: int = 1
    owner: Color | None = None
    offered_by: Color | None = None

    def may_double(self, color: Color) -> bool:
        """May `color` offer a double (its turn before rolling is the caller's to check)?"""
        return self.offered_by is None and self.owner in (None, color)

    def offered(self, color: Color) -> Cube:
        """`color` doubles: the cube waits for the opponent's answer."""
        return Cube(self.value, self.owner, color)

    def taken(self) -> Cube:
        """The opponent takes: the cube doubles and passes to him."""
        assert self.offered_by is not None
        return Cube(self.value * 2, self.offered_by.opponent, None)


@dataclass(frozen=True, slots=True)
class Double:
    """A double answered, as a game's history keeps it: offered by `by` before the roll of
    the game's turn `turn` (the turns played before it, `Game.history`), then taken or
    dropped. The value it doubled to follows from the doubles taken before."""

    turn: int
    by: Color
    taken: bool


class NoCube:
    """The cube of a game played without one (long nardy): it stays in the middle at 1, nobody
    may double, and a cube action is refused, so a game of any variant answers alike."""

    @property
    def cube(self) -> Cube:
        return Cube()

    @property
    def crawford(self) -> bool:
        return False

    @property
    def doubles(self) -> tuple[Double, ...]:
        return ()

    @property
    def doubles_complete(self) -> bool:
        return True

    def may_double(self) -> bool:
        return False

    def cube_decider(self) -> Color | None:
        return None

    def double(self) -> Self:
        raise CubeError("this game is played without the doubling cube")

    def take(self) -> Self:
        raise CubeError("this game is played without the doubling cube")

    def drop(self) -> Self:
        raise CubeError("this game is played without the doubling cube")
