"""What valuing the house rules wins: the Expert's 1-ply stage valuing the game's ends as the
rules score them, against the same stage valuing every end as the classic rules do (win 1,
mars 2, no koks, home mars or last-roll draw), in paired games on the same dice, sides swapped.

Usage: python -m tools.research.valuation_arena --pairs 2000 [--scoring extended] [--last-roll]
[--seed 1] [--workers 2]
Both players see the same network (with the bear-off and race tables) and the same legal turns;
only `Stakes` differs. Prints the valued player's points per game and the share of points it
takes, with 95% intervals over the pairs, then the CPU time (this process and the workers, once
the pool has shut down) and the wall time. Left out: start-up and imports. The 2-ply search is
left out too (about forty times the cost), so this measures the valuation, not the Expert.
"""

from __future__ import annotations

import math
import statistics
from functools import partial

from nardy.ai import Level
from nardy.ai.valuation import Stakes
from nardy.color import Color
from nardy.position import Position
from nardy.rules import Rules, Scoring
from nardy.steps import Step
from tools.clock import RunClock
from tools.research.duel import duel
from tools.research.one_ply_runs import one_ply_turn, parser, rules_of, run_seeded

VALUED, CLASSIC = Level.EXPERT, Level.MEDIUM  # the two players, as `duel` names its sides


def play(
    position: Position, dice: tuple[int, int], rules: Rules, level: Level, seed: int
) -> tuple[Step, ...]:
    """The 1-ply choice, valued under `rules` for `VALUED` and as classic for `CLASSIC`."""
    return one_ply_turn(position, dice, rules, Stakes.of(rules if level is VALUED else Rules()))


def pair(rules: Rules, seed: int) -> float:
    """The valued player's points over both games of one pair (a draw is 0)."""
    points = 0.0
    for white, black in ((VALUED, CLASSIC), (CLASSIC, VALUED)):
        result = duel(white, black, rules, seed, choose=play).result
        if result.winner is not None:
            valued = Color.WHITE if white is VALUED else Color.BLACK
            points += result.points if result.winner is valued else -result.points
    return points


def main() -> None:
    options = parser("tools.research.valuation_arena", __doc__, Scoring.EXTENDED)
    options.add_argument("--pairs", type=int, default=2000)
    args = options.parse_args()
    rules = rules_of(args)
    clock = RunClock()
    points = run_seeded(partial(pair, rules), args.pairs, args)
    mean = statistics.fmean(points) / 2
    half = 1.96 * statistics.stdev(points) / 2 / math.sqrt(len(points))
    print(f"{args.pairs} pairs under {rules.to_dict()}")
    print(f"  the valued player: {mean:+.4f} ± {half:.4f} points per game")
    print(
        f"  pairs it won on points {sum(p > 0 for p in points)}, lost {sum(p < 0 for p in points)}"
    )
    print(clock.summary())


if __name__ == "__main__":
    main()
