"""Benchmark legal-turn generation as the AI, CLI and bot pay for it, a turn's first tap, and
self-play speed.

The headline is `legal_turns(position, dice, rules).turns` (the search plus a `Position` per
turn), timed per (position, roll) in this process's CPU time, over three sets printed with
their sizes: positions of seeded random games with all 21 rolls; built blocking positions
(primes of 4 to 6 points with the other side's checkers behind them, either side to move, so
the six-block rule and the blocked side's few moves are both exercised) with all 21 rolls;
and middle-game positions with 3-3, 4-4, 5-5 and 6-6, the heaviest rolls. `result_boards()`
(no steps or positions built, what the 2-ply search uses for replies) is timed too, and
`next_steps(())` (a button UI's first question of a turn; it walks the pure graph).
Left out: start-up, building the position sets, and garbage collection pauses between cases.
The compiled search is timed where it is built; NARDY_PURE_PYTHON=1 times the pure Python one.
Run: python -m tools.bench.movegen [--games 40] [--every 4] [--blocking 120] [--seed 1]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

from nardy import CHECKERS, Color, InvalidPosition, Position, Rules, legal_turns, to_absolute
from nardy.movegen import COMPILED
from nardy.selfplay import play_random_games, random_game_positions, seeded_sources
from tools.clock import RunClock

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
HEAVY_DOUBLES = [(3, 3), (4, 4), (5, 5), (6, 6)]

Case = tuple[Position, tuple[int, int]]
P = TypeVar("P")  # a position of any variant (short nardy's benchmark times its own)
R = TypeVar("R")  # that variant's rules


def turns(position: Position, dice: tuple[int, int], rules: Rules) -> object:
    """What the AI, CLI and bot pay for: every legal turn with its resulting position."""
    return legal_turns(position, dice, rules).turns


def boards(position: Position, dice: tuple[int, int], rules: Rules) -> object:
    """The search alone: each distinct result's packed board, no steps or positions built."""
    return legal_turns(position, dice, rules).result_boards()


def first_steps(position: Position, dice: tuple[int, int], rules: Rules) -> object:
    """A button UI's first question of a turn: the steps it may start with (the pure graph's
    walk, as every turn of the bot's games pays once)."""
    return legal_turns(position, dice, rules).next_steps(())


def cpu_ms(
    cases: Sequence[tuple[P, tuple[int, int]]],
    rules: R,
    work: Callable[[P, tuple[int, int], R], object],
) -> list[float]:
    """CPU milliseconds of `work` per case."""
    times = []
    for position, dice in cases:
        start = time.process_time()
        work(position, dice, rules)
        times.append(1000 * (time.process_time() - start))
    return times


def percentiles(label: str, ms: list[float]) -> str:
    ms = sorted(ms)
    return (
        f"  {label:<22} median {statistics.median(ms):6.3f} ms, p90 {ms[int(0.9 * len(ms))]:6.3f},"
        f" p99 {ms[int(0.99 * len(ms))]:6.3f}, max {ms[-1]:6.3f} ({len(ms)} cases)"
    )


def middle_game(positions: list[Position]) -> list[Position]:
    """Positions with at least 12 occupied points and nothing borne off."""
    return [p for p in positions if sum(1 for n in p.points if n) >= 12 and p.off == (0, 0)]


def _valid(position: Position, rules: Rules) -> bool:
    """Both sides could be to move here: neither holds an illegal six-block (§5)."""
    try:
        legal_turns(position, (6, 5), rules)
        legal_turns(position.with_turn_passed(), (6, 5), rules)
    except InvalidPosition:
        return False
    return True


def blocking_layout(rng: random.Random) -> tuple[Position, int] | None:
    """A prime of 4 to 6 points with the other side's checkers behind it, and its length.

    Worked out in the blocked side's own numbering: its checkers stand on or above `front`,
    the prime lies below; a six-point prime gets one or two of them ahead of it, or it would
    be an illegal block. The rest of the blocker's checkers go on random free points.
    """
    blocker = Color(rng.randrange(2))
    blocked = blocker.opponent
    length = rng.choice((4, 5, 5, 6))
    front = rng.randint(length + 3, 22)
    low = rng.randint(1 if length < 6 else 2, front - length)
    prime = range(low, low + length)
    points = [0] * 24

    def put(color: Color, blocked_own: int, n: int) -> None:
        points[to_absolute(blocked, blocked_own) - 1] += n * color.sign

    ahead = rng.randint(1, 2) if length == 6 else 0
    for _ in range(ahead):
        put(blocked, rng.randint(1, low - 1), 1)
    for _ in range(CHECKERS - ahead):
        put(blocked, rng.randint(front, 24), 1)
    for q in prime:
        put(blocker, q, 2)
    free = [q for q in range(1, 25) if points[to_absolute(blocked, q) - 1] == 0]
    for _ in range(CHECKERS - 2 * length):
        put(blocker, rng.choice(free), 1)
    position = Position(tuple(points), (0, 0), blocker, (False, False))
    return (position, length) if _valid(position, Rules()) else None


def blocking_positions(count: int, seed: int) -> tuple[list[Position], Counter[str]]:
    """`count` layouts, each with either side to move (2 * count positions)."""
    rng = random.Random(seed)
    positions: list[Position] = []
    kinds: Counter[str] = Counter()
    while len(positions) < 2 * count:
        found = blocking_layout(rng)
        if found is None:
            continue
        position, length = found
        positions += [position, position.with_turn_passed()]
        kinds[f"prime {length}"] += 1
    return positions, kinds


def profile(cases: list[Case], rules: Rules) -> None:
    """Print the functions that dominate legal-turn generation."""
    profiler = cProfile.Profile()
    profiler.runcall(cpu_ms, cases, rules, turns)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(8)


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench.movegen", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=int, default=40, help="seeded random games")
    parser.add_argument("--every", type=int, default=4, help="keep every k-th position of them")
    parser.add_argument("--blocking", type=int, default=120, help="built prime layouts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print the top of a profile")
    args = parser.parse_args()
    clock = RunClock()
    rules = Rules()
    played = random_game_positions(args.games, args.seed, rules)
    random_set = [(p, d) for p in played[:: args.every] for d in ROLLS]
    blocking, kinds = blocking_positions(args.blocking, args.seed)
    blocking_set = [(p, d) for p in blocking for d in ROLLS]
    middle = middle_game(played)
    doubles_set = [(p, d) for p in middle for d in HEAVY_DOUBLES]
    sets = {
        "random games": random_set,
        "blocking": blocking_set,
        "heavy doubles": doubles_set,
    }
    print("search:", "compiled (nardy/_movegen.c)" if COMPILED else "pure Python")
    print("position sets (CPU time per position and roll):")
    print(
        f"  random games:  {len(random_set) // 21} positions (every {args.every}th of"
        f" {args.games} seeded random games) x 21 rolls"
    )
    layouts = ", ".join(f"{kind}: {n}" for kind, n in sorted(kinds.items()))
    print(
        f"  blocking:      {args.blocking} prime layouts ({layouts}), each with either side to"
        f" move = {len(blocking)} positions x 21 rolls"
    )
    print(
        f"  heavy doubles: {len(middle)} middle-game positions (12+ points held, none off)"
        f" of all those games' positions x {', '.join(f'{a}-{b}' for a, b in HEAVY_DOUBLES)}"
    )
    print("legal_turns(...).turns (headline: what the AI, CLI and bot pay)")
    every_time: list[float] = []
    for name, cases in sets.items():
        times = cpu_ms(cases, rules, turns)
        every_time += times
        print(percentiles(name, times))
    print(percentiles("all sets", every_time))
    print("legal_turns(...).result_boards() (the search alone, what the 2-ply search pays)")
    for name, cases in sets.items():
        print(percentiles(name, cpu_ms(cases, rules, boards)))
    print("legal_turns(...).next_steps(()) (a turn's first tap in the bot: the pure graph)")
    for name, cases in sets.items():
        print(percentiles(name, cpu_ms(cases, rules, first_steps)))
    start = time.process_time()
    summary = play_random_games(200, *seeded_sources(args.seed), rules)
    elapsed = time.process_time() - start
    print(f"selfplay: {summary.games / elapsed:.1f} games per CPU second ({summary.games} games)")
    if args.profile:
        profile([case for cases in sets.values() for case in cases][::10], rules)
    print(clock.summary())


if __name__ == "__main__":
    main()
