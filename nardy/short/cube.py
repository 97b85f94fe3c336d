"""The Crawford rule of short nardy's matches (RULES.md §9): the game right after a player first
comes within one point of winning is played without doubling. The cube itself is `nardy.cube`.
"""

from __future__ import annotations

from dataclasses import dataclass

from nardy.match import Match
from nardy.scoring import GameResult
from nardy.short.rules import ShortRules


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
