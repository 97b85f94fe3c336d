"""Errors every handler may meet, each answered once and only as much as the user needs:

* the game store down: nothing was saved, so the user is asked to try again shortly;
* Telegram failing in passing after `bot.runtime.retry` tried again, or refusing to reach a user who
  blocked the bot: a warning line; whatever was saved stays saved, the board catches up on its
  next tap, so there is nothing to apologise for;
* an edit that changes nothing (a doubled tap): ignored;
* anything else is a bug: logged with its traceback, and the user asked to try again.
"""

from __future__ import annotations

import logging

from aiogram import F, Router
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.filters import ExceptionTypeFilter
from aiogram.types import ErrorEvent, Message

from bot.answers import AnsweredTaps
from bot.i18n import Texts
from bot.storage import StoreUnavailable
from bot.ui.delivery import is_not_modified

log = logging.getLogger(__name__)


async def store_down(event: ErrorEvent, texts: Texts, answered: AnsweredTaps) -> None:
    log.warning("game store unavailable: %s", event.exception)
    text = texts.gettext("I can't reach my game storage right now. Please try again in a moment.")
    await _tell(event, answered, text)


async def telegram_failed(event: ErrorEvent, answered: AnsweredTaps) -> None:
    """Telegram could not be reached (or a user has blocked the bot): one line, no traceback;
    the tap is answered if it can be, without an apology."""
    exception = event.exception
    reason = exception.message if isinstance(exception, TelegramAPIError) else str(exception)
    log.warning("update %s: Telegram failed (%s)", event.update.update_id, reason)
    query = event.update.callback_query
    if query is not None and query.id not in answered:
        await query.answer()


async def ignore_not_modified(event: ErrorEvent, answered: AnsweredTaps) -> None:
    log.debug("edit changed nothing: %s", event.exception)
    query = event.update.callback_query
    if query is not None and query.id not in answered:
        await query.answer()


async def unexpected(event: ErrorEvent, texts: Texts, answered: AnsweredTaps) -> None:
    """Anything else is a bug: logged with its traceback, and the user is asked to try again
    rather than left with no answer."""
    log.error("update %s failed", event.update.update_id, exc_info=event.exception)
    await _tell(
        event, answered, texts.gettext("Something went wrong on my side. Please try again.")
    )


async def _tell(event: ErrorEvent, answered: AnsweredTaps, text: str) -> None:
    """An alert for a tap, a reply for a message. A tap answered before the failure (e.g. a
    Done, answered before the bot thinks) cannot be answered again: the chat gets a reply."""
    update = event.update
    query = update.callback_query
    if query is not None and query.id not in answered:
        await query.answer(text, show_alert=True)
        return
    message = update.message if query is None else query.message
    if isinstance(message, Message):
        try:
            await message.answer(text)
        except TelegramAPIError as exc:
            log.warning("could not tell chat %s: %s", message.chat.id, exc.message)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="errors")
    feature.errors.register(store_down, ExceptionTypeFilter(StoreUnavailable))
    feature.errors.register(
        telegram_failed,
        ExceptionTypeFilter(
            TelegramNetworkError, TelegramServerError, TelegramRetryAfter, TelegramForbiddenError
        ),
    )
    feature.errors.register(
        ignore_not_modified,
        ExceptionTypeFilter(TelegramBadRequest),
        F.exception.func(is_not_modified),
    )
    feature.errors.register(unexpected)
    return feature
