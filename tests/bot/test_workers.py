"""Several bot workers on one Redis, as in webhook mode: a board edited by two workers at once
ends on the latest state, whichever edit lands last (a group's, and a private chat's); a
board set back by a killed worker's late edit is caught up by the next tap on it (group,
private, inline); a picture goes to the media chat once, whichever worker shows it."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from aiogram.types import Update

from bot.boards import Boards
from bot.i18n import Locale, Translator
from bot.pacing import Pacer
from bot.prefs import Preferences
from bot.service import GameService, Move, PoolBotPlayer, Table
from bot.storage import RedisStore
from bot.ui.callbacks import BoardTap
from bot.ui.delivery import Shown, edit_board, edit_inline
from bot.ui.screens import build_screen
from testkit.fakes.telegram import FakeTelegram, Sent
from testkit.harness import Chat, Group, card_id, is_checker, make_chat, make_group, settings, user

ALICE, BOB = user(2001), user(2002)
MEDIA = {"id": -100778, "type": "channel", "title": "media"}


def shown_seq(board: Sent) -> set[int]:
    """The game states (`seq`) a board's buttons were made for."""
    seqs = set()
    for button in board.buttons():
        try:
            seqs.add(BoardTap.unpack(button["callback_data"]).seq)
        except (TypeError, ValueError):
            continue
    return seqs


async def a_step(service: GameService, table: Table) -> Table:
    """The player to move plays their first legal step."""
    step = table.game.next_steps()[0]
    moved = await service.apply(table, table.game.to_move, Move(step.src, step.dst), table.seq)
    return moved.table


async def test_an_edit_overtaken_by_another_workers_is_followed_by_the_latest_state(
    telegram: FakeTelegram, store: RedisStore, service: GameService, bot_player: PoolBotPlayer
) -> None:
    group = make_group(telegram, store, service)
    await group.send(ALICE, "/play")
    await group.press(BOB, group.last, "🎲 Join")
    started = await service.load(str(group.last.buttons()[0]["callback_data"]).split(":")[1])
    first = await a_step(service, started)
    second = await a_step(service, first)  # both saved, neither shown yet
    translator: Translator = group.dispatcher["translator"]
    texts = translator[Locale.EN]
    here: Boards = group.dispatcher["boards"]
    pacer = Pacer(store, settings().group_budget, settings().overall_budgets)
    elsewhere = Boards(
        GameService(store, bot_player), Preferences(store), translator, pacer
    )  # a 2nd worker
    board = next(m for m in group.messages if m.message_id == started.message_id)

    gate = telegram.hold_next("editMessageMedia")  # this worker's edit of the older state
    slow = asyncio.create_task(here.show(group.bot, first, first.game.to_move, texts))
    while "editMessageMedia" in telegram.gates:  # until that edit is on its way
        await asyncio.sleep(0.001)
    await elsewhere.show(group.bot, second, second.game.to_move, texts)
    assert shown_seq(board) == {second.seq}  # the later state, shown first
    gate.set()  # the older state's edit lands last
    await slow
    assert shown_seq(board) == {second.seq}  # not left on the older one that landed last
    assert telegram.schema_problems == []


async def test_a_private_board_overtaken_by_another_workers_edit_ends_on_the_latest_state(
    telegram: FakeTelegram, store: RedisStore, service: GameService, bot_player: PoolBotPlayer
) -> None:
    chat = make_chat(telegram, store, service)
    await chat.start_game()
    game_id = await store.chat_game(chat.user["id"])
    assert game_id is not None
    started = await service.load(game_id)
    first = await a_step(service, started)
    second = await a_step(service, first)  # both saved, neither shown yet
    seat = first.game.to_move  # the player's: the bot's turns are played within a save
    translator: Translator = chat.dispatcher["translator"]
    texts = translator[Locale.EN]
    here: Boards = chat.dispatcher["boards"]
    pacer = Pacer(store, settings().group_budget, settings().overall_budgets)
    elsewhere = Boards(
        GameService(store, bot_player), Preferences(store), translator, pacer
    )  # a 2nd worker
    board = chat.board

    gate = telegram.hold_next("editMessageMedia")  # this worker's edit of the older state
    slow = asyncio.create_task(here.show(chat.bot, first, seat, texts, tapped=board.message_id))
    while "editMessageMedia" in telegram.gates:  # until that edit is on its way
        await asyncio.sleep(0.001)
    await elsewhere.show(chat.bot, second, seat, texts, tapped=board.message_id)
    assert shown_seq(board) == {second.seq}  # the later state, shown first
    gate.set()  # the older state's edit lands last
    await slow
    assert shown_seq(board) == {second.seq}  # not left on the older one that landed last
    assert telegram.schema_problems == []


async def test_a_picture_goes_to_the_media_chat_once_whichever_worker_shows_it(
    telegram: FakeTelegram, store: RedisStore, service: GameService, bot_player: PoolBotPlayer
) -> None:
    telegram.add_chat(MEDIA)
    here = make_group(telegram, store, service, media_chat_id=MEDIA["id"])
    elsewhere = make_group(  # a second worker: its own client, dispatcher and media chat
        telegram, store, GameService(store, bot_player), media_chat_id=MEDIA["id"]
    )
    photos: list[set[str]] = []
    for worker in (here, elsewhere):  # the inline query answered by either: the same cards
        update = telegram.inline_query_update(ALICE, "")
        await worker.feed(update)
        results = telegram.inline_answers[update["inline_query"]["id"]]["results"]
        assert {result["type"] for result in results} == {"photo"}
        photos.append({result["photo_file_id"] for result in results})
    assert photos[0] == photos[1]  # the second worker shows the first one's uploads
    uploads = telegram.calls_of("sendPhoto")
    assert {call.params["chat_id"] for call in uploads} == {MEDIA["id"]}
    assert len(uploads) == len(photos[0])  # each picture (a long and a short board) once
    assert telegram.schema_problems == []


async def test_a_tap_posted_again_to_another_worker_changes_nothing_and_is_answered_once(
    telegram: FakeTelegram,
    store: RedisStore,
    service: GameService,
    bot_player: PoolBotPlayer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The first worker handled the tap and died before its reply to Telegram, which posts the
    update again, to another worker: its answer is refused by Telegram (logged), and the move
    is not made twice."""
    here = make_chat(telegram, store, service)
    elsewhere = make_chat(telegram, store, GameService(store, bot_player))  # the same user
    await here.start_game()
    await here.press(
        here.board, next(filter(is_checker, (b["text"] for b in here.board.buttons())))
    )
    step = next(b["callback_data"] for b in here.board.buttons() if "→" in b["text"])
    update = telegram.tap_update(here.user, here.board, step)
    await here.dispatcher.feed_update(here.bot, Update.model_validate(update))
    game_id = await store.chat_game(here.user["id"])
    assert game_id is not None
    moved = await store.load_game(game_id)
    with caplog.at_level(logging.WARNING, logger="bot.answers"):
        await elsewhere.dispatcher.feed_update(elsewhere.bot, Update.model_validate(update))
    assert await store.load_game(game_id) == moved  # not moved again
    tap = update["callback_query"]["id"]
    answers = [
        c
        for c in telegram.calls_of("answerCallbackQuery")
        if str(c.params["callback_query_id"]) == tap
    ]
    assert [call.status for call in answers] == [200, 400]
    assert f"tap {tap} not answered" in caplog.text
    assert telegram.schema_problems == []


def _action_of(button: dict[str, str]) -> str:
    """A board button's action letter (`t:<game>:<seq>:<action>...`); "" for other buttons."""
    fields = str(button.get("callback_data", "")).split(":")
    return fields[3] if len(fields) > 3 and fields[0] == "t" else ""


async def _feed(worker: Group | Chat, update: dict[str, Any]) -> None:
    await worker.dispatcher.feed_update(
        worker.bot, Update.model_validate(update, context={"bot": worker.bot})
    )


async def _set_back_then_tapped(
    telegram: FakeTelegram, service: GameService, worker: Group | Chat, board: Sent
) -> None:
    """The game on `board` played through `worker` until a tap ends a turn: Done, or on a
    shared board the whole turn or the move that completes it; then a dying worker's edit of
    the state before lands on the board. Telegram's post of that tap again (answered "Already
    done."), the same button tapped again and another button of that board (Undo, or Resign:
    "out of date") each bring the board up to date."""
    people = {person["id"]: person for person in (ALICE, BOB, getattr(worker, "user", ALICE))}
    game_id = BoardTap.unpack(board.buttons()[0]["callback_data"]).game
    while True:
        before = await service.load(game_id)
        by_action = {_action_of(b): str(b["callback_data"]) for b in board.buttons()}
        mover = people[before.seats[before.game.to_move].user_id or 0]
        last = by_action.get("d") or by_action.get("a") or by_action.get("m") or by_action["s"]
        done = telegram.tap_update(mover, board, last)
        await _feed(worker, done)  # saved and shown by this worker
        after = await service.load(game_id)
        if after.game.history != before.game.history:
            break
    assert after.seq > before.seq and shown_seq(board) == {after.seq}
    other = by_action.get("u") or by_action["q"]
    older = build_screen(before, before.game.to_move, worker.dispatcher["translator"][Locale.EN])
    answered = len(telegram.calls_of("answerCallbackQuery"))
    for again in ("", last, other):
        if board.inline_message_id is None:  # the dying worker's edit
            assert await edit_board(worker.bot, before, board.message_id, older)
        else:
            shown = await edit_inline(worker.bot, board.inline_message_id, older, None)
            assert shown is Shown.AS_SENT
        assert shown_seq(board) == {before.seq}
        await _feed(worker, telegram.tap_update(mover, board, again) if again else done)
        assert shown_seq(board) == {after.seq}
    answers = [c.params.get("text") for c in telegram.calls_of("answerCallbackQuery")[answered:]]
    assert answers == ["Already done.", "This board is out of date: the game has moved on."]
    assert telegram.schema_problems == []


async def test_a_group_board_a_dying_worker_set_back_is_caught_up_by_the_next_taps(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """This worker showed a Done; another's edit of the state before landed after it, and that
    worker was killed before it could show the latest again: the board is behind although this
    worker sent it the latest."""
    group = make_group(telegram, store, service)
    await group.send(ALICE, "/play")
    await group.press(BOB, group.last, "🎲 Join")
    await _set_back_then_tapped(telegram, service, group, group.last)


async def test_a_private_board_a_dying_worker_set_back_is_caught_up_by_the_next_taps(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """As in a group: a private board set back by a dying worker's late edit."""
    chat = make_chat(telegram, store, service)
    await chat.start_game()
    await _set_back_then_tapped(telegram, service, chat, chat.board)


async def test_an_inline_board_a_dying_worker_set_back_is_caught_up_by_the_next_taps(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """As in a group: an inline game's board (a text board) set back by a late edit."""
    room = make_group(telegram, store, service)
    query = telegram.inline_query_update(ALICE, "")
    await room.feed(query)
    chosen = telegram.choose_inline_result(
        ALICE, query["inline_query"]["id"], card_id(telegram, query["inline_query"]["id"], "1")
    )
    await room.feed(chosen)
    card = telegram.inline_messages[chosen["chosen_inline_result"]["inline_message_id"]]
    await room.press(BOB, card, "🎲 Join")
    await _set_back_then_tapped(telegram, service, room, card)
