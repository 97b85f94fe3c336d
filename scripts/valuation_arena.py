"""What valuing the house rules wins: the Expert's 1-ply stage valuing the game's ends as the
rules score them, against the same stage valuing every end as the classic rules do (win 1,
mars 2, no koks, home mars or last-roll draw), in paired games on the same dice, sides swapped.

Usage: python scripts/valuation_arena.py --pairs 2000 [--scoring extended] [--last-roll]
[--seed 1] [--workers 2]
Both players see the same network (with the bear-off and race tables) and the same legal turns;
only `Stakes` differs. Prints the valued player's points per game and the share of points it
takes, with 95% intervals over the pairs, then the CPU time (this process and the workers, once
the pool has shut down) and the wall time. Left out: start-up and imports. The 2-ply search is
left out too (about forty times the cost), so this measures the valuation, not the Expert.
"""

from __future__ import annotations

import argparse
import math
import statistics
from concurrent.futures import ProcessPoolExecutor

from cpu_wall import RunClock

from nardy.ai import Level, init_worker
from nardy.ai.duel import duel
from nardy.ai.expert import expert_chances
from nardy.ai.search import one_ply
from nardy.ai.valuation import Stakes
from nardy.color import Color
from nardy.movegen import legal_turns
from nardy.position import Position
from nardy.rules import Rules, Scoring
from nardy.steps import Step

VALUED, CLASSIC = Level.EXPERT, Level.MEDIUM  # the two players, as `duel` names its sides


def play(
    position: Position, dice: tuple[int, int], rules: Rules, level: Level, seed: int
) -> tuple[Step, ...]:
    """The 1-ply choice, valued under `rules` for `VALUED` and as classic for `CLASSIC`."""
    legal = legal_turns(position, dice, rules)
    if legal.passes:
        return ()
    stakes = Stakes.of(rules if level is VALUED else Rules())
    return one_ply(position, legal.turns, expert_chances, stakes)[0].turn.steps


def pair(args: tuple[Rules, int]) -> float:
    """The valued player's points over both games of one pair (a draw is 0)."""
    rules, seed = args
    points = 0.0
    for white, black in ((VALUED, CLASSIC), (CLASSIC, VALUED)):
        result = duel(white, black, rules, seed, choose=play).result
        if result.winner is not None:
            valued = Color.WHITE if white is VALUED else Color.BLACK
            points += result.points if result.winner is valued else -result.points
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--scoring", type=Scoring, default=Scoring.EXTENDED)
    parser.add_argument("--last-roll", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rules = Rules(scoring=args.scoring, last_roll=args.last_roll)
    clock = RunClock()
    work = [(rules, args.seed * 1_000_003 + n) for n in range(args.pairs)]
    with ProcessPoolExecutor(args.workers, initializer=init_worker) as pool:
        points = list(pool.map(pair, work, chunksize=8))
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
