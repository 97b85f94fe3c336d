"""How long-nardy games end between equal players: the share won with each number of points,
and drawn, under a scoring scale and the last-roll option; the source of
`nardy.ai.match_equity.OUTCOMES`.

Usage: python -m tools.research.outcomes --one-ply --games 3000 [--level expert]
[--scoring extended] [--last-roll] [--seed 1] [--workers 2]
One level plays itself on seeded dice (`tools.research.duel`; White moves first, which the
last-roll draw depends on, as in a real game after the opening roll). `--one-ply` plays the Expert's
first stage only: its network (with the bear-off database) picks the best turn 1-ply, valued
under the rules; about forty times faster than the whole Expert. The last column is what
`OUTCOMES` holds: a win's share for each side (half its share of all games, the colours being
even over a match), and the draws' share of all games. Prints each share with its 95%
interval, then the CPU time (this process and the workers, once the pool has shut down) and
the wall time. Left out: start-up and imports.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import partial

from nardy.ai import Level, choose_turn
from nardy.ai.valuation import Stakes
from nardy.position import Position
from nardy.rules import Rules, Scoring
from nardy.steps import Step
from tools.clock import RunClock
from tools.research.duel import duel
from tools.research.one_ply_runs import one_ply_turn, parser, rules_of, run_seeded


def expert_one_ply(
    position: Position, dice: tuple[int, int], rules: Rules, level: Level, seed: int
) -> tuple[Step, ...]:
    """The Expert's 1-ply choice (`level` and `seed` are not used: it is deterministic)."""
    return one_ply_turn(position, dice, rules, Stakes.of(rules))


def points_of(level: Level, fast: bool, rules: Rules, seed: int) -> int:
    """One self-play game: its points, 0 for a draw."""
    choose = expert_one_ply if fast else choose_turn
    return duel(level, level, rules, seed, choose=choose).result.points


def main() -> None:
    options = parser("tools.research.outcomes", __doc__, Scoring.CLASSIC)
    options.add_argument("--level", type=Level, default=Level.EXPERT)
    options.add_argument("--one-ply", action="store_true", help="the Expert's 1-ply stage")
    options.add_argument("--games", type=int, default=3000)
    args = options.parse_args()
    rules = rules_of(args)
    clock = RunClock()
    play = partial(points_of, args.level, args.one_ply, rules)
    counts = Counter(run_seeded(play, args.games, args))
    player = "the Expert's 1-ply stage" if args.one_ply else args.level.value
    print(f"{args.games} games, {player} against itself, {rules.to_dict()}")
    for points in sorted(counts):
        share = counts[points] / args.games
        half = 1.96 * math.sqrt(share * (1 - share) / args.games)
        label = "draw" if points == 0 else f"{points} point{'s' if points > 1 else ''}"
        kept = share if points == 0 else share / 2
        print(f"  {label:9} {share:.4f} ± {half:.4f}  ({counts[points]} games)  {kept:.5f}")
    print(clock.summary())


if __name__ == "__main__":
    main()
