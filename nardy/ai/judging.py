"""Long nardy's turns judged for a review (`nardy.ai.analysis`): a turn played against the
best on its roll, by the Expert's evaluation and 2-ply search, with the mover's stakes (the
house rules and the match score)."""

from __future__ import annotations

from nardy.ai.expert import CANDIDATES, MARGIN, expert_chances
from nardy.ai.judgement import Judgement, leaving
from nardy.ai.search import one_ply, two_ply
from nardy.ai.valuation import Stakes
from nardy.movegen import legal_turns
from nardy.position import Position
from nardy.rules import Rules
from nardy.steps import Step


def judge_turn(
    position: Position,
    dice: tuple[int, int],
    steps: tuple[Step, ...],
    rules: Rules,
    away: tuple[int, int] | None,
) -> Judgement | None:
    """The turn `steps` valued against the best with `dice`; None when there was no choice (a
    pass, or one resulting position however the steps are ordered). The candidates are ranked
    1-ply; the best few within the Expert's margin and the turn played are valued 2-ply."""
    stakes = Stakes.of(rules, away)
    legal = legal_turns(position, dice, rules)
    if len(legal.turns) < 2:
        return None
    after = legal.play(steps)
    ranked = one_ply(position, legal.turns, expert_chances, stakes)
    played = leaving(ranked, after)
    close = [s for s in ranked[:CANDIDATES] if s.equity >= ranked[0].equity - MARGIN]
    if close == [played]:
        return Judgement(steps, played.equity, played.equity, 1)
    if played not in close:
        close.append(played)
    rescored = two_ply(close, stakes, expert_chances)
    best, played = rescored[0], leaving(rescored, after)
    best_steps = steps if best is played else best.turn.steps
    return Judgement(best_steps, played.equity, best.equity, 2)
