"""Ranking turns by an evaluator: 1-ply (the position each turn leaves), 2-ply (each turn
against all 21 replies of the opponent, who answers every roll with its best 1-ply turn) and
3-ply (each such reply answered in turn by the mover's best 1-ply turn on each of his rolls),
each valued by the mover's `Stakes` (the house rules and the match score)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from nardy.ai.board import Boards, Floats, encode, results_seen_by_mover
from nardy.ai.evaluation import Evaluator, chances
from nardy.ai.valuation import Stakes
from nardy.color import Color
from nardy.dice import ROLLS
from nardy.movegen import Turn, legal_turns
from nardy.position import CHECKERS, POINTS, Position
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


class _TooDear(Exception):
    """More replies than a search was allowed to value."""


def _replies(
    afters: Sequence[Position], rules: Rules, max_rows: int | None = None
) -> tuple[Boards, list[int]]:
    """Every legal reply to each of `afters` (all with the same side, the replier, on roll) as
    the board it leaves seen by the replier, and where each (position, roll)'s rows start: 21
    a position. Raises `_TooDear` as soon as they number more than `max_rows`."""
    if any(after.winner() is not None for after in afters):
        raise ValueError("no replies after the game is over")
    if len({after.to_move for after in afters}) > 1:
        raise ValueError("the stakes are one side's: the same side must be on roll in all")
    boards: list[Boards] = []
    starts: list[int] = []
    rows = 0
    for after in afters:
        replies, first = _reply_boards(after, rules)
        starts.extend(rows + start for start in first)
        boards.append(replies)
        rows += len(replies)
        if max_rows is not None and rows > max_rows:
            raise _TooDear
    return np.concatenate(boards), starts


def _worth(
    boards: Boards, stakes: Stakes, viewer: Color, evaluator: Evaluator, batch: int
) -> Floats:
    """Each of `boards` (`viewer` has just moved) valued by `viewer`'s `stakes`, `batch` rows
    an evaluator call."""
    return np.concatenate(
        [
            stakes.equity(part, chances(evaluator, part), viewer)
            for part in (boards[i : i + batch] for i in range(0, len(boards), batch))
        ]
    )


def _against_best(values: Floats, starts: list[int]) -> Floats:
    """The equity, for the side not replying, of each position whose replies are worth
    `values` to the replier: each roll answered at its best, averaged over the 36 rolls."""
    best = np.maximum.reduceat(values, starts).reshape(-1, len(ROLLS))
    result: Floats = -(best @ ROLL_WEIGHTS) / 36.0
    return result


def best_by_roll(position: Position, stakes: Stakes, evaluator: Evaluator) -> Floats:
    """For each of the 21 rolls (in `ROLLS`' order), the worth to the side on roll in `position`
    of his best 1-ply turn with it (a roll he cannot play leaves the position as it stands)."""
    turns, starts = _replies([position], stakes.rules)
    values = _worth(turns, stakes, position.to_move, evaluator, BATCH_ROWS)
    best: Floats = np.maximum.reduceat(values, starts)
    return best


def replies_equities(
    afters: Sequence[Position], stakes: Stakes, evaluator: Evaluator, batch: int = BATCH_ROWS
) -> Floats:
    """For each of `afters` (all with the opponent on roll), the mover's equity averaged over
    the opponent's 36 rolls, each answered at its best 1-ply for him; the replies of all
    positions go to the evaluator together, `batch` rows a call."""
    if not afters:
        return np.empty(0, dtype=np.float32)
    replies, starts = _replies(afters, stakes.rules)
    values = _worth(replies, stakes.flipped(), afters[0].to_move, evaluator, batch)
    return _against_best(values, starts)


def deep_equities(
    afters: Sequence[Position],
    stakes: Stakes,
    evaluator: Evaluator,
    max_rows: int,
    batch: int = BATCH_ROWS,
) -> Floats | None:
    """As `replies_equities`, a ply deeper: the opponent answers each roll with his best 1-ply
    reply, and the position that leaves is valued by the mover's 36 rolls, each answered at his
    best 1-ply turn; a reply that ends the game, or ends it but for the last roll, keeps its
    exact worth. None, before the dear part, when the mover's turns to value number more than
    `max_rows`: the cost of a deep look is bounded."""
    if not afters:
        return np.empty(0, dtype=np.float32)
    mover = afters[0].to_move.opponent
    replies, starts = _replies(afters, stakes.rules)
    values = _worth(replies, stakes.flipped(), mover.opponent, evaluator, batch)
    best = np.maximum.reduceat(values, starts)  # the replier's worth of his best reply a roll
    open_rolls: list[int] = []
    leaves: list[Position] = []
    for i, (start, end) in enumerate(zip(starts, [*starts[1:], len(values)], strict=True)):
        row = replies[start + int(np.argmax(values[start:end]))]
        if row[0, 0] < CHECKERS:  # the replier has not borne off all: the mover rolls again
            after = afters[i // len(ROLLS)]
            leaves.append(after.with_checkers(after.to_move, row[0].tolist()).with_turn_passed())
            open_rolls.append(i)
    if leaves:
        try:
            answers, answer_starts = _replies(leaves, stakes.rules, max_rows)
        except _TooDear:
            return None
        worth = _worth(answers, stakes, mover, evaluator, batch)
        best[open_rolls] = _against_best(worth, answer_starts)
    result: Floats = -(best.reshape(len(afters), len(ROLLS)) @ ROLL_WEIGHTS) / 36.0
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


def deepened(
    ranked: Sequence[Scored], count: int, stakes: Stakes, evaluator: Evaluator, max_rows: int
) -> list[Scored]:
    """`ranked` (best first) with its first `count` rescored by `deep_equities` and ranked
    among themselves by it, ahead of the rest; as it is when that look would cost more than
    `max_rows` evaluations of the mover's turns. A turn after which the game is over keeps
    its value, which is exact."""
    head = list(ranked[:count])
    open_ = [i for i, s in enumerate(head) if s.turn.result.winner() is None]
    values = deep_equities([head[i].turn.result for i in open_], stakes, evaluator, max_rows)
    if values is None:
        return list(ranked)
    for i, value in zip(open_, values, strict=True):
        head[i] = Scored(head[i].turn, float(value), head[i].win)
    head.sort(key=lambda s: -s.equity)
    return [*head, *ranked[count:]]
