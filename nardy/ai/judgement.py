"""What a variant's judges of a reviewed turn and cube decision return (`nardy.ai.analysis`),
and the error of a record that cannot be reviewed: apart from the review itself, so that the
variants' judges (`nardy.ai.judging`, `nardy.short.ai.judging`) need not import it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from nardy.steps import Step


class AnalysisError(ValueError):
    """A record that cannot be reviewed: the message says why."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """A turn judged (`Variant.judge_turn`): the best turn on its roll, the equities of the turn
    played and of the best for the mover, and the plies that valued them."""

    best: tuple[Step, ...]
    played_equity: float
    best_equity: float
    plies: int


@dataclass(frozen=True, slots=True)
class CubeJudgement:
    """A cube decision judged (`Variant.judge_cube`, and the bot's own cube decisions): the
    equities of the side on roll, at the cube's present value, for not doubling, doubling and
    being taken, doubling and being dropped (money play, RULES.md §9)."""

    no_double: float
    double_take: float
    double_pass: float = 1.0

    @property
    def doubling(self) -> float:
        """What a double is worth to the doubler when the other side answers it best."""
        return min(self.double_take, self.double_pass)

    @property
    def double(self) -> bool:
        """Is doubling right: worth more than not doubling, however it is answered?"""
        return self.doubling > self.no_double

    @property
    def take(self) -> bool:
        """Does the other side take: the take leaves the doubler less than the pass would?"""
        return self.double_take <= self.double_pass


class _Turn(Protocol):
    @property
    def result(self) -> object: ...


class _Ranked(Protocol):
    @property
    def turn(self) -> _Turn: ...


R = TypeVar("R", bound=_Ranked)


def leaving(ranked: Sequence[R], after: object) -> R:
    """The turn of `ranked` (every legal turn of a roll, valued) that leaves `after`, the
    position the turn played left."""
    found = next((each for each in ranked if each.turn.result == after), None)
    if found is None:  # every legal turn is ranked: the rules core disagrees with itself
        raise AnalysisError("a turn leaves a position no legal turn leaves")
    return found
