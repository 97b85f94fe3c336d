"""The AI's public entry points: the turn a level plays, and a hint for a human.

Arguments are plain picklable values, so the bot can call these in a process pool; a given
`seed` makes the choice reproducible.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from nardy.ai.easy import random_steps
from nardy.ai.expert import expert_ranking
from nardy.ai.heuristic import heuristic_chances
from nardy.ai.levels import Level
from nardy.ai.network import Network
from nardy.ai.search import Scored, one_ply, two_ply
from nardy.ai.valuation import Stakes
from nardy.movegen import LegalTurns, legal_turns
from nardy.position import Position
from nardy.rules import Rules
from nardy.steps import Step

AVAILABLE_LEVELS: tuple[Level, ...] = (Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT)

MEDIUM_SLIP = 0.2  # Medium settles for a weaker candidate about one turn in five
MEDIUM_SLIP_RANKS = 3  # ... picked among the next few best
HARD_CANDIDATES = 6  # Hard checks this many 1-ply best turns against every reply


@dataclass(frozen=True, slots=True)
class Candidate:
    """A turn with the mover's equity after it (expected points in a single game, the
    points-scaled change in match-winning chance in a match; `nardy.ai.valuation`) and win
    chance."""

    steps: tuple[Step, ...]
    equity: float
    win: float


@dataclass(frozen=True, slots=True)
class Hint:
    """The best turn and the top candidates, best first; both empty when the turn passes.
    Equities come from searches of different depths (`expert_ranking`): the order decides."""

    best: tuple[Step, ...]
    candidates: tuple[Candidate, ...]


def choose_turn(
    position: Position,
    dice: tuple[int, int],
    rules: Rules,
    level: Level,
    seed: int | None = None,
    away: tuple[int, int] | None = None,
    net: Network | None = None,
    deep: bool = True,
) -> tuple[Step, ...]:
    """The steps `level` plays with `dice`; `()` when the turn passes. In a match, `away` is
    the points the mover still needs to win it, then his opponent's; `net` is the Expert's
    network (the shipped one by default; the arena weighs another against it), `deep` its
    deep look (`nardy.ai.expert`; the arena turns it off to weigh the Expert as it was)."""
    level = Level(level)  # a stored plain string works too
    if level not in AVAILABLE_LEVELS:
        raise ValueError(f"level {level.value!r} is not available yet")
    legal = legal_turns(position, dice, rules)
    if legal.passes:
        return ()
    rng = random.Random(seed)
    if level is Level.EASY:
        return random_steps(legal, rng)
    if len(legal.turns) == 1:
        return legal.turns[0].steps
    ranked = _ranking(position, legal, Stakes.of(rules, away), level, net, deep)
    if level is Level.MEDIUM and rng.random() < MEDIUM_SLIP:
        return rng.choice(ranked[1 : 1 + MEDIUM_SLIP_RANKS]).turn.steps
    return ranked[0].turn.steps


def _ranking(
    position: Position,
    legal: LegalTurns,
    stakes: Stakes,
    level: Level,
    net: Network | None = None,
    deep: bool = True,
) -> list[Scored]:
    """The candidates of a searching level, best first."""
    if level is Level.EXPERT:
        return expert_ranking(position, legal, stakes, net, deep)
    ranked = one_ply(position, legal.turns, heuristic_chances, stakes)
    if level is Level.HARD:
        return two_ply(ranked[:HARD_CANDIDATES], stakes, heuristic_chances)
    return ranked


def hint(
    position: Position,
    dice: tuple[int, int],
    rules: Rules,
    top: int = 3,
    away: tuple[int, int] | None = None,
) -> Hint:
    """The strongest level's analysis of `dice`: the best turn and up to `top` candidates;
    `away` as for `choose_turn`."""
    legal = legal_turns(position, dice, rules)
    if legal.passes:
        return Hint((), ())
    ranked = _ranking(position, legal, Stakes.of(rules, away), AVAILABLE_LEVELS[-1])
    candidates = tuple(Candidate(s.turn.steps, s.equity, s.win) for s in ranked[:top])
    return Hint(candidates[0].steps, candidates)
