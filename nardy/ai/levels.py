"""The bot's playing levels: an enum the bot stores per game and shows in its menu."""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    """How strongly the bot plays; the value is the stable name stored with a game."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"
