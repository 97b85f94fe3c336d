"""Arena: paired games between two AI levels on the same dice with sides swapped.

Usage: python scripts/arena.py medium easy --pairs 500 [--seed 1] [--start 0] [--workers 2]
[--every 50] [--variant short [--cube]]; --start skips that many pairs of the seed's sequence,
to extend an earlier run. `--variant short` plays short nardy (`nardy.short.ai`), `--cube` with
the doubling cube on (each level doubling and answering doubles by its own rule).
Prints the first level's win rate and points per game with 95% intervals over the pairs,
every --every pairs and at the end, each line with the wall time so far and the CPU and wall
time per move; the whole run's CPU time (this process and the workers, once the pool has shut
down) and wall time close it.
Workers are set up like the bot's (`nardy.ai.init_worker`: one BLAS thread, tables loaded).
Left out: this process's start-up and imports (the workers' own start-up counts: it is part of
the run); the time per move counts each game's moves of both levels together, playing included.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from cpu_wall import RunClock

from nardy.ai import Level, init_worker
from nardy.ai.duel import DuelResult, duel
from nardy.rules import Rules
from nardy.short import ShortRules
from nardy.short.ai.duel import duel as short_duel

Pair = tuple[float, float, int, float, float]  # wins, points, moves, CPU s, wall s


def play(white: Level, black: Level, seed: int, variant: str, cube: bool) -> DuelResult:
    """One game of the variant."""
    if variant == "short":
        return short_duel(white, black, ShortRules(cube=cube), seed)
    return duel(white, black, Rules(), seed)


def play_pair(args: tuple[Level, Level, int, str, bool]) -> Pair:
    """Both games of one pair: the first level's (wins, points) summed over the two games, the
    moves played and the CPU and wall seconds they took."""
    first, second, seed, variant, cube = args
    wins = points = 0.0
    moves = 0
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    for white, black, first_color in ((first, second, 0), (second, first, 1)):
        played = play(white, black, seed, variant, cube)
        result, moves = played.result, moves + played.turns
        if result.winner is None:
            wins += 0.5
        elif result.winner == first_color:
            wins += 1
            points += result.points
        else:
            points -= result.points
    return wins, points, moves, time.process_time() - start_cpu, time.perf_counter() - start_wall


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
    parser.add_argument("--variant", choices=("long", "short"), default="long")
    parser.add_argument("--cube", action="store_true", help="short nardy with the doubling cube")
    args = parser.parse_args()
    if args.cube and args.variant != "short":
        parser.error("--cube is short nardy's option: add --variant short")
    first_seed = args.seed * 1_000_003 + args.start
    jobs = [
        (args.first, args.second, first_seed + i, args.variant, args.cube)
        for i in range(args.pairs)
    ]
    clock = RunClock()
    start = time.monotonic()
    pairs: list[Pair] = []
    with ProcessPoolExecutor(args.workers, initializer=init_worker) as pool:
        for pair in pool.map(play_pair, jobs):
            pairs.append(pair)
            if len(pairs) % args.every == 0 or len(pairs) == args.pairs:
                report(args.first, args.second, pairs, time.monotonic() - start)
    print(clock.summary())


def report(first: Level, second: Level, pairs: list[Pair], seconds: float) -> None:
    """One summary line over the pairs played so far."""
    win_rate, win_err = interval([pair[0] / 2 for pair in pairs])
    ppg, ppg_err = interval([pair[1] / 2 for pair in pairs])
    moves = sum(pair[2] for pair in pairs)
    cpu, wall = (1000 * sum(pair[i] for pair in pairs) / moves for i in (3, 4))
    print(
        f"{first.value} vs {second.value}: {2 * len(pairs)} games ({len(pairs)} pairs),"
        f" win rate {100 * win_rate:.1f}% ± {100 * win_err:.1f},"
        f" points/game {ppg:+.3f} ± {ppg_err:.3f}, {seconds:.0f} s wall;"
        f" per move {cpu:.1f} ms CPU, {wall:.1f} ms wall",
        flush=True,
    )


if __name__ == "__main__":
    main()
