"""Taps that must change nothing, Telegram errors the bot must ride out, Redis going away."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot.runtime.retry import ATTEMPTS
from bot.service import GameService, Move, PoolBotPlayer, Resign, Table
from bot.storage import RedisStore
from bot.ui.callbacks import Answer, BoardAction, BoardTap, Question, Rematch, ShowGame, game_named
from nardy.dice import ScriptedDice, SeededDice
from testkit.fakes.telegram import Failure, FakeTelegram, Sent, closed_failure
from testkit.harness import Chat, is_checker, make_chat
from testkit.redis_server import RedisServer
from tests.bot.bot_players import HeldBot, WatchedBot


async def current(service: GameService, chat: Chat) -> Table:
    table = await service.active_game(chat.user["id"])
    assert table is not None
    return table


async def move_behind_the_boards_back(service: GameService, chat: Chat) -> Table:
    """A step saved but never shown, as when the bot stops before editing the board."""
    table = await current(service, chat)
    step = next(iter(table.game.next_steps()))
    seat = table.seat_of(chat.user["id"])
    assert seat is not None
    outcome = await service.apply(table, seat, Move(step.src, step.dst), table.seq)
    return outcome.table


async def resign_behind_the_boards_back(service: GameService, chat: Chat) -> Table:
    table = await current(service, chat)
    seat = table.seat_of(chat.user["id"])
    assert seat is not None
    return (await service.apply(table, seat, Resign(), None)).table


def seq_shown(sent: Sent) -> int:
    """The game state the board's buttons were made for."""
    return BoardTap.unpack(sent.buttons()[0]["callback_data"]).seq


async def play_until_done_offered(chat: Chat) -> None:
    while "✅ Done" not in [b["text"] for b in chat.board.buttons()]:
        checker = next(b["text"] for b in chat.board.buttons() if is_checker(b["text"]))
        await chat.press(chat.board, checker)
        await chat.press(chat.board, lambda text: "→" in text)


async def test_a_tap_from_the_turn_before_gets_a_toast_and_changes_nothing(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    await chat.start_game()
    checker = next(b for b in chat.board.buttons() if is_checker(b["text"]))
    await play_until_done_offered(chat)
    await chat.press(chat.board, "✅ Done")
    before = await current(service, chat)
    edits = len(telegram.calls_of("editMessageMedia"))
    await chat.tap(chat.board, checker["callback_data"])
    assert chat.toasts() == ["This board is out of date: the game has moved on."]
    assert chat.alerts() == []
    assert len(telegram.calls_of("editMessageMedia")) == edits  # the board shows it already
    after = await current(service, chat)
    assert (after.seq, after.game) == (before.seq, before.game)


async def test_a_doubled_move_tap_counts_once(chat: Chat, service: GameService) -> None:
    await chat.start_game()
    await chat.press(chat.board, is_checker)
    target = next(b["callback_data"] for b in chat.board.buttons() if "→" in b["text"])
    board = chat.board
    await chat.tap(board, target)
    moved = await current(service, chat)
    await chat.tap(board, target)
    assert chat.toasts() == ["Already done."]
    assert (await current(service, chat)).game == moved.game


async def test_a_double_done_applies_once(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    await chat.start_game()
    await play_until_done_offered(chat)
    before = await current(service, chat)
    done = next(b["callback_data"] for b in chat.board.buttons() if b["text"] == "✅ Done")
    board = chat.board
    await asyncio.gather(chat.tap(board, done), chat.tap(board, done))
    after = await current(service, chat)
    assert after.seq == before.seq + 1
    assert len(after.game.history) > len(before.game.history)
    assert telegram.schema_problems == []


def answers_since(telegram: FakeTelegram, before: int) -> list[str]:
    """The texts that answered taps since the first `before` answers ("" for a plain one)."""
    calls = telegram.calls_of("answerCallbackQuery")[before:]
    return sorted(str(call.params.get("text", "")) for call in calls)


async def test_two_quick_taps_on_one_move_play_it_once_and_the_second_is_told(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    await chat.start_game()
    await chat.press(chat.board, is_checker)
    board = chat.board
    target = next(b["callback_data"] for b in board.buttons() if "→" in b["text"])
    before = await current(service, chat)
    answered = len(telegram.calls_of("answerCallbackQuery"))
    await asyncio.gather(chat.tap(board, target), chat.tap(board, target))
    assert answers_since(telegram, answered) == ["", "Already done."]
    after = await current(service, chat)
    assert len(after.game.played) > len(before.game.played) and after.seq == before.seq + 1


async def test_two_destinations_at_once_are_each_played_or_told_why_not(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    """A quick player's two destinations for one checker: a tap is answered with nothing only
    when it was played; the other says why not."""
    await chat.start_game()
    await chat.press(chat.board, is_checker)
    board = chat.board
    targets = [b["callback_data"] for b in board.buttons() if "→" in b["text"]][:2]
    assert len(targets) == 2
    before = await current(service, chat)
    answered = len(telegram.calls_of("answerCallbackQuery"))
    await asyncio.gather(*(chat.tap(board, target) for target in targets))
    answers = answers_since(telegram, answered)
    after = await current(service, chat)
    played = after.seq - before.seq
    assert len(answers) == 2 and answers.count("") == played >= 1
    why_not = (
        "This button is not valid any more.",
        "This board is out of date: the game has moved on.",
    )
    assert all(text in ("", *why_not) for text in answers), answers


async def test_two_workers_given_one_done_at_once_play_it_once_and_tell_the_second(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    """Two processes (each its own service and dispatcher, one Redis) get the same Done at
    once: the turn is claimed by one; the other tap is answered "Already done" before the bot
    has thought, not with nothing."""
    first = GameService(store, bot_player, dice=SeededDice(7))
    chat = make_chat(telegram, store, first)
    other = make_chat(telegram, store, GameService(store, bot_player, dice=SeededDice(8)))
    await chat.start_game()
    await play_until_done_offered(chat)
    before = await current(first, chat)
    board = chat.board
    done = next(b["callback_data"] for b in board.buttons() if b["text"] == "✅ Done")
    answered = len(telegram.calls_of("answerCallbackQuery"))
    await asyncio.gather(chat.tap(board, done), other.tap(board, done))
    assert answers_since(telegram, answered) == ["", "Already done."]
    after = await current(first, chat)
    assert after.seq == before.seq + 1 and len(after.game.history) > len(before.game.history)


async def test_malformed_forged_and_foreign_taps_get_alerts(
    chat: Chat, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    await chat.start_game()
    table = await current(service, chat)
    board = chat.board
    gid, seq = table.game_id, table.seq
    for data in (
        "t:zzz",
        "garbage",
        f"t:{gid}:{seq}:m:24.9:0",
        f"t:{gid}:{seq}:m:24:2",
        f"t:{gid}:{seq}:s:7:0",
        f"t:nosuch:{seq}:s:24:0",
        f"t:{gid}:{seq}:d:0:0",
        f"q:{gid}:{seq}:{chat.user['id']}:x",
    ):
        await chat.tap(board, data)
    stranger = make_chat(telegram, store, service, user_id=2002)
    await stranger.tap(board, f"t:{gid}:{seq}:s:24:0")
    await stranger.tap(board, f"q:{gid}:{seq}:2002:r")
    bad = "This button is not valid any more."
    gone = "This game is no longer kept. /play starts a new one."
    # Data that is no board's tap (it does not parse) and is not on the board is refused in
    # passing; a board's tap is the game's to refuse, with an alert.
    assert chat.alerts() == [bad, bad, gone, bad, "This is not your game."]
    assert chat.toasts() == [bad] * 5
    assert (await current(service, chat)).version == table.version
    assert telegram.schema_problems == []


def test_a_tap_is_read_with_its_game_only_when_its_button_is_about_one() -> None:
    """The game read with the tapper's preferences: any other button's data, or data that
    does not parse, names none (the tap is refused or routed as before)."""
    assert game_named(BoardTap(game="g1", seq=3, action=BoardAction.SELECT).pack()) == "g1"
    assert game_named(Question(game="g2", seq=3, user=7, answer=Answer.KEEP).pack()) == "g2"
    assert game_named(Rematch(game="g3").pack()) == "g3"
    for data in ("t:zzz", "t:g1:x:s:0:0", "garbage", "", "tq:g1", ShowGame(game="g1").pack()):
        assert game_named(data) is None


async def test_a_question_answers_only_for_its_player_and_removes_only_itself(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    """Answers are bound to the game, the state it was asked at and the player asked; forged
    onto the board, an answer is not the board's and never deletes it; on a message Telegram
    does not show the bot (an old one), the game decides."""
    await chat.start_game()
    table = await current(service, chat)
    board = chat.board
    await chat.tap(board, f"q:{table.game_id}:{table.seq}:{chat.user['id']}:k")  # Keep
    await chat.tap(board, f"q:{table.game_id}:{table.seq}:999:r")  # another's Yes
    assert chat.toasts() == ["This button is not valid any more."] * 2
    await chat.tap(board, f"q:{table.game_id}:{table.seq}:999:r", inaccessible=True)
    assert board in chat.messages
    assert chat.alerts() == ["This question was asked of another player."]
    assert (await current(service, chat)).seq == table.seq


async def test_a_game_left_unplayed_expires_and_its_board_says_so(
    chat: Chat, service: GameService, store: RedisStore
) -> None:
    """A game in progress is kept 30 days after its last move (every move renews it); then
    its board's taps say it is gone, and /play starts a new game."""
    await chat.start_game()
    table = await current(service, chat)
    key = f"nardy:game:{{{table.game_id}}}"
    month = 30 * 24 * 3600
    await store.client.expire(key, 60)
    await chat.press(chat.board, is_checker)
    await chat.press(chat.board, lambda text: "→" in text)
    assert month - 60 < await store.client.ttl(key) <= month  # renewed by the move
    await store.client.delete(key)  # as Redis does when the month is up
    await chat.press(chat.board, is_checker)
    assert chat.alerts() == ["This game is no longer kept. /play starts a new one."]
    await chat.send("/play")
    assert chat.last.text == "Choose the bot's level:"


async def test_a_tap_on_a_finished_game_says_it_is_over(chat: Chat, service: GameService) -> None:
    await chat.start_game()
    table = await current(service, chat)
    over = await resign_behind_the_boards_back(service, chat)
    await chat.tap(chat.board, f"t:{over.game_id}:{over.seq}:s:24:0")
    # A tap from an older board of the game says the same, not "out of date".
    await chat.tap(chat.board, f"t:{over.game_id}:{table.seq}:s:24:0")
    assert chat.toasts() == ["This game is over."] * 2
    assert (await service.load(over.game_id)).version == over.version


async def test_a_board_left_behind_its_game_catches_up_on_the_next_tap(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    """A change saved but never shown (the bot stopped before the edit, or the edit failed)
    leaves a board behind its game: the next tap on it shows the game as it is, and play goes
    on from there."""
    await chat.start_game()
    saved = await move_behind_the_boards_back(service, chat)
    board = chat.board
    edits = len(telegram.calls_of("editMessageMedia"))
    await chat.press(board, is_checker)
    assert chat.alerts() == []
    assert len(telegram.calls_of("editMessageMedia")) == edits + 1
    assert chat.board.message_id == board.message_id
    assert seq_shown(chat.board) == saved.seq
    await chat.press(chat.board, is_checker)
    await chat.press(chat.board, lambda text: "→" in text)
    assert chat.alerts() == []
    assert (await current(service, chat)).seq == saved.seq + 1


async def test_a_finished_game_left_behind_shows_its_result_on_the_next_tap(
    chat: Chat, service: GameService
) -> None:
    await chat.start_game()
    await resign_behind_the_boards_back(service, chat)
    await chat.press(chat.board, is_checker)
    assert chat.toasts() == ["This game is over."]
    assert [b["text"] for b in chat.board.buttons()] == ["🎲 Play again"]


async def test_not_modified_is_ignored_and_429_is_waited_out(
    chat: Chat, telegram: FakeTelegram
) -> None:
    await chat.start_game()
    checker = next(b["text"] for b in chat.board.buttons() if is_checker(b["text"]))
    telegram.not_modified_next()
    await chat.press(chat.board, checker)  # the board shows the pick, Telegram says
    assert "→" in " ".join(b["text"] for b in chat.board.buttons())
    telegram.flood_next("editMessageMedia", retry_after=1)
    await chat.press(chat.board, "⬅️ Back")
    edits = telegram.calls_of("editMessageMedia")
    assert len(edits) == 3  # not modified, then the 429 and its retry
    assert checker in [b["text"] for b in chat.board.buttons()]
    assert chat.alerts() == []


async def test_a_deleted_board_is_sent_again_and_plays_on(
    chat: Chat, telegram: FakeTelegram, service: GameService
) -> None:
    await chat.start_game()
    board = chat.board
    checker = next(b["callback_data"] for b in board.buttons() if is_checker(b["text"]))
    telegram.delete(chat.user["id"], board.message_id)
    await chat.tap(board, checker)
    new_board = chat.board
    assert new_board.message_id != board.message_id
    assert (await current(service, chat)).message_id == new_board.message_id
    await chat.press(new_board, lambda text: "→" in text)
    assert chat.alerts() == []
    assert telegram.schema_problems == []


async def test_the_game_goes_on_after_redis_restarts(
    chat: Chat, redis_server: RedisServer, service: GameService
) -> None:
    await chat.start_game()
    before = await current(service, chat)
    redis_server.restart()
    checker = next(b["text"] for b in chat.board.buttons() if is_checker(b["text"]))
    await chat.press(chat.board, checker)
    await chat.press(chat.board, lambda text: "→" in text)
    after = await current(service, chat)
    assert after.seq == before.seq + 1
    assert chat.alerts() == []


async def test_redis_down_gets_a_try_again_answer(chat: Chat, redis_server: RedisServer) -> None:
    await chat.start_game()
    redis_server.stop()
    checker = next(b["text"] for b in chat.board.buttons() if is_checker(b["text"]))
    await chat.press(chat.board, checker)
    await chat.send("/play")
    try_again = "I can't reach my game storage right now. Please try again in a moment."
    assert chat.alerts() == [try_again]
    assert chat.last.text == try_again


async def test_the_game_goes_on_after_the_bot_restarts(
    chat: Chat, telegram: FakeTelegram, redis_url: str, bot_player: PoolBotPlayer
) -> None:
    await chat.start_game()
    board = chat.board
    store = RedisStore(redis_url)
    restarted = make_chat(telegram, store, GameService(store, bot_player))
    await restarted.press(board, is_checker)
    await restarted.press(restarted.board, lambda text: "→" in text)
    assert restarted.alerts() == []
    assert restarted.board.message_id == board.message_id
    await store.close()


class OutageBot(WatchedBot):
    """The real bot player; once `armed`, Redis goes down while it chooses its turn."""

    def __init__(self, inner: PoolBotPlayer, server: RedisServer) -> None:
        super().__init__(inner)
        self.server = server
        self.armed = False

    async def before(self, call: str, away: tuple[int, int] | None) -> None:
        if call == "choose" and self.armed:
            self.server.stop()


async def test_redis_down_while_the_bot_thinks_gets_a_reply_and_loses_nothing(
    telegram: FakeTelegram, store: RedisStore, redis_server: RedisServer, bot_player: PoolBotPlayer
) -> None:
    """Done is answered before the bot thinks, so the "try again" comes as a chat message; the
    turn was not saved, and a second Done, once Redis is back, plays it."""
    bot = OutageBot(bot_player, redis_server)
    service = GameService(store, bot, dice=SeededDice(7))
    chat = make_chat(telegram, store, service)
    await chat.start_game()
    await play_until_done_offered(chat)
    before = await current(service, chat)
    board = chat.board
    bot.armed = True
    await chat.press(board, "✅ Done")
    try_again = "I can't reach my game storage right now. Please try again in a moment."
    assert chat.last.text == try_again
    bot.armed = False
    redis_server.start()
    assert await current(service, chat) == before
    await chat.press(chat.board, "✅ Done")
    after = await current(service, chat)
    assert len(after.game.history) > len(before.game.history)
    assert [m.text for m in chat.messages].count(try_again) == 1


async def test_two_taps_on_a_deleted_board_leave_one_new_board(
    chat: Chat, telegram: FakeTelegram, service: GameService
) -> None:
    await chat.start_game()
    board = chat.board
    checker = next(b["callback_data"] for b in board.buttons() if is_checker(b["text"]))
    telegram.delete(chat.user["id"], board.message_id)
    await asyncio.gather(chat.tap(board, checker), chat.tap(board, checker))
    boards = [m for m in chat.messages if m.photo_id is not None]
    assert len(boards) == 1
    assert (await current(service, chat)).message_id == boards[0].message_id
    await chat.press(boards[0], lambda text: "→" in text)
    assert chat.alerts() == []
    assert telegram.schema_problems == []


@pytest.mark.parametrize("second", ["select", "move"])
async def test_a_later_tap_on_a_deleted_board_shows_on_its_replacement(
    chat: Chat, telegram: FakeTelegram, service: GameService, second: str
) -> None:
    """The ordering behind the race of two quick taps, made certain: the first tap has already
    replaced the deleted board when the second arrives, whether the second changes nothing
    (select) or is stale (the first moved)."""
    await chat.start_game()
    deleted = chat.board
    telegram.delete(chat.user["id"], deleted.message_id)
    checker = next(b["callback_data"] for b in deleted.buttons() if is_checker(b["text"]))
    await chat.tap(deleted, checker)
    replacement = chat.board
    if second == "move":
        await chat.press(replacement, lambda text: "→" in text)
    await chat.tap(deleted, checker)
    assert [m for m in chat.messages if m.photo_id is not None] == [replacement]
    assert (await current(service, chat)).message_id == replacement.message_id
    assert chat.alerts() == []


async def test_an_old_board_left_behind_catches_up_too(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    """Telegram may send an old tapped message as its chat and id alone: the tapped button's
    `seq` then tells what the board shows."""
    await chat.start_game()
    saved = await move_behind_the_boards_back(service, chat)
    checker = next(b["callback_data"] for b in chat.board.buttons() if is_checker(b["text"]))
    await chat.tap(chat.board, checker, inaccessible=True)
    assert chat.alerts() == []
    assert seq_shown(chat.board) == saved.seq


async def test_a_question_telegram_will_not_delete_any_more_is_left(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    await chat.start_game()
    await chat.send("/resign")
    telegram.fail_next("deleteMessage", Failure(400, "Bad Request: message can't be deleted"))
    await chat.press(chat.last, "Keep playing")
    assert await service.active_game(chat.user["id"]) is not None


async def test_resign_and_start_anew_on_an_old_question_sends_the_levels(
    chat: Chat, service: GameService
) -> None:
    await chat.start_game()
    await chat.send("/play")
    question = chat.last
    anew = next(b["callback_data"] for b in question.buttons() if "start anew" in b["text"])
    await chat.tap(question, anew, inaccessible=True)
    assert await service.active_game(chat.user["id"]) is None
    assert chat.last.text == "Choose the bot's level:" and chat.last is not question


async def test_a_board_telegram_will_not_edit_any_more_is_sent_again(
    chat: Chat, telegram: FakeTelegram, service: GameService
) -> None:
    await chat.start_game()
    board = chat.board
    telegram.fail_next("editMessageMedia", Failure(400, "Bad Request: message can't be edited"))
    await chat.press(board, is_checker)
    assert chat.board.message_id != board.message_id
    assert (await current(service, chat)).message_id == chat.board.message_id
    await chat.press(chat.board, lambda text: "→" in text)
    assert chat.alerts() == []


class BrokenBot(WatchedBot):
    """A bot player with a bug."""

    async def before(self, call: str, away: tuple[int, int] | None) -> None:
        raise RuntimeError("a bug in the AI")


async def test_a_bug_gets_a_try_again_answer_and_a_logged_traceback(
    telegram: FakeTelegram,
    store: RedisStore,
    bot_player: PoolBotPlayer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    service = GameService(store, BrokenBot(bot_player), dice=ScriptedDice([5, 2, 3, 3, 4, 2]))
    chat = make_chat(telegram, store, service)
    await chat.start_game()  # the human opens: the bot is not asked yet
    await play_until_done_offered(chat)
    await chat.press(chat.board, "✅ Done")
    assert chat.last.text == "Something went wrong on my side. Please try again."
    (record,) = [r for r in caplog.records if r.name == "bot.handlers.errors"]
    assert record.exc_info is not None and "a bug in the AI" in str(record.exc_info[1])
    caplog.clear()


class OutageTelegram(FakeTelegram):
    """Redis goes down just after the next photo is sent."""

    server: RedisServer | None = None

    def handle(self, method: str, *request: Any) -> tuple[int, str]:
        answer = super().handle(method, *request)
        if method == "sendPhoto" and self.server is not None:
            self.server.stop()
            self.server = None
        return answer


async def test_a_first_board_sent_but_never_recorded_becomes_the_games_on_its_next_tap(
    store: RedisStore, service: GameService, redis_server: RedisServer
) -> None:
    """The store fails between sending the first board and recording it: the game exists,
    the board's buttons show it as it is, so its first tap counts and makes it the game's."""
    telegram = OutageTelegram()
    chat = make_chat(telegram, store, service)
    await chat.send("/play")
    telegram.server = redis_server
    await chat.press(chat.last, "Easy")
    assert chat.last.text is not None and chat.last.text.startswith("I can't reach my game")
    redis_server.start()
    board = chat.board
    table = await current(service, chat)
    assert table.message_id is None
    alerts = chat.alerts()
    await chat.press(board, is_checker)
    assert chat.alerts() == alerts
    assert (await current(service, chat)).message_id == board.message_id
    await chat.press(board, lambda text: "→" in text)
    assert (await current(service, chat)).seq == table.seq + 1
    assert len([m for m in chat.messages if m.photo_id is not None]) == 1


@pytest.mark.parametrize("failure", [Failure(502, "Bad Gateway"), Failure(400, "Bad Request")])
async def test_a_new_game_whose_board_cannot_be_sent_does_not_exist(
    chat: Chat,
    service: GameService,
    telegram: FakeTelegram,
    failure: Failure,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Telegram refusing the first board leaves no game that /play or a level would call
    "already going". A 5xx is tried again, then given up without an apology (the level
    choice is still there to tap); a 400 is a bug: logged, and the player told."""
    await chat.send("/play")
    levels = chat.last
    for _ in range(ATTEMPTS):  # every try of the 5xx; a 400 is not tried again
        telegram.fail_next("sendPhoto", failure)
    await chat.press(levels, "Easy")
    assert [m for m in chat.messages if m.photo_id is not None] == []
    assert await service.active_game(chat.user["id"]) is None
    apology = "Something went wrong on my side. Please try again."
    assert (chat.last.text == apology) is (failure.status == 400)
    caplog.clear()
    telegram.failures.clear()
    await chat.press(levels, "Easy")
    assert (await current(service, chat)).message_id == chat.board.message_id
    answers = telegram.calls_of("answerCallbackQuery")
    assert len(answers) == len({call.params["callback_query_id"] for call in answers}) == 2


@pytest.mark.parametrize("taken", [False, True])
async def test_a_first_board_lost_with_its_connection_keeps_the_game(
    chat: Chat, service: GameService, telegram: FakeTelegram, taken: bool
) -> None:
    """The first board's connection closes unanswered: it may have arrived (`taken`), so the
    game stays. Arrived, its first tap makes it the game's board; lost, the level tapped again
    says the game is going on and brings its board."""
    await chat.send("/play")
    levels = chat.last
    telegram.fail_next("sendPhoto", closed_failure(taken))
    await chat.press(levels, "Easy")
    table = await current(service, chat)
    assert table.message_id is None and not table.game.over
    boards = [m for m in chat.messages if m.photo_id is not None]
    assert len(boards) == int(taken)
    if taken:
        await chat.press(boards[0], is_checker)
        assert (await current(service, chat)).message_id == boards[0].message_id
    else:
        await chat.press(levels, "Easy")
        answer = telegram.calls_of("answerCallbackQuery")[-1].params
        assert answer["text"] == "You have a game going: here is its board."
        assert (await current(service, chat)).message_id == chat.board.message_id
    answers = telegram.calls_of("answerCallbackQuery")
    assert len(answers) == len({call.params["callback_query_id"] for call in answers}) == 2


async def test_an_edit_tried_again_after_its_answer_was_lost_never_lands_after_the_next(
    chat: Chat, telegram: FakeTelegram
) -> None:
    """A pick's edit takes effect but its connection closes: it is tried again half a second
    later. Back, tapped meanwhile, is shown after that try, not before it: the board ends with
    the checker put down, as the player left it."""
    await chat.start_game()
    board = chat.board
    pick = next(b["callback_data"] for b in board.buttons() if is_checker(b["text"]))
    telegram.fail_next("editMessageMedia", closed_failure(taken=True))
    picked = asyncio.create_task(chat.tap(board, pick))
    while not any("→" in b["text"] for b in board.buttons()):  # the pick took effect
        await asyncio.sleep(0.01)
    back = next(b["callback_data"] for b in board.buttons() if b["text"] == "⬅️ Back")
    await chat.tap(board, back)
    await picked
    labels = [b["text"] for b in board.buttons()]
    assert not any("→" in label for label in labels) and any(map(is_checker, labels))


async def test_on_a_slow_network_taps_waiting_for_the_board_show_only_the_latest(
    chat: Chat, telegram: FakeTelegram
) -> None:
    """Each edit takes a second to land; while the first of three quick taps' edits is on its
    way, the other two wait their turn: only the last of them would be edited then (it shows
    the board as it is), so the board does not step through every state in between; here it
    is the very screen the first edit put there (the same pick), so it is not sent at all.
    Every tap is answered once."""
    await chat.start_game()
    board = chat.board
    pick = next(b["callback_data"] for b in board.buttons() if is_checker(b["text"]))
    edits = len(telegram.calls_of("editMessageMedia"))
    answers = len(telegram.calls_of("answerCallbackQuery"))
    telegram.latency["editMessageMedia"] = 1.0
    first = asyncio.create_task(chat.tap(board, pick))
    await asyncio.sleep(0.2)  # its edit is on its way
    await asyncio.gather(chat.tap(board, pick), chat.tap(board, pick))
    await first
    assert len(telegram.calls_of("editMessageMedia")) - edits == 1
    assert len(telegram.calls_of("answerCallbackQuery")) - answers == 3
    assert any("→" in b["text"] for b in board.buttons())


async def test_a_replacement_board_never_saved_becomes_the_games_on_its_next_tap(
    store: RedisStore, service: GameService, redis_server: RedisServer
) -> None:
    """The same when the board was sent to replace a deleted one: no third board appears."""
    telegram = OutageTelegram()
    chat = make_chat(telegram, store, service)
    await chat.start_game()
    deleted = chat.board
    telegram.delete(chat.user["id"], deleted.message_id)
    telegram.server = redis_server
    await chat.press(deleted, is_checker)
    redis_server.start()
    board = chat.board  # showing the selected checker's destinations
    alerts = chat.alerts()
    await chat.press(board, lambda text: "→" in text)
    assert chat.alerts() == alerts
    assert (await current(service, chat)).message_id == board.message_id
    await chat.press(board, is_checker)
    await chat.press(board, lambda text: "→" in text)
    assert [m for m in chat.messages if m.photo_id is not None] == [board]


async def test_a_move_saved_but_not_shown_is_reported_done_and_the_board_catches_up(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    """Telegram refuses the board's edit after every retry: the move stays made, the tap was
    answered once and nobody apologises; the same tap again (the board still shows the state
    before) says "Already done" and brings the board up to date."""
    await chat.start_game()
    await chat.press(chat.board, is_checker)
    board = chat.board
    target = next(b["callback_data"] for b in board.buttons() if "→" in b["text"])
    before = await current(service, chat)
    for _ in range(ATTEMPTS):
        telegram.fail_next("editMessageMedia", Failure(502, "Bad Gateway"))
    await chat.tap(board, target)
    moved = await current(service, chat)
    assert moved.seq == before.seq + 1
    assert seq_shown(chat.board) == before.seq  # not shown
    await chat.tap(chat.board, target)
    assert chat.toasts() == ["Already done."] and chat.alerts() == []
    assert seq_shown(chat.board) == moved.seq
    assert [m.text for m in chat.messages if m.text] == ["Choose the bot's level:"]
    answers = [c for c in telegram.calls_of("answerCallbackQuery") if c.status == 200]
    assert len(answers) == len({str(c.params["callback_query_id"]) for c in answers})


async def test_a_chat_action_telegram_refuses_holds_up_nothing_and_logs_no_error(
    telegram: FakeTelegram,
    store: RedisStore,
    bot_player: PoolBotPlayer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The "choosing" action while the bot thinks is best effort: refused (a user who blocked
    the bot, a 5xx), the bot's answer still comes, and no task dies with a traceback."""
    held = HeldBot(bot_player)
    held.release.set()
    service = GameService(store, held, dice=ScriptedDice([5, 2, 3, 3, 4, 2, 3, 1]))
    chat = make_chat(telegram, store, service)
    await chat.start_game()
    await play_until_done_offered(chat)
    before = await current(service, chat)
    for _ in range(ATTEMPTS):  # as many as a retried request would meet
        telegram.fail_next("sendChatAction", Failure(502, "Bad Gateway"))
    held.release.clear()  # the bot thinks long enough to show it
    done = asyncio.create_task(chat.press(chat.board, "✅ Done"))
    await telegram.called("sendChatAction")
    held.release.set()
    await done
    after = await current(service, chat)
    assert len(after.game.history) > len(before.game.history)
    assert seq_shown(chat.board) == after.seq
    assert len(telegram.calls_of("sendChatAction")) >= 1
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
