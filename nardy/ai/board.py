"""Positions as numpy arrays seen from one side, the form every evaluator works on.

A board array has shape (N, 2, 25): row 0 is the viewer's checkers, row 1 the opponent's, each
by its own point numbers (column 0 borne off, columns 1..24 the points).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from nardy.color import Color
from nardy.position import CHECKERS, POINTS, Position

Boards = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float32]
Mask = npt.NDArray[np.bool_]

OWN_POINTS = np.arange(1, POINTS + 1, dtype=np.int64)


def encode(positions: Sequence[Position], viewer: Color) -> Boards:
    """The boards of `positions` seen by `viewer` (see the module docstring)."""
    points = np.array([p.points for p in positions], dtype=np.int64).reshape(-1, POINTS)
    offs = np.array([p.off for p in positions], dtype=np.int64).reshape(-1, 2)
    white = np.clip(points, 0, None)
    black = np.roll(np.clip(-points, 0, None), POINTS // 2, axis=1)  # absolute -> Black's own
    boards = np.empty((len(points), 2, POINTS + 1), dtype=np.int64)
    mine, theirs = (white, black) if viewer is Color.WHITE else (black, white)
    boards[:, 0, 1:] = mine
    boards[:, 1, 1:] = theirs
    boards[:, 0, 0] = offs[:, viewer]
    boards[:, 1, 0] = offs[:, viewer.opponent]
    return boards


def position_of(board: Boards, viewer: Color, to_move: Color) -> Position:
    """The position a (2, 25) board seen by `viewer` stands for, `to_move` on roll; the inverse
    of `encode` (first-turn flags off: a board does not keep them)."""
    white, black = (board[0], board[1]) if viewer is Color.WHITE else (board[1], board[0])
    black_absolute = np.roll(black[1:], -(POINTS // 2))  # Black's own numbering -> absolute
    points = tuple(int(n) for n in white[1:] - black_absolute)
    return Position(points, (int(white[0]), int(black[0])), to_move, (False, False))


def unpack(counts: bytes) -> Boards:
    """(N, 25) own-numbered counts from 25 bytes a board (`LegalTurns.result_counts`).

    Far cheaper than building a `Position` per turn, for the many replies a search looks at.
    """
    return np.frombuffer(counts, dtype=np.uint8).reshape(-1, POINTS + 1).astype(np.int64)


def results_seen_by_mover(position: Position, counts: bytes) -> Boards:
    """`position` seen by its mover once per board of the mover's checkers (25 bytes each, as
    `LegalTurns.result_counts` gives them); the other side's stay put: no hitting (RULES.md §1)."""
    mine = unpack(counts)
    boards = np.repeat(encode([position], position.to_move), len(mine), axis=0)
    boards[:, 0] = mine
    return boards


def in_other_numbering(counts: Boards) -> Boards:
    """Per-point values (N, 24) renumbered into the other side's numbering (own q <-> q ± 12)."""
    return np.roll(counts, POINTS // 2, axis=1)


def pips(side: Boards) -> Boards:
    """Pip counts of (N, 25) own-numbered counts."""
    return side[:, 1:] @ OWN_POINTS


def finished(boards: Boards) -> Mask:
    """Rows where the viewer has borne off all checkers."""
    done: Mask = boards[:, 0, 0] == CHECKERS
    return done
