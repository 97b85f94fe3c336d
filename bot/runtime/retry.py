"""A request middleware that tries Telegram's passing failures again: a 5xx, a lost connection,
a 429 after its `retry_after` (aiogram retries none of them, DESIGN.md §3). The front end's HTML
error pages reach it as a 5xx or a lost connection (`bot.telegram_session`).

Bounded: at most `attempts` tries, pauses doubling from `first_pause` up to `pause_cap`
(11.5 s in all: a tap's answer is still taken then, and a 15% failure rate leaves about one
request in four million failed), no more than `longest_total` seconds of waits in all, and a
429 that asks for longer than `longest_wait` is not waited out (a player would be waiting;
the board catches up on its next tap). getUpdates and getMe have retry loops of their own
(aiogram's polling, `bot.runtime.startup`); a chat action is not worth a retry. A new message is
sent again only after a failure that says Telegram did not take it (a 429, a 5xx), never after a
lost connection or a timeout: it may have arrived, and a second board would follow.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import TelegramNetworkError, TelegramRetryAfter, TelegramServerError
from aiogram.methods.base import TelegramType

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.methods import Response, TelegramMethod

log = logging.getLogger(__name__)

TRANSIENT = (TelegramNetworkError, TelegramRetryAfter, TelegramServerError)
ATTEMPTS = 8  # tries in all: pauses of 0.5, 1, 2, 2, 2, 2, 2 s between them
PAUSE_CAP = 2.0  # seconds: the longest pause after a 5xx or a lost connection
NOT_RETRIED = frozenset({"getUpdates", "getMe", "sendChatAction"})
SENDS = frozenset({"sendMessage", "sendPhoto"})


class RetryTransient(BaseRequestMiddleware):
    """Retries a request that failed in passing, a warning line each time."""

    def __init__(
        self,
        attempts: int = ATTEMPTS,
        first_pause: float = 0.5,
        pause_cap: float = PAUSE_CAP,
        longest_wait: float = 10.0,
        longest_total: float = 15.0,
    ) -> None:
        self._attempts = attempts
        self._first_pause = first_pause
        self._pause_cap = max(pause_cap, first_pause)
        self._longest_wait = longest_wait
        self._longest_total = longest_total

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        name = method.__api_method__
        if name in NOT_RETRIED:
            return await make_request(bot, method)
        attempt, pause, waited = 1, self._first_pause, 0.0
        while True:
            try:
                return await make_request(bot, method)
            except TRANSIENT as exc:
                wait = exc.retry_after if isinstance(exc, TelegramRetryAfter) else pause
                lost = isinstance(exc, TelegramNetworkError) and name in SENDS
                too_long = wait > self._longest_wait or waited + wait > self._longest_total
                if lost or attempt == self._attempts or too_long:
                    raise
                attempt, pause = attempt + 1, min(pause * 2, self._pause_cap)
                waited += wait
                log.warning(
                    "%s: %s; retrying in %g s (try %d of %d)",
                    name,
                    _reason(exc),
                    wait,
                    attempt,
                    self._attempts,
                )
                await asyncio.sleep(wait)


def _reason(exc: TelegramNetworkError | TelegramRetryAfter | TelegramServerError) -> str:
    """What failed, in a few words: flood control, a network error, a server error."""
    if isinstance(exc, TelegramRetryAfter):
        return "flood control"
    kind = "network error" if isinstance(exc, TelegramNetworkError) else "Telegram server error"
    return f"{kind}: {exc.message}"
