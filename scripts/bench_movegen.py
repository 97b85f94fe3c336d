"""Benchmark legal-turn generation and self-play speed (issue 2 figures).

Positions come from seeded random games (every phase); each is timed with all 21 rolls.
Times are this process's CPU time, so other load on the machine does not inflate them.
Run: python scripts/bench_movegen.py [--games 40] [--seed 1] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from nardy import Position, Rules, legal_turns
from nardy.selfplay import play_random_games, random_game_positions, seeded_sources

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def bench_positions(positions: list[Position], rules: Rules) -> list[float]:
    """Seconds per (position, roll) to find every legal turn with its steps."""
    times = []
    for position in positions:
        for dice in ROLLS:
            start = time.process_time()
            legal_turns(position, dice, rules).step_sequences()
            times.append(time.process_time() - start)
    return times


def percentiles(label: str, seconds: list[float]) -> str:
    ms = sorted(t * 1000 for t in seconds)
    return (
        f"{label}: median {statistics.median(ms):.3f} ms, p90 {ms[int(0.9 * len(ms))]:.3f} ms, "
        f"p99 {ms[int(0.99 * len(ms))]:.3f} ms, max {ms[-1]:.3f} ms ({len(ms)} cases)"
    )


def middle_game(positions: list[Position]) -> list[Position]:
    """Positions with at least 12 occupied points and nothing borne off."""
    return [p for p in positions if sum(1 for n in p.points if n) >= 12 and p.off == (0, 0)]


def profile(positions: list[Position], rules: Rules) -> None:
    """Print the functions that dominate legal-turn generation."""
    profiler = cProfile.Profile()
    profiler.runcall(bench_positions, positions, rules)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(6)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--every", type=int, default=4, help="keep every k-th position")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print the top of a profile")
    args = parser.parse_args()
    rules = Rules()
    positions = random_game_positions(args.games, args.seed, rules)[:: args.every]
    print(f"positions: {len(positions)} from {args.games} seeded random games, x21 rolls each")
    print(percentiles("legal turns, all rolls", bench_positions(positions, rules)))
    times = []
    for position in middle_game(positions):
        start = time.process_time()
        legal_turns(position, (3, 3), rules).step_sequences()
        times.append(time.process_time() - start)
    print(percentiles("legal turns, 3-3 in the middle game", times))
    start = time.process_time()
    summary = play_random_games(200, *seeded_sources(args.seed), rules)
    elapsed = time.process_time() - start
    print(f"selfplay: {summary.games / elapsed:.1f} games/s ({summary.games} games)")
    if args.profile:
        profile(positions[:100], rules)


if __name__ == "__main__":
    main()
