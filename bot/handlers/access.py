"""Loads and authorises the game a tap names, for the game's handlers: they receive `table`
(the game as stored) and `seat` (the tapper's colour) ready, or the tap is refused here: a
stranger's (a spectator's, in a group), or an answer to a question asked of another player."""

from __future__ import annotations

from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import CallbackQuery, TelegramObject

from bot.middleware import Handler
from bot.service import GameError, GameService, NotAsked
from bot.storage import TapRead
from bot.ui.alerts import refuse
from bot.ui.callbacks import GAME_TAPS, Question


class GameAccess(BaseMiddleware):
    """An inner middleware on callback queries: runs after the filters have read the button's
    data, so it sees which game the tap is about."""

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        tap = data.get("callback_data")
        if not isinstance(event, CallbackQuery) or not isinstance(tap, GAME_TAPS):
            return await handler(event, data)
        service: GameService = data["service"]
        read: TapRead | None = data.get("tap_read")  # `bot.prefs` read the game with the prefs
        try:
            data["table"], data["seat"] = await service.seat(tap.game, event.from_user.id, read)
            if isinstance(tap, Question) and tap.user != event.from_user.id:
                raise NotAsked(tap.game)
        except GameError as error:
            await refuse(event, data["texts"], error)
            return None
        return await handler(event, data)
