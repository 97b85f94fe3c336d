"""What every evaluator returns, and how its chances become expected points.

An evaluator maps board arrays (viewer just moved, opponent on roll) to (N, 3) chances:
win, mars win, mars loss. Finished games are scored exactly here, so evaluators need not.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from nardy.ai.board import Boards, Floats, finished

Evaluator = Callable[[Boards], Floats]

WIN, MARS_WIN, MARS_LOSS = 0, 1, 2


def chances(evaluator: Evaluator, boards: Boards) -> Floats:
    """The evaluator's (N, 3) chances, exact for rows where the viewer has borne off all."""
    return settle(boards, evaluator(boards))


def settle(boards: Boards, result: Floats) -> Floats:
    """`result` with the rows where the viewer has borne off all replaced by the exact outcome."""
    done = finished(boards)
    if done.any():
        result = result.copy()
        result[done, WIN] = 1.0
        result[done, MARS_WIN] = (boards[done, 1, 0] == 0).astype(np.float32)
        result[done, MARS_LOSS] = 0.0
    return result


def sigmoid(x: Floats) -> Floats:
    """The logistic function, elementwise (clipped, so a large input cannot overflow)."""
    one = np.float32(1)
    result: Floats = one / (one + np.exp(-np.clip(x, -40, 40)))
    return result


def normal_cdf(x: Floats) -> Floats:
    """A logistic approximation of the standard normal distribution function."""
    result: Floats = 1.0 / (1.0 + np.exp(-1.702 * np.clip(x, -40, 40)))
    return result


def equity(chance: Floats) -> Floats:
    """Expected points for the viewer under 1/2 scoring: win 1, a mars counts double."""
    result: Floats = 2.0 * chance[:, WIN] - 1.0 + chance[:, MARS_WIN] - chance[:, MARS_LOSS]
    return result
