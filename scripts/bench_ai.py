"""Time per move of each AI level over the positions of arena games.

Usage: python scripts/bench_ai.py [--games 4] [--positions 200] [--levels easy medium hard expert]
Positions and rolls come from Medium-vs-Hard games on seeded dice; every level then chooses a
turn in each of them and the mean, median, 95th percentile and maximum times are printed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from nardy.ai import Level, choose_turn
from nardy.ai.duel import duel
from nardy.position import Position
from nardy.rules import Rules


def sample_positions(games: int, count: int) -> list[tuple[Position, tuple[int, int]]]:
    """`count` (position, roll) pairs drawn evenly from `games` arena games."""
    seen: list[tuple[Position, tuple[int, int]]] = []
    for seed in range(games):
        duel(Level.MEDIUM, Level.HARD, Rules(), seed, lambda p, d: seen.append((p, d)))
    random.Random(0).shuffle(seen)
    return seen[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--levels", type=Level, nargs="+", default=list(Level))
    args = parser.parse_args()
    sample = sample_positions(args.games, args.positions)
    rules = Rules()
    for level in args.levels:
        times = []
        for i, (position, dice) in enumerate(sample):
            start = time.perf_counter()
            choose_turn(position, dice, rules, level, seed=i)
            times.append(1000 * (time.perf_counter() - start))
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"{level.value:7} {len(times)} moves: mean {statistics.fmean(times):.1f} ms,"
            f" median {statistics.median(times):.1f}, p95 {p95:.1f}, max {times[-1]:.1f}"
        )


if __name__ == "__main__":
    main()
