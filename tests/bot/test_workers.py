"""Several bot workers on one Redis, as in webhook mode: a board edited by two workers at once
ends on the latest state, whichever edit lands last (a group's, and a private chat's); a
picture goes to the media chat once, whichever worker shows it."""

from __future__ import annotations

import asyncio

from bot.boards import Boards
from bot.i18n import Locale, Translator
from bot.service import GameService, Move, PoolBotPlayer, Session
from bot.storage import RedisStore
from bot.ui.callbacks import BoardTap
from tests.bot.harness import make_chat, make_group, user
from tests.fakes.telegram import FakeTelegram, Sent

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


async def a_step(service: GameService, session: Session) -> Session:
    """The player to move plays their first legal step."""
    step = session.game.next_steps()[0]
    moved = await service.apply(
        session, session.game.to_move, Move(step.src, step.dst), session.seq
    )
    return moved.session


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
    elsewhere = Boards(GameService(store, bot_player), store, translator)  # a second worker
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
    elsewhere = Boards(GameService(store, bot_player), store, translator)  # a second worker
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
    for worker in (here, elsewhere):  # the inline query answered by either: the same cards
        update = telegram.inline_query_update(ALICE, "")
        await worker.feed(update)
        results = telegram.inline_answers[update["inline_query"]["id"]]["results"]
        assert {result["type"] for result in results} == {"photo"}
    uploads = telegram.calls_of("sendPhoto")
    assert [call.params["chat_id"] for call in uploads] == [MEDIA["id"]]  # uploaded once
    assert telegram.schema_problems == []
