"""The game service: plain async Python between the handlers and the rules core (no aiogram)."""

from bot.service.bot_player import BotPlayer, PoolBotPlayer
from bot.service.errors import (
    Busy,
    GameError,
    GameInProgress,
    GameOver,
    InvalidAction,
    NoGame,
    NotYourGame,
    NotYourTurn,
    Stale,
)
from bot.service.games import GameService
from bot.service.session import Note, Seat, Session

__all__ = [
    "BotPlayer",
    "Busy",
    "GameError",
    "GameInProgress",
    "GameOver",
    "GameService",
    "InvalidAction",
    "NoGame",
    "NotYourGame",
    "NotYourTurn",
    "Note",
    "PoolBotPlayer",
    "Seat",
    "Session",
    "Stale",
]
