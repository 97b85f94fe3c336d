"""The doubling cube, short nardy's option (RULES.md §9; off by default), and the Crawford rule.

Usual rules: a side may double only on its own turn before rolling, when the cube is in the
middle or its own; the opponent takes (the cube doubles and is now his) or drops (and loses the
game at the cube's value before the double). The cube's value multiplies the game's score. In a
match, the Crawford game, the one right after a player first comes within one point of winning,
is played without doubling.
"""

from __future__ import annotations

from dataclasses import dataclass

from nardy.color import Color
from nardy.match import Match
from nardy.scoring import GameResult
from nardy.short.rules import ShortRules


@dataclass(frozen=True, slots=True)
class Cube:
    """The cube's value, its owner (None: in the middle, either side may double) and an offer
    waiting for an answer (`offered_by`: the side that doubled)."""

    value: int = 1
    owner: Color | None = None
    offered_by: Color | None = None

    def may_double(self, color: Color) -> bool:
        """May `color` offer a double (its turn before rolling is the caller's to check)?"""
        return self.offered_by is None and self.owner in (None, color)

    def offered(self, color: Color) -> Cube:
        """`color` doubles: the cube waits for the opponent's answer."""
        return Cube(self.value, self.owner, color)

    def taken(self) -> Cube:
        """The opponent takes: the cube doubles and passes to him."""
        assert self.offered_by is not None
        return Cube(self.value * 2, self.offered_by.opponent, None)


@dataclass(frozen=True, slots=True)
class Double:
    """A double answered, as a game's history keeps it: offered by `by` before the roll of
    the game's turn `turn` (the turns played before it, `Game.history`), then taken or
    dropped. The value it doubled to follows from the doubles taken before."""

    turn: int
    by: Color
    taken: bool


@dataclass(frozen=True, slots=True)
class CrawfordMatch:
    """A match to N points that knows when its Crawford game comes (`crawford_next`)."""

    match: Match
    crawford_played: bool = False

    @classmethod
    def for_rules(cls, rules: ShortRules) -> CrawfordMatch:
        return cls(Match(rules.match_length))

    @property
    def crawford_next(self) -> bool:
        """Is the next game the Crawford game: a player needs one point and none was yet?"""
        match = self.match
        return (
            not self.crawford_played
            and not match.over
            and match.length - 1 in match.score
            and match.length > 1
        )

    def record(self, result: GameResult, white_player: int) -> CrawfordMatch:
        """Add a finished game in which player `white_player` (0 or 1) had White."""
        played = self.crawford_played or self.crawford_next
        return CrawfordMatch(self.match.record(result, white_player), played)
