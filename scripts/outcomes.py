"""How long-nardy games end between equal players: the share won with each number of points,
and drawn, under a scoring scale and the last-roll option; the source of
`nardy.ai.match_equity.OUTCOMES`.

Usage: python scripts/outcomes.py --one-ply --games 3000 [--level expert] [--scoring extended]
[--last-roll] [--seed 1] [--workers 2]
One level plays itself on seeded dice (`nardy.ai.duel`; White moves first, which the last-roll
draw depends on, as in a real game after the opening roll). `--one-ply` plays the Expert's
first stage only: its network (with the bear-off database) picks the best turn 1-ply, valued
under the rules; about forty times faster than the whole Expert. The last column is what
`OUTCOMES` holds: a win's share for each side (half its share of all games, the colours being
even over a match), and the draws' share of all games. Prints each share with its 95%
interval, then the CPU time (this process and the workers, once the pool has shut down) and
the wall time. Left out: start-up and imports.
"""

from __future__ import annotations

import argparse
import math
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from cpu_wall import RunClock

from nardy.ai import Level, choose_turn, init_worker
from nardy.ai.duel import duel
from nardy.ai.expert import expert_chances
from nardy.ai.search import one_ply
from nardy.ai.valuation import Stakes
from nardy.movegen import legal_turns
from nardy.position import Position
from nardy.rules import Rules, Scoring
from nardy.steps import Step


def expert_one_ply(
    position: Position, dice: tuple[int, int], rules: Rules, level: Level, seed: int
) -> tuple[Step, ...]:
    """The Expert's 1-ply choice (`level` and `seed` are not used: it is deterministic)."""
    legal = legal_turns(position, dice, rules)
    if legal.passes:
        return ()
    return one_ply(position, legal.turns, expert_chances, Stakes.of(rules))[0].turn.steps


def points_of(args: tuple[Level, bool, Rules, int]) -> int:
    """One self-play game: its points, 0 for a draw."""
    level, fast, rules, seed = args
    choose = expert_one_ply if fast else choose_turn
    return duel(level, level, rules, seed, choose=choose).result.points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=Level, default=Level.EXPERT)
    parser.add_argument("--one-ply", action="store_true", help="the Expert's 1-ply stage")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--scoring", type=Scoring, default=Scoring.CLASSIC)
    parser.add_argument("--last-roll", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rules = Rules(scoring=args.scoring, last_roll=args.last_roll)
    clock = RunClock()
    work = [
        (args.level, args.one_ply, rules, args.seed * 1_000_003 + game)
        for game in range(args.games)
    ]
    with ProcessPoolExecutor(args.workers, initializer=init_worker) as pool:
        counts = Counter(pool.map(points_of, work, chunksize=8))
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
