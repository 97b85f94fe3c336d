"""Benchmark legal-turn generation and self-play speed (issue 2 figures).

Positions come from seeded random games (every phase); each is timed with all 21 rolls.
Run: python scripts/bench_movegen.py [--games 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from nardy import Position, Rules, legal_turns
from nardy.dice import SeededDice
from nardy.selfplay import play_random_games, random_game_positions

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def bench_positions(positions: list[Position], rules: Rules) -> list[float]:
    """Seconds per (position, roll) to find every legal turn with its steps."""
    times = []
    for position in positions:
        for dice in ROLLS:
            start = time.perf_counter()
            legal_turns(position, dice, rules).step_sequences()
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--every", type=int, default=4, help="keep every k-th position")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Rules()
    positions = random_game_positions(args.games, args.seed, rules)[:: args.every]
    times = sorted(bench_positions(positions, rules))
    ms = [t * 1000 for t in times]
    print(f"positions: {len(positions)}, cases (x21 rolls): {len(ms)}")
    print(
        f"legal turns: median {statistics.median(ms):.3f} ms, "
        f"p90 {ms[int(0.9 * len(ms))]:.3f} ms, p99 {ms[int(0.99 * len(ms))]:.3f} ms, "
        f"max {ms[-1]:.3f} ms"
    )
    start = time.perf_counter()
    summary = play_random_games(200, SeededDice(args.seed), random.Random(args.seed), rules)
    elapsed = time.perf_counter() - start
    print(f"selfplay: {summary.games / elapsed:.1f} games/s ({summary.games} games)")


if __name__ == "__main__":
    main()
