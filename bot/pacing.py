"""Telegram's flood limits met by pacing rather than by a burst that ends in a 429 freezing the
board for up to a minute (DESIGN.md §3). A group's or channel's 20 messages a minute (sends and
edits alike) are spent evenly from a budget that all workers share through the store
(`GameStore.reserve_slot`), so a message waits a few seconds at most, and the board edit that
waited then shows the newest state (`bot.boards` coalesces). An inline message's edits count
in the chat it stands in, which its game keeps as the taps name it (`chat_instance`). A private chat
has one person tapping at a person's pace, and is not paced. Every message also takes a slot
of Telegram's 30 a second in all, where shared boards leave private ones a share."""

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
    """`count` messages in any `window` seconds, up to `burst` of them at once, `spare` of them
    never spent."""

    count: int
    window: float
    burst: int = 3
    spare: int = 1

    @property
    def interval(self) -> float:
        """Seconds between slots: GCRA lets `burst` plus one per interval through in any
        window, and the `spare` slots are kept for the requests' jitter on their way."""
        return self.window / (self.count - self.burst - self.spare)


GROUP_BUDGET = Budget(20, 60.0)  # a slot every 3.75 s, three at once after a pause


def overall_budgets(count: int, window: float) -> tuple[Budget, Budget]:
    """Telegram's limit of `count` messages in any `window` seconds in all, every chat and
    inline message together, as the budgets the bot spends: all messages', and the four fifths
    the shared boards (groups, channels, inline messages) may take, so that the private boards,
    each a person waiting alone, always find a fifth free (private boards first). A second is
    short beside the requests' jitter on their way (tens of milliseconds on a busy machine), so
    none comes in a burst and a tenth of each is kept spare."""
    shared = count - count // 5
    return (
        Budget(count, window, burst=1, spare=max(1, count // 10)),
        Budget(shared, window, burst=1, spare=max(1, shared // 10)),
    )


OVERALL_BUDGETS = overall_budgets(30, 1.0)  # a slot every 38 ms; the shared boards' every 48 ms
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

    def budget_of(self, chat_id: object, inline_id: object) -> str | None:
        """The budget a message to `chat_id`, or an edit of inline message `inline_id`, spends
        unless its caller reserved a slot for it (`wait_inline`): a group's or channel's
        (negative id); the inline message's own; none for a private chat, where one person taps
        at a person's pace."""
        if isinstance(inline_id, str):
            return f"inline:{inline_id}"
        if isinstance(chat_id, int) and chat_id < 0:
            return f"chat:{chat_id}"
        return None

    async def wait(self, chat_id: int, most: float | None = None) -> bool:
        """Wait for the next slot of `chat_id` (a group or channel: negative; any other is not
        paced) and keep it for this task's next message there (`reserve`)."""
        return await self.reserve(self.budget_of(chat_id, None), most)

    async def wait_inline(self, inline_id: str, instance: str | None) -> None:
        """Wait for the next slot of the chat inline message `inline_id` stands in (its
        `chat_instance`; unknown, the message's own), spent as a group's (DESIGN.md §3: the
        bot cannot tell a group from a private dialog there), and keep it for this task's next
        edit of the message."""
        chat = f"place:{instance}" if instance else None
        await self.reserve(chat or self.budget_of(None, inline_id), None, inline_id)

    async def reserve(
        self, name: str | None, most: float | None = None, inline_id: str | None = None
    ) -> bool:
        """Wait for budget `name`'s next slot (none: no wait) and keep it for this task's next
        message (to `inline_id`, when given: an edit of that inline message); False, at once
        and spending nothing, when it is over `most` seconds away. Without the store, no wait:
        Telegram's 429 (`bot.runtime.retry`) is then the limit."""
        if name is None:
            return True
        wait = await self._slot(name, self._budget, most)
        if wait is None:
            return False
        PACED_SECONDS.observe(wait)
        await asyncio.sleep(wait)
        _RESERVED.set(name if inline_id is None else self.budget_of(None, inline_id))
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
