"""Ranking turns by an evaluator: 1-ply (the position each turn leaves) and 2-ply (each turn
against all 21 replies of the opponent, who answers every roll with its best 1-ply turn), each
valued by the mover's `Stakes` (the house rules and the match score)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from nardy.ai.board import Boards, Floats, encode, results_seen_by_mover
from nardy.ai.evaluation import Evaluator, chances
from nardy.ai.valuation import Stakes
from nardy.dice import ROLLS
from nardy.movegen import Turn, legal_turns
from nardy.position import POINTS, Position
from nardy.rules import Rules

ROLL_WEIGHTS = np.array([w for _, w in ROLLS], dtype=np.float32)
# Replies evaluated per call: a few calls for a move with thousands of replies (heavy doubles
# against several candidates) keep a worker's memory low, at no measurable cost in time.
BATCH_ROWS = 4096
ROW_BYTES = POINTS + 1  # a board of `LegalTurns.result_counts`


@dataclass(frozen=True, slots=True)
class Scored:
    """A turn with the mover's estimated equity and win chance after it."""

    turn: Turn
    equity: float
    win: float


def one_ply(
    position: Position, turns: Sequence[Turn], evaluator: Evaluator, stakes: Stakes
) -> list[Scored]:
    """`turns` scored by the position each leaves, best first."""
    boards = encode([t.result for t in turns], position.to_move)
    chance = chances(evaluator, boards)
    values = stakes.equity(boards, chance, position.to_move)
    wins = stakes.win_chance(boards, chance, position.to_move)
    scored = [Scored(turn, float(values[i]), float(wins[i])) for i, turn in enumerate(turns)]
    scored.sort(key=lambda s: -s.equity)
    return scored


def _reply_boards(after: Position, rules: Rules) -> tuple[Boards, list[int]]:
    """The board after each of the opponent's legal replies to `after`, by roll (a pass leaves
    `after` as it is), and where each of the 21 rolls' rows start."""
    counts: list[bytes] = []
    starts: list[int] = []
    rows = 0
    for dice, _ in ROLLS:
        starts.append(rows)
        counts.append(legal_turns(after, dice, rules).result_counts())
        rows += len(counts[-1]) // ROW_BYTES
    return results_seen_by_mover(after, b"".join(counts)), starts


def replies_equities(
    afters: Sequence[Position], stakes: Stakes, evaluator: Evaluator, batch: int = BATCH_ROWS
) -> Floats:
    """For each of `afters` (all with the opponent on roll), the mover's equity averaged over
    the opponent's 36 rolls, each answered at its best for him; the replies of all positions go
    to the evaluator together, `batch` rows a call."""
    if any(after.winner() is not None for after in afters):
        raise ValueError("no replies after the game is over")
    if len({after.to_move for after in afters}) > 1:
        raise ValueError("the stakes are one side's: the same side must be on roll in all")
    if not afters:
        return np.empty(0, dtype=np.float32)
    boards: list[Boards] = []
    starts: list[int] = []
    rows = 0
    for after in afters:
        replies, first = _reply_boards(after, stakes.rules)
        starts.extend(rows + start for start in first)
        boards.append(replies)
        rows += len(replies)
    every = np.concatenate(boards)
    theirs, replier = stakes.flipped(), afters[0].to_move
    values = np.concatenate(
        [
            theirs.equity(part, chances(evaluator, part), replier)
            for part in (every[i : i + batch] for i in range(0, rows, batch))
        ]
    )
    best = np.maximum.reduceat(values, starts).reshape(len(afters), len(ROLLS))
    result: Floats = -(best @ ROLL_WEIGHTS) / 36.0
    return result


def two_ply(candidates: Sequence[Scored], stakes: Stakes, evaluator: Evaluator) -> list[Scored]:
    """`candidates` rescored against every reply, best first; a turn after which the game is
    over, or over but for Black's last roll, keeps its 1-ply value, which is exact."""
    rescored = list(candidates)
    open_ = [i for i, s in enumerate(candidates) if s.turn.result.winner() is None]
    values = replies_equities([candidates[i].turn.result for i in open_], stakes, evaluator)
    for i, value in zip(open_, values, strict=True):
        rescored[i] = Scored(candidates[i].turn, float(value), candidates[i].win)
    rescored.sort(key=lambda s: -s.equity)
    return rescored
