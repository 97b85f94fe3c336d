"""The strategy terms against slow, point-by-point versions written from their definitions."""

from __future__ import annotations

import numpy as np

from nardy import Color, Rules
from nardy.ai.board import encode, in_other_numbering
from nardy.ai.features import PRIME, strategy_terms
from tests.ai.positions import random_positions


def slow_prime(held: list[bool], theirs: list[int]) -> int:
    """My longest run of points lying wholly in front of their rearmost checker (both in their
    numbering, which they move down)."""
    checkers = [point for point, n in enumerate(theirs) if n > 0]
    best = run = 0
    for point in range(max(checkers, default=0)):
        run = run + 1 if held[point] else 0
        best = max(best, run)
    return best


def test_the_prime_term_is_the_longest_run_in_front_of_the_rearmost_checker() -> None:
    positions = list(random_positions(seed=5, rules=Rules(), games=4, stride=2))
    boards = encode(positions, Color.WHITE)
    mine, theirs = boards[:, 0, 1:], boards[:, 1, 1:]
    held = in_other_numbering((mine > 0).astype(np.int64))
    fast = strategy_terms(mine, theirs)[:, PRIME]
    slow = [slow_prime(h.tolist(), t.tolist()) for h, t in zip(held, theirs, strict=True)]
    assert fast.tolist() == slow
    assert max(slow) >= 3  # the sample holds real primes, not only zeros


def test_a_prime_behind_the_rearmost_checker_does_not_count() -> None:
    theirs = np.zeros((2, 24), dtype=np.int64)
    theirs[0, 20] = 15  # their checkers on their point 21: my six points on their 15..20 face them
    theirs[1, 10] = 15  # ... or on their point 11: the same six points are behind them
    mine_in_theirs = np.zeros((2, 24), dtype=np.int64)
    mine_in_theirs[:, 14:20] = 1
    mine = in_other_numbering(mine_in_theirs)  # back to my own numbering (q <-> q ± 12)
    assert strategy_terms(mine, theirs)[:, PRIME].tolist() == [6, 0]
