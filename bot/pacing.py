"""Telegram's flood limit for a group or channel (20 messages a minute, sends and edits alike)
met by pacing rather than by a burst that ends in a 429 freezing the board for up to a minute
(DESIGN.md §3): each chat's messages are spent evenly from a budget that all workers share
through the store (`GameStore.reserve_slot`), so a message waits a few seconds at most, and
the board edit that waited then shows the newest state (`bot.boards` coalesces). A private
chat has one person tapping at a person's pace, and is not paced."""

from __future__ import annotations

import asyncio
import logging
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.methods.base import TelegramType

from bot.metrics import PACED_SECONDS
from bot.storage import BudgetsStore, StoreUnavailable

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.methods import Response, TelegramMethod

log = logging.getLogger(__name__)

# The requests that send or edit a message: what the limit counts.
MESSAGES = frozenset(
    {
        "sendMessage",
        "sendPhoto",
        "sendDocument",
        "editMessageMedia",
        "editMessageText",
        "editMessageCaption",
        "editMessageReplyMarkup",
    }
)


@dataclass(frozen=True)
class Budget:
    """`count` messages in any `window` seconds, up to `burst` of them at once."""

    count: int
    window: float
    burst: int = 3

    @property
    def interval(self) -> float:
        """Seconds between slots: GCRA lets `burst` plus one per interval through in any
        window, and one slot is kept spare for the requests' jitter on their way."""
        return self.window / (self.count - self.burst - 1)


GROUP_BUDGET = Budget(20, 60.0)  # a slot every 3.75 s, three at once after a pause
# The chat whose slot the running task reserved for its next message (`Pacer.wait`).
_RESERVED: ContextVar[int | None] = ContextVar("reserved", default=None)


class Pacer:
    """Each group's and channel's message budget, shared by all workers."""

    def __init__(self, store: BudgetsStore, budget: Budget = GROUP_BUDGET) -> None:
        self._store = store
        self._budget = budget

    async def wait(self, chat_id: int, most: float | None = None) -> bool:
        """Wait for the next slot of `chat_id` (a group or channel: negative; any other is not
        paced) and keep it for this task's next message there; False, at once and spending
        nothing, when it is over `most` seconds away. Without the store, no wait: Telegram's
        429 (`bot.runtime.retry`) is then the limit."""
        if chat_id >= 0:
            return True
        budget = self._budget
        try:
            wait = await self._store.reserve_slot(
                f"chat:{chat_id}", budget.interval, budget.burst, most
            )
        except StoreUnavailable as exc:
            log.warning("chat %s not paced: %s", chat_id, exc)
            return True
        if wait is None:
            return False
        PACED_SECONDS.observe(wait)
        await asyncio.sleep(wait)
        _RESERVED.set(chat_id)
        return True


class PaceMessages(BaseRequestMiddleware):
    """Each send or edit to a group or channel waits for its slot (`Pacer.wait`), unless its
    caller waited for it already (to pick the newest state to show once the slot came)."""

    def __init__(self, pacer: Pacer) -> None:
        self._pacer = pacer

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        chat_id = getattr(method, "chat_id", None)
        if method.__api_method__ in MESSAGES and isinstance(chat_id, int) and chat_id < 0:
            if _RESERVED.get() == chat_id:
                _RESERVED.set(None)
            else:
                await self._pacer.wait(chat_id)
                _RESERVED.set(None)
        return await make_request(bot, method)
