"""The static evaluation of Medium and Hard: long-nardy strategy priced in pips.

The strategy terms are weighted into one race-equivalent lead and squashed into the same three
chances the learned network gives (win, mars win, mars loss), so every level and the search
share one evaluator interface. The viewer has just moved; the opponent is on roll.
"""

from __future__ import annotations

import numpy as np

from nardy.ai.board import Boards, Floats, pips
from nardy.ai.evaluation import sigmoid
from nardy.ai.features import PRIME, TERMS, pips_to_first_off, strategy_terms

ROLL_VALUE = np.float32(8)  # pips the side on roll is worth (the mean roll is 8 1/6 pips)

# Pips per unit of each strategy term (features.PRESSURE, PRIME, STACKS, HEAD_LEFT, SPREAD).
TERM_WEIGHTS = np.array([0.35, 0.0, -2.0, -1.0, 1.5], dtype=np.float32)
# Times (run - 2)^2 for a run of held points in front of opponent checkers.
PRIME_WEIGHT = np.float32(3)
assert TERM_WEIGHTS.shape == (TERMS,)


def _positional(mine: Boards, theirs: Boards) -> Floats:
    """Positional value in pips of `mine` against `theirs` (each (N, 24) own-numbered)."""
    terms = strategy_terms(mine, theirs)
    prime = np.maximum(terms[:, PRIME] - 2, 0) ** 2
    value: Floats = terms @ TERM_WEIGHTS
    value += PRIME_WEIGHT * prime
    return value


def heuristic_chances(boards: Boards) -> Floats:
    """(N, 3) estimated chances (win, mars win, mars loss) for the viewer of `boards`."""
    mine, theirs = boards[:, 0], boards[:, 1]
    my_pips, their_pips = pips(mine).astype(np.float32), pips(theirs).astype(np.float32)
    lead = their_pips - my_pips - ROLL_VALUE
    lead += _positional(mine[:, 1:], theirs[:, 1:]) - _positional(theirs[:, 1:], mine[:, 1:])
    lead /= 6 + 0.03 * (my_pips + their_pips)  # a lead counts for less in a longer race
    win = sigmoid(lead)
    their_need = pips_to_first_off(theirs)
    my_need = pips_to_first_off(mine)
    mars_win = np.where(
        theirs[:, 0] > 0, 0.0, sigmoid((their_need - ROLL_VALUE - my_pips) / (4 + 0.1 * my_pips))
    )
    mars_loss = np.where(
        mine[:, 0] > 0, 0.0, sigmoid((my_need - their_pips + ROLL_VALUE) / (4 + 0.1 * their_pips))
    )
    return np.stack([win, np.minimum(mars_win, win), np.minimum(mars_loss, 1 - win)], axis=1)
