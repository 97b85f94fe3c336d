"""Callback data of every button (aiogram `CallbackData`), each well under Telegram's 64 bytes."""

from __future__ import annotations

from enum import StrEnum

from aiogram.filters.callback_data import CallbackData

from bot.i18n import Locale


class MenuAction(StrEnum):
    PLAY = "p"
    RULES = "r"
    LANGUAGE = "l"
    AUTO_CONFIRM = "a"


class Menu(CallbackData, prefix="menu"):
    """A main-menu button."""

    action: MenuAction


class PickLanguage(CallbackData, prefix="lang"):
    locale: Locale


class PickLevel(CallbackData, prefix="lvl"):
    """Start a game against the bot at `level` (a `nardy.ai.Level` value)."""

    level: str


class BoardAction(StrEnum):
    SELECT = "s"  # arg: the checker's own point
    MOVE = "m"  # arg: source point and dice played in order, e.g. "24.65"
    BACK = "b"
    UNDO = "u"
    DONE = "d"
    RESIGN = "r"  # confirmed resignation
    KEEP = "k"  # declined resignation: show the board again
    NEW_GAME = "n"  # resign (when still playing) and choose a level for a new game


class Tap(CallbackData, prefix="t"):
    """A tap on a game's button: the game, the version the board showed, the action."""

    game: str
    version: int
    action: BoardAction
    arg: str = ""
