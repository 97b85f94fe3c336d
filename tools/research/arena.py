"""Arena: paired games between two AI levels on the same dice with sides swapped.

Usage: python -m tools.research.arena medium easy --pairs 500 [--seed 1] [--start 0] [--workers 2]
[--every 50] [--variant short [--cube]] [--weights FILE] [--against FILE] [--against-shallow];
--start skips that many pairs of the seed's sequence, to extend an earlier run. `--weights` gives
the first level, an Expert, the network in FILE (a training run's), `--against` the second level's
(else each plays the shipped one): `python -m tools.research.arena expert expert --weights
training/td_v5.npz` decides whether new weights replace the shipped ones, and `--against
training/td_v1.npz` weighs them against the first trained net. `--against-shallow` takes the second
Expert's deep look away (`nardy.ai.expert`): with `--against training/td_v1.npz`, that is the Expert
as it was before the deep look and the later nets.
`--variant short` plays short nardy (`nardy.short.ai`), `--cube` with the doubling cube on
(each level doubling and answering doubles by its own rule); there `--weights` and `--against`
give Hard's or the Expert's network (the cube reads the shipped one).
Prints the first level's win rate and points per game with 95% intervals over the pairs,
every --every pairs and at the end, each line with the wall time so far and the CPU and wall
time per move; the whole run's CPU time (this process and the workers, once the pool has shut
down) and wall time close it.
Workers are set up like the bot's (`nardy.ai.init_worker`: one BLAS thread, tables loaded).
Left out: this process's start-up and imports (the workers' own start-up counts: it is part of
the run); the time per move counts each game's moves of both levels together, playing included.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from nardy.ai import Level, choose_turn, init_worker
from nardy.ai.network import Network
from nardy.position import Position
from nardy.rules import Rules
from nardy.short import ShortRules
from nardy.short.ai import choose_turn as short_choose_turn
from nardy.short.notation import Step as ShortStep
from nardy.short.position import Position as ShortPosition
from nardy.steps import Step
from tools.clock import RunClock
from tools.research.duel import Chooser, DuelResult, duel
from tools.research.short_duel import Chooser as ShortChooser
from tools.research.short_duel import duel as short_duel

Pair = tuple[float, float, int, float, float]  # wins, points, moves, CPU s, wall s


@dataclass(frozen=True, slots=True)
class Experts:
    """How the two levels play when they are Experts: the first and second level's network
    files (None: the shipped one), and whether the second looks deep."""

    weights: str | None = None
    against: str | None = None
    against_deep: bool = True


@cache
def network(weights: str) -> Network:
    """The weights in a file, loaded once per worker."""
    return Network.load(Path(weights))


def chooser(experts: Experts, first_color: int) -> Chooser:
    """`choose_turn`, as `experts` says for the first level on the side of `first_color` and
    for the second on the other."""

    def choose(
        position: Position, dice: tuple[int, int], rules: Rules, level: Level, seed: int
    ) -> tuple[Step, ...]:
        first = position.to_move == first_color
        mine = experts.weights if first else experts.against
        net = None if mine is None else network(mine)
        deep = first or experts.against_deep
        return choose_turn(position, dice, rules, level, seed, net=net, deep=deep)

    return choose


def short_chooser(experts: Experts, first_color: int) -> ShortChooser:
    """Short nardy's `choose_turn`, each side with its network as `experts` says (Hard's and the
    Expert's; the shipped one where none is given)."""

    def choose(
        position: ShortPosition, dice: tuple[int, int], rules: ShortRules, level: Level, seed: int
    ) -> tuple[ShortStep, ...]:
        mine = experts.weights if position.to_move == first_color else experts.against
        net = None if mine is None else network(mine)
        return short_choose_turn(position, dice, rules, level, seed, net=net)

    return choose


def play(
    white: Level, black: Level, seed: int, variant: str, cube: bool, experts: Experts, first: int
) -> DuelResult:
    """One game of the variant, the first level playing `first`'s side."""
    if variant == "short":
        choose = short_chooser(experts, first)
        return short_duel(white, black, ShortRules(cube=cube), seed, choose=choose)
    return duel(white, black, Rules(), seed, choose=chooser(experts, first))


def play_pair(args: tuple[Level, Level, int, str, bool, Experts]) -> Pair:
    """Both games of one pair: the first level's (wins, points) summed over the two games, the
    moves played and the CPU and wall seconds they took."""
    first, second, seed, variant, cube, experts = args
    wins = points = 0.0
    moves = 0
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    for white, black, first_color in ((first, second, 0), (second, first, 1)):
        played = play(white, black, seed, variant, cube, experts, first_color)
        result, moves = played.result, moves + played.turns
        if result.winner is None:
            wins += 0.5
        elif result.winner == first_color:
            wins += 1
            points += result.points
        else:
            points -= result.points
    return wins, points, moves, time.process_time() - start_cpu, time.perf_counter() - start_wall


def named(level: Level, weights: str | None, deep: bool = True) -> str:
    """A level as the report names it, with its network's file if one was given."""
    notes = ([] if weights is None else [Path(weights).name]) + ([] if deep else ["shallow"])
    return level.value if not notes else f"{level.value} ({', '.join(notes)})"


def interval(samples: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal interval."""
    mean = statistics.fmean(samples)
    spread = statistics.stdev(samples) if len(samples) > 1 else 0.0
    return mean, 1.96 * spread / math.sqrt(len(samples))


def add_pair_arguments(parser: argparse.ArgumentParser) -> None:
    """The two levels, which of the seed's pairs they play and on how many processes: the
    arena's arguments that the tools replaying its games (`tools.research.luck`) share."""
    parser.add_argument("first", type=Level)
    parser.add_argument("second", type=Level)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="index of the first pair")
    parser.add_argument("--workers", type=int, default=2)


def pair_seeds(args: argparse.Namespace) -> range:
    """The dice seed of each pair `add_pair_arguments` asked for."""
    first = args.seed * 1_000_003 + args.start
    return range(first, first + args.pairs)


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.research.arena", description=__doc__.splitlines()[0]
    )
    add_pair_arguments(parser)
    parser.add_argument("--every", type=int, default=50)
    parser.add_argument("--variant", choices=("long", "short"), default="long")
    parser.add_argument("--cube", action="store_true", help="short nardy with the doubling cube")
    parser.add_argument("--weights", help="the first level's network (an Expert's): an .npz file")
    parser.add_argument("--against", help="the second level's network, as --weights")
    parser.add_argument(
        "--against-shallow", action="store_true", help="the second Expert without the deep look"
    )
    args = parser.parse_args()
    if args.cube and args.variant != "short":
        parser.error("--cube is short nardy's option: add --variant short")
    for option, level, weights in (
        ("--weights", args.first, args.weights),
        ("--against", args.second, args.against),
    ):
        if weights is None:
            continue
        netted = (Level.HARD, Level.EXPERT) if args.variant == "short" else (Level.EXPERT,)
        if level not in netted:
            names = " or ".join(level.value for level in netted)
            parser.error(f"{option} is a network's: its level must be {names}")
        try:
            network(weights)
        except (OSError, KeyError, ValueError) as error:
            parser.error(f"cannot load {option} {weights}: {error}")
    if args.against_shallow and (args.second is not Level.EXPERT or args.variant != "long"):
        parser.error("--against-shallow is the long game's Expert's: its level must be expert")
    experts = Experts(args.weights, args.against, not args.against_shallow)
    jobs = [
        (args.first, args.second, seed, args.variant, args.cube, experts)
        for seed in pair_seeds(args)
    ]
    second = named(args.second, args.against, experts.against_deep)
    label = f"{named(args.first, args.weights)} vs {second}"
    clock = RunClock()
    start = time.monotonic()
    pairs: list[Pair] = []
    with ProcessPoolExecutor(args.workers, initializer=init_worker) as pool:
        for pair in pool.map(play_pair, jobs):
            pairs.append(pair)
            if len(pairs) % args.every == 0 or len(pairs) == args.pairs:
                report(label, pairs, time.monotonic() - start)
    print(clock.summary())


def report(label: str, pairs: list[Pair], seconds: float) -> None:
    """One summary line over the pairs played so far."""
    win_rate, win_err = interval([pair[0] / 2 for pair in pairs])
    ppg, ppg_err = interval([pair[1] / 2 for pair in pairs])
    moves = sum(pair[2] for pair in pairs)
    cpu, wall = (1000 * sum(pair[i] for pair in pairs) / moves for i in (3, 4))
    print(
        f"{label}: {2 * len(pairs)} games ({len(pairs)} pairs),"
        f" win rate {100 * win_rate:.1f}% ± {100 * win_err:.1f},"
        f" points/game {ppg:+.3f} ± {ppg_err:.3f}, {seconds:.0f} s wall;"
        f" per move {cpu:.1f} ms CPU, {wall:.1f} ms wall",
        flush=True,
    )


if __name__ == "__main__":
    main()
