"""Ranking short-nardy turns by the static evaluation, 1-ply (the position each turn leaves):
the Easy and Medium levels' search."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nardy.short.ai.evaluation import Chances, evaluate
from nardy.short.movegen import Turn


@dataclass(frozen=True, slots=True)
class Scored:
    """A turn with the mover's chances after it and their equity."""

    turn: Turn
    chances: Chances
    equity: float


def one_ply(turns: Sequence[Turn]) -> list[Scored]:
    """`turns` scored by the position each leaves, best first (ties keep the search's order)."""
    scored = []
    for turn in turns:
        chances = evaluate(turn.result)
        scored.append(Scored(turn, chances, chances.equity))
    scored.sort(key=lambda s: -s.equity)
    return scored
