"""What a short-nardy game is worth (RULES.md §9): single 1, gammon (mars) 2, backgammon (koks)
3, times the doubling cube's value. The long game's result types are reused: `OYN` is the single
game, `MARS` the gammon, `KOKS` the backgammon."""

from __future__ import annotations

from nardy.color import Color
from nardy.scoring import EndReason, GameResult, ResultKind
from nardy.short.position import Position

WINNERS_HOME = range(19, 25)  # the winner's home, 1..6 in his numbering, is the loser's 19..24


def loss_value(position: Position, loser: Color) -> tuple[ResultKind, int]:
    """What the loser's checkers cost him, as if the winner had just borne off his last (§9);
    a resignation or timeout is scored the same way, from the position (as §7 does)."""
    if position.off[loser] > 0:
        return ResultKind.OYN, 1
    counts = position.own_counts(loser)
    if position.bar[loser] or any(counts[p] for p in WINNERS_HOME):
        return ResultKind.KOKS, 3
    return ResultKind.MARS, 2


def win(position: Position, winner: Color, cube: int, reason: EndReason) -> GameResult:
    """`winner` wins, scored from the loser's checkers in `position`, times the cube."""
    kind, points = loss_value(position, winner.opponent)
    return GameResult(winner, kind, points * cube, reason)
