"""Playing against the bot through real updates: menus, a whole game, the board in place."""

from __future__ import annotations

from bot.service import GameService
from bot.storage import RedisStore
from tests.bot.harness import Chat, is_checker
from tests.fakes.telegram import FakeTelegram


async def start_game(chat: Chat) -> None:
    await chat.send("/play")
    await chat.press(chat.last, "Easy")


async def test_start_shows_the_menu(chat: Chat, telegram: FakeTelegram) -> None:
    await chat.send("/start")
    assert chat.last.text is not None and chat.last.text.startswith("Long nardy")
    labels = [b["text"] for b in chat.last.buttons()]
    assert labels[:3] == ["🎲 Play vs bot", "📖 Rules", "🌐 Language"]
    assert telegram.schema_problems == []


async def test_a_new_game_sends_one_board_offering_the_legal_checkers(
    chat: Chat, telegram: FakeTelegram, service: GameService
) -> None:
    await start_game(chat)
    board = chat.board
    assert board.caption is not None and "Opening roll: you" in board.caption
    assert "Pips: you" in board.caption
    assert len(telegram.calls_of("sendPhoto")) == 1
    session = await service.active_game(chat.user["id"])
    assert session is not None and session.message_id == board.message_id
    movable = sorted({step.src for step in session.game.next_steps()}, reverse=True)
    checkers = [b["text"] for b in board.buttons() if is_checker(b["text"])]
    assert checkers == [str(src) for src in movable]
    assert telegram.schema_problems == []


async def play_one_turn(chat: Chat) -> None:
    """Tap the first checker, its first destination, ... until Done, then Done."""
    while True:
        board = chat.board
        labels = [b["text"] for b in board.buttons()]
        if "✅ Done" in labels:
            await chat.press(board, "✅ Done")
            return
        checkers = [label for label in labels if is_checker(label)]
        await chat.press(board, checkers[0])
        await chat.press(chat.board, lambda text: "→" in text)


async def test_a_whole_game_is_played_by_taps_on_one_message(
    chat: Chat, telegram: FakeTelegram, store: RedisStore
) -> None:
    await start_game(chat)
    board_id = chat.board.message_id
    game_id = await store.chat_game(chat.user["id"])
    assert game_id is not None
    for _ in range(400):
        if "🎲 Play again" in [b["text"] for b in chat.board.buttons()]:
            break
        await play_one_turn(chat)
    caption = chat.board.caption or ""
    assert "won" in caption
    assert chat.board.message_id == board_id
    assert len(telegram.calls_of("sendPhoto")) == 1
    assert len(telegram.calls_of("editMessageMedia")) > 50
    assert chat.alerts() == []
    assert telegram.schema_problems == []
    stored = await store.load_game(game_id)
    assert stored is not None and len(stored.data) <= 2048  # the whole game, history included
