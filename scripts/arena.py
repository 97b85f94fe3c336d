"""Arena: paired games between two AI levels on the same dice with sides swapped.

Usage: python scripts/arena.py medium easy --pairs 500 [--seed 1] [--start 0] [--workers 2]
[--every 50]; --start skips that many pairs of the seed's sequence, to extend an earlier run.
Prints the first level's win rate and points per game with 95% intervals over the pairs,
every --every pairs and at the end, each line with the wall time so far; the whole run's CPU
time (this process and the workers, once the pool has shut down) and wall time close it.
Workers are set up like the bot's (`nardy.ai.init_worker`: one BLAS thread, tables loaded).
Left out: this process's start-up and imports (the workers' own start-up counts: it is part of
the run).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from cpu_wall import RunClock

from nardy.ai import Level, init_worker
from nardy.ai.duel import duel
from nardy.rules import Rules


def play_pair(args: tuple[Level, Level, int]) -> tuple[float, float]:
    """Both games of one pair: the first level's (wins, points) summed over the two games."""
    first, second, seed = args
    wins = points = 0.0
    for white, black, first_color in ((first, second, 0), (second, first, 1)):
        result = duel(white, black, Rules(), seed).result
        if result.winner is None:
            wins += 0.5
        elif result.winner == first_color:
            wins += 1
            points += result.points
        else:
            points -= result.points
    return wins, points


def interval(samples: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal interval."""
    mean = statistics.fmean(samples)
    spread = statistics.stdev(samples) if len(samples) > 1 else 0.0
    return mean, 1.96 * spread / math.sqrt(len(samples))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=Level)
    parser.add_argument("second", type=Level)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="index of the first pair")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--every", type=int, default=50)
    args = parser.parse_args()
    first_seed = args.seed * 1_000_003 + args.start
    jobs = [(args.first, args.second, first_seed + i) for i in range(args.pairs)]
    clock = RunClock()
    start = time.monotonic()
    pairs: list[tuple[float, float]] = []
    with ProcessPoolExecutor(args.workers, initializer=init_worker) as pool:
        for pair in pool.map(play_pair, jobs):
            pairs.append(pair)
            if len(pairs) % args.every == 0 or len(pairs) == args.pairs:
                report(args.first, args.second, pairs, time.monotonic() - start)
    print(clock.summary())


def report(first: Level, second: Level, pairs: list[tuple[float, float]], seconds: float) -> None:
    """One summary line over the pairs played so far."""
    win_rate, win_err = interval([w / 2 for w, _ in pairs])
    ppg, ppg_err = interval([p / 2 for _, p in pairs])
    print(
        f"{first.value} vs {second.value}: {2 * len(pairs)} games ({len(pairs)} pairs),"
        f" win rate {100 * win_rate:.1f}% ± {100 * win_err:.1f},"
        f" points/game {ppg:+.3f} ± {ppg_err:.3f}, {seconds:.0f} s wall",
        flush=True,
    )


if __name__ == "__main__":
    main()
