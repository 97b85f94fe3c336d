"""The exact one-sided bear-off database: up to 15 checkers on the six home points.

For each of the 54,264 home positions it holds the expected number of rolls to bear everything
off when every roll is played to minimise that expectation, and the variance of that count
under the same play. `python -m nardy.ai bearoff` rebuilds `nardy/data/bearoff.npz`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import cache, cached_property
from pathlib import Path

import numpy as np
import numpy.typing as npt

from nardy.ai.board import Boards, Floats
from nardy.ai.evaluation import normal_cdf
from nardy.data import shipped_arrays
from nardy.position import CHECKERS

DATA_FILE = "bearoff.npz"
SOURCE_FILE = Path(__file__).parents[1] / "data" / DATA_FILE  # where a rebuild writes by default
HOME = 6
RADIX = 16  # a position's key packs its six counts in base 16

Counts = tuple[int, ...]  # checkers on own points 1..6
Value = tuple[float, float]  # expected rolls, expected squared rolls
Doubles = npt.NDArray[np.float64]


def home_positions() -> list[Counts]:
    """Every home position with at most 15 checkers, in increasing key order."""
    return sorted(_at_most(HOME, CHECKERS), key=key_of)


def _at_most(points: int, checkers: int) -> Iterator[Counts]:
    """Every way to put at most `checkers` checkers on `points` points (54,264 for 6 and 15;
    filtering all 16^6 tuples instead took seconds, on the first bear-off of each process)."""
    if points == 0:
        yield ()
        return
    for n in range(checkers + 1):
        for rest in _at_most(points - 1, checkers - n):
            yield (n, *rest)


def key_of(counts: Counts) -> int:
    return sum(n * RADIX**i for i, n in enumerate(counts))


def rows_of(keys: Boards, sides: Boards) -> Boards:
    """Where (N, 25) own-numbered sides, all home or off, stand in `keys` (sorted `key_of`s)."""
    weights = RADIX ** np.arange(HOME, dtype=np.int64)
    found: Boards = np.searchsorted(keys, sides[:, 1 : HOME + 1] @ weights)
    return found


def die_moves(counts: Counts, die: int) -> Iterator[Counts]:
    """Positions after playing one `die` (RULES.md §6): a move inside home, an exact bear-off,
    or, with nothing on or above `die`, bearing off the highest checker."""
    highest = max((p for p in range(1, HOME + 1) if counts[p - 1]), default=0)
    for src in range(1, HOME + 1):
        if not counts[src - 1]:
            continue
        dst = src - die
        if dst < 0 and src != highest:
            continue
        after = list(counts)
        after[src - 1] -= 1
        if dst > 0:
            after[dst - 1] += 1
        yield tuple(after)


def build() -> tuple[list[Counts], Doubles, Doubles]:
    """Positions, expected rolls and variances, by dynamic programming from fewer pips up (in
    float64, as they are stored; the database reads them as float32)."""
    positions = home_positions()
    order = sorted(positions, key=lambda c: sum((p + 1) * n for p, n in enumerate(c)))
    value: dict[Counts, Value] = {}
    # after[k][c][d - 1]: the best value reachable from c by playing k more steps of die d
    after: list[dict[Counts, list[Value]]] = [{}, {}, {}]
    for counts in order:
        if not any(counts):
            value[counts] = (0.0, 0.0)
            for level in after:
                level[counts] = [(0.0, 0.0)] * 6
            continue

        def best(c: Counts, d: int, steps: int) -> Value:
            """Best value after `steps` steps of `d` from `c` (a finished board stays put)."""
            if not any(c):
                return (0.0, 0.0)
            if steps == 1:
                return min(value[x] for x in die_moves(c, d))
            return min(after[steps - 2][x][d - 1] for x in die_moves(c, d))

        for k in range(3):
            after[k][counts] = [best(counts, d, k + 1) for d in range(1, 7)]
        mean = square = 0.0
        for a in range(1, 7):
            for b in range(a, 7):
                if a == b:
                    chosen, weight = best(counts, a, 4), 1 / 36
                else:
                    chosen = min(
                        min(after[0][x][b - 1] for x in die_moves(counts, a)),
                        min(after[0][x][a - 1] for x in die_moves(counts, b)),
                    )
                    weight = 2 / 36
                mean += weight * (1 + chosen[0])
                square += weight * (1 + 2 * chosen[0] + chosen[1])
        value[counts] = (mean, square)
    means = np.array([value[c][0] for c in positions])
    squares = np.array([value[c][1] for c in positions])
    return positions, means, np.clip(squares - means**2, 0.0, None)


class BearoffDatabase:
    """Look-ups of expected rolls and variances for batches of home boards."""

    def __init__(self, means: Floats, variances: Floats) -> None:
        self.keys = np.array([key_of(c) for c in home_positions()], dtype=np.int64)
        self.means = means
        self.variances = variances

    @cached_property
    def by_key(self) -> dict[int, tuple[float, float]]:
        """(expected rolls, variance) by `key_of`: one position at a time without numpy's
        per-call cost, as short nardy's evaluation reads it (built on first use, ~0.2 s)."""
        pairs = zip(self.means.tolist(), self.variances.tolist(), strict=True)
        return dict(zip(self.keys.tolist(), pairs, strict=True))

    def index(self, sides: Boards) -> Boards:
        """Row indices of (N, 25) own-numbered sides whose checkers are all home or off."""
        return rows_of(self.keys, sides)

    def expected_rolls(self, sides: Boards) -> Floats:
        result: Floats = self.means[self.index(sides)]
        return result

    def variance(self, sides: Boards) -> Floats:
        result: Floats = self.variances[self.index(sides)]
        return result

    def race_win(self, mine: Boards, theirs: Boards) -> Floats:
        """The chance that `mine` (the side that has just moved) finishes bearing off before
        `theirs` (on roll), both all home: the normal approximation of the difference of their
        rolls to go, the side on roll winning ties (half a roll)."""
        lead = self.expected_rolls(theirs) - self.expected_rolls(mine) - 0.5
        spread = np.sqrt(self.variance(theirs) + self.variance(mine) + 0.25)
        return normal_cdf(lead / spread)


@cache
def shipped() -> BearoffDatabase:
    """The database shipped in `nardy/data/`."""
    data = shipped_arrays(DATA_FILE)
    return BearoffDatabase(data["means"].astype(np.float32), data["variances"].astype(np.float32))


def write(out: Path) -> None:
    """Build the database and save it to `out` (float32, as shipped)."""
    _, means, variances = build()
    np.savez_compressed(out, means=means.astype(np.float32), variances=variances.astype(np.float32))


if __name__ == "__main__":  # `python -m nardy.ai.bearoff`, the same as `python -m nardy.ai bearoff`
    from nardy.ai.cli import main  # not above: the command line imports this module

    sys.exit(main(["bearoff", *sys.argv[1:]]))
