"""Errors that name the rule a move breaks, so a caller can tell a player why (RULES.md §3–9)."""

from __future__ import annotations

from enum import StrEnum


class Violation(StrEnum):
    """A rule a step or turn can break, with its RULES.md section."""

    GAME_OVER = "the game is over (§7)"
    NO_DICE = "there is no roll to play (§3)"
    DIE_NOT_ROLLED = "that die is not among the dice left to play (§3)"
    NO_CHECKER = "there is no checker of the side to move on that point (§3)"
    OCCUPIED = "the target point holds an opponent checker (§3)"
    HEAD = "only one checker may leave the head this turn (§4)"
    BLOCK = "it builds six points in a row with no opponent checker ahead (§5)"
    NOT_HOME = "checkers bear off only when all fifteen are home (§6)"
    OVERPAY = "a checker stands higher, so the die must be played inside home (§6)"
    MAXIMAL_USE = "the roll must be used as fully as the position allows (§3)"
    HIGHER_DIE = "when only one die can be played, it must be the higher one (§3)"
    INCOMPLETE = "the turn is not finished: more of the roll must be played (§3)"
    BAR = "a checker on the bar must enter before any other move (§9)"
    CLOSED = "the target point holds two or more opponent checkers (§9)"


class IllegalMove(ValueError):
    """A step or turn that the rules forbid; `violation` says which rule."""

    def __init__(self, violation: Violation, detail: str = "") -> None:
        self.violation = violation
        self.detail = detail
        message = f"illegal move: {violation.value}"
        super().__init__(f"{message}: {detail}" if detail else message)
