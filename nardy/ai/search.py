"""Ranking turns by an evaluator: 1-ply (the position each turn leaves) and 2-ply (each turn
against all 21 replies of the opponent, who answers every roll with its best 1-ply turn)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from nardy.ai.board import Floats, after_steps, encode
from nardy.ai.evaluation import WIN, Evaluator, chances, equity
from nardy.movegen import Turn, legal_turns
from nardy.position import Position
from nardy.rules import Rules
from nardy.steps import Step

# The 21 distinct rolls and how many of the 36 dice outcomes give each.
ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)


@dataclass(frozen=True, slots=True)
class Scored:
    """A turn with the mover's estimated equity and win chance after it."""

    turn: Turn
    equity: float
    win: float


def one_ply(position: Position, turns: Sequence[Turn], evaluator: Evaluator) -> list[Scored]:
    """`turns` scored by the position each leaves, best first."""
    boards = encode([t.result for t in turns], position.to_move)
    chance = chances(evaluator, boards)
    values = equity(chance)
    scored = [Scored(turn, float(values[i]), float(chance[i, WIN])) for i, turn in enumerate(turns)]
    scored.sort(key=lambda s: -s.equity)
    return scored


def replies_equity(after: Position, rules: Rules, evaluator: Evaluator) -> float:
    """The mover's equity averaged over the opponent's 36 rolls, each answered at its best."""
    if after.winner() is not None:
        raise ValueError("no replies after the game is over")
    base = encode([after], after.to_move)[0]
    sequences: list[tuple[Step, ...]] = []
    starts: list[int] = []
    for dice, _ in ROLLS:
        starts.append(len(sequences))
        sequences.extend(legal_turns(after, dice, rules).step_sequences() or [()])
    values = equity(chances(evaluator, after_steps(base, sequences)))
    best: Floats = np.maximum.reduceat(values, starts)
    weights = np.array([w for _, w in ROLLS], dtype=np.float64)
    return float(-(best @ weights) / 36.0)


def two_ply(candidates: Sequence[Scored], rules: Rules, evaluator: Evaluator) -> list[Scored]:
    """`candidates` rescored against every reply, best first; a game-ending turn keeps its value."""
    rescored = [
        s
        if s.turn.result.winner() is not None
        else Scored(s.turn, replies_equity(s.turn.result, rules, evaluator), s.win)
        for s in candidates
    ]
    rescored.sort(key=lambda s: -s.equity)
    return rescored
