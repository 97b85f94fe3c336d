"""Benchmark short nardy's legal-turn generation (RULES.md §9), as the AI, CLI and bot pay for it.

The headline is `legal_turns(position, dice).turns` (the search plus a `Position` per distinct
result), timed per (position, roll) in this process's CPU time, over four sets printed with
their sizes: positions of seeded random games with all 21 rolls; the positions of those games
with a checker of the side to move on the bar, with all 21 rolls; the (position, roll) pairs of
the first set in which some legal turn hits; and the contact positions (both sides on the points
past each other) with 3-3, 4-4, 5-5 and 6-6, the heaviest rolls. `step_sequences()` (no positions
built) is timed too, for comparison. The compiled search (nardy/short/_movegen.c) is timed where
it is built; NARDY_PURE_PYTHON=1 times the pure Python one.

Then, on every k-th case of each set (`--compare-every`), the same cases three ways: the search
in use, the pure Python search (`LegalTurns(..., pure=True).turns`) and the brute-force
generator written from RULES.md alone (`testkit.short_reference.reference_legal`: the set of
legal results with one turn each, no `Position` objects), with the median over those cases of
each case's time ratio to the brute force (issue 39's goal: compiled ≤ 0.2×).

Left out: start-up, building the position sets, garbage-collection pauses between cases, and
for the brute force, building its `Board` from the position.
Run: python -m tools.bench.short_movegen [--games 40] [--every 4] [--seed 1]
[--compare-every 5]
"""

from __future__ import annotations

import argparse
import random
import statistics

from nardy.short.movegen import COMPILED, LegalTurns, legal_turns
from nardy.short.position import Position
from nardy.short.rules import ShortRules
from testkit.short_reference import Board, reference_legal
from testkit.short_selfplay import random_game_positions
from tools.bench.movegen import cpu_ms, percentiles
from tools.clock import RunClock

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
HEAVY_DOUBLES = [(3, 3), (4, 4), (5, 5), (6, 6)]

Case = tuple[Position, tuple[int, int]]


def turns(position: Position, dice: tuple[int, int], rules: ShortRules) -> object:
    """What the AI, CLI and bot pay for: every legal turn with its resulting position."""
    return legal_turns(position, dice, rules).turns


def sequences(position: Position, dice: tuple[int, int], rules: ShortRules) -> object:
    """The search alone: one step sequence per resulting position, no positions built."""
    return legal_turns(position, dice, rules).step_sequences()


def pure_turns(position: Position, dice: tuple[int, int], rules: ShortRules) -> object:
    """`turns` by the pure Python search, whether or not the compiled one is built."""
    return LegalTurns(position, dice, rules, pure=True).turns


def brute_force(case: tuple[Board, int], dice: tuple[int, int], rules: ShortRules) -> object:
    """The brute-force reference's legal results (its `Board` built beforehand)."""
    board, mover = case
    return reference_legal(board, mover, dice, rules.higher_die_rule)


def compare(name: str, cases: list[Case], rules: ShortRules) -> tuple[list[float], ...]:
    """Time the search in use, the pure one and the brute force on `cases`; print the medians
    in µs and the median per-case ratios to the brute force. The three lists of ms."""
    fast = cpu_ms(cases, rules, turns)
    pure = cpu_ms(cases, rules, pure_turns)
    boards = [((Board(p.points, p.bar, p.off), int(p.to_move)), d) for p, d in cases]
    brute = cpu_ms(boards, rules, brute_force)
    print(summary(name, fast, pure, brute))
    return fast, pure, brute


def summary(name: str, fast: list[float], pure: list[float], brute: list[float]) -> str:
    def ratio(times: list[float]) -> float:
        return statistics.median(t / b for t, b in zip(times, brute, strict=True) if b > 0)

    def us(times: list[float]) -> str:
        return f"{1000 * statistics.median(times):8.1f}"

    return (
        f"  {name:<15} {us(fast)} {us(pure)} {us(brute)}"
        f"   {ratio(fast):6.3f}x  {ratio(pure):6.3f}x  ({len(fast)} cases)"
    )


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
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench.short_movegen", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=int, default=40, help="seeded random games")
    parser.add_argument("--every", type=int, default=4, help="keep every k-th position of them")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--compare-every", type=int, default=5, help="time every k-th case three ways"
    )
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
    search = "compiled (nardy/short/_movegen.c)" if COMPILED else "pure Python"
    print("search:", search)
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
    print(
        f"the same cases three ways, every {args.compare_every}th of each set: median CPU µs of"
        f" turns by the search in use ({'compiled' if COMPILED else 'pure'}), the pure Python"
        " search, the brute force; median per-case time ratio to the brute force"
    )
    print(f"  {'set':<15} {'in use':>8} {'pure':>8} {'brute':>8}   {'in use':>7}  {'pure':>7}")
    pooled: tuple[list[float], ...] = ([], [], [])
    for name, cases in sets.items():
        for whole, part in zip(
            pooled, compare(name, cases[:: args.compare_every], ShortRules()), strict=True
        ):
            whole += part
    print(summary("all sets", *pooled))
    print(clock.summary())


if __name__ == "__main__":
    main()
