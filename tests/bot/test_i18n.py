"""Every message the code shows exists, translated, in every language, with the right plural
forms; and a Telegram language picks the right one."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import bot
from bot.i18n import SOURCE, Locale, Translator, catalog_path, locale_for
from bot.ui.games import result_name, words
from bot.ui.names import level_name
from nardy.ai import Level
from nardy.long_variant import LONG
from nardy.scoring import ResultKind
from nardy.short.variant import SHORT
from nardy.variants import VARIANTS

BOT = Path(bot.__file__).parent
TRANSLATED = [locale for locale in Locale if locale is not SOURCE]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


MessageId = tuple[str | None, str | tuple[str, str]]  # (context, text or (singular, plural))


def in_code() -> set[MessageId]:
    """What the code marks for translation (gettext, ngettext, pgettext, _, N_), as Babel
    extracts it."""
    found: set[MessageId] = set()
    for _, _, message, _, context in extract_from_dir(str(BOT)):
        text = message if isinstance(message, str) else (message[0], message[1])
        found.add((context, text))
    return found


def catalog(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=locale)


def ids(messages: Catalog) -> set[MessageId]:
    """Each message's context and text, or (singular, plural) for one with plural forms."""
    found: set[MessageId] = set()
    for message in messages:
        if isinstance(message.id, str):
            if message.id:
                found.add((message.context, message.id))
        else:
            found.add((message.context, (message.id[0], message.id[1])))
    return found


def test_the_template_holds_exactly_what_the_code_marks() -> None:
    """`bot/locales/bot.pot` is up to date (see bot/i18n.py for the commands that remake it)."""
    marked = in_code()
    assert len(marked) > 50
    assert ids(catalog(BOT / "locales" / "bot.pot")) == marked


@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(locale: Locale) -> None:
    translated = catalog(BOT / catalog_path(locale), locale.value)
    assert ids(translated) == in_code()
    assert translated.num_plurals == 3  # one, few, many (1 очко, 2 очка, 5 очков)
    for message in translated:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        english = [message.id] if isinstance(message.id, str) else list(message.id)
        string = message.string or ""
        forms = [string] if isinstance(string, str) else list(string)
        assert all(forms) and len(forms) == (3 if len(english) == 2 else 1), message.id
        for form in forms:
            assert placeholders(form) == placeholders(english[-1]), (locale, message.id)


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        (Locale.RU, ["очко", "очка", "очков", "очков", "очко", "очка", "очков"]),
        (Locale.UK, ["очко", "очки", "очок", "очок", "очко", "очки", "очок"]),
        (Locale.EN, ["point", "points", "points", "points", "points", "points", "points"]),
    ],
)
def test_points_take_each_languages_plural_forms(locale: Locale, words: list[str]) -> None:
    texts = Translator()[locale]
    for n, word in zip([1, 2, 5, 11, 21, 22, 25], words, strict=True):
        text = texts.ngettext(
            "You won: {kind}, {n} point.", "You won: {kind}, {n} points.", n, kind="mars"
        )
        assert text.endswith(f" {n} {word}."), text


def test_the_texts_differ_by_language() -> None:
    translator = Translator()
    assert translator[Locale.RU].gettext("Your turn") == "Ваш ход"
    assert translator[Locale.UK].gettext("Your turn") == "Ваш хід"
    assert translator[Locale.EN].gettext("Your turn") == "Your turn"
    assert translator[Locale.UK].gettext("Dice: {dice}", dice="6-5") == "Кості: 6-5"


def test_every_level_and_result_has_its_text() -> None:
    texts = Translator()[Locale.RU]
    assert [level_name(texts, level) for level in Level] == [
        "Лёгкий",
        "Средний",
        "Сложный",
        "Эксперт",
    ]
    assert result_name(texts, ResultKind.HOME_MARS, LONG) == "домашний марс"
    assert result_name(texts, ResultKind.MARS, SHORT) == "гаммон"
    for game in VARIANTS:  # every game names every result it can end with
        assert all(result_name(texts, kind, game) for kind in words(game).results)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("uk", Locale.UK),
        ("ru-RU", Locale.RU),
        ("kk", Locale.RU),
        ("en-GB", Locale.EN),
        ("de", Locale.UK),
        (None, Locale.UK),
    ],
)
def test_telegram_language_maps_to_a_locale(code: str | None, expected: Locale) -> None:
    assert locale_for(code, default=Locale.UK) is expected


CARDS = [(Locale.RU, "длинные", "короткие"), (Locale.UK, "довгі", "короткі")]


@pytest.mark.parametrize(("locale", "long", "short"), CARDS)
def test_the_long_and_short_group_cards_are_worded_alike(
    locale: Locale, long: str, short: str
) -> None:
    """The two open challenges differ by the game's name alone, in every language."""
    texts = Translator()[locale]
    said_long = texts.gettext("{name} offers a game of long nardy to anyone here.", name="A")
    said_short = texts.gettext("{name} offers a game of short nardy to anyone here.", name="A")
    assert long in said_long and said_long.replace(long, short) == said_short
