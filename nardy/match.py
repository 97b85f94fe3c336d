"""A match to N points ("tas", RULES.md §7); players are 0 and 1, colours change per game."""

from __future__ import annotations

from dataclasses import dataclass

from nardy.color import Color
from nardy.rules import Rules
from nardy.scoring import GameResult


@dataclass(frozen=True, slots=True)
class Match:
    """Points per player; every game of a match starts with the opening roll (RULES.md §2)."""

    length: int = 1
    score: tuple[int, int] = (0, 0)
    games: int = 0

    def __post_init__(self) -> None:
        if self.length < 1:
            raise ValueError(f"a match is played to at least 1 point, got {self.length}")

    @classmethod
    def for_rules(cls, rules: Rules) -> Match:
        """A new match to the length the game's rules set (RULES.md §8 match length)."""
        return cls(rules.match_length)

    def record(self, result: GameResult, white_player: int) -> Match:
        """Add a finished game in which player `white_player` (0 or 1) had White."""
        if self.over:
            raise ValueError("the match is already over")
        score = list(self.score)
        if result.winner is not None:  # a draw scores nothing (§7 last_roll)
            winner = white_player if result.winner is Color.WHITE else 1 - white_player
            score[winner] += result.points
        return Match(self.length, (score[0], score[1]), self.games + 1)

    @property
    def winner(self) -> int | None:
        for player in (0, 1):
            if self.score[player] >= self.length:
                return player
        return None

    @property
    def over(self) -> bool:
        return self.winner is not None
