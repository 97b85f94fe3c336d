"""Ranking short-nardy turns by the static evaluation: 1-ply (the position each turn leaves),
2-ply (each turn against the opponent's 21 rolls, each answered by his best 1-ply turn), and a
side's equity before it rolls (its 21 rolls, each played at its best 1-ply turn)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nardy.dice import ROLLS
from nardy.short.ai.evaluation import Chances, evaluate
from nardy.short.movegen import Turn, legal_turns
from nardy.short.position import Position
from nardy.short.rules import ShortRules


@dataclass(frozen=True, slots=True)
class Scored:
    """A turn with the mover's chances after it and its equity (2-ply once rescored)."""

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


def best_reply_equity(position: Position, dice: tuple[int, int], rules: ShortRules) -> float:
    """The equity of the side on roll in `position` after playing `dice` at its 1-ply best."""
    return max(evaluate(turn.result).equity for turn in legal_turns(position, dice, rules).turns)


def on_roll_equity(position: Position, rules: ShortRules) -> float:
    """The side on roll's equity before rolling: its 36 rolls, each played at its best."""
    total = sum(w * best_reply_equity(position, dice, rules) for dice, w in ROLLS)
    return total / 36.0


def two_ply(candidates: Sequence[Scored], rules: ShortRules) -> list[Scored]:
    """`candidates` rescored against every reply, best first; a game-ending turn keeps its
    1-ply value (exact: `evaluate` scores a finished game)."""
    rescored = [
        s
        if s.turn.result.winner() is not None
        else Scored(s.turn, s.chances, -on_roll_equity(s.turn.result, rules))
        for s in candidates
    ]
    rescored.sort(key=lambda s: -s.equity)
    return rescored
