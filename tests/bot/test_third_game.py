"""A third game added as a new game is added (tests/split_game.py: one module and its registry
line) plays through the bot unchanged: chosen on /play, played against the bot with the
board's buttons, stored and read back, resigned, counted in /stats, its record sent and
verified, Play again starting it anew."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.service import GameService, PoolBotPlayer
from bot.storage import RedisStore
from bot.ui.callbacks import PickGame
from nardy.transcript import parse, verify
from nardy.variant import Variant
from nardy.variants import register, unregister, variant_of
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import Clock, fair_service, make_chat, play_one_turn
from tests.split_game import SPLIT, SplitRules, registered

TURNS = 6  # the person's turns played before resigning


@pytest.fixture
def split() -> Iterator[Variant]:
    with registered() as game:
        yield game


async def test_a_third_game_is_chosen_played_recorded_and_counted_by_the_bot_unchanged(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer, split: Variant
) -> None:
    service: GameService = fair_service(store, bot_player, Clock())
    chat = make_chat(telegram, store, service)
    await chat.send("/play split")
    menu = [b["text"] for b in chat.last.buttons()]
    assert "• Split •" in menu and "Long" in menu and "Short" in menu
    await chat.press(chat.last, "Easy")
    table = await service.active_game(chat.user["id"])
    assert table is not None and variant_of(table.game) is split
    assert isinstance(table.game.rules, SplitRules)
    assert '"g":"Tg1|' in table.to_text()  # stored as its own game writes it
    assert "Split nardy" in (chat.board.caption or "")
    for _ in range(TURNS):
        await play_one_turn(chat)
    played = await service.load(table.game_id)
    assert variant_of(played.game) is split and len(played.game.history) >= TURNS
    await chat.send("/resign")
    await chat.press(chat.last, "🏳 Yes, resign")
    board = chat.board
    again = next(b["callback_data"] for b in board.buttons() if b["text"] == "🎲 Play again")
    assert PickGame.unpack(again) == PickGame(game="split", level="easy", length=1)
    await chat.press(board, "📜 Game record")
    sent = chat.last.document
    assert sent is not None
    text = sent[1].decode()
    assert '"variant": "split"' in text
    record = parse(text)
    assert isinstance(record.rules, SplitRules)
    checked = verify(record)  # replayed from the split start, every die from the seed
    assert checked.game.history == played.game.history
    await chat.send("/stats")
    assert "Split nardy: Bot · Easy" in (chat.last.text or "")
    await chat.tap(board, again)
    restarted = await service.active_game(chat.user["id"])
    assert restarted is not None and variant_of(restarted.game) is split
    assert chat.alerts() == [] and telegram.schema_problems == []


async def test_a_game_added_without_its_words_is_offered_by_its_english_name(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    """Its words (`bot.ui.games`) not given yet: the level choice, its card and its board
    name it as its variant does, in English, rather than failing."""
    service: GameService = fair_service(store, bot_player, Clock())
    chat = make_chat(telegram, store, service)
    register(SPLIT)
    try:
        await chat.send("/play")
        await chat.press(chat.last, "Split nardy")
        assert "• Split nardy •" in [b["text"] for b in chat.last.buttons()]
        await chat.press(chat.last, "Easy")
        assert "Split nardy" in (chat.board.caption or "")
        table = await service.active_game(chat.user["id"])
        assert table is not None and variant_of(table.game) is SPLIT
    finally:
        unregister(SPLIT)
    assert chat.alerts() == [] and telegram.schema_problems == []
