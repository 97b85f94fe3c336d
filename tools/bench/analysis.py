"""Benchmark the Expert's review of whole games (`nardy.ai.analysis`, `python -m nardy analyse`).

Usage: python -m tools.bench.analysis [--games N] [--first expert] [--second medium]
                                       [--game long|short] [--cube]

Plays N games on fair dice, the first level White and the second Black (a weaker side makes
more mistakes, whose candidates the review values 2-ply), short nardy's with the doubling cube
when asked (each side doubling and answering at its level), and reviews each game's record in
this process, one core. Prints, per game, its turns, decisions (turns and cube decisions),
turns valued 2-ply and the review's CPU and wall time; then the median and max CPU a game and
a 90-turn game's CPU at the median rate. Goal (issue 40): a 90-turn game in <= 10 s of one
core. Left out: playing the games (in the whole run's time only), reading the record file, and
loading the network and tables (done before, as the bot's AI workers do at start-up, with one
BLAS thread).
"""

from __future__ import annotations

import argparse
import statistics
import time

from nardy.ai import Level, init_worker
from nardy.ai.analysis import analyse
from nardy.fair import FairDice
from nardy.long_variant import LONG
from nardy.rules import Rules
from nardy.transcript import Transcript, from_game
from nardy.variant import Variant
from nardy.variants import VARIANTS, find_variant
from tools.clock import RunClock


def play(
    seed: int, levels: tuple[Level, Level], variant: Variant = LONG, cube: bool = False
) -> Transcript:
    """One game of `variant` on the fair dice of `seed`, `levels` by colour, as a record."""
    key = seed.to_bytes(32, "big")
    dice = FairDice(key, f"bench-{seed}", "mix")
    rules = variant.rules_from(Rules(), cube)
    opening, game = variant.new_game(rules, dice)
    while not game.over:
        if game.dice is None:
            if game.may_double() and variant.wants_double(game, levels[game.to_move]):
                offered = game.double()
                taking = variant.takes(offered, levels[game.to_move.opponent])
                game = offered.take() if taking else offered.drop()
                continue
            game = game.with_roll(dice.roll())
        assert game.dice is not None
        level = levels[game.to_move]
        steps = variant.choose_turn(game.position, game.dice, rules, level, len(game.history), None)
        game = game.play_turn(steps) if steps else game.pass_turn()
    names = (levels[0].value, levels[1].value)
    return from_game(game, opening, names, game_id=f"bench-{seed}", seed=key, mix="mix")


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench.analysis", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--first", type=Level, default=Level.EXPERT)
    parser.add_argument("--second", type=Level, default=Level.MEDIUM)
    parser.add_argument("--game", choices=[v.key for v in VARIANTS], default="long")
    parser.add_argument("--cube", action="store_true", help="short nardy with the doubling cube")
    args = parser.parse_args()
    variant = find_variant(args.game)
    if args.cube and not variant.facing:  # the cube is short nardy's (RULES.md §9)
        parser.error(f"--cube: {variant.name} is played without the doubling cube")
    init_worker()  # one BLAS thread and the tables loaded, as the bot's AI workers
    clock = RunClock()
    levels = (args.first, args.second)
    records = [play(seed, levels, variant, args.cube) for seed in range(args.games)]
    per_turn, cpus = [], []
    for n, record in enumerate(records):
        cpu, wall = time.process_time(), time.perf_counter()
        review = analyse(record)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        deep = sum(t.plies == 2 for t in review.turns)
        turns = len(record.turns)
        print(
            f"game {n}: {turns} turns, {len(review.turns)} turns with a choice and"
            f" {len(review.cubes)} cube decisions, {deep} valued 2-ply;"
            f" CPU {cpu:.2f} s, wall {wall:.2f} s"
        )
        cpus.append(cpu)
        per_turn.append(cpu / turns)
    print(
        f"CPU a game: median {statistics.median(cpus):.2f} s, max {max(cpus):.2f} s;"
        f" a 90-turn game at the median rate: {90 * statistics.median(per_turn):.2f} s"
    )
    print(clock.summary())


if __name__ == "__main__":
    main()
