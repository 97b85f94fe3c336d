"""Dice luck in arena games: do a level's losses come from the dice?

Usage: python -m tools.research.luck expert medium --pairs 500 --seed 5 [--start 0] [--workers 2]
Plays the arena's games (`tools.research.arena`: the same pairs of the seed, the same levels) and
adds up each side's luck over every game (`nardy.ai.luck`: the 1-ply equity of the best turn on
the roll less its mean over the 36 rolls, by the Expert's evaluation). For the first level's
wins and its losses apart it prints how many there were; the median over those games of its
luck less the other side's; the share of games where its luck was the lower; and the share with
one roll of its own whose luck was -0.5 or worse (a roll that costs a quarter of a game's win
chance, or more). The whole run's CPU and wall time close it.
A draw would count among the losses; there are none but under the last-roll option, which the
arena does not play. Left out: luck's own limit. It is measured by the evaluation the Expert
plays by, so where the network misjudges a position its error counts as luck.
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from nardy.ai import Level, init_worker
from nardy.ai.luck import luck
from nardy.color import Color
from nardy.position import Position
from nardy.rules import Rules
from tools.clock import RunClock
from tools.research.arena import add_pair_arguments, pair_seeds
from tools.research.duel import duel

BAD_ROLL = -0.5  # a roll this unlucky or worse counts as one that broke the game


@dataclass(frozen=True, slots=True)
class GameLuck:
    """One game as the first level saw it: whether it won, its luck less the other side's,
    and the luck of its unluckiest roll."""

    won: bool
    luck_lead: float
    worst_roll: float


def play_pair(args: tuple[Level, Level, int]) -> list[GameLuck]:
    """Both games of a pair, the first level White and then Black, on the same dice."""
    first, second, seed = args
    return [
        play_game(first, second, seed, Color.WHITE),
        play_game(second, first, seed, Color.BLACK),
    ]


def play_game(white: Level, black: Level, seed: int, first_color: Color) -> GameLuck:
    """One game of the arena's on `seed`, with the luck of every roll of both sides added up."""
    rules = Rules()
    totals = {Color.WHITE: 0.0, Color.BLACK: 0.0}
    worst = 0.0

    def observe(position: Position, dice: tuple[int, int]) -> None:
        nonlocal worst
        roll_luck = luck(position, dice, rules)
        totals[position.to_move] += roll_luck
        if position.to_move == first_color:
            worst = min(worst, roll_luck)

    result = duel(white, black, rules, seed, observe=observe).result
    lead = totals[first_color] - totals[first_color.opponent]
    return GameLuck(result.winner == first_color, lead, worst)


def report(name: str, games: list[GameLuck]) -> str:
    """One line on the first level's wins or its losses."""
    if not games:
        return f"{name}: none"
    below = sum(g.luck_lead < 0 for g in games) / len(games)
    bad = sum(g.worst_roll <= BAD_ROLL for g in games) / len(games)
    median = statistics.median(g.luck_lead for g in games)
    return (
        f"{name}: {len(games)}; luck less the other side's, median {median:+.2f};"
        f" lower in {100 * below:.0f}%; a roll of {BAD_ROLL} or worse in {100 * bad:.0f}%"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.research.luck", description=__doc__.splitlines()[0]
    )
    add_pair_arguments(parser)
    args = parser.parse_args()
    jobs = [(args.first, args.second, seed) for seed in pair_seeds(args)]
    clock = RunClock()
    with ProcessPoolExecutor(args.workers, initializer=init_worker) as pool:
        games = [game for pair in pool.map(play_pair, jobs) for game in pair]
    print(f"{args.first.value} vs {args.second.value}: {len(games)} games ({args.pairs} pairs)")
    print(report("wins", [g for g in games if g.won]))
    print(report("losses", [g for g in games if not g.won]))
    print(clock.summary())


if __name__ == "__main__":
    main()
