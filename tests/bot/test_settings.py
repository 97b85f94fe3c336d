"""/settings through real updates and a real Redis: a player's settings in the private chat, a
group's changed by its administrators only; every setting applied to new games (against the
bot, group challenges, inline cards) and never to a game already running; the house rules
shown on cards and captions; stale and forged taps refused."""

from __future__ import annotations

import io
from itertools import product
from typing import Any

import pytest
from PIL import Image

from bot.i18n import Locale
from bot.service import GameService, NoGame, Resign, Seat, Terms, inline_game_id
from bot.service.cards import CardSeal
from bot.settings import OPTIONS, GameSettings
from bot.storage import RedisStore
from bot.ui.callbacks import (
    ChallengeAction,
    InlineChallenge,
    ResetSettings,
    SetSetting,
    SettingsPage,
)
from nardy import Color, Rules
from nardy.ai import Level
from nardy.record import rules_to_text
from nardy.rules import BlockCheck, HeadException, Opening, Scoring
from nardy.short import Game as ShortGame
from renderer import CONTRAST
from testkit.fakes.telegram import FakeTelegram, Sent
from testkit.harness import Chat, Group, card_id, make_chat, make_group, user

ALICE, BOB, CAROL = user(4001), user(4002), user(4003)
EXTENDED = Rules(scoring=Scoring.EXTENDED)
# Every rule away from its default, as the private test below chooses them.
HOUSE = Rules(
    opening=Opening.PLAY_OPENING_ROLL,
    higher_die_rule=False,
    head_exception=HeadException.ANY_DOUBLE,
    block_check=BlockCheck.END_OF_TURN,
    scoring=Scoring.EXTENDED,
    last_roll=True,
)
HOUSE_LINE = (
    "Rules: the opening roll is played; no higher-die rule; any double leaves the head;"
    " six-point block checked at the end of the turn; extended scoring; last roll for a draw."
)


@pytest.fixture
def group(telegram: FakeTelegram, store: RedisStore, service: GameService) -> Group:
    room = make_group(telegram, store, service)
    telegram.add_admin(room.chat["id"], ALICE["id"])
    return room


def labels(sent: Sent) -> list[str]:
    return [button["text"] for button in sent.buttons()]


async def choose(chat: Chat, option: str, value: str) -> None:
    """On the settings message (the chat's last), open `option` (a button starting with its
    name), tap `value` (its label, unmarked), and go back to the list."""
    menu = chat.last
    await chat.press(menu, lambda text: text.startswith(f"{option}: "))
    await chat.press(menu, f"▫️ {value}")
    await chat.press(menu, "⬅️ Back")


async def test_the_settings_list_and_pages_mark_the_value_and_edit_in_place(
    chat: Chat, store: RedisStore
) -> None:
    await chat.send("/settings")
    menu = chat.last
    assert menu.text is not None and menu.text.startswith("⚙️ Your settings")
    assert labels(menu) == [
        "Opening roll: Roll again",
        "Higher die: On",
        "Two from the head: 6-6, 4-4 or 3-3",
        "Six-point block: After every step",
        "Scoring: Classic: 1–2 points",
        "Last roll: Off",
        "Doubling cube (short nardy): Off",
        "Opening roll (short nardy): Play the opening roll",  # §9: its own default
        "Match length: One game",
        "Time per turn: 24 hours",  # the operator's default, TURN_TIME_LIMIT
        "Board colours: Classic",
        "Confirm turns automatically: Off",
        "↩️ Reset to defaults",
    ]
    count = len(chat.messages)
    await chat.press(menu, "Scoring: Classic: 1–2 points")
    assert menu.text == (
        "⚙️ Scoring\nClassic: oyn 1 point, mars 2. Extended adds koks (3) and home mars (4)."
    )
    assert labels(menu) == ["✅ Classic: 1–2 points", "▫️ Extended: 1–4 points", "⬅️ Back"]
    await chat.press(menu, "▫️ Extended: 1–4 points")
    assert chat.toasts()[-1] == "Saved."
    assert labels(menu) == ["▫️ Classic: 1–2 points", "✅ Extended: 1–4 points", "⬅️ Back"]
    await chat.press(menu, "⬅️ Back")
    assert "Scoring: Extended: 1–4 points" in labels(menu)
    assert len(chat.messages) == count  # every tap edited the one message
    assert (await store.user_prefs(chat.user["id"]))["scoring"] == "extended"


async def test_the_main_menu_opens_the_settings_in_the_players_language(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    chat = make_chat(telegram, store, service, language="ru")
    await chat.send("/start")
    await chat.press(chat.last, "⚙️ Настройки")
    assert chat.last.text is not None and chat.last.text.startswith("⚙️ Ваши настройки")
    assert "Подсчёт очков: Классический: 1–2 очка" in labels(chat.last)


async def test_every_setting_applies_to_new_games_against_the_bot_not_the_running_one(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    await chat.start_game()
    running = await service.active_game(chat.user["id"])
    assert running is not None and running.game.rules == Rules()
    await chat.send("/settings")
    await choose(chat, "Opening roll", "Play the opening roll")
    await choose(chat, "Higher die", "Off")
    await choose(chat, "Two from the head", "Any double")
    await choose(chat, "Six-point block", "At the end of the turn")
    await choose(chat, "Scoring", "Extended: 1–4 points")
    await choose(chat, "Last roll", "On")
    await choose(chat, "Match length", "A match to 3 points")
    await choose(chat, "Board colours", "High contrast")
    still = await service.active_game(chat.user["id"])
    assert still is not None and still.game == running.game
    assert "Rules:" not in (chat.board.caption or "")
    # The colours are no rule: the running game's board is redrawn in them at once.
    picture = Image.open(io.BytesIO(telegram.uploaded[-1])).convert("RGB")
    assert picture.getpixel((3, 3)) == CONTRAST.background

    await chat.send("/resign")
    await chat.press(chat.last, "🏳 Yes, resign")
    await chat.send("/play")
    assert "• to 3 •" in labels(chat.last)  # the match length chosen, marked
    await chat.press(chat.last, "Easy")
    fresh = await service.active_game(chat.user["id"])
    assert fresh is not None and fresh.game_id != running.game_id
    assert fresh.game.rules == HOUSE
    assert fresh.match is not None and fresh.match.match.length == 3
    assert HOUSE_LINE in (chat.board.caption or "")


async def test_reset_puts_every_option_back_and_keeps_the_language(
    chat: Chat, store: RedisStore
) -> None:
    await chat.send("/lang")
    await chat.press(chat.last, "English")
    await chat.send("/settings")
    await choose(chat, "Scoring", "Extended: 1–4 points")
    await choose(chat, "Confirm turns automatically", "On")
    await chat.press(chat.last, "↩️ Reset to defaults")
    assert chat.toasts()[-1] == "Back to the defaults."
    assert "Scoring: Classic: 1–2 points" in labels(chat.last)
    assert await store.user_prefs(chat.user["id"]) == {"lang": "en"}


async def test_an_unknown_stored_value_means_the_default(
    chat: Chat, store: RedisStore, service: GameService
) -> None:
    await store.set_user_pref(chat.user["id"], "scoring", "triple")
    await store.set_user_pref(chat.user["id"], "theme", "neon")
    await chat.send("/settings")
    assert "Scoring: Classic: 1–2 points" in labels(chat.last)
    assert "Board colours: Classic" in labels(chat.last)
    await chat.start_game()
    table = await service.active_game(chat.user["id"])
    assert table is not None and table.game.rules == Rules()


async def test_stale_and_forged_settings_taps_are_refused_and_change_nothing(
    chat: Chat, store: RedisStore, group: Group
) -> None:
    await chat.send("/settings")
    menu = chat.last
    forged = [
        SetSetting(option="scoring", value="triple", locale=Locale.EN),
        SetSetting(option="colour", value="red", locale=Locale.EN),
        SettingsPage(option="colour", locale=Locale.EN),
    ]
    for data in forged:
        await chat.tap(menu, data.pack())
    assert chat.toasts() == ["This button is not valid any more."] * len(forged)
    stranger = make_chat(chat.telegram, store, chat.dispatcher["service"], user_id=4999)
    await stranger.tap(
        menu, SetSetting(option="scoring", value="extended", locale=Locale.EN).pack()
    )
    assert stranger.toasts()[-1] == "This button is not valid any more."
    # A group has no auto-confirm: every player confirms their own turns.
    await group.send(ALICE, "/settings")
    card = group.last
    assert not any(label.startswith("Confirm turns") for label in labels(card))
    await group.tap(ALICE, card, SetSetting(option="auto", value="1", locale=Locale.EN).pack())
    await group.tap(ALICE, card, SettingsPage(option="auto", locale=Locale.EN).pack())
    assert group.answers()[-2:] == [("This button is not valid any more.", False)] * 2
    assert await store.user_prefs(chat.user["id"]) == {}
    assert await store.user_prefs(4999) == {}
    assert await store.group_settings(group.chat["id"]) == {}


def test_every_settings_button_and_inline_card_fits_in_64_bytes() -> None:
    uk = Locale.UK
    data = [SettingsPage(option="", locale=uk).pack(), ResetSettings(locale=uk).pack()]
    for option in OPTIONS:
        data.append(SettingsPage(option=option.key, locale=uk).pack())
        data += [SetSetting(option=option.key, value=v, locale=uk).pack() for v in option.values]
    for opening, higher, head, block, scoring, last in product(
        Opening, (True, False), HeadException, BlockCheck, Scoring, (True, False)
    ):
        rules = Rules(opening, higher, head, block, scoring, last)
        card = InlineChallenge(
            by=2**52,  # more digits than any Telegram user id has
            locale=Locale.UK,
            length=7,
            limit=86400,
            at=9_999_999_999,
            action=ChallengeAction.CANCEL,
            rules=rules_to_text(rules),
            seal=CardSeal(b"key").seal(2**52, "uk", 9_999_999_999, Terms(7, 86400), rules),
        )
        assert InlineChallenge.unpack(card.pack()) == card
        data.append(card.pack())
    assert max(len(item.encode()) for item in data) <= 64


async def test_only_a_groups_administrators_change_its_settings(
    group: Group, store: RedisStore
) -> None:
    await group.send(BOB, "/settings")
    menu = group.last
    assert menu.text is not None and "Only the group's administrators can change them." in (
        menu.text
    )
    listed = menu.text
    refused = ("Only the group's administrators can change its settings.", True)
    await group.press(BOB, menu, "Scoring: Classic: 1–2 points")  # the group's message stays
    assert group.answers()[-1] == refused and menu.text == listed
    await group.press(BOB, menu, "↩️ Reset to defaults")
    assert group.answers()[-1] == refused
    await group.press(ALICE, menu, "Scoring: Classic: 1–2 points")
    await group.press(BOB, menu, "▫️ Extended: 1–4 points")
    assert group.answers()[-1] == refused
    assert await store.group_settings(group.chat["id"]) == {}
    await group.press(ALICE, menu, "▫️ Extended: 1–4 points")
    assert group.answers()[-1] == ("Saved.", False)
    assert "✅ Extended: 1–4 points" in labels(menu)
    assert await store.group_settings(group.chat["id"]) == {"scoring": "extended"}
    assert await store.user_prefs(ALICE["id"]) == {}  # the group's, not the admin's own
    group.telegram.add_admin(group.chat["id"], BOB["id"], owner=True)
    await group.press(BOB, menu, "⬅️ Back")
    await group.press(BOB, menu, "↩️ Reset to defaults")
    assert await store.group_settings(group.chat["id"]) == {}


async def test_a_groups_settings_message_stays_in_the_language_it_was_posted_in(
    group: Group, store: RedisStore
) -> None:
    """Posted by a Russian-speaking administrator, it stays Russian when an English-speaking
    one changes a setting; each tapper's own answer is in their own language."""
    ivan = user(4010, "ru")
    group.telegram.add_admin(group.chat["id"], ivan["id"])
    await group.send(ivan, "/settings")
    menu = group.last
    russian = menu.text
    assert russian is not None and "Нажмите на настройку, чтобы изменить её." in russian
    await group.press(ALICE, menu, lambda text: text.startswith("Подсчёт очков: "))
    assert (menu.text or "").startswith("⚙️ Подсчёт очков")
    await group.press(ALICE, menu, lambda text: text.startswith("▫️ Расширенный"))
    assert group.answers()[-1] == ("Saved.", False)
    assert (menu.text or "").startswith("⚙️ Подсчёт очков")
    assert any(label.startswith("✅ Расширенный") for label in labels(menu))
    await group.press(ALICE, menu, "⬅️ Назад")
    assert menu.text == russian
    await group.tap(ALICE, menu, ResetSettings(locale=Locale.RU).pack())
    assert group.answers()[-1] == ("Back to the defaults.", False)
    assert menu.text == russian
    assert await store.group_settings(group.chat["id"]) == {}


async def group_choose(group: Group, person: dict[str, Any], option: str, value: str) -> None:
    """`person` sets `option` to `value` on the group's settings message (/settings first
    when there is none), then goes back to its list."""
    listed = [m for m in group.messages if (m.text or "").startswith("⚙️ This group's")]
    if not listed:
        await group.send(person, "/settings")
    menu = listed[-1] if listed else group.last
    await group.press(person, menu, lambda text: text.startswith(f"{option}: "))
    await group.press(person, menu, f"▫️ {value}")
    await group.press(person, menu, "⬅️ Back")


async def test_a_group_challenge_keeps_the_rules_it_offered_and_a_game_the_rules_it_began(
    group: Group, service: GameService
) -> None:
    await group_choose(group, ALICE, "Scoring", "Extended: 1–4 points")
    await group_choose(group, ALICE, "Match length", "A match to 3 points")
    await group_choose(group, ALICE, "Time per turn", "5 minutes")
    await group.send(BOB, "/play")
    card = group.last
    assert card.caption is not None
    assert "A match to 3 points · house rules · 5 minutes per turn." in card.caption
    assert "Rules: extended scoring." in card.caption
    await group_choose(group, ALICE, "Scoring", "Classic: 1–2 points")  # after the card
    await group_choose(group, ALICE, "Board colours", "High contrast")
    await group.press(CAROL, card, "🎲 Join")
    picture = Image.open(io.BytesIO(group.telegram.uploaded[-1])).convert("RGB")
    assert picture.getpixel((3, 3)) == CONTRAST.background  # the group's colours
    game_id = str(card.buttons()[0]["callback_data"]).split(":")[1]
    table = await service.load(game_id)
    assert table.game.rules == EXTENDED
    assert table.turn_limit == 300 and table.match is not None
    assert table.match.match.length == 3
    assert "Rules: extended scoring." in (card.caption or "")
    await group_choose(group, ALICE, "Two from the head", "Never")  # during the game
    assert (await service.load(game_id)).game.rules == EXTENDED
    # /play's own terms win over the group's defaults; the group's rules stay.
    await group.send(ALICE, "/play 1 1m")
    offer = group.last.caption or ""
    assert "One game · house rules · 1 minute per turn." in offer
    assert "Rules: never two from the head." in offer


async def test_a_rematch_and_the_next_game_of_a_match_keep_the_rules(
    store: RedisStore, service: GameService
) -> None:
    start = await service.new_vs_bot(77, 77, Level.EASY, 7, HOUSE)  # koks: 3 points
    table = await service.open(start)
    human = table.seat_of(77)
    assert human is not None and table.game.rules == HOUSE
    after = (await service.apply(table, human, Resign(), None)).table
    assert after.match is not None and after.match.match.games == 1
    assert not after.game.over and after.game.rules == HOUSE  # game 2 under the same rules

    await store.set_user_pref(88, "scoring", "classic")  # a later setting changes nothing
    challenger, joiner = Seat(user_id=88, name="U88"), Seat(user_id=99, name="U99")
    challenge = await service.challenge(-5, challenger, "en", Terms(), rules=EXTENDED)
    game = await service.join(challenge.challenge_id, joiner, None, 1)
    color = game.seat_of(88)
    assert color is not None
    over = (await service.apply(game, color, Resign(), None)).table
    asked, _ = await service.rematch(over, Color.WHITE)
    _, fresh = await service.rematch(asked, Color.BLACK)
    assert fresh is not None and fresh.game.rules == EXTENDED


async def test_an_inline_card_carries_its_challengers_rules_in_its_buttons(
    group: Group, store: RedisStore, service: GameService
) -> None:
    for key, value in (("scoring", "extended"), ("last_roll", "1")):
        await store.set_user_pref(ALICE["id"], key, value)
    update = group.telegram.inline_query_update(ALICE)
    await group.feed(update)
    query_id = update["inline_query"]["id"]
    results = group.telegram.inline_answers[query_id]["results"]
    long_cards, short_card = results[:4], results[4]  # short nardy has neither option
    assert all(
        "Rules: extended scoring; last roll for a draw." in r["description"] for r in long_cards
    )
    assert "Rules:" not in short_card["description"]
    chosen = group.telegram.choose_inline_result(
        ALICE, query_id, card_id(group.telegram, query_id, "1")
    )
    await group.feed(chosen)
    card = group.telegram.inline_messages[chosen["chosen_inline_result"]["inline_message_id"]]
    join = InlineChallenge.unpack(str(card.buttons()[0]["callback_data"]))
    wanted = Rules(scoring=Scoring.EXTENDED, last_roll=True)
    assert join.rules == rules_to_text(wanted)
    await store.set_user_pref(ALICE["id"], "scoring", None)  # after the card was sent
    await group.press(BOB, card, "🎲 Join")
    assert card.inline_message_id is not None
    table = await service.load(inline_game_id(card.inline_message_id))
    assert table.game.rules == wanted
    assert "Rules: extended scoring; last roll for a draw." in (card.text or "")


async def test_a_forged_inline_card_with_rules_not_offered_starts_nothing(
    group: Group, service: GameService
) -> None:
    update = group.telegram.inline_query_update(ALICE)
    await group.feed(update)
    query_id = update["inline_query"]["id"]
    chosen = group.telegram.choose_inline_result(
        ALICE, query_id, card_id(group.telegram, query_id, "1")
    )
    await group.feed(chosen)
    card = group.telegram.inline_messages[chosen["chosen_inline_result"]["inline_message_id"]]
    join = InlineChallenge.unpack(str(card.buttons()[0]["callback_data"]))
    for rules in ("zzzzzz1", rules_to_text(Rules(match_length=5))):
        await group.tap(BOB, card, join.model_copy(update={"rules": rules}).pack())
        assert group.answers()[-1] == ("This button is not valid any more.", True)
    assert card.inline_message_id is not None
    with pytest.raises(NoGame):
        await service.load(inline_game_id(card.inline_message_id))


def test_settings_read_back_what_they_mean() -> None:
    settings = GameSettings.parse({"scoring": "extended", "length": "9", "lang": "ru"})
    assert settings.chosen == {"scoring": "extended"}
    assert settings.rules == EXTENDED and settings.length == 1
    assert GameSettings.of_rules(HOUSE).rules == HOUSE


async def test_short_nardy_plays_the_opening_roll_unless_its_own_setting_rolls_again(
    chat: Chat, service: GameService
) -> None:
    """RULES.md §9: short nardy's first turn plays the two opening dice (never a double) by
    default, whatever long nardy's opening rule; rolling again is its own house rule, named
    on the board, and a game keeps the rule it began with."""
    await chat.send("/settings")
    await choose(chat, "Opening roll", "Play the opening roll")
    await choose(chat, "Opening roll", "Roll again")  # long nardy's, back to its default
    for _ in range(6):  # a reroll would give a double on the first turn now and then
        await chat.send("/play short")
        await chat.press(chat.last, "Easy")
        table = await service.active_game(chat.user["id"])
        assert table is not None and isinstance(table.game, ShortGame)
        assert table.game.rules.opening is Opening.PLAY_OPENING_ROLL
        first = table.game.history[0].dice if table.game.history else table.game.dice
        assert first is not None and first[0] != first[1]
        assert "Rules:" not in (chat.board.caption or "")
        await chat.send("/resign")
        await chat.press(chat.last, "🏳 Yes, resign")
    await chat.send("/settings")
    await choose(chat, "Opening roll (short nardy)", "Roll again")
    await chat.send("/play short")
    await chat.press(chat.last, "Easy")
    table = await service.active_game(chat.user["id"])
    assert table is not None and table.game.rules.opening is Opening.REROLL
    assert "Rules: the opening roll is rolled again." in (chat.board.caption or "")
    stored = await service.load(table.game_id)  # read back from its stored text
    assert stored.game.rules.opening is Opening.REROLL
    assert GameSettings.of_rules(stored.game.rules).chosen["short.opening"] == "reroll"
