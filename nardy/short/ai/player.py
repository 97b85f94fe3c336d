"""The short-nardy bot's turn for each level (RULES.md §9).

Easy scores every turn with the static evaluation and adds noise, so it often misses the best
play; Medium plays the static evaluation's best 1-ply turn; Hard the learned network's best
1-ply turn; the Expert searches the network's best few 2-ply (`nardy.short.ai.expert`) and
gives the hints. Arguments are plain picklable values, so the bot can call this in a
process pool (`nardy.ai.init_worker` loads the bear-off database it reads); a `seed` makes
Easy's noise reproducible (the other levels do not draw).
"""

from __future__ import annotations

import random

from nardy.ai.levels import Level
from nardy.ai.network import Network
from nardy.ai.player import Candidate, Hint
from nardy.short.ai.expert import expert_ranking
from nardy.short.ai.search import one_ply
from nardy.short.movegen import legal_turns
from nardy.short.notation import Step
from nardy.short.position import Position
from nardy.short.rules import ShortRules

SHORT_LEVELS: tuple[Level, ...] = (Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT)

EASY_NOISE = 0.3  # Easy adds Gaussian noise of this spread (in points) to each turn's equity


def choose_turn(
    position: Position,
    dice: tuple[int, int],
    rules: ShortRules,
    level: Level,
    seed: int | None = None,
    net: Network | None = None,
) -> tuple[Step, ...]:
    """The steps `level` plays with `dice` for the side to move in `position`; `()` when the
    turn passes. Always one of `legal_turns(position, dice, rules)`'s turns. `net` is the
    network of Hard and the Expert (the shipped one by default; the arena weighs another
    against it)."""
    level = Level(level)  # a stored plain string works too
    if level not in SHORT_LEVELS:
        raise ValueError(f"level {level.value!r} is not available in short nardy")
    legal = legal_turns(position, dice, rules)
    if legal.passes:
        return ()
    if len(legal.turns) == 1:
        return legal.turns[0].steps
    if level in (Level.HARD, Level.EXPERT):
        searched = level is Level.EXPERT
        return expert_ranking(position, legal.turns, rules, net, searched)[0].turn.steps
    ranked = one_ply(legal.turns)
    if level is Level.EASY:
        rng = random.Random(seed)
        return max(ranked, key=lambda s: s.equity + rng.gauss(0.0, EASY_NOISE)).turn.steps
    return ranked[0].turn.steps


def hint(position: Position, dice: tuple[int, int], rules: ShortRules, top: int = 3) -> Hint:
    """The Expert's analysis of `dice`: the best turn and up to `top` candidates, with the
    mover's cubeless equity after each (1- or 2-ply: the order decides)."""
    legal = legal_turns(position, dice, rules)
    if legal.passes:
        return Hint((), ())
    ranked = expert_ranking(position, legal.turns, rules)
    candidates = tuple(Candidate(v.turn.steps, v.equity, v.win) for v in ranked[:top])
    return Hint(candidates[0].steps, candidates)
