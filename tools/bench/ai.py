"""Time per move of each AI level over the positions of arena games, in CPU time.

Usage: python -m tools.bench.ai [--games 8] [--positions 400] [--levels easy ... expert]
[--variant short | --house-rules]

Positions and rolls come from Medium-vs-Hard games on seeded dice (of short nardy with
`--variant short`, whose levels are `nardy.short.ai.SHORT_LEVELS`); every level then chooses a
turn in each of them. Real choices (two or more legal turns) are reported apart from forced
turns (one legal turn) and passes (none), which cost next to nothing and would flatter the
figures; short nardy adds a line for the cube (`wants_double` in each position). `--house-rules`
plays and times long nardy under the extended scale and the last roll, in a match with the
mover 3 points away and his opponent 2 (`nardy.ai.valuation` at its dearest). Per move:
this process's CPU time (all its threads, so BLAS threads spinning on a busy machine count) and
wall time. The process is set up as the bot's workers are
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

from threadpoolctl import threadpool_info  # type: ignore[import-untyped]

from nardy import short
from nardy.ai import AVAILABLE_LEVELS, Level, choose_turn, init_worker
from nardy.ai.worker import load_tables
from nardy.movegen import LegalTurns, legal_turns
from nardy.position import Position
from nardy.rules import Rules, Scoring
from nardy.short.ai import SHORT_LEVELS, wants_double
from nardy.short.ai import choose_turn as short_choose_turn
from tools.clock import RunClock
from tools.research.duel import duel
from tools.research.short_duel import duel as short_duel

Sample = tuple[Position | short.Position, tuple[int, int]]


def sample_positions(games: int, count: int, variant: str, rules: Rules) -> list[Sample]:
    """`count` (position, roll) pairs drawn evenly from `games` arena games."""
    seen: list[Sample] = []
    for seed in range(games):
        if variant == "short":
            short_duel(
                Level.MEDIUM, Level.HARD, short.ShortRules(), seed, lambda p, d: seen.append((p, d))
            )
        else:
            duel(Level.MEDIUM, Level.HARD, rules, seed, lambda p, d: seen.append((p, d)))
    random.Random(0).shuffle(seen)
    return seen[:count]


def kind(position: Position | short.Position, dice: tuple[int, int], rules: Rules) -> str:
    """'choice', 'forced' (one legal turn) or 'pass' (none)."""
    if isinstance(position, short.Position):
        legal: short.LegalTurns | LegalTurns = short.legal_turns(position, dice)
    else:
        legal = legal_turns(position, dice, rules)
    if legal.passes:
        return "pass"
    return "forced" if len(legal.turns) == 1 else "choice"


def choose(
    position: Position | short.Position,
    dice: tuple[int, int],
    level: Level,
    seed: int,
    house: tuple[Rules, tuple[int, int] | None],
) -> None:
    """The level's turn in the position's variant: short nardy's under its default rules, long
    nardy's under `house` (the rules and the points away)."""
    if isinstance(position, short.Position):
        short_choose_turn(position, dice, short.ShortRules(), level, seed=seed)
    else:
        rules, away = house
        choose_turn(position, dice, rules, level, seed, away)


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
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench.ai", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--levels", type=Level, nargs="+")
    parser.add_argument("--variant", choices=("long", "short"), default="long")
    parser.add_argument(
        "--house-rules", action="store_true", help="extended scale, last roll, in a match"
    )
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
    levels = args.levels or (SHORT_LEVELS if args.variant == "short" else AVAILABLE_LEVELS)
    house: tuple[Rules, tuple[int, int] | None] = (
        (Rules(scoring=Scoring.EXTENDED, last_roll=True), (3, 2))
        if args.house_rules
        else (Rules(), None)
    )
    sample = sample_positions(args.games, args.positions, args.variant, house[0])
    kinds = [kind(position, dice, house[0]) for position, dice in sample]
    counts = ", ".join(f"{k} {kinds.count(k)}" for k in ("choice", "forced", "pass"))
    games = f"{args.games} {args.variant} Medium-vs-Hard games"
    if args.house_rules:
        games += f" under {house[0].to_dict()}, {house[1]} points away"
    print(f"{len(sample)} positions of {games}: {counts}")
    start = short.Position.start() if args.variant == "short" else Position.start()
    for level in levels:
        choose(start, (6, 5), level, 0, house)  # a first call, untimed
        cpu: dict[str, list[float]] = {"choice": [], "forced": [], "pass": []}
        wall: dict[str, list[float]] = {"choice": [], "forced": [], "pass": []}
        for i, ((position, dice), what) in enumerate(zip(sample, kinds, strict=True)):
            start_cpu, start_wall = time.process_time(), time.perf_counter()
            choose(position, dice, level, i, house)
            cpu[what].append(1000 * (time.process_time() - start_cpu))
            wall[what].append(1000 * (time.perf_counter() - start_wall))
        print(level.value)
        for what in ("choice", "forced", "pass"):
            print(line(what, cpu[what], wall[what]))
        if args.variant == "short":
            print(line("cube", *cube_times(sample, level)))
    print(clock.summary())


def cube_times(sample: Sequence[Sample], level: Level) -> tuple[list[float], list[float]]:
    """CPU and wall milliseconds of short nardy's `wants_double` in each sampled position,
    before the roll with the cube in the middle (what the bot asks before each of its rolls)."""
    cpu, wall = [], []
    for position, _ in sample:
        assert isinstance(position, short.Position)
        game = short.Game(short.ShortRules(cube=True), position=position)
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        wants_double(game, level)
        cpu.append(1000 * (time.process_time() - start_cpu))
        wall.append(1000 * (time.perf_counter() - start_wall))
    return cpu, wall


if __name__ == "__main__":
    main()
