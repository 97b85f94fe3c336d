"""Matches against the bot through real updates and a real Redis: the length row of the level
choice, a whole match to 3 with its score on the board, Play again, older level buttons, giving
a match up, and a match that goes on after the bot restarts."""

from __future__ import annotations

import pytest
from aiogram.filters.callback_data import CallbackData

from bot.i18n import Locale, Translator
from bot.service import GameService, PoolBotPlayer, Table
from bot.storage import RedisStore
from bot.ui.callbacks import (
    MarkGame,
    PickGame,
    PickLength,
    PickLevel,
    PickMatch,
    PickShort,
    ShortLength,
)
from bot.ui.screens import build_screen
from nardy import Color, format_turn
from nardy.long_variant import LONG
from nardy.short.variant import SHORT
from nardy.variant import Variant
from nardy.variants import variant_of
from renderer import Banner
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import Chat, SteeredDice, make_chat, win_this_game


def labels(chat: Chat) -> list[str]:
    return [b["text"] for b in chat.last.buttons()]


def data(chat: Chat, label: str) -> str:
    return next(str(b["callback_data"]) for b in chat.last.buttons() if b["text"] == label)


async def current(service: GameService, chat: Chat) -> Table:
    table = await service.active_game(chat.user["id"])
    assert table is not None
    return table


async def resign(chat: Chat) -> None:
    """/resign, then Yes: the game in progress ends (in a match, the next one begins)."""
    await chat.send("/resign")
    await chat.press(chat.last, "🏳 Yes, resign")


async def test_the_length_row_marks_the_choice_and_the_levels_carry_it(
    chat: Chat, telegram: FakeTelegram, service: GameService
) -> None:
    await chat.send("/play")
    menu = chat.last
    assert labels(chat)[-4:] == ["• 1 game •", "to 3", "to 5", "to 7"]
    assert data(chat, "Easy") == "pg:long:easy:1"  # the game, the level, one game
    await chat.press(menu, "to 5")
    assert chat.last is menu  # the same message, its buttons edited
    assert labels(chat)[-4:] == ["1 game", "to 3", "• to 5 •", "to 7"]
    assert data(chat, "Easy") == "pg:long:easy:5"
    edits = len(telegram.calls_of("editMessageReplyMarkup"))
    await chat.press(menu, "• to 5 •")  # marked already: nothing to edit
    assert len(telegram.calls_of("editMessageReplyMarkup")) == edits
    assert len(telegram.calls_of("answerCallbackQuery")) == 2 and chat.alerts() == []
    await chat.press(menu, "Easy")
    table = await current(service, chat)
    assert table.match is not None and table.match.match.length == 5
    assert "Match to 5: you 0, bot 0." in (chat.board.caption or "")
    assert telegram.schema_problems == []


async def test_length_and_match_buttons_work_only_in_the_tappers_own_chat(
    chat: Chat, telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """Another member's taps on a level choice shown elsewhere change and start nothing; a
    choice too old for Telegram to show gives way to a new one, the length marked."""
    await chat.send("/play")
    menu = chat.last
    await chat.press(menu, "to 3")
    before = menu.markup
    stranger = make_chat(telegram, store, service, user_id=2002)
    await stranger.press(menu, "to 5")
    await stranger.press(menu, "Easy")
    assert stranger.alerts() == ["You can play against me only in a private chat."] * 2
    assert menu.markup == before
    assert await service.active_game(2002) is None
    await chat.tap(menu, data(chat, "to 7"), inaccessible=True)
    assert chat.last is not menu and chat.last.text == "Choose the bot's level:"
    assert "• to 7 •" in labels(chat)


async def test_a_level_button_of_an_older_message_starts_one_game(
    chat: Chat, service: GameService
) -> None:
    await chat.send("/play")
    await chat.tap_older(chat.last, PickLevel(level="easy").pack())
    table = await current(service, chat)
    assert table.match is None
    assert "Match to" not in (chat.board.caption or "")


@pytest.mark.parametrize(
    ("sent", "game", "length"),
    [
        (PickMatch(level="easy", length=3), LONG, 3),
        (PickShort(level="easy", length=1), SHORT, 1),
        (PickShort(level="easy", length=5), SHORT, 5),
    ],
    ids=["long-match", "short-game", "short-match"],
)
async def test_play_again_under_a_game_from_before_one_button_per_game_still_starts_it(
    chat: Chat, service: GameService, sent: CallbackData, game: Variant, length: int
) -> None:
    """The level buttons every game had its own kind of, kept under finished games (Play
    again), start what they did."""
    await chat.send("/play")
    await chat.tap_older(chat.last, sent.pack())
    table = await current(service, chat)
    played = 1 if table.match is None else table.match.match.length
    assert variant_of(table.game) is game and played == length
    assert chat.alerts() == []


async def test_the_game_and_length_marks_of_an_older_menu_still_mark_them(chat: Chat) -> None:
    await chat.send("/play")
    menu = chat.last
    await chat.tap_older(menu, ShortLength(length=3).pack())
    assert "• Short •" in labels(chat) and "• to 3 •" in labels(chat)
    await chat.tap_older(menu, PickLength(length=5).pack())
    assert "• Long •" in labels(chat) and "• to 5 •" in labels(chat)
    assert chat.alerts() == []


@pytest.mark.parametrize(
    "forged",
    [
        PickGame(game="chess", level="easy", length=1),
        PickGame(game="short", level="grandmaster", length=1),  # no such level
        MarkGame(game="chess", length=1),
    ],
    ids=["unknown-game", "unknown-level", "unknown-mark"],
)
async def test_a_forged_game_or_level_is_refused(
    chat: Chat, service: GameService, forged: CallbackData
) -> None:
    """Forged onto the menu, the data is not the menu's: refused in passing. Even on a message
    that carried it, its game or level is refused."""
    await chat.send("/play")
    menu = chat.last
    before = menu.markup
    await chat.tap(menu, forged.pack())
    assert chat.toasts() == ["This button is not valid any more."]
    await chat.tap_older(menu, forged.pack())
    assert chat.alerts() == ["This button is not valid any more."]
    assert menu.markup == before and await service.active_game(chat.user["id"]) is None


async def test_a_whole_match_to_3_against_the_bot(
    chat: Chat, store: RedisStore, service: GameService, telegram: FakeTelegram
) -> None:
    """Game 1 won by the person (oyn, 1 point), games 2 and 3 resigned at the start (a mars,
    2 points each): every next game begins on the board with how the last one ended and the
    score, and the last board names the match's winner and offers the same match again."""
    await chat.send("/play")
    await chat.press(chat.last, "to 3")
    await chat.press(chat.last, "Easy")
    assert "Match to 3: you 0, bot 0." in (chat.board.caption or "")
    await win_this_game(chat, store, service)
    caption = chat.board.caption or ""
    assert "You won game 1: oyn.\nTurns played: 1; borne off: you 15, bot 1.\n" in caption
    assert "\nMatch score: you 1, bot 0. The next game begins." in caption
    assert "Opening roll: you" in caption and "Match to 3: you 1, bot 0." in caption
    board = chat.board
    await resign(chat)
    caption = chat.board.caption or ""
    assert chat.board is board  # the match goes on on the same board
    assert "You resigned game 2.\nThe bot won game 2: mars.\nTurns played: " in caption
    assert "; borne off: you 0, bot 0.\nMatch score: you 1, bot 2." in caption
    assert "Match to 3: you 1, bot 2." in caption
    last = await current(service, chat)
    await resign(chat)
    caption = chat.board.caption or ""
    assert "You resigned. The bot won: mars, 2 points." in caption
    assert "The bot won the match to 3: 4–1." in caption
    finished = await service.load(last.game_id)  # its picture, the one people share
    me = finished.seat_of(chat.user["id"])
    assert me is not None
    banner = build_screen(finished, me, Translator()[Locale.EN]).view.banner
    said = "The bot won: mars, 2 points."
    assert banner == Banner(me.opponent, "Match over", said, "The bot won the match to 3: 4–1.")
    assert [b["text"] for b in chat.board.buttons()] == ["🎲 Play again"]
    assert await service.active_game(chat.user["id"]) is None
    await chat.press(chat.board, "🎲 Play again")
    again = await current(service, chat)
    assert again.match is not None and again.match.match.length == 3
    assert again.match.match.score == (0, 0)
    assert chat.alerts() == []
    assert telegram.schema_problems == []


async def shown_as_theirs(chat: Chat, service: GameService, before: Color | None) -> Color:
    """The next game of the person's match begun with them playing the other colour than
    `before`, its board theirs to play: from their side, their moves in their own numbers,
    the pips theirs. Their colour now."""
    table = await current(service, chat)
    me = table.seat_of(chat.user["id"])
    assert me is not None and me is not before
    caption = chat.board.caption or ""
    assert "The next game begins." in caption and "Your turn" in caption
    assert "thinking" not in caption
    assert any(label.isdigit() for label in labels(chat))  # the checkers to move
    board = table.game.board
    assert f"Pips: you {board.pip_count(me)}, bot {board.pip_count(me.opponent)}" in caption
    for turn in table.game.history:
        if turn.color is me:  # a forced first move, played for the person
            assert f"played for you: {format_turn(turn.steps)}" in caption
    return me


@pytest.mark.parametrize("game", ["Long", "Short"])
@pytest.mark.parametrize("openings", [((5, 2), (2, 5)), ((2, 5), (5, 2))], ids=["w-b", "b-w"])
async def test_the_next_game_of_a_match_is_shown_from_the_players_new_colour(
    telegram: FakeTelegram,
    store: RedisStore,
    bot_player: PoolBotPlayer,
    game: str,
    openings: tuple[tuple[int, int], tuple[int, int]],
) -> None:
    """Game 2's opening roll gives the person the other colour (RULES.md §2), after a
    resignation; in long nardy game 3's gives it back, after a game won on the board."""
    dice = SteeredDice()
    service = GameService(store, bot_player, dice=dice)
    chat = make_chat(telegram, store, service)
    await chat.send("/play")
    if game == "Short":
        await chat.press(chat.last, "Short")
    await chat.press(chat.last, "to 5")
    dice.next = [*openings[0]]
    await chat.press(chat.last, "Easy")
    first = (await current(service, chat)).seat_of(chat.user["id"])
    dice.next = [*openings[1]]
    await resign(chat)
    second = await shown_as_theirs(chat, service, first)
    if game == "Long":
        dice.next = [*openings[0]]
        await win_this_game(chat, store, service)
        assert await shown_as_theirs(chat, service, second) is first
    assert chat.alerts() == []


async def test_a_match_goes_on_after_the_bot_restarts(
    chat: Chat, telegram: FakeTelegram, redis_url: str, bot_player: PoolBotPlayer
) -> None:
    """The whole match is in the stored game: a new process (a new store client, service and
    dispatcher on the same Redis) carries on its score and finishes it."""
    await chat.send("/play")
    await chat.press(chat.last, "to 5")
    await chat.press(chat.last, "Easy")
    await resign(chat)
    assert "Match to 5: you 0, bot 2." in (chat.board.caption or "")
    store = RedisStore(redis_url)
    service = GameService(store, bot_player)
    restarted = make_chat(telegram, store, service)
    await resign(restarted)
    caption = restarted.board.caption or ""
    assert "Match score: you 0, bot 4. The next game begins." in caption
    await resign(restarted)
    assert "The bot won the match to 5: 6–0." in (restarted.board.caption or "")
    assert await service.active_game(chat.user["id"]) is None
    assert restarted.alerts() == []
    await store.close()


async def test_resign_and_start_anew_gives_the_whole_match_up(
    chat: Chat, service: GameService
) -> None:
    await chat.send("/play")
    await chat.press(chat.last, "to 7")
    await chat.press(chat.last, "Easy")
    await resign(chat)
    match = await current(service, chat)
    await chat.send("/play")
    assert chat.last.text == "You have a match to 7 going in this chat. Give it up and start anew?"
    await chat.press(chat.last, "🏳 Resign and start anew")
    assert chat.last.text == "Choose the bot's level:"
    caption = chat.board.caption or ""
    assert "You resigned. The bot won: mars, 2 points." in caption
    assert "You gave up the match to 7 at 0–4." in caption
    given_up = await service.load(match.game_id)
    assert given_up.match is not None and given_up.match.given_up
    await chat.press(chat.last, "Medium")
    fresh = await current(service, chat)
    assert fresh.game_id != match.game_id and fresh.match is None
