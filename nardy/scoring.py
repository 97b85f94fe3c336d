"""How a game ends and what it is worth (RULES.md §7)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from nardy.color import Color
from nardy.position import CHECKERS, HOME, Position
from nardy.rules import Rules, Scoring

STARTING_QUARTER = range(19, 25)  # own points 19..24 (RULES.md §7 koks)


class ResultKind(StrEnum):
    """The kind of win (RULES.md §7), or a draw under the last-roll option."""

    OYN = "oyn"
    MARS = "mars"
    KOKS = "koks"
    HOME_MARS = "home_mars"
    DRAW = "draw"


class EndReason(StrEnum):
    """Why the game ended."""

    BORNE_OFF = "borne_off"
    RESIGNED = "resigned"
    TIMEOUT = "timeout"
    DROPPED = "dropped"  # short nardy's cube: a double refused (RULES.md §9)
    ABANDONED = "abandoned"  # the loser left the game (its group), RULES.md §7


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome: `winner` None means a draw (½–½), worth no points to either side."""

    winner: Color | None
    kind: ResultKind
    points: int
    reason: EndReason


def loss_value(position: Position, loser: Color, rules: Rules) -> tuple[ResultKind, int]:
    """What the loser's checkers in `position` cost him, as if the winner had just finished.

    Used for a normal end, a resignation and a timeout alike (RULES.md §7).
    """
    if position.off[loser] > 0:
        return ResultKind.OYN, 1
    if rules.scoring is Scoring.EXTENDED:
        counts = position.own_counts(loser)
        if any(counts[p] for p in STARTING_QUARTER):
            return ResultKind.KOKS, 3
        if sum(counts[p] for p in HOME) == CHECKERS:
            return ResultKind.HOME_MARS, 4
    return ResultKind.MARS, 2


def win(position: Position, winner: Color, rules: Rules, reason: EndReason) -> GameResult:
    """`winner` wins, scored from the loser's checkers in `position`."""
    kind, points = loss_value(position, winner.opponent, rules)
    return GameResult(winner, kind, points, reason)


def draw() -> GameResult:
    """Both sides bore off in the last roll (RULES.md §7 `last_roll`)."""
    return GameResult(None, ResultKind.DRAW, 0, EndReason.BORNE_OFF)
