"""A user's preferences as the handlers see them, read once per update by `PrefsMiddleware`,
which also hands the handlers the user's `texts`: the language, and their /settings. A tap on
a game's button reads the game in the same round trip."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import TelegramObject, Update, User

from bot.i18n import Locale, Translator, locale_for
from bot.middleware import Handler
from bot.service.results import NAME
from bot.settings import GameSettings
from bot.storage import PrefsStore, StoreUnavailable, TapStore

LANG = "lang"
LOCALES = frozenset(locale.value for locale in Locale)


class Preferences:
    """Users' saved preferences and groups' settings (/settings): the one door the handlers
    and boards read and write them through (an update's own read is `PrefsMiddleware`'s)."""

    def __init__(self, store: PrefsStore) -> None:
        self._store = store

    async def settings(self, owner: int, personal: bool) -> GameSettings:
        """The /settings of `owner`: a person's (`personal`: the user id, a private chat's id
        too), else a group's; what is not stored is the default."""
        if personal:
            return GameSettings.parse(await self._store.user_prefs(owner))
        return GameSettings.parse(await self._store.group_settings(owner))

    async def set_setting(self, owner: int, personal: bool, key: str, value: str | None) -> None:
        """One option (`key`) of `owner`'s /settings (as `settings` reads them) set to `value`,
        or back to its default (None)."""
        if personal:
            await self._store.set_user_pref(owner, key, value)
        else:
            await self._store.set_group_setting(owner, key, value)

    async def set_language(self, user_id: int, locale: Locale) -> None:
        """The language the user chose (/lang), before the one Telegram says they use."""
        await self._store.set_user_pref(user_id, LANG, locale.value)

    async def keep_name(self, user_id: int, name: str) -> None:
        """The name the user is shown under (inline cards, leaderboards: `results.NAME`)."""
        await self._store.set_user_pref(user_id, NAME, name)

    async def name(self, user_id: int) -> str | None:
        """The name kept for the user (`keep_name`), if any."""
        return (await self._store.user_prefs(user_id)).get(NAME)


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
    and `texts`, the messages in that language. For a tap on a button naming a game
    (`game_named`: its id, else None) it puts the game read with them too, as `tap_read`.

    When the store is down it still picks a language, so the "try again" answer is readable.
    """

    def __init__(
        self,
        store: TapStore,
        default: Locale,
        translator: Translator,
        game_named: Callable[[str], str | None],
    ) -> None:
        self._store = store
        self._default = default
        self._translator = translator
        self._game_named = game_named

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        user: User | None = data.get("event_from_user")
        fallback = locale_for(user.language_code if user else None, self._default)
        prefs = Prefs(fallback)
        if user is not None:
            try:
                saved = await self._saved(user.id, event, data)
            except StoreUnavailable:
                saved = None
            if saved is not None:
                locale = Locale(saved[LANG]) if saved.get(LANG) in LOCALES else fallback
                prefs = Prefs(locale, GameSettings.parse(saved))
        data["prefs"], data["texts"] = prefs, self._translator[prefs.locale]
        return await handler(event, data)

    async def _saved(
        self, user_id: int, event: TelegramObject, data: dict[str, Any]
    ) -> dict[str, str]:
        """The user's saved preferences, read with the game a tap names when it names one."""
        tap = event.callback_query if isinstance(event, Update) else None
        game_id = None if tap is None or tap.data is None else self._game_named(tap.data)
        if game_id is None:
            return await self._store.user_prefs(user_id)
        read = data["tap_read"] = await self._store.read_tap(user_id, game_id)
        return read.prefs
