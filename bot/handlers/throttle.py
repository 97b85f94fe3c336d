"""Per-person limits, shared by every worker through the store (`BudgetsStore.reserve_slot`, the
GCRA the group pacer uses): a person's updates beyond a person's pace go no further (a tap is
told so in passing, an inline query gets no cards); and a command whose answer spends a chat's
message budget without being a game's (a handler flagged with a `Cooldown`: /help, /stats,
/top in a group; /rules, six photos, anywhere) answers each person so often at most, so that
one member cannot spend the 20 messages a minute a group's games need. Beyond a cooldown the
command is left unanswered: an answer would spend the very budget it keeps. With the store
down, nothing is limited."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiogram import BaseMiddleware
from aiogram.dispatcher.flags import get_flag
from aiogram.enums import ChatType
from aiogram.types import CallbackQuery, InlineQuery, Message, TelegramObject, Update, User

from bot.i18n import N_, Texts
from bot.pacing import Budget
from bot.storage import BudgetsStore, StoreUnavailable

log = logging.getLogger(__name__)

SLOW_DOWN = N_("Too many taps at once: wait a moment.")


@dataclass(frozen=True)
class Cooldown:
    """How often a flagged command answers one person: within `budget`, in each group
    (`groups_only`), or over all chats."""

    name: str
    budget: Budget
    groups_only: bool


# Three answers at once (/stats, /top, /top short), then one in 20 s, per person in each group.
GROUP_INFO = Cooldown("info", Budget(7, 60.0, burst=3), groups_only=True)
# The rules' six photos: once in 30 s per person, wherever asked.
RULES = Cooldown("rules", Budget(3, 30.0, burst=1), groups_only=False)


async def _within(store: BudgetsStore, name: str, budget: Budget) -> bool:
    """Whether budget `name` has a slot now (taking it); True with the store down."""
    try:
        wait = await store.reserve_slot(name, budget.interval, budget.burst, 0.0)
    except StoreUnavailable as exc:
        log.warning("%s not limited: %s", name, exc)
        return True
    return wait is not None


class PersonRate(BaseMiddleware):
    """An outer middleware on updates: each person's updates within `budget`
    (`Settings.person_budget`)."""

    def __init__(self, store: BudgetsStore, budget: Budget) -> None:
        self._store = store
        self._budget = budget

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        user: User | None = data.get("event_from_user")
        if user is None or await _within(self._store, f"user:{user.id}", self._budget):
            return await handler(event, data)
        update_id = event.update_id if isinstance(event, Update) else None
        log.info("update %s of user %s over their rate: dropped", update_id, user.id)
        update = event if isinstance(event, Update) else None
        query = update.event if update is not None else None
        if isinstance(query, CallbackQuery):
            texts: Texts = data["texts"]
            await query.answer(texts.gettext(SLOW_DOWN))
        elif isinstance(query, InlineQuery):
            await query.answer([], cache_time=5, is_personal=True)
        return None


class Cooldowns(BaseMiddleware):
    """An inner middleware on messages: a handler flagged `cooldown` (a `Cooldown`) answers
    at its rate at most."""

    def __init__(self, store: BudgetsStore) -> None:
        self._store = store

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        cooldown = get_flag(data, "cooldown")
        if not isinstance(event, Message) or not isinstance(cooldown, Cooldown):
            return await handler(event, data)
        user = event.from_user.id if event.from_user is not None else event.chat.id
        name = f"{cooldown.name}:{user}"
        if cooldown.groups_only:
            if event.chat.type == ChatType.PRIVATE:
                return await handler(event, data)
            name = f"{cooldown.name}:{event.chat.id}:{user}"
        if await _within(self._store, name, cooldown.budget):
            return await handler(event, data)
        log.info("%s of user %s in chat %s: asked too often", cooldown.name, user, event.chat.id)
        return None
