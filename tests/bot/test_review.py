"""The Expert's review of a finished game through the bot: the Analysis button under the game
and beside each record of /record sends it to the player's private chat (a line saying it is
under way, edited into the review), in the player's language; one review at a time per player;
another's record gets the players-only alert; no button where the Expert reviews nothing; a
cube decision is told in every language."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace

import pytest

from bot.i18n import Locale, Translator
from bot.service import PoolBotPlayer
from bot.storage import RedisStore
from bot.ui.callbacks import ReviewTap
from bot.ui.keyboards import again_menu
from bot.ui.review import pictured_turns, review_text
from nardy.ai import Level
from nardy.ai.analysis import REVIEW_FORMAT, CubeAct, TurnReview
from nardy.long_variant import LONG, LongVariant
from nardy.short.variant import SHORT
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import Chat, Clock, fair_service, make_chat, play_one_turn
from tests.ai.test_cube_review import cube_blunder_among_costlier_plays, doubled_too_soon
from tests.bot.bot_players import HeldBot, WatchedBot

ANALYSIS = "🔍 Analysis"
PLAYERS_ONLY = "A record goes to the game's players only, for 30 days after the game."


async def finish_a_game(chat: Chat, easy: str = "Easy") -> None:
    """/play Easy (its button `easy`, in the chat's language), a few turns, then resign: a
    finished game with its record."""
    await chat.start_game(easy)
    for _ in range(3):
        await play_one_turn(chat)
    await chat.send("/resign")
    await chat.press(chat.last, lambda text: text.startswith("🏳"))


def last_text(chat: Chat) -> str:
    """The chat's latest text message: the review, before the pictures that follow it."""
    return next(m.text for m in reversed(chat.messages) if m.text is not None)


class CountingBot(WatchedBot):
    """The real bot player, counting the reviews asked of it."""

    reviews = 0

    async def before(self, call: str, away: tuple[int, int] | None) -> None:
        self.reviews += call == "review"


async def test_the_analysis_button_sends_the_review_to_the_players_chat(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    counting = CountingBot(bot_player)
    chat = make_chat(telegram, store, fair_service(store, counting, Clock()))
    await finish_a_game(chat)
    before = len(chat.messages)
    await chat.press(chat.board, ANALYSIS)
    working, *pictures = chat.messages[before:]  # the working line, edited; the pictures
    review = working.text or ""
    lines = review.splitlines()
    # The person's costliest turns as pictures, captioned as the text lists them.
    mine = [line for line in lines if line.startswith("Turn ") and ", Bot · " not in line]
    assert [picture.caption for picture in pictures] == mine[:3]
    assert all(picture.photo_id is not None for picture in pictures)
    # Two or more go as one album; one alone as a photo (an album takes 2 to 10).
    assert len(telegram.calls_of("sendMediaGroup")) == (len(pictures) >= 2)
    if len(pictures) == 1:
        assert telegram.calls_of("sendPhoto")[-1].params["caption"] == mine[0]
    assert lines[0] == "🔍 The Expert's analysis of the game"
    sides = [line for line in lines if line.startswith("• ")]
    assert len(sides) == 2 and all(": error rate " in line for line in sides)
    assert any("Bot · Easy: error rate " in line for line in sides)
    assert "The error rate is the equity lost per decision, ×1000." in review
    edits = telegram.calls_of("editMessageText")
    assert edits and edits[-1].params["text"] == review
    sent = telegram.calls_of("sendMessage")[-1].params["text"]
    turns = re.fullmatch(r"🔍 The Expert is going over the game's (\d+) turns…", sent)
    assert turns is not None
    # The turns are valued in shares over the workers: the first done is shown, then the
    # review (the line is edited at most every two seconds).
    progress = rf"🔍 The Expert is going over the game: \d+ of its {turns[1]} turns valued…"
    assert edits[:-1] and all(re.fullmatch(progress, e.params["text"]) for e in edits[:-1])
    assert chat.toasts() == [] and chat.alerts() == [] and counting.reviews == 1

    await chat.send("/record")  # the record's file offers the review too
    listing = chat.last
    (button,) = listing.buttons()
    await chat.press(listing, button["text"])
    record_file = chat.last
    assert record_file.document is not None
    before = len(chat.messages)
    await chat.press(record_file, ANALYSIS)
    again = chat.messages[before:]
    assert again[0].text == review and counting.reviews == 1  # kept: made once
    assert [(m.caption, m.photo_id) for m in again[1:]] == [
        (m.caption, m.photo_id)
        for m in pictures  # drawn and uploaded once, sent by file id
    ]

    other_worker = CountingBot(bot_player)  # another process of the bot, the same store
    chat = make_chat(telegram, store, fair_service(store, other_worker, Clock()))
    await chat.press(record_file, ANALYSIS)
    assert last_text(chat) == review and other_worker.reviews == 0  # kept with the record
    assert telegram.schema_problems == []


async def test_a_kept_review_that_does_not_read_is_made_again_and_kept_anew(
    telegram: FakeTelegram,
    store: RedisStore,
    bot_player: PoolBotPlayer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    chat = make_chat(telegram, store, fair_service(store, bot_player, Clock()))
    await finish_a_game(chat)
    name = next(
        ReviewTap.unpack(b["callback_data"]).name
        for b in chat.board.buttons()
        if b["text"] == ANALYSIS
    )
    await store.save_review(name, '{"v": 0}')  # kept by a bot of another version
    counting = CountingBot(bot_player)
    chat = make_chat(telegram, store, fair_service(store, counting, Clock()))
    await chat.press(chat.board, ANALYSIS)
    assert last_text(chat).startswith("🔍 The Expert's analysis of the game")
    assert counting.reviews == 1 and "not read from the store" in caplog.text
    assert (await store.review(name) or "").startswith(f'{{"v":{REVIEW_FORMAT},')
    caplog.clear()


async def test_the_review_reads_in_the_players_language(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    chat = make_chat(telegram, store, fair_service(store, bot_player, Clock()), language="ru")
    await finish_a_game(chat, "Лёгкий")
    await chat.press(chat.board, "🔍 Разбор")
    review = last_text(chat)
    assert review.startswith("🔍 Разбор партии Экспертом\n")
    assert "Уровень ошибок — потеря эквити" in review
    assert re.search(r"уровень ошибок \d+,\d, \d+ решени", review)  # a decimal comma


async def test_a_second_review_waits_for_the_players_first(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    held = HeldBot(bot_player, "review")
    chat = make_chat(telegram, store, fair_service(store, held, Clock()))
    await finish_a_game(chat)
    board = chat.board
    first = asyncio.create_task(chat.press(board, ANALYSIS))
    await held.asked.wait()
    await chat.press(board, ANALYSIS)
    assert chat.alerts() == ["The Expert is still going over your last game: a moment, please."]
    held.release.set()
    await first
    assert last_text(chat).startswith("🔍 The Expert's analysis of the game")
    reviews = len(telegram.calls_of("editMessageText"))
    await chat.press(board, ANALYSIS)  # the first is done: asked again, it is sent again
    assert len(chat.alerts()) == 1 and len(telegram.calls_of("editMessageText")) == reviews + 1


class FailingReviews(WatchedBot):
    """The real bot player but for its reviews, which fail as a bug would."""

    async def before(self, call: str, away: tuple[int, int] | None) -> None:
        if call == "review":
            raise RuntimeError("a bug in the review")


async def test_a_review_that_fails_says_so_in_its_line_and_is_logged(
    telegram: FakeTelegram,
    store: RedisStore,
    bot_player: PoolBotPlayer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    chat = make_chat(telegram, store, fair_service(store, FailingReviews(bot_player), Clock()))
    await finish_a_game(chat)
    await chat.press(chat.board, ANALYSIS)
    edits = telegram.calls_of("editMessageText")
    assert [edit.params["text"] for edit in edits] == ["The analysis failed. Please try again."]
    (record,) = [r for r in caplog.records if r.name == "bot.handlers.errors"]
    assert record.exc_info is not None and "a bug in the review" in str(record.exc_info[1])
    caplog.clear()
    await chat.press(chat.board, ANALYSIS)  # the player's turn to review was given back
    assert chat.alerts() == []
    caplog.clear()


class Unreviewed(LongVariant):
    """A game the Expert does not review."""

    key = "unreviewed"
    reviews = False


def test_only_a_game_the_expert_reviews_offers_the_analysis() -> None:
    texts = Translator()[Locale.EN]
    for game, offered in ((LONG, True), (SHORT, True), (Unreviewed(), False)):
        markup = again_menu(texts, Level.EASY, record="r1", game=game)
        labels = [button.text for row in markup.inline_keyboard for button in row]
        assert (ANALYSIS in labels) is offered and "📜 Game record" in labels


async def test_a_short_nardy_game_is_reviewed(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    chat = make_chat(telegram, store, fair_service(store, bot_player, Clock()))
    await chat.send("/play short")
    await chat.press(chat.last, "Easy")
    for _ in range(4):
        await play_one_turn(chat)
    await chat.send("/resign")
    await chat.press(chat.last, lambda text: text.startswith("🏳"))
    board, before = chat.board, len(chat.messages)
    await chat.press(board, ANALYSIS)
    working, *pictures = chat.messages[before:]
    review = working.text or ""
    assert review.startswith("🔍 The Expert's analysis of the game")
    sides = [line for line in review.splitlines() if line.startswith("• ")]
    assert len(sides) == 2 and any("Bot · Easy: error rate " in line for line in sides)
    assert all(picture.photo_id is not None for picture in pictures)
    assert chat.alerts() == [] and telegram.schema_problems == []
    await chat.press(board, "📜 Game record")
    record_file = chat.last
    assert record_file.document is not None
    assert [button["text"] for button in record_file.buttons()] == [ANALYSIS, "📽 Replay"]


CUBE_LINES = {
    Locale.EN: "Before turn {n}, {name}, the cube at 1: double, best no double: ",
    Locale.RU: "Перед ходом {n}, {name}, при кубе 1: «удвоить», лучше «не удваивать»: ",
    Locale.UK: "Перед ходом {n}, {name}, при кубі 1: «подвоїти», краще «не подвоювати»: ",
}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", list(Locale))
def test_a_cube_decision_is_told_in_the_review_and_left_out_of_its_pictures(
    locale: Locale,
) -> None:
    record, review = doubled_too_soon()
    [made] = record.doubles
    text = review_text(Translator()[locale], record, review)
    name = record.players[made.by]
    start = CUBE_LINES[locale].format(n=made.turn + 1, name=name)
    assert any(line.startswith(start) for line in text.splitlines()), text
    assert "{" not in text
    assert all(isinstance(turn, TurnReview) for turn in pictured_turns(record, review))


DOUBTFUL_ENDINGS = {
    Locale.EN: ": doubtful, 0.050 lost",
    Locale.RU: ": сомнительное, потеря 0,050",  # a decision (решение), not a move (ход)
    Locale.UK: ": сумнівне, втрата 0,050",
}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", list(Locale))
def test_a_doubtful_cube_decision_is_told_as_a_decision(locale: Locale) -> None:
    record, review = doubled_too_soon()
    double = next(cube for cube in review.cubes if cube.played is CubeAct.DOUBLE)
    doubtful = replace(double, played_equity=double.best_equity - 0.05)
    cubes = tuple(doubtful if cube is double else cube for cube in review.cubes)
    text = review_text(Translator()[locale], record, replace(review, cubes=cubes))
    start = CUBE_LINES[locale].format(n=double.number, name=record.players[double.color])
    [line] = [line for line in text.splitlines() if line.startswith(start)]
    assert line.endswith(DOUBTFUL_ENDINGS[locale]), line


BLUNDER_ENDINGS = {
    Locale.EN: ": a blunder, 0.229 lost",
    Locale.RU: ": грубая ошибка, потеря 0,229",
    Locale.UK: ": груба помилка, втрата 0,229",
}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", list(Locale))
def test_a_cube_blunder_is_told_though_three_checker_plays_cost_more(locale: Locale) -> None:
    record, review = cube_blunder_among_costlier_plays()
    double = next(cube for cube in review.cubes if cube.played is CubeAct.DOUBLE)
    text = review_text(Translator()[locale], record, review)
    start = CUBE_LINES[locale].format(n=double.number, name=record.players[double.color])
    [line] = [line for line in text.splitlines() if line.startswith(start)]
    assert line.endswith(BLUNDER_ENDINGS[locale]), line
