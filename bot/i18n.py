"""User-facing text in Russian, Ukrainian and English (gettext, with Babel's catalogs), and the
choice of a user's language.

Messages are written in English in the code (`texts.gettext("Your turn")`) and translated by
the catalogs `bot/locales/<locale>/LC_MESSAGES/bot.po`, compiled in memory at start-up; English
needs no catalog. Plural forms follow each language's rules (ru, uk: 1 очко, 2 очка, 5 очков).
After changing a message: `pybabel extract -c Translators: -o bot/locales/bot.pot bot`, then
`pybabel update -i bot/locales/bot.pot -d bot/locales -D bot`, then translate what is new.
"""

from __future__ import annotations

import gettext
from enum import StrEnum
from importlib import resources
from io import BytesIO

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

DOMAIN = "bot"


class Locale(StrEnum):
    """A language the bot speaks; the value is its folder in `bot/locales/`."""

    RU = "ru"
    UK = "uk"
    EN = "en"


SOURCE = Locale.EN  # the language the messages are written in


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


def N_(message: str) -> str:  # the name gettext tools look for
    """Mark `message` for translation where it is defined; it is translated where shown."""
    return message


class Texts:
    """The messages of one locale, each formatted with its `{name}` placeholders."""

    def __init__(self, locale: Locale, translations: gettext.NullTranslations) -> None:
        self.locale = locale
        self._translations = translations

    def gettext(self, message: str, /, **values: object) -> str:
        """`message` in this locale, placeholders filled from `values`."""
        return self._translations.gettext(message).format(**values)

    def pgettext(self, context: str, message: str, /, **values: object) -> str:
        """`message` as meant in `context`, where one English text needs two translations."""
        return self._translations.pgettext(context, message).format(**values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        """The form of `singular`/`plural` this locale uses for the number `n` (also `{n}`)."""
        return self._translations.ngettext(singular, plural, n).format(n=n, **values)


class Translator:
    """Every locale's `Texts`, compiled once from the catalogs shipped in `bot/locales`."""

    def __init__(self) -> None:
        self._texts = {locale: Texts(locale, _translations(locale)) for locale in Locale}

    def __getitem__(self, locale: Locale) -> Texts:
        return self._texts[locale]


def catalog_path(locale: Locale) -> str:
    """Where a locale's catalog lives inside the `bot` package."""
    return f"locales/{locale.value}/LC_MESSAGES/{DOMAIN}.po"


def _translations(locale: Locale) -> gettext.NullTranslations:
    """The locale's catalog compiled to gettext's form in memory (no .mo files to keep)."""
    if locale is SOURCE:
        return gettext.NullTranslations()
    with (resources.files("bot") / catalog_path(locale)).open("rb") as po:
        catalog = read_po(po, locale=locale.value)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)
