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
from dataclasses import dataclass
from typing import Any

from aiogram import BaseMiddleware
from aiogram.dispatcher.flags import get_flag
from aiogram.enums import ChatType
from aiogram.types import CallbackQuery, Chat, InlineQuery, TelegramObject, Update, User

from bot.i18n import N_, Texts
from bot.middleware import Handler
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
# /play in a group (a card, or why not), apart from the informational answers.
CHALLENGES = Cooldown("play", Budget(7, 60.0, burst=3), groups_only=True)
# The rules' six photos: once in 30 s per person, wherever asked.
RULES = Cooldown("rules", Budget(3, 30.0, burst=1), groups_only=False)


def _sender(data: dict[str, Any]) -> str | None:
    """Whose limit an update counts against: its person's; for an anonymous administrator or a
    channel (Telegram's shared bot accounts), the chat's, so that one such sender does not
    spend every other's."""
    user: User | None = data.get("event_from_user")
    chat: Chat | None = data.get("event_chat")
    if user is not None and not user.is_bot:
        return f"user:{user.id}"
    return None if chat is None else f"chat:{chat.id}"


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

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        sender = _sender(data)
        if sender is None or await _within(self._store, f"updates:{sender}", self._budget):
            return await handler(event, data)
        update_id = event.update_id if isinstance(event, Update) else None
        log.info("update %s of %s over its rate: dropped", update_id, sender)
        update = event if isinstance(event, Update) else None
        query = update.event if update is not None else None
        if isinstance(query, CallbackQuery):
            texts: Texts = data["texts"]
            await query.answer(texts.gettext(SLOW_DOWN))
        elif isinstance(query, InlineQuery):
            await query.answer([], cache_time=5, is_personal=True)
        return None


class Cooldowns(BaseMiddleware):
    """An inner middleware on messages and taps: a handler flagged `cooldown` (a `Cooldown`)
    answers at its rate at most (a tap beyond it is answered with nothing)."""

    def __init__(self, store: BudgetsStore) -> None:
        self._store = store

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        cooldown = get_flag(data, "cooldown")
        chat: Chat | None = data.get("event_chat")
        sender = _sender(data)
        if not isinstance(cooldown, Cooldown) or chat is None or sender is None:
            return await handler(event, data)
        name = f"{cooldown.name}:{sender}"
        if cooldown.groups_only:
            if chat.type == ChatType.PRIVATE:
                return await handler(event, data)
            name = f"{cooldown.name}:{chat.id}:{sender}"
        if await _within(self._store, name, cooldown.budget):
            return await handler(event, data)
        log.info("%s of %s in chat %s: asked too often", cooldown.name, sender, chat.id)
        return None
