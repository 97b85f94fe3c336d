"""Every message exists in every language, and a Telegram language picks the right one."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

import bot
from bot.commands import COMMANDS
from bot.i18n import Locale, Translator, locale_for
from nardy.ai import Level
from nardy.scoring import ResultKind


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_locale_has_the_same_keys_and_placeholders() -> None:
    texts = Translator()
    keys = texts.keys(Locale.EN)
    assert keys
    for locale in Locale:
        assert texts.keys(locale) == keys, locale
        for key in keys:
            english = placeholders(texts.template(Locale.EN, key))
            assert placeholders(texts.template(locale, key)) == english, (locale, key)


def test_the_texts_differ_by_language() -> None:
    texts = Translator()
    assert texts.text(Locale.RU, "turn_you") == "Ваш ход"
    assert texts.text(Locale.UK, "turn_you") == "Ваш хід"
    assert texts.text(Locale.EN, "turn_you") == "Your turn"
    assert texts.text(Locale.EN, "dice", dice="6-5") == "Dice: 6-5"


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


def test_every_message_is_used_and_every_built_key_exists() -> None:
    """No dead strings: each key is named in the bot's code, or built from a command, a level
    or a result kind (and each of those has its message)."""
    code = "\n".join(path.read_text("utf-8") for path in Path(bot.__file__).parent.rglob("*.py"))
    named = set(re.findall(r"[\"']([a-z_]+)[\"']", code))
    built = (
        {f"cmd_{command}" for command in COMMANDS}
        | {f"level_{level.value}" for level in Level}
        | {f"kind_{kind.value}" for kind in ResultKind}
    )
    keys = Translator().keys(Locale.EN)
    assert keys - named - built == set()
    assert built <= keys
