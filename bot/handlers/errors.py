"""Errors every handler may meet: the game store down (a short "try again" answer, never a
crash), Telegram refusing an edit that changes nothing (a doubled tap: ignored), and anything
else (a bug: logged, and the user asked to try again)."""

from __future__ import annotations

import logging

from aiogram import F, Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import ExceptionTypeFilter
from aiogram.types import ErrorEvent, Message

from bot.i18n import Texts
from bot.storage import StoreUnavailable
from bot.ui.delivery import is_not_modified

log = logging.getLogger(__name__)


async def store_down(event: ErrorEvent, texts: Texts) -> None:
    log.warning("game store unavailable: %s", event.exception)
    await _tell(
        event,
        texts.gettext("I can't reach my game storage right now. Please try again in a moment."),
    )


async def ignore_not_modified(event: ErrorEvent) -> None:
    log.debug("edit changed nothing: %s", event.exception)


async def unexpected(event: ErrorEvent, texts: Texts) -> None:
    """Anything else is a bug: logged with its traceback, and the user is asked to try again
    rather than left with no answer."""
    log.error("update %s failed", event.update.update_id, exc_info=event.exception)
    await _tell(event, texts.gettext("Something went wrong on my side. Please try again."))


async def _tell(event: ErrorEvent, text: str) -> None:
    """An alert for a tap, a reply for a message. A tap answered before the failure (e.g. a
    Done, answered before the bot thinks) cannot be answered again: the chat gets a reply."""
    update = event.update
    query = update.callback_query
    message = update.message if query is None else query.message
    if query is not None:
        try:
            await query.answer(text, show_alert=True)
            return
        except TelegramBadRequest:  # "query is too old": answered already
            pass
    if isinstance(message, Message):
        await message.answer(text)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="errors")
    feature.errors.register(store_down, ExceptionTypeFilter(StoreUnavailable))
    feature.errors.register(
        ignore_not_modified,
        ExceptionTypeFilter(TelegramBadRequest),
        F.exception.func(is_not_modified),
    )
    feature.errors.register(unexpected)
    return feature
