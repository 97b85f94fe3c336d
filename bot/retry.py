"""A request middleware that waits out Telegram's 429 (`retry_after`) and retries once."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import TelegramRetryAfter
from aiogram.methods.base import TelegramType

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.methods import Response, TelegramMethod

log = logging.getLogger(__name__)


class RetryAfterOnce(BaseRequestMiddleware):
    """aiogram does not retry flood-control errors itself (DESIGN.md §3); a second 429 raises."""

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        try:
            return await make_request(bot, method)
        except TelegramRetryAfter as exc:
            log.warning(
                "%s: flood control, retrying in %s s", method.__api_method__, exc.retry_after
            )
            await asyncio.sleep(exc.retry_after)
            return await make_request(bot, method)
