"""Short nardy's decisions judged for a review (`nardy.ai.analysis`), as its Expert plays them
(RULES.md §9, money play): a turn played against the best on its roll (cubeless equity), a
roll's luck, and a cube decision (cubeful equity, as the bot doubles: `doubling`)."""

from __future__ import annotations

from nardy.ai.judgement import CubeJudgement, Judgement, leaving
from nardy.cube import Cube
from nardy.dice import ROLLS
from nardy.short.ai.cubeful import Owner, cube_action
from nardy.short.ai.expert import (
    CANDIDATES,
    MARGIN,
    ROLL_WEIGHTS,
    best_by_roll,
    odds_on_roll,
    one_ply,
    two_ply,
)
from nardy.short.movegen import legal_turns
from nardy.short.position import Position
from nardy.short.rules import ShortRules
from nardy.steps import Step


def judge_turn(
    position: Position, dice: tuple[int, int], steps: tuple[Step, ...], rules: ShortRules
) -> Judgement | None:
    """The turn `steps` valued against the best with `dice`; None when there was no choice.
    The candidates are ranked 1-ply by the network; the best few within the Expert's margin
    and the turn played are valued 2-ply (a turn that ends the game keeps its exact value)."""
    legal = legal_turns(position, dice, rules)
    if len(legal.turns) < 2:
        return None
    after = legal.play(steps)
    ranked = one_ply(position, legal.turns)
    played = leaving(ranked, after)
    close = [v for v in ranked[:CANDIDATES] if v.equity >= ranked[0].equity - MARGIN]
    if close == [played]:
        return Judgement(steps, played.equity, played.equity, 1)
    if played not in close:
        close.append(played)
    rescored = two_ply(close, rules)
    best, played = rescored[0], leaving(rescored, after)
    best_steps = steps if best is played else best.turn.steps
    return Judgement(best_steps, played.equity, best.equity, 2)


def luck(position: Position, dice: tuple[int, int], rules: ShortRules) -> float:
    """The luck of `dice` for the side on roll: the value of its best 1-ply turn with them less
    that value's mean over the 36 rolls."""
    values = best_by_roll([position], rules)[0]
    mean = float(values @ ROLL_WEIGHTS) / 36.0
    rolled = next(i for i, (roll, _) in enumerate(ROLLS) if roll == (min(dice), max(dice)))
    return float(values[rolled]) - mean


def judge_cube(position: Position, cube: Cube) -> CubeJudgement:
    """The cube decision of the side on roll in `position`, before it rolls, with `cube`: its
    equities for no double, double and take, double and pass, from the network's chances."""
    return cube_action(odds_on_roll(position), Owner.of(cube, position.to_move))
