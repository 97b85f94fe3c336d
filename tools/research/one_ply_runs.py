"""What `tools.research.outcomes` and `tools.research.valuation_arena` share: the Expert's
1-ply choice under given stakes, their rules and pool options, and seeded games run on a pool of
AI workers."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

from nardy.ai import init_worker
from nardy.ai.expert import expert_chances
from nardy.ai.search import one_ply
from nardy.ai.valuation import Stakes
from nardy.movegen import legal_turns
from nardy.position import Position
from nardy.rules import Rules, Scoring
from nardy.steps import Step

T = TypeVar("T")


def one_ply_turn(
    position: Position, dice: tuple[int, int], rules: Rules, stakes: Stakes
) -> tuple[Step, ...]:
    """The turn the Expert's network (with the bear-off and race tables) values best 1-ply."""
    legal = legal_turns(position, dice, rules)
    if legal.passes:
        return ()
    return one_ply(position, legal.turns, expert_chances, stakes)[0].turn.steps


def parser(module: str, doc: str, scoring: Scoring) -> argparse.ArgumentParser:
    """A parser of the tool `module` (run as `python -m module`) with the rules' options
    (`scoring` by default) and the run's seed and workers."""
    parsed = argparse.ArgumentParser(prog=f"python -m {module}", description=doc.splitlines()[0])
    parsed.add_argument("--scoring", type=Scoring, default=scoring)
    parsed.add_argument("--last-roll", action="store_true")
    parsed.add_argument("--seed", type=int, default=1)
    parsed.add_argument("--workers", type=int, default=2)
    return parsed


def rules_of(args: argparse.Namespace) -> Rules:
    return Rules(scoring=args.scoring, last_roll=args.last_roll)


def run_seeded(play: Callable[[int], T], count: int, args: argparse.Namespace) -> list[T]:
    """`play` for `count` seeds drawn from `--seed`, on `--workers` workers set up as the bot's."""
    seeds = [args.seed * 1_000_003 + n for n in range(count)]
    with ProcessPoolExecutor(args.workers, initializer=init_worker) as pool:
        return list(pool.map(play, seeds, chunksize=8))
