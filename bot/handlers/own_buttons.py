"""A tap acts only where its button is: on the message that carries its data, as Telegram sent
it with the tap (`carries`); on a message the bot cannot see (an old one, an inline one) only
when its handler decides server-side who may act (`BOUND_TAPS`) or the chat is the tapper's
own; buttons that touch no message where they are tapped act anywhere (`UNTIED_TAPS`).
Anything else is data copied from another message, or forged: refused, nothing changed."""

from __future__ import annotations

import logging
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import CallbackQuery, Message, TelegramObject

from bot.i18n import Texts
from bot.metrics import refused
from bot.middleware import Handler
from bot.ui.alerts import NOT_VALID
from bot.ui.callbacks import bound, carries, untied

log = logging.getLogger(__name__)


def acts_here(query: CallbackQuery) -> bool:
    """Whether the tap `query` may act on the message it came from."""
    data, message = query.data or "", query.message
    if untied(data):
        return True
    if isinstance(message, Message):
        return carries(message, data)
    own_chat = message is not None and message.chat.id == query.from_user.id
    return own_chat or bound(data)


class OwnButtons(BaseMiddleware):
    """An outer middleware on callback queries: a tap whose data is not its message's is
    answered "not valid" in passing (most are a keyboard an edit overtook, or a doubled tap)
    and goes no further."""

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        if not isinstance(event, CallbackQuery) or acts_here(event):
            return await handler(event, data)
        log.info("tap %s by user %s: its data is not on its message", event.id, event.from_user.id)
        texts: Texts = data["texts"]
        refused()
        await event.answer(texts.gettext(NOT_VALID))
        return None
