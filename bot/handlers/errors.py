"""What the user sees when the game store is down: a short "try again" answer, never a crash."""

from __future__ import annotations

import logging

from aiogram import Router
from aiogram.filters import ExceptionTypeFilter
from aiogram.types import ErrorEvent

from bot.i18n import Translator
from bot.prefs import Prefs
from bot.storage import StoreUnavailable

log = logging.getLogger(__name__)


async def store_down(event: ErrorEvent, texts: Translator, prefs: Prefs) -> None:
    log.warning("game store unavailable: %s", event.exception)
    text = texts.text(prefs.locale, "store_down")
    update = event.update
    if update.callback_query is not None:
        await update.callback_query.answer(text, show_alert=True)
    elif update.message is not None:
        await update.message.answer(text)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="errors")
    feature.errors.register(store_down, ExceptionTypeFilter(StoreUnavailable))
    return feature
