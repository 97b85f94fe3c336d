"""The illustrated /rules: each section's picture is a legal position that shows its rule
(RULES.md §1-7), rendered in every language, then short nardy's page (§9); /rules, in private
and in groups, and the menu's Rules button send the six pages in order, drawn once."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.i18n import Locale, Translator
from bot.service import GameService
from bot.storage import RedisStore
from bot.ui import rules
from bot.ui.delivery import Pictures
from bot.ui.screens import CAPTION_LIMIT
from nardy import CHECKERS, HEAD, Color, Position, Rules, legal_turns, move
from nardy.game import Game
from nardy.scoring import ResultKind, loss_value
from nardy.short import Position as ShortPosition
from renderer import Highlight, panels
from testkit.fakes.telegram import FakeTelegram, Sent
from testkit.harness import Chat, make_chat, make_group, user

TRANSLATOR = Translator()
HEADINGS = {
    Locale.EN: [
        "The start and the way round",
        "The head",
        "Six in a row",
        "Bearing off",
        "Winning and the score",
    ],
    Locale.RU: [
        "Начало и направление игры",
        "Голова",
        "Шесть подряд",
        "Выбрасывание шашек",
        "Победа и счёт",
    ],
    Locale.UK: [
        "Початок і напрямок гри",
        "Голова",
        "Шість поспіль",
        "Викидання шашок",
        "Перемога й рахунок",
    ],
}
SHORT_TITLES = {
    Locale.EN: "Short nardy (backgammon) in brief",
    Locale.RU: "Короткие нарды (бэкгаммон) вкратце",
    Locale.UK: "Короткі нарди (бекгемон) коротко",
}
TITLES = {
    Locale.EN: "Long nardy in brief",
    Locale.RU: "Длинные нарды вкратце",
    Locale.UK: "Довгі нарди коротко",
}


def section(key: str) -> rules.Section:
    return next(s for s in rules.SECTIONS if s.key == key)


def shown(key: str) -> Position:
    position, _view = rules.picture(section(key), TRANSLATOR[Locale.EN])
    assert isinstance(position, Position)  # long nardy's sections
    return position


def results(position: Position, dice: tuple[int, int]) -> set[str]:
    return {t.result.canonical_key() for t in legal_turns(position, dice, Rules()).turns}


def sections_sent(messages: list[Sent]) -> list[str]:
    """The captions of the last six messages, each a photo."""
    last = messages[-6:]
    assert all(m.photo_id is not None and m.caption for m in last)
    return [m.caption or "" for m in last]


def assert_the_rules(captions: list[str], locale: Locale) -> None:
    """The five sections in order, in `locale`: the title, then each one's numbered heading;
    then short nardy's page, under its title."""
    *captions, short = captions
    assert short.startswith(f"<b>{SHORT_TITLES[locale]}</b>\n")
    assert captions[0].startswith(f"<b>{TITLES[locale]}</b>\n")
    headings = [caption.removeprefix(f"<b>{TITLES[locale]}</b>\n") for caption in captions]
    for number, (caption, heading) in enumerate(zip(headings, HEADINGS[locale], strict=True)):
        assert caption.startswith(f"<b>{number + 1}/5 · {heading}</b>\n")


# -- the pictures ---------------------------------------------------------------------------


@pytest.mark.parametrize("locale", list(Locale))
def test_each_section_renders_its_own_picture_in_each_language(locale: Locale) -> None:
    pictures = [rules.jpeg(s, TRANSLATOR[locale]) for s in rules.SECTIONS]
    assert all(p.startswith(b"\xff\xd8") and len(p) > 10_000 for p in pictures)
    assert len(set(pictures)) == len(rules.SECTIONS) == 5
    if locale is not Locale.EN:  # the labels (names, status, banner) are the reader's
        english = [rules.jpeg(s, TRANSLATOR[Locale.EN]) for s in rules.SECTIONS]
        assert all(a != b for a, b in zip(pictures, english, strict=True))


@pytest.mark.parametrize("locale", list(Locale))
def test_every_label_fits_uncut(locale: Locale) -> None:
    """The status beside the mover's name and the banner's lines are never cut to "…"."""
    for s in rules.SECTIONS:
        position, view = rules.picture(s, TRANSLATOR[locale])
        acting = position.to_move if view.acting is None else view.acting
        laid_out = [panels.status_text(view.names[acting], view.texts.status)]
        if view.banner is not None:
            laid_out += panels.banner_text(view.banner)
        assert not any(block.cut for block in laid_out), (s.key, laid_out)


def test_every_position_shown_has_fifteen_checkers_a_side() -> None:
    for s in rules.SECTIONS:
        position = shown(s.key)
        for color in Color:
            on_board = sum(n * color.sign for n in position.points if n * color.sign > 0)
            assert on_board + position.off[color] == CHECKERS, (s.key, color)


def test_the_start_shows_both_heads_and_the_way_round() -> None:
    """§1: 15 on each head; White's head picked up with 6-5 reaches 19, 18 and, with both dice
    (§3), 13: down from 24, the way both sides go."""
    position, view = rules.picture(section("start"), TRANSLATOR[Locale.EN])
    assert position == Position.start()
    assert position.count_at(Color.WHITE, HEAD) == position.count_at(Color.BLACK, HEAD) == 15
    assert view.highlight == Highlight(frozenset({HEAD}), HEAD, frozenset({19, 18, 13}))
    assert view.names == ("White", "Black")


def test_the_head_picture_is_the_first_turn_exception() -> None:
    """§4: on the first turn 6-6 takes two checkers off the head (the only legal play); on any
    later turn, no legal play of 6-6 takes more than one."""
    position, view = rules.picture(section("head"), TRANSLATOR[Locale.EN])
    first = legal_turns(Position.start(), (6, 6), Rules())
    assert [t.result.canonical_key() for t in first.turns] == [position.canonical_key()]
    assert position.count_at(Color.WHITE, HEAD) == 13
    assert view.last_turn is not None and len(view.last_turn.steps) == 2
    later = replace(Position.start(), first_turn=(False, False))
    for turn in legal_turns(later, (6, 6), Rules()).turns:
        assert sum(step.src == HEAD for step in turn.steps) <= 1


def test_the_six_block_is_allowed_only_with_a_checker_ahead() -> None:
    """§5: the turn shown closes White's points 10-5, legal because Black's checker on its
    point 14 (ringed) is ahead; with that checker behind the block, the same turn is not."""
    position, view = rules.picture(section("block"), TRANSLATOR[Locale.EN])
    assert all(position.count_at(Color.WHITE, p) >= 2 for p in range(5, 11))
    assert position.canonical_key() in results(rules.BLOCK_BEFORE, (3, 1))
    assert view.highlight == Highlight(frozenset({rules.BLOCK_AHEAD}))
    assert position.to_move is Color.BLACK and position.count_at(Color.BLACK, 14) == 1
    behind = rules.sides({24: 3, 10: 2, 9: 2, 8: 3, 7: 2, 6: 3}, {24: 13, 23: 2})
    assert rules.BLOCK_BEFORE.count_at(Color.BLACK, rules.BLOCK_AHEAD) == 1
    blocked = move(behind, rules.BLOCK_TURN).canonical_key()
    allowed = results(behind, (3, 1))
    assert allowed and blocked not in allowed


def test_bearing_off_from_the_highest_point() -> None:
    """§6: all 15 home, point 6 empty: 6-3 bears off from 5 (the highest) and from 3."""
    before = rules.BEAR_OFF_BEFORE
    assert sum(before.count_at(Color.WHITE, p) for p in range(1, 7)) == CHECKERS
    assert before.count_at(Color.WHITE, 6) == 0
    position = shown("bear_off")
    assert position.off[Color.WHITE] == 2
    assert position.canonical_key() in results(before, (6, 3))


def test_the_score_is_a_mars_and_a_resignation_scores_the_same() -> None:
    """§7: Black bore off none: mars, 2 points, as its resignation would be; one off, oyn."""
    position, view = rules.picture(section("score"), TRANSLATOR[Locale.EN])
    assert isinstance(position, Position) and position.winner() is Color.WHITE
    assert loss_value(position, Color.BLACK, Rules()) == (ResultKind.MARS, 2)
    resigned = Game(Rules(), rules.LAST_BEFORE).resign(Color.BLACK).result
    assert resigned is not None and (resigned.kind, resigned.points) == (ResultKind.MARS, 2)
    one_off = rules.sides({2: 1, 1: 1}, {6: 3, 5: 3, 4: 3, 3: 2, 2: 2})
    assert loss_value(one_off, Color.BLACK, Rules()) == (ResultKind.OYN, 1)
    assert view.banner is not None and view.banner.result == "White wins: mars, 2 points."


def test_short_nardys_page_shows_its_set_up_facing_the_other_way() -> None:
    """§9: 2-5-3-5 on each side's points 24, 13, 8, 6, the sides moving towards each other;
    the page rendered in every language with its own picture."""
    position, view = rules.picture(rules.SHORT, TRANSLATOR[Locale.EN])
    assert isinstance(position, ShortPosition) and position == ShortPosition.start()
    white = {p: n for p, n in enumerate(position.points, 1) if n > 0}
    black = {p: -n for p, n in enumerate(position.points, 1) if n < 0}
    assert white == {24: 2, 13: 5, 8: 3, 6: 5} and black == {1: 2, 12: 5, 17: 3, 19: 5}
    assert view.texts.status == "to move" and view.dice is not None
    pictures = {rules.jpeg(rules.SHORT, TRANSLATOR[locale]) for locale in Locale}
    assert len(pictures) == len(Locale)
    long_start = rules.jpeg(section("start"), TRANSLATOR[Locale.EN])
    assert long_start not in pictures


@pytest.mark.parametrize("locale", list(Locale))
def test_captions_carry_the_rules_in_the_language_under_the_limit(locale: Locale) -> None:
    texts = TRANSLATOR[locale]
    captions = [rules.caption(s, texts) for s in rules.PAGES]
    assert all(len(c.encode("utf-16-le")) // 2 < CAPTION_LIMIT for c in captions)
    assert_the_rules(captions, locale)
    assert all("•" in caption for caption in captions)
    assert "\n".join(captions).count("•") == 13  # every line of the rules in brief, once


# -- /rules through the bot -----------------------------------------------------------------


@pytest.mark.parametrize("locale", list(Locale))
async def test_rules_in_private_sends_five_sections_in_order(
    telegram: FakeTelegram, store: RedisStore, service: GameService, locale: Locale
) -> None:
    chat = make_chat(telegram, store, service, language=locale.value)
    await chat.send("/rules")
    assert_the_rules(sections_sent(chat.messages), locale)
    calls = telegram.calls_of("sendPhoto")
    assert len(calls) == 6 and all(c.params["parse_mode"] == "HTML" for c in calls)
    assert all(c.params["chat_id"] == chat.user["id"] for c in calls)
    assert telegram.schema_problems == []


# The rule on how many dice a turn plays (RULES.md §3), and the head's own (§4).
DICE_RULE = (
    "• Play as many dice as the position allows; if either die can be played but not both, play"
    " the higher one. With no legal move the turn passes."
)
HEAD_RULE = (
    "• Only one checker may leave the head per turn; on the first turn a 6-6, 4-4 or 3-3 lets two"
    " leave."
)


@pytest.mark.parametrize("locale", list(Locale))
async def test_the_head_card_opens_with_the_head_rule_and_the_turn_card_has_the_dice_rule(
    telegram: FakeTelegram, store: RedisStore, service: GameService, locale: Locale
) -> None:
    chat = make_chat(telegram, store, service, language=locale.value)
    await chat.send("/rules")
    start, head = sections_sent(chat.messages)[:2]
    texts = TRANSLATOR[locale]
    assert head.splitlines()[1] == texts.gettext(HEAD_RULE)
    assert texts.gettext(DICE_RULE) in start.splitlines()
    assert texts.gettext(DICE_RULE) not in head


async def test_rules_asked_in_a_group_go_privately_in_the_readers_language(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """Six photos would spend a group's messages for a minute: each reader gets them in the
    private chat, in their language, and the group one line."""
    group = make_group(telegram, store, service)
    ukrainian, russian = user(7001, "uk"), user(7002, "ru")
    await group.send(ukrainian, "/rules")
    assert_the_rules(sections_sent(telegram.chat(ukrainian["id"])), Locale.UK)
    await group.send(russian, "/rules")
    assert_the_rules(sections_sent(telegram.chat(russian["id"])), Locale.RU)
    assert len(group.messages) == 2 and all(m.photo_id is None for m in group.messages)
    assert telegram.schema_problems == []


async def test_the_menus_rules_button_sends_the_sections(
    chat: Chat, telegram: FakeTelegram
) -> None:
    await chat.send("/start")
    await chat.press(chat.last, "📖 Rules")
    assert_the_rules(sections_sent(chat.messages), Locale.EN)
    assert telegram.schema_problems == []


async def test_the_second_rules_draws_nothing_and_uploads_nothing(
    chat: Chat, telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """Drawn once per section and language; then sent again by the file ids Telegram gave."""
    pictures: Pictures = chat.dispatcher["pictures"]
    await chat.send("/rules")
    first = [m.photo_id for m in chat.messages[-6:]]
    assert pictures.drawn == 6
    assert all(call.uploads for call in telegram.calls_of("sendPhoto"))
    reader = Chat(telegram, chat.dispatcher, chat.bot, user(1003, "en"))  # the same process
    await reader.send("/rules")
    assert pictures.drawn == 6
    again = telegram.calls_of("sendPhoto")[6:]
    assert [call.uploads for call in again] == [set()] * 6
    assert [call.params["photo"] for call in again] == first
    assert [m.photo_id for m in reader.messages[-6:]] == first
    russian = Chat(telegram, chat.dispatcher, chat.bot, user(2002, "ru"))  # the same process
    await russian.send("/rules")
    assert pictures.drawn == 12
    assert_the_rules(sections_sent(russian.messages), Locale.RU)


async def test_another_worker_sends_the_rules_by_the_file_ids_of_the_first(
    chat: Chat, telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """Another process on the same Redis draws the pictures for itself but uploads none: the
    file ids the first worker got are shared through the store."""
    await chat.send("/rules")
    first = [m.photo_id for m in chat.messages[-6:]]
    other = make_chat(telegram, store, service, user_id=1002)  # another worker's dispatcher
    await other.send("/rules")
    assert other.dispatcher["pictures"].drawn == 6
    again = telegram.calls_of("sendPhoto")[6:]
    assert [call.uploads for call in again] == [set()] * 6
    assert [call.params["photo"] for call in again] == first
    assert_the_rules(sections_sent(other.messages), Locale.EN)
