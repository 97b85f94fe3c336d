"""Benchmark short nardy's legal-turn generation (RULES.md §9), as the AI, CLI and bot pay for it.

The headline is `legal_turns(position, dice).turns` (the search plus a `Position` per distinct
result), timed per (position, roll) in this process's CPU time, over four sets printed with
their sizes: positions of seeded random games with all 21 rolls; the positions of those games
with a checker of the side to move on the bar, with all 21 rolls; the (position, roll) pairs of
the first set in which some legal turn hits; and the contact positions (both sides on the points
past each other) with 3-3, 4-4, 5-5 and 6-6, the heaviest rolls. `step_sequences()` (no positions
built) is timed too, for comparison. Left out: start-up, building the position sets, and garbage
collection pauses between cases.
Run: python scripts/bench_short_movegen.py [--games 40] [--every 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import random

from bench_movegen import cpu_ms, percentiles
from cpu_wall import RunClock

from nardy.short.movegen import legal_turns
from nardy.short.position import Position
from nardy.short.rules import ShortRules
from nardy.short.selfplay import random_game_positions

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
HEAVY_DOUBLES = [(3, 3), (4, 4), (5, 5), (6, 6)]

Case = tuple[Position, tuple[int, int]]


def turns(position: Position, dice: tuple[int, int], rules: ShortRules) -> object:
    """What the AI, CLI and bot pay for: every legal turn with its resulting position."""
    return legal_turns(position, dice, rules).turns


def sequences(position: Position, dice: tuple[int, int], rules: ShortRules) -> object:
    """The search alone: one step sequence per resulting position, no positions built."""
    return legal_turns(position, dice, rules).step_sequences()


def hits(case: Case) -> bool:
    """Does some legal turn of the case hit?"""
    position, dice = case
    opponent = position.to_move.opponent
    return any(
        t.result.bar[opponent] > position.bar[opponent] for t in legal_turns(position, dice).turns
    )


def contact(position: Position) -> bool:
    """Both sides still have checkers to pass each other: White's highest point is above
    Black's lowest in absolute numbers, or someone is on the bar."""
    white = [i for i, n in enumerate(position.points) if n > 0]
    black = [i for i, n in enumerate(position.points) if n < 0]
    return bool(any(position.bar) or (white and black and max(white) > min(black)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="seeded random games")
    parser.add_argument("--every", type=int, default=4, help="keep every k-th position of them")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    clock = RunClock()
    played = random_game_positions(args.games, random.Random(args.seed))
    random_set = [(p, d) for p in played[:: args.every] for d in ROLLS]
    on_bar = [p for p in played if p.bar[p.to_move]]
    sets = {
        "random games": random_set,
        "bar entries": [(p, d) for p in on_bar for d in ROLLS],
        "hits": [case for case in random_set if hits(case)],
        "heavy doubles": [(p, d) for p in played if contact(p) for d in HEAVY_DOUBLES],
    }
    print("position sets (CPU time per position and roll):")
    print(
        f"  random games:  {len(random_set) // 21} positions (every {args.every}th of"
        f" {len(played)} positions of {args.games} seeded random games) x 21 rolls"
    )
    print(
        f"  bar entries:   {len(on_bar)} of those games' positions with the mover on the bar x 21"
    )
    print("  hits:          the random-games cases in which some legal turn hits")
    print(
        "  heavy doubles: every contact position of those games x "
        + ", ".join(f"{a}-{b}" for a, b in HEAVY_DOUBLES)
    )
    print("legal_turns(...).turns (headline: what the AI, CLI and bot pay)")
    every_time: list[float] = []
    for name, cases in sets.items():
        times = cpu_ms(cases, ShortRules(), turns)
        every_time += times
        print(percentiles(name, times))
    print(percentiles("all sets", every_time))
    print("legal_turns(...).step_sequences() (the search alone, for comparison)")
    for name, cases in sets.items():
        print(percentiles(name, cpu_ms(cases, ShortRules(), sequences)))
    print(clock.summary())


if __name__ == "__main__":
    main()
