"""Playing a turn step by step, shared by the long game's `Game` and short nardy's: roll, steps
checked against the legal turns as they come, undo, a whole turn at once, the pass (RULES.md §3).

A game class that uses it is a frozen dataclass with the fields `dice`, `played`, `result` and
`_legal` (the search handed on between the steps of one turn), a `legal` property giving its
variant's legal turns of the roll, and `_commit`, which commits a turn's steps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import Field, replace
from typing import Any, ClassVar, Protocol, Self, TypeVar

from nardy.errors import IllegalMove, Violation
from nardy.movegen import Question, roll_steps
from nardy.scoring import GameResult
from nardy.steps import Step


class StepSearch(Protocol):
    """What a variant's legal turns offer for playing a turn step by step."""

    @property
    def passes(self) -> bool: ...

    def next_steps(self, played: Sequence[Step] = ()) -> tuple[Step, ...]: ...

    def is_complete(self, played: Sequence[Step]) -> bool: ...

    def step_sequences(self) -> Sequence[tuple[Step, ...]]: ...


S = TypeVar("S", bound=Question[Any, Any])
P = TypeVar("P")
R = TypeVar("R")


def reuse(
    carried: S | None,
    position: P,
    dice: tuple[int, int],
    rules: R,
    search: Callable[[P, tuple[int, int], R], S],
) -> S:
    """The legal turns of `position`, `dice` and `rules`: those `carried` from an earlier step
    of the same turn when they answer the same question, else a new `search`."""
    if (
        carried is not None
        and carried.position == position
        and carried.dice == dice
        and carried.rules == rules
    ):
        return carried
    return search(position, dice, rules)


class TurnFlow:
    """The step-by-step turn of any variant's `Game`; every change returns a new game."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    dice: tuple[int, int] | None
    played: tuple[Step, ...]
    result: GameResult | None

    @property
    def legal(self) -> StepSearch:
        raise NotImplementedError  # a game's variant searches its own legal turns

    def _commit(self, steps: tuple[Step, ...]) -> Self:
        """The game after `steps`, a whole turn of this roll; illegal ones raise `IllegalMove`."""
        raise NotImplementedError  # a game's variant decides what ends it and how it scores

    def end_turn(self) -> Self:
        """Commit the played steps as the turn; hand the dice over or end the game."""
        return self._commit(self.played)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def turn_complete(self) -> bool:
        return self.legal.is_complete(self.played)

    def next_steps(self) -> tuple[Step, ...]:
        """Steps that continue the turn towards a legal complete turn."""
        return self.legal.next_steps(self.played)

    def used_dice(self) -> tuple[int, ...]:
        """The dice values the steps played so far have used."""
        return tuple(step.die for step in self.played)

    def _require_roll(self) -> None:
        if self.result is not None:
            raise IllegalMove(Violation.GAME_OVER)
        if self.dice is None:
            raise IllegalMove(Violation.NO_DICE)

    def with_roll(self, dice: tuple[int, int]) -> Self:
        """The side to move has rolled `dice`."""
        if self.result is not None:
            raise IllegalMove(Violation.GAME_OVER)
        if self.dice is not None:
            raise ValueError("the dice are already rolled for this turn")
        roll_steps(dice)  # two ints 1..6, or ValueError
        return replace(self, dice=(dice[0], dice[1]), played=(), _legal=None)

    def play_step(self, step: Step) -> Self:
        """Play one more step of this turn; it must lead towards a legal turn."""
        played = (*self.played, step)
        self.legal.next_steps(played)  # raises IllegalMove naming the rule
        return replace(self, played=played, _legal=self.legal)  # same roll: keep the search

    def undo_step(self) -> Self:
        """Take back the last step of this turn."""
        if not self.played:
            raise ValueError("no step of this turn to take back")
        return replace(self, played=self.played[:-1], _legal=self.legal)

    def play_turn(self, steps: tuple[Step, ...]) -> Self:
        """Play a whole turn at once; an illegal one raises `IllegalMove` naming the rule."""
        if self.played:
            raise ValueError("steps of this turn are already played: go on with play_step")
        return self._commit(steps)

    def pass_turn(self) -> Self:
        """End a turn in which nothing can be played (RULES.md §3 "no moves"; §9 a blocked
        entry from the bar)."""
        if not self.legal.passes:
            raise IllegalMove(Violation.MAXIMAL_USE, "a step can be played")
        return self.end_turn()
