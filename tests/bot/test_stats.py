"""The results screen, /stats and /top through real updates and a real Redis: what finished
games add up to, in a private chat and in a group, in each reader's language."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from aiogram.types import Update

from bot.i18n import Locale, Translator
from bot.service import GameService, PoolBotPlayer, player_slot
from bot.service.results import KindRecord, PlayerRecord
from bot.storage import RedisStore
from bot.ui.callbacks import BoardAction, BoardTap
from bot.ui.stats import stats_text
from nardy.game import Game
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import GROUP_CHAT, Chat, make_chat, make_group, play_turns, user
from tests.nardy.builders import board

ALICE, BOB, CAROL = user(2001), user(2002), user(2003, "ru")


async def resign_against_the_bot(chat: Chat, level: str = "Easy") -> None:
    await chat.start_game(level)
    await chat.send("/resign")
    await chat.press(chat.last, "🏳 Yes, resign")


async def test_a_game_against_the_bot_ends_on_a_results_screen_and_counts_in_stats(
    chat: Chat,
) -> None:
    await chat.send("/stats")
    assert chat.last.text == "<b>Statistics: U1001</b>\nNo finished games yet. /play starts one."
    await resign_against_the_bot(chat)
    caption = chat.board.caption or ""
    assert "You resigned. The bot won: mars, 2 points." in caption
    assert "Borne off: you 0, bot 0." in caption
    assert "Doubles rolled: you " in caption and " turns played." in caption
    assert "Your record against the bot (Easy): 0 won, 1 lost." in caption
    assert [b["text"] for b in chat.board.buttons()] == ["🎲 Play again"]
    await resign_against_the_bot(chat)
    assert "Your record against the bot (Easy): 0 won, 2 lost." in (chat.board.caption or "")
    await chat.send("/stats")
    text = chat.last.text or ""
    assert "<b>Bot · Easy</b>: 2 games, 0 won, 2 lost (0%)" in text
    assert "points 0–4 · win streak 0, best 0 · mars given 0, taken 2" in text
    assert "koks" not in text  # none in long nardy's classic scoring (RULES.md §7)
    assert "Rating" not in text  # games against the bot are not rated


def reply_to(person: dict[str, Any]) -> dict[str, Any]:
    """A message `person` wrote in the group, to reply to."""
    return {
        "message_id": 7,
        "date": 1_700_000_000,
        "chat": GROUP_CHAT,
        "from": person,
        "text": "hi",
    }


async def test_a_game_between_people_rates_both_and_fills_the_leaderboards(
    telegram: FakeTelegram, store: RedisStore, service: GameService, chat: Chat
) -> None:
    group = make_group(telegram, store, service)
    await group.send(ALICE, "/top")
    assert group.last.text == (
        "<b>Best players in this group</b>\nNo rated games here yet: /play challenges someone."
        "\nShort nardy: /top short"
    )
    await group.send(ALICE, "/play")
    await group.press(BOB, group.last, "🎲 Join")
    board = group.last
    table = await service.active_game(player_slot(group.chat["id"], ALICE["id"]))
    assert table is not None
    await play_turns(service, table)  # a game is rated from `RATED_TURNS` turns each
    await group.send(ALICE, "/resign")
    await group.press(ALICE, group.last, "🏳 Yes, resign")
    caption = next(m for m in group.messages if m.message_id == board.message_id).caption or ""
    assert "U2002 won: mars, 2 points." in caption
    assert "Head to head: " in caption and ("U2002 1" in caption and "U2001 0" in caption)
    assert "Rating: " in caption and "U2002 +" in caption and "U2001 −" in caption

    await group.send(CAROL, "/stats", reply_to=reply_to(BOB))  # Carol reads Russian
    text = group.last.text or ""
    assert text.startswith("<b>Статистика: U2002</b>")
    assert "предварительный" in text  # one game: a provisional rating
    assert "<b>Против людей</b>: 1 партия, выиграно 1, проиграно 0 (100%)" in text

    await group.send(ALICE, "/top")
    lines = (group.last.text or "").splitlines()
    assert lines[0] == "<b>Best players in this group</b>"
    assert lines[1].startswith("1. U2002 — 16") and lines[1].endswith("?")
    assert lines[2].startswith("2. U2001 — 13")

    alice = Chat(chat.telegram, chat.dispatcher, chat.bot, ALICE)
    await alice.send("/top")
    assert "Your place: 2 of 2." in (alice.last.text or "")
    await chat.send("/top")  # a player with no rating
    assert "You have no rating yet: play a person (type @" in (chat.last.text or "")


async def test_a_finishing_tap_delivered_to_two_bot_processes_counts_once(
    telegram: FakeTelegram,
    store: RedisStore,
    service: GameService,
    chat: Chat,
    redis_url: str,
    bot_player: PoolBotPlayer,
) -> None:
    """Two bot processes on one Redis get the same Done (as a redelivered update): one applies
    it, the game is counted once, and the results screen says so."""
    await chat.start_game("Medium")
    game_id = await store.chat_game(chat.user["id"])
    assert game_id is not None
    table = await service.load(game_id)
    me = table.seat_of(chat.user["id"])
    assert me is not None
    assert isinstance(table.game, Game)
    near_the_end = Game(table.game.rules, board(me, {1: 1}, {24: 15})).with_roll((3, 1))
    await store.save_game(game_id, table.version, replace(table, game=near_the_end).to_text())
    moved = BoardTap(game=game_id, seq=table.seq, action=BoardAction.MOVE, src=1, dst=0)
    await chat.tap(chat.board, moved.pack())
    done = BoardTap(game=game_id, seq=table.seq + 1, action=BoardAction.DONE).pack()
    other_store = RedisStore(redis_url)
    try:
        other = make_chat(telegram, other_store, GameService(other_store, bot_player))
        update = telegram.tap_update(chat.user, chat.board, done)
        await asyncio.gather(
            *(
                process.dispatcher.feed_update(
                    process.bot, Update.model_validate(update, context={"bot": process.bot})
                )
                for process in (chat, other)
            )
        )
    finally:
        await other_store.close()
    assert "Your record against the bot (Medium): 1 won, 0 lost." in (chat.board.caption or "")
    await chat.send("/stats")
    assert "<b>Bot · Medium</b>: 1 game, 1 won, 0 lost (100%)" in (chat.last.text or "")


def test_stats_count_a_koks_apart_from_a_mars_in_each_game_and_language() -> None:
    """A koks (short nardy's backgammon, RULES.md §7 and §9) is counted in the mars too, and
    shown apart: long nardy's line names it only once there is one, short nardy's always."""
    won = KindRecord(games=3, wins=3, points_won=6, streak=3, best=3, mars_given=2, koks_given=1)
    record = PlayerRecord((("easy", won), ("short.easy", won)), ())
    translator = Translator()
    english = stats_text(translator[Locale.EN], "Ann", record, own=True)
    long_line, short_line = (line for line in english.split("\n") if line.startswith("points"))
    assert long_line == (
        "points 6–0 · win streak 3, best 3 · mars given 1, taken 0 · koks given 1, taken 0"
    )
    assert short_line.endswith("gammons given 1, taken 0 · backgammons given 1, taken 0")
    russian = stats_text(translator[Locale.RU], "Аня", record, own=True)
    assert "очки 6–0 · серия побед 3, лучшая 3 · марсов поставлено 1, получено 0" in russian
    assert "гаммонов поставлено 1, получено 0 · бэкгаммонов поставлено 1, получено 0" in russian
    ukrainian = stats_text(translator[Locale.UK], "Аня", record, own=True)
    assert "гамонів поставлено 1, отримано 0 · бекгемонів поставлено 1, отримано 0" in ukrainian
    plain = replace(won, mars_given=1, koks_given=0)
    text = stats_text(translator[Locale.EN], "Ann", PlayerRecord((("easy", plain),), ()), True)
    assert "mars given 1, taken 0" in text and "koks" not in text
