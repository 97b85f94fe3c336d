"""The static evaluation of Medium and Hard: long-nardy strategy as a handful of features.

Each feature is priced in pips, summed into one race-equivalent lead and squashed into the
same three chances the learned network gives (win, mars win, mars loss), so every level and
the search code share one evaluator interface. The viewer has just moved; the opponent is on
roll.
"""

from __future__ import annotations

import numpy as np

from nardy.ai.board import Boards, Floats, in_other_numbering, pips
from nardy.position import HEAD

ROLL_VALUE = 8.0  # pips the side on roll is worth (the mean roll is 8 1/6 pips)
BLOCK_WEIGHT = 0.35  # per checker, times the square of blocked points among its next six
PRIME_WEIGHT = 3.0  # times (run - 2)^2 for a run of held points in front of opponent checkers
STACK_WEIGHT = 2.0  # per checker beyond three on one point (the head excepted)
HEAD_WEIGHT = 1.0  # per checker still on the head
SPREAD_WEIGHT = 1.5  # per point held outside the head
MARS_MARGIN = 6.0  # pips it takes to bear the first checker off once home
HOME_EDGE = 6  # own points 1..6 are home


def _blocked_ahead(movers: Boards, blockers_occ: Boards) -> Boards:
    """For each point, how many of the six points in front of it the blockers hold."""
    n = movers.shape[0]
    padded = np.concatenate([np.zeros((n, 6), dtype=np.int64), blockers_occ], axis=1)
    ahead = np.zeros_like(blockers_occ)
    for k in range(1, 7):
        ahead += padded[:, 6 - k : 6 - k + blockers_occ.shape[1]]
    return ahead


def _longest_prime(blockers_occ: Boards, movers: Boards) -> Boards:
    """Longest run of held points lying in front of the rearmost mover checker."""
    n, width = movers.shape
    present = movers > 0
    rear = np.where(present.any(axis=1), width - np.argmax(present[:, ::-1], axis=1), 0)
    run = np.zeros(n, dtype=np.int64)
    best = np.zeros(n, dtype=np.int64)
    for i in range(width):
        run = np.where(blockers_occ[:, i] > 0, run + 1, 0)
        best = np.where(i < rear - 1, np.maximum(best, run), best)
    return best


def _side_terms(mine: Boards, theirs: Boards) -> Floats:
    """Positional value in pips of `mine` against `theirs` (each (N, 24) own-numbered)."""
    mine_in_theirs = in_other_numbering((mine > 0).astype(np.int64))
    pressure = (theirs * _blocked_ahead(theirs, mine_in_theirs) ** 2).sum(axis=1)
    prime = np.maximum(_longest_prime(mine_in_theirs, theirs) - 2, 0) ** 2
    stacks = np.clip(mine[:, : HEAD - 1] - 3, 0, None).sum(axis=1)
    spread = (mine[:, : HEAD - 1] > 0).sum(axis=1)
    value: Floats = (
        BLOCK_WEIGHT * pressure
        + PRIME_WEIGHT * prime
        - STACK_WEIGHT * stacks
        - HEAD_WEIGHT * mine[:, HEAD - 1]
        + SPREAD_WEIGHT * spread
    )
    return value


def _pips_to_first_off(side: Boards) -> Boards:
    """Pips to bring every checker home plus a margin to bear one off (0 if one is off)."""
    outside = np.clip(np.arange(1, side.shape[1]) - HOME_EDGE, 0, None)
    need = side[:, 1:] @ outside + MARS_MARGIN
    return np.where(side[:, 0] > 0, 0, need)


def _sigmoid(x: Floats) -> Floats:
    result: Floats = 1.0 / (1.0 + np.exp(-x))
    return result


def heuristic_chances(boards: Boards) -> Floats:
    """(N, 3) estimated chances (win, mars win, mars loss) for the viewer of `boards`."""
    mine, theirs = boards[:, 0], boards[:, 1]
    my_pips, their_pips = pips(mine).astype(np.float64), pips(theirs).astype(np.float64)
    lead = their_pips - my_pips - ROLL_VALUE
    lead += _side_terms(mine[:, 1:], theirs[:, 1:]) - _side_terms(theirs[:, 1:], mine[:, 1:])
    scale = 6.0 + 0.06 * (my_pips + their_pips) / 2
    win = _sigmoid(lead / scale)
    their_need = _pips_to_first_off(theirs)
    my_need = _pips_to_first_off(mine)
    mars_win = np.where(
        theirs[:, 0] > 0, 0.0, _sigmoid((their_need - ROLL_VALUE - my_pips) / (4 + 0.1 * my_pips))
    )
    mars_loss = np.where(
        mine[:, 0] > 0, 0.0, _sigmoid((my_need - their_pips + ROLL_VALUE) / (4 + 0.1 * their_pips))
    )
    return np.stack([win, np.minimum(mars_win, win), np.minimum(mars_loss, 1 - win)], axis=1)
