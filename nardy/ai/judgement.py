"""What a variant's judge of a reviewed turn returns (`nardy.ai.analysis`), and the error of a
record that cannot be reviewed: apart from the review itself, so that the variants' judges
(`nardy.ai.judging`, `nardy.short.ai.judging`) need not import it."""

from __future__ import annotations

from dataclasses import dataclass

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
