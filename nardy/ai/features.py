"""Strategic features of long nardy, computed for a batch of boards at once.

Shared by the hand-weighted evaluation and the learned network's inputs, so both see the game
through the same terms: blocking pressure, primes, stacks, the head, spread, mars distance.
"""

from __future__ import annotations

import numpy as np

from nardy.ai.board import Boards, Floats, in_other_numbering
from nardy.position import HEAD

HOME_EDGE = 6  # own points 1..6 are home
MARS_MARGIN = 6.0  # pips it takes to bear the first checker off once home

# Columns of `strategy_terms`.
PRESSURE, PRIME, STACKS, HEAD_LEFT, SPREAD = range(5)
TERMS = 5


def _blocked_ahead(blockers_occ: Boards) -> Boards:
    """For each point, how many of the six points in front of it the blockers hold."""
    n, width = blockers_occ.shape
    padded = np.concatenate([np.zeros((n, 6), dtype=np.int64), blockers_occ], axis=1)
    ahead = np.zeros_like(blockers_occ)
    for k in range(1, 7):
        ahead += padded[:, 6 - k : 6 - k + width]
    return ahead


def _longest_prime(blockers_occ: Boards, movers: Boards) -> Boards:
    """Longest run of held points lying in front of the rearmost mover checker."""
    width = movers.shape[1]
    present = movers > 0
    rear = np.where(present.any(axis=1), width - np.argmax(present[:, ::-1], axis=1), 0)
    held = (blockers_occ > 0) & (np.arange(width) < rear[:, None] - 1)
    # The run ending at each point: points held so far, less those held before the last gap.
    so_far = np.cumsum(held, axis=1)
    before_gap = np.maximum.accumulate(np.where(held, 0, so_far), axis=1)
    best: Boards = (so_far - before_gap).max(axis=1, initial=0)
    return best


def strategy_terms(mine: Boards, theirs: Boards) -> Floats:
    """(N, TERMS) raw terms of `mine` against `theirs`, both (N, 24) by their own points.

    PRESSURE: over their checkers, the square of my points among the six in front of each;
    PRIME: my longest run of points in front of their rearmost checker; STACKS: my checkers
    beyond three on a point; HEAD_LEFT: my checkers on the head; SPREAD: my points held.
    """
    mine_in_theirs = in_other_numbering((mine > 0).astype(np.int64))
    terms = np.empty((mine.shape[0], TERMS), dtype=np.float32)
    terms[:, PRESSURE] = (theirs * _blocked_ahead(mine_in_theirs) ** 2).sum(axis=1)
    terms[:, PRIME] = _longest_prime(mine_in_theirs, theirs)
    terms[:, STACKS] = np.clip(mine[:, : HEAD - 1] - 3, 0, None).sum(axis=1)
    terms[:, HEAD_LEFT] = mine[:, HEAD - 1]
    terms[:, SPREAD] = (mine[:, : HEAD - 1] > 0).sum(axis=1)
    return terms


def pips_to_first_off(side: Boards) -> Floats:
    """Pips to bring every checker home plus a margin to bear one off; 0 once one is off.

    `side` is (N, 25) own-numbered counts with column 0 borne off.
    """
    outside = np.clip(np.arange(1, side.shape[1]) - HOME_EDGE, 0, None)
    need = (side[:, 1:] @ outside).astype(np.float32) + MARS_MARGIN
    result: Floats = np.where(side[:, 0] > 0, 0, need)
    return result
