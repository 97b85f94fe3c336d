"""What a game's record tells at its end, for a results screen: turns played, doubles rolled and
checkers borne off by each side (RULES.md §3, §6)."""

from __future__ import annotations

from dataclasses import dataclass

from nardy.color import Color
from nardy.variant import AnyGame


@dataclass(frozen=True, slots=True)
class GameSummary:
    """Per side, indexed by `Color`: the turns it played (passes included), the doubles it
    rolled, the checkers it bore off."""

    turns: tuple[int, int]
    doubles: tuple[int, int]
    borne_off: tuple[int, int]


def summarize(game: AnyGame) -> GameSummary:
    """The summary of `game` as played so far (its history and the position now)."""
    turns, doubles = [0, 0], [0, 0]
    for turn in game.history:
        turns[turn.color] += 1
        if turn.dice[0] == turn.dice[1]:
            doubles[turn.color] += 1
    off = game.board.off
    return GameSummary(
        (turns[Color.WHITE], turns[Color.BLACK]),
        (doubles[Color.WHITE], doubles[Color.BLACK]),
        (off[Color.WHITE], off[Color.BLACK]),
    )
