"""Filters that decide where a handler applies and inject what it needs."""

from __future__ import annotations

from typing import Any

from aiogram.enums import ChatType
from aiogram.filters import Filter
from aiogram.types import CallbackQuery


class OwnPrivateChat(Filter):
    """A tap on a message in the tapper's own private chat with the bot (a private chat's id
    is its user's id), where games against the bot are played. Injects `chat_message`, the
    tapped message: possibly one Telegram no longer shows the bot (an old one), whose chat is
    all that is needed. A menu forwarded elsewhere or shown in a group does not pass."""

    async def __call__(self, query: CallbackQuery) -> bool | dict[str, Any]:
        message = query.message
        if message is None or message.chat.type != ChatType.PRIVATE:
            return False
        return {"chat_message": message} if message.chat.id == query.from_user.id else False
