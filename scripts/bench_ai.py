"""Time per move of each AI level over the positions of arena games, in CPU time.

Usage: python scripts/bench_ai.py [--games 8] [--positions 400] [--levels easy ... expert]

Positions and rolls come from Medium-vs-Hard games on seeded dice; every level then chooses a
turn in each of them. Real choices (two or more legal turns) are reported apart from forced
turns (one legal turn) and passes (none), which cost next to nothing and would flatter the
figures. Per move: this process's CPU time (all its threads, so BLAS threads spinning on a
busy machine count) and wall time. The process is set up as the bot's workers are
(`nardy.ai.init_worker`: one BLAS thread, the network weights and the bear-off database loaded);
`--no-thread-limit` leaves BLAS at the library's default (a thread per core), as before issue 8.
Left out: start-up and imports, loading the tables, sampling the positions, and each level's
first call (on the start position).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from cpu_wall import RunClock
from threadpoolctl import threadpool_info  # type: ignore[import-untyped]

from nardy.ai import Level, choose_turn, init_worker
from nardy.ai.duel import duel
from nardy.ai.worker import load_tables
from nardy.movegen import legal_turns
from nardy.position import Position
from nardy.rules import Rules

Sample = tuple[Position, tuple[int, int]]


def sample_positions(games: int, count: int) -> list[Sample]:
    """`count` (position, roll) pairs drawn evenly from `games` arena games."""
    seen: list[Sample] = []
    for seed in range(games):
        duel(Level.MEDIUM, Level.HARD, Rules(), seed, lambda p, d: seen.append((p, d)))
    random.Random(0).shuffle(seen)
    return seen[:count]


def kind(position: Position, dice: tuple[int, int], rules: Rules) -> str:
    """'choice', 'forced' (one legal turn) or 'pass' (none)."""
    legal = legal_turns(position, dice, rules)
    if legal.passes:
        return "pass"
    return "forced" if len(legal.turns) == 1 else "choice"


def line(label: str, cpu: Sequence[float], wall: Sequence[float]) -> str:
    """Median, p95, max and mean of CPU milliseconds, and median and p95 of wall ones."""
    if not cpu:
        return f"  {label:7} none"
    cpu, wall = sorted(cpu), sorted(wall)
    p95 = min(len(cpu) - 1, int(0.95 * len(cpu)))
    return (
        f"  {label:7} {len(cpu):4} moves: CPU median {statistics.median(cpu):6.1f} ms,"
        f" p95 {cpu[p95]:6.1f}, max {cpu[-1]:6.1f}, mean {statistics.fmean(cpu):6.1f};"
        f" wall median {statistics.median(wall):6.1f}, p95 {wall[p95]:6.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--levels", type=Level, nargs="+", default=list(Level))
    parser.add_argument(
        "--no-thread-limit", action="store_true", help="leave BLAS at its default thread count"
    )
    args = parser.parse_args()
    if args.no_thread_limit:
        load_tables()
    else:
        init_worker()
    clock = RunClock()
    blas = ", ".join(f"{p['internal_api']} {p['num_threads']}" for p in threadpool_info())
    print(f"thread pools (threads): {blas}")
    rules = Rules()
    sample = sample_positions(args.games, args.positions)
    kinds = [kind(position, dice, rules) for position, dice in sample]
    counts = ", ".join(f"{k} {kinds.count(k)}" for k in ("choice", "forced", "pass"))
    print(f"{len(sample)} positions of {args.games} Medium-vs-Hard games: {counts}")
    for level in args.levels:
        choose_turn(Position.start(), (6, 5), rules, level, seed=0)  # a first call, untimed
        cpu: dict[str, list[float]] = {"choice": [], "forced": [], "pass": []}
        wall: dict[str, list[float]] = {"choice": [], "forced": [], "pass": []}
        for i, ((position, dice), what) in enumerate(zip(sample, kinds, strict=True)):
            start_cpu, start_wall = time.process_time(), time.perf_counter()
            choose_turn(position, dice, rules, level, seed=i)
            cpu[what].append(1000 * (time.process_time() - start_cpu))
            wall[what].append(1000 * (time.perf_counter() - start_wall))
        print(level.value)
        for what in ("choice", "forced", "pass"):
            print(line(what, cpu[what], wall[what]))
    print(clock.summary())


if __name__ == "__main__":
    main()
