"""A user's preferences as the handlers see them, read once per update by `PrefsMiddleware`,
which also hands the handlers the user's `texts`: the language, and their /settings."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import TelegramObject, User

from bot.i18n import Locale, Translator, locale_for
from bot.settings import GameSettings
from bot.storage import PrefsStore, StoreUnavailable

LANG = "lang"


async def stored_settings(store: PrefsStore, owner: int, personal: bool) -> GameSettings:
    """The /settings of `owner`: a person's (`personal`: the user id, a private chat's id
    too), else a group's; what is not stored is the default."""
    if personal:
        return GameSettings.parse(await store.user_prefs(owner))
    return GameSettings.parse(await store.group_settings(owner))


@dataclass(frozen=True, slots=True)
class Prefs:
    """The language to answer in, and the user's settings (`bot.settings`)."""

    locale: Locale
    settings: GameSettings = field(default_factory=GameSettings)

    @property
    def auto_confirm(self) -> bool:
        """Whether a complete turn is confirmed without Done."""
        return self.settings.auto_confirm


class PrefsMiddleware(BaseMiddleware):
    """Puts `prefs` into the handler data (saved choices first, else the Telegram language),
    and `texts`, the messages in that language.

    When the store is down it still picks a language, so the "try again" answer is readable.
    """

    def __init__(self, store: PrefsStore, default: Locale, translator: Translator) -> None:
        self._store = store
        self._default = default
        self._translator = translator

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        prefs = await self._prefs(data.get("event_from_user"))
        data["prefs"], data["texts"] = prefs, self._translator[prefs.locale]
        return await handler(event, data)

    async def _prefs(self, user: User | None) -> Prefs:
        fallback = locale_for(user.language_code if user else None, self._default)
        if user is None:
            return Prefs(fallback)
        try:
            saved = await self._store.user_prefs(user.id)
        except StoreUnavailable:
            return Prefs(fallback)
        locale = (
            Locale(saved[LANG]) if saved.get(LANG) in {loc.value for loc in Locale} else fallback
        )
        return Prefs(locale, GameSettings.parse(saved))
