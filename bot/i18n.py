"""User-facing text in Russian, Ukrainian and English, and the choice of a user's language."""

from __future__ import annotations

import json
from enum import StrEnum
from importlib import resources
from typing import Any


class Locale(StrEnum):
    """A language the bot speaks; the value is the file name in `bot/locales/`."""

    RU = "ru"
    UK = "uk"
    EN = "en"


# Telegram language codes whose speakers we answer in Russian (the region's common language).
_RUSSIAN_READERS = frozenset({"ru", "be", "kk", "ky", "tg", "uz", "az", "hy", "ka", "tk"})


def locale_for(language_code: str | None, default: Locale) -> Locale:
    """The locale for a Telegram `language_code` such as `uk` or `ru-RU`; unknown → `default`."""
    if not language_code:
        return default
    base = language_code.split("-")[0].lower()
    if base == "uk":
        return Locale.UK
    if base == "en":
        return Locale.EN
    if base in _RUSSIAN_READERS:
        return Locale.RU
    return default


class Translator:
    """Every message key in every locale, loaded once; `text` formats one for a locale."""

    def __init__(self) -> None:
        folder = resources.files("bot") / "locales"
        self._texts: dict[Locale, dict[str, str]] = {
            locale: json.loads((folder / f"{locale.value}.json").read_text("utf-8"))
            for locale in Locale
        }

    def keys(self, locale: Locale) -> frozenset[str]:
        """The message keys `locale` defines (every locale must define the same ones)."""
        return frozenset(self._texts[locale])

    def template(self, locale: Locale, key: str) -> str:
        """The message `key` in `locale` with its `{name}` placeholders unfilled."""
        return self._texts[locale][key]

    def text(self, locale: Locale, key: str, **values: Any) -> str:
        """The message `key` in `locale`, with `{name}` placeholders filled from `values`."""
        return self.template(locale, key).format(**values)
