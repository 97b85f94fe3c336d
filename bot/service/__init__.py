"""The game service: plain async Python between the handlers and the rules core (no aiogram)."""

from bot.service.actions import Action, Deselect, Done, Move, Resign, Select, Undo
from bot.service.bot_player import BotPlayer, PoolBotPlayer
from bot.service.errors import (
    AlreadyDone,
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
from bot.service.games import GameService, OnAccepted, Outcome
from bot.service.session import Note, Seat, Session

__all__ = [
    "Action",
    "AlreadyDone",
    "BotPlayer",
    "Busy",
    "Deselect",
    "Done",
    "GameError",
    "GameInProgress",
    "GameOver",
    "GameService",
    "InvalidAction",
    "Move",
    "NoGame",
    "NotYourGame",
    "NotYourTurn",
    "Note",
    "OnAccepted",
    "Outcome",
    "PoolBotPlayer",
    "Resign",
    "Seat",
    "Select",
    "Session",
    "Stale",
    "Undo",
]
