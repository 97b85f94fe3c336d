"""Telegram's flood limits met by pacing rather than by a burst that ends in a 429 freezing the
board for up to a minute (DESIGN.md §3). A group's or channel's 20 messages a minute (sends and
edits alike) are spent evenly from a budget that all workers share through the store
(`GameStore.reserve_slot`), so a message waits a few seconds at most, and the board edit that
waited then shows the newest state (`bot.boards` coalesces). An inline message's edits count
in the chat it stands in, which a tap's `chat_instance` names (`Pacer.place`). A private chat
has one person tapping at a person's pace, and is not paced. Every message also takes a slot
of Telegram's 30 a second in all, where shared boards leave private ones a share."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiogram import BaseMiddleware
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.methods.base import TelegramType
from aiogram.types import CallbackQuery, TelegramObject

from bot.metrics import PACED_SECONDS
from bot.middleware import Handler
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
# Telegram's 30 messages a second in all, every chat and inline message together; of them the
# shared boards (groups, channels, inline messages) may take four fifths, so that the private
# boards, each a person waiting alone, always find a fifth free (private boards first).
OVERALL_BUDGETS = (Budget(30, 1.0), Budget(24, 1.0))
# The inline messages whose chat this process has seen (`Pacer.place`), at most.
PLACES = 10_000
# The budget the running task reserved a slot of for its next message (`Pacer.wait`).
_RESERVED: ContextVar[str | None] = ContextVar("reserved", default=None)


class Pacer:
    """Each group's, channel's and inline message's chat's message budget, and Telegram's
    overall one, shared by all workers."""

    def __init__(
        self,
        store: BudgetsStore,
        budget: Budget = GROUP_BUDGET,
        overall: tuple[Budget, Budget] = OVERALL_BUDGETS,
    ) -> None:
        """`overall`: Telegram's overall budget, and the shared boards' part of it."""
        self._store = store
        self._budget = budget
        self._overall, self._shared = overall
        self._places: OrderedDict[str, str] = OrderedDict()  # inline message: chat_instance

    def place(self, inline_id: str, chat_instance: str) -> None:
        """Note the chat an inline message stands in, as a tap on it tells (`chat_instance`):
        its edits count in that chat's limit (DESIGN.md §3), which the bot is not told."""
        self._places[inline_id] = chat_instance
        self._places.move_to_end(inline_id)
        if len(self._places) > PLACES:
            self._places.popitem(last=False)

    def budget_of(self, chat_id: object, inline_id: object) -> str | None:
        """The chat budget a message to `chat_id` or inline message `inline_id` spends: a group's
        or channel's (negative id); an inline message's chat's, as a group's, since the bot
        cannot tell a group from a private dialog (an inline message of a chat not seen yet is
        its own); none for a private chat, where one person taps at a person's pace."""
        if isinstance(inline_id, str):
            place = self._places.get(inline_id)
            return f"place:{place}" if place is not None else f"inline:{inline_id}"
        if isinstance(chat_id, int) and chat_id < 0:
            return f"chat:{chat_id}"
        return None

    async def wait(self, chat_id: int, most: float | None = None) -> bool:
        """Wait for the next slot of `chat_id` (a group or channel: negative; any other is not
        paced) and keep it for this task's next message there (`_reserve`)."""
        return await self.reserve(self.budget_of(chat_id, None), most)

    async def wait_inline(self, inline_id: str) -> None:
        """Wait for the next slot of the chat inline message `inline_id` stands in, and keep it
        for this task's next edit of it (`_reserve`)."""
        await self.reserve(self.budget_of(None, inline_id), None)

    async def reserve(self, name: str | None, most: float | None = None) -> bool:
        """Wait for budget `name`'s next slot (none: no wait) and keep it for this task's next
        message; False, at once and spending nothing, when it is over `most` seconds away.
        Without the store, no wait: Telegram's 429 (`bot.runtime.retry`) is then the limit."""
        if name is None:
            return True
        wait = await self._slot(name, self._budget, most)
        if wait is None:
            return False
        PACED_SECONDS.observe(wait)
        await asyncio.sleep(wait)
        _RESERVED.set(name)
        return True

    async def overall(self, shared: bool) -> None:
        """Wait for a slot of Telegram's overall budget, a `shared` board's (a group's, a
        channel's, an inline message's) within the share it may take."""
        wait = 0.0
        if shared:
            wait = await self._slot("shared", self._shared, None) or 0.0
        wait = max(wait, await self._slot("all", self._overall, None) or 0.0)
        if wait > 0:
            await asyncio.sleep(wait)

    async def _slot(self, name: str, budget: Budget, most: float | None) -> float | None:
        """The seconds until the reserved slot of budget `name` (0 without the store)."""
        try:
            return await self._store.reserve_slot(name, budget.interval, budget.burst, most)
        except StoreUnavailable as exc:
            log.warning("budget %s not paced: %s", name, exc)
            return 0.0


class PaceMessages(BaseRequestMiddleware):
    """Each send or edit waits for its chat's slot (`Pacer.budget_of`), unless its caller waited
    for it already (to pick the newest state to show once the slot came), then for a slot of
    Telegram's overall budget."""

    def __init__(self, pacer: Pacer) -> None:
        self._pacer = pacer

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        if method.__api_method__ in MESSAGES:
            pacer = self._pacer
            name = pacer.budget_of(
                getattr(method, "chat_id", None), getattr(method, "inline_message_id", None)
            )
            if name is not None:
                if _RESERVED.get() == name:
                    _RESERVED.set(None)
                else:
                    await pacer.reserve(name, None)
                    _RESERVED.set(None)
            await pacer.overall(shared=name is not None)
        return await make_request(bot, method)


class PlaceInlineMessages(BaseMiddleware):
    """An outer middleware on callback queries: a tap on an inline message tells the chat it
    stands in (`Pacer.place`), for its edits to be paced as that chat's."""

    def __init__(self, pacer: Pacer) -> None:
        self._pacer = pacer

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        if isinstance(event, CallbackQuery) and event.inline_message_id is not None:
            self._pacer.place(event.inline_message_id, event.chat_instance)
        return await handler(event, data)
