"""Short-nardy positions as numpy arrays seen from one side, the form its network reads.

A board array has shape (N, 2, 26): row 0 the viewer's checkers, row 1 the opponent's, each by
its own point numbers (column 0 borne off, 1..24 the points, 25 the bar: RULES.md §9). The
first 25 columns are laid out as the long game's boards (`nardy.ai.board`), so the bear-off
tables, which both games share (§6), read them as they are.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from nardy.ai.board import Boards, Mask
from nardy.color import Color
from nardy.position import CHECKERS, POINTS
from nardy.short.position import BAR, Position

COLUMNS = BAR + 1
OWN_POINTS = np.arange(COLUMNS, dtype=np.int64)  # a checker's pips: its own point, the bar 25


def encode(positions: Sequence[Position], viewer: Color) -> Boards:
    """The boards of `positions` seen by `viewer` (see the module docstring)."""
    points = np.array([p.points for p in positions], dtype=np.int64).reshape(-1, POINTS)
    bars = np.array([p.bar for p in positions], dtype=np.int64).reshape(-1, 2)
    offs = np.array([p.off for p in positions], dtype=np.int64).reshape(-1, 2)
    white = np.clip(points, 0, None)  # White's own point p is absolute p
    black = np.clip(-points, 0, None)[:, ::-1]  # Black's own point q is absolute 25 − q
    mine, theirs = (white, black) if viewer is Color.WHITE else (black, white)
    boards = np.empty((len(points), 2, COLUMNS), dtype=np.int64)
    boards[:, 0, 1:BAR] = mine
    boards[:, 1, 1:BAR] = theirs
    for row, color in enumerate((viewer, viewer.opponent)):
        boards[:, row, 0] = offs[:, color]
        boards[:, row, BAR] = bars[:, color]
    return boards


def pips(sides: Boards) -> Boards:
    """Pip counts of (N, 26) own-numbered sides; the bar counts 25."""
    result: Boards = sides @ OWN_POINTS
    return result


def finished(boards: Boards) -> Mask:
    """Rows where the viewer has borne off all checkers."""
    done: Mask = boards[:, 0, 0] == CHECKERS
    return done


def contact(boards: Boards) -> Mask:
    """Rows where the two sides can still meet: the viewer's rearmost checker (own point p, the
    bar 25) has not passed the opponent's rearmost (own q, which the viewer numbers 25 − q)."""
    columns = np.arange(COLUMNS)
    rear = [np.where(boards[:, row, 1:] > 0, columns[1:], 0).max(axis=1) for row in (0, 1)]
    touching: Mask = rear[0] + rear[1] > BAR
    return touching
