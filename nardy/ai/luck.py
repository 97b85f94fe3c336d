"""Dice luck: how much better or worse a roll leaves the mover than his rolls do on average,
valued by the Expert's 1-ply evaluation. It is how backgammon programs tell luck from skill; the
luck tool (`python -m tools.research.luck`) uses it to ask whether a level's losses come from
the dice."""

from __future__ import annotations

from nardy.ai.expert import expert_chances
from nardy.ai.search import best_by_roll
from nardy.ai.valuation import Stakes
from nardy.dice import ROLLS
from nardy.position import Position
from nardy.rules import Rules


def roll_values(
    position: Position, rules: Rules, away: tuple[int, int] | None = None
) -> dict[tuple[int, int], float]:
    """For each of the 21 rolls (lower die first), the mover's equity after his best turn with
    it by the Expert's 1-ply evaluation: in a single game, or in a match where the mover still
    needs `away[0]` points and his opponent `away[1]` (`Stakes.of`); a roll he cannot play
    leaves the position."""
    values = best_by_roll(position, Stakes.of(rules, away), expert_chances)
    return {dice: float(value) for (dice, _), value in zip(ROLLS, values, strict=True)}


def luck(
    position: Position, dice: tuple[int, int], rules: Rules, away: tuple[int, int] | None = None
) -> float:
    """The luck of `dice` for the mover: the value of his best turn with them less the mean of
    that value over the 36 rolls (`roll_values`, `away` as there); over the 36 rolls it
    averages to zero."""
    values = roll_values(position, rules, away)
    mean = sum(weight * values[roll] for roll, weight in ROLLS) / 36.0
    return values[(min(dice), max(dice))] - mean
