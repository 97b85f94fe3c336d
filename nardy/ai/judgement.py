"""What a variant's judge of a reviewed turn returns (`nardy.ai.analysis`), and the error of a
record that cannot be reviewed: apart from the review itself, so that the variants' judges
(`nardy.ai.judging`, `nardy.short.ai.judging`) need not import it."""

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
