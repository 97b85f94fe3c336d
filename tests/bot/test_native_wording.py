"""Russian and Ukrainian read as a native writes them (issue 53): the dice have one name (ru
«кости», uk «кості»; «кубик» is too near the doubling cube's «куб»), the fair dice's commitment
is a hash of the dice's key, a record's winner and a player who drops a double or leaves a group
are named without a verb that takes a gender, the bot after «против» declines, the hint gives a
chance of winning, and the Crawford game is said plainly; through the bot where it shows them."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from bot.i18n import Locale, Translator, catalog_path
from bot.service import GameService, PoolBotPlayer
from bot.service.events import Actor, Dropped
from bot.storage import RedisStore
from bot.ui.events import phrase
from nardy import Color
from nardy.short.variant import SHORT
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import Clock, fair_service, make_chat, play_one_turn
from tests.bot.test_i18n import BOT
from tests.bot.test_review import finish_a_game
from tests.bot.test_rules import sections_sent

NATIVE = [Locale.RU, Locale.UK]
TRANSLATOR = Translator()

# What each language says now, and the words it said before, which must be gone.
FAIR_DICE = {
    Locale.RU: ("Честные кости: хеш ключа бросков ", "🔒 Хеш ключа бросков: "),
    Locale.UK: ("Чесні кості: хеш ключа кидків ", "🔒 Хеш ключа кидків: "),
}
RECORD_FILE = {  # the revealed key, and how to check the dice, which ends the caption
    Locale.RU: ("раскрытый ключ бросков.", "Проверить кости: python -m nardy verify ФАЙЛ"),
    Locale.UK: ("розкритий ключ кидків.", "Перевірити кості: python -m nardy verify ФАЙЛ"),
}
OLD_DICE_WORDS = ("кубик", "обязательств", "зобов", "зерн")
WINNER = {Locale.RU: ": победитель — Бот · Лёгкий, ", Locale.UK: ": переможець — Бот · Легкий, "}
OLD_WINNER = {Locale.RU: ": победа ", Locale.UK: ": перемога "}
AGAINST_THE_BOT = {Locale.RU: " против бота (Лёгкий): ", Locale.UK: " проти бота (Легкий): "}
OLD_AGAINST = {Locale.RU: "против Бот", Locale.UK: "проти Бот"}
HINT = {
    Locale.RU: ("💡 Подсказка", "— шанс победы "),
    Locale.UK: ("💡 Підказка", "— шанс на перемогу "),
}
OLD_HINT = {Locale.RU: "— победа ", Locale.UK: "— перемога "}
CRAWFORD = {
    Locale.RU: ("В партии Кроуфорда удваивать нельзя.", "В игре Кроуфорда матча"),
    Locale.UK: ("У партії Кроуфорда подвоювати не можна.", "У грі Кроуфорда матчу"),
}
DROPPED = {
    Locale.RU: "Анна отказывается от удвоения.",
    Locale.UK: "Анна відмовляється від подвоєння.",
}
RECORD_BUTTON = {Locale.RU: "📜 Запись партии", Locale.UK: "📜 Запис партії"}
REPLAY_BUTTON = {Locale.RU: "📽 Повтор", Locale.UK: "📽 Повтор"}


@pytest.mark.parametrize("locale", NATIVE)
async def test_fair_dice_are_named_as_the_hash_of_their_key_in_one_word_for_dice(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer, locale: Locale
) -> None:
    chat = make_chat(
        telegram, store, fair_service(store, bot_player, Clock()), language=locale.value
    )
    await chat.start_game(TRANSLATOR[locale].gettext("Easy"))
    opening = chat.board.caption or ""
    await play_one_turn(chat)
    await chat.send("/resign")
    await chat.press(chat.last, lambda text: text.startswith("🏳"))
    committed, kept = FAIR_DICE[locale]
    assert committed in opening and kept in opening, opening
    await chat.press(chat.board, RECORD_BUTTON[locale])
    caption = chat.last.caption or ""
    revealed, check = RECORD_FILE[locale]
    assert revealed in caption and caption.endswith(check), caption
    assert not any(old in text for text in (opening, caption) for old in OLD_DICE_WORDS)


@pytest.mark.parametrize("locale", NATIVE)
def test_a_catalog_calls_the_dice_one_thing_and_guesses_no_gender(locale: Locale) -> None:
    """«кубик» nowhere (the dice are «кости»/«кості» throughout), and no "left(f)" forms such
    as «покинул(а)» or «залишив(-ла)»: a name stands before a verb that does not take a gender."""
    with (BOT / catalog_path(locale)).open("rb") as po:
        catalog = read_po(po, locale=locale.value)
    said = [
        form
        for message in catalog
        if message.id
        for form in ([message.string] if isinstance(message.string, str) else message.string or [])
    ]
    assert not [text for text in said if "кубик" in text.lower()]
    assert not [text for text in said if "(а)" in text or "(-ла)" in text]


@pytest.mark.parametrize("locale", NATIVE)
async def test_a_record_names_its_winner_and_the_replay_declines_the_bot(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer, locale: Locale
) -> None:
    chat = make_chat(
        telegram, store, fair_service(store, bot_player, Clock()), language=locale.value
    )
    await finish_a_game(chat, TRANSLATOR[locale].gettext("Easy"))  # resigned: the bot won
    await chat.send("/record")
    (button,) = chat.last.buttons()
    assert WINNER[locale] in button["text"] and OLD_WINNER[locale] not in button["text"]
    await chat.press(chat.last, button["text"])
    await chat.press(chat.last, REPLAY_BUTTON[locale])
    caption = chat.last.caption or ""
    assert AGAINST_THE_BOT[locale] in caption and OLD_AGAINST[locale] not in caption, caption


@pytest.mark.parametrize("locale", NATIVE)
async def test_the_hint_gives_the_chance_of_winning(
    telegram: FakeTelegram, store: RedisStore, service: GameService, locale: Locale
) -> None:
    chat = make_chat(telegram, store, service, language=locale.value)
    await chat.start_game(TRANSLATOR[locale].gettext("Easy"))
    button, chance = HINT[locale]
    await chat.press(chat.board, button)
    caption = chat.board.caption or ""
    assert chance in caption and OLD_HINT[locale] not in caption, caption


@pytest.mark.parametrize("locale", NATIVE)
async def test_the_crawford_rule_reads_plainly(
    telegram: FakeTelegram, store: RedisStore, service: GameService, locale: Locale
) -> None:
    chat = make_chat(telegram, store, service, language=locale.value)
    await chat.send("/rules")
    short = sections_sent(chat.messages)[-1]
    new, old = CRAWFORD[locale]
    assert new in short and old not in short, short


@pytest.mark.parametrize("locale", NATIVE)
def test_a_dropped_double_is_told_without_a_gender(locale: Locale) -> None:
    lines = phrase(TRANSLATOR[locale], Dropped(Actor("Анна")), True, Color.WHITE, SHORT)
    assert lines == [DROPPED[locale]]
