"""Playing against the bot through real updates: menus, a whole game, the board in place."""

from __future__ import annotations

import asyncio

import pytest

from bot.i18n import Locale, Translator
from bot.service import GameService, PoolBotPlayer
from bot.storage import RedisStore
from nardy.dice import ScriptedDice, SeededDice
from nardy.game import TurnRecord
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import (
    Chat,
    SteeredDice,
    is_checker,
    make_chat,
    play_one_turn,
    win_this_game,
)
from tests.bot.bot_players import HeldBot


async def test_start_shows_the_menu(chat: Chat, telegram: FakeTelegram) -> None:
    await chat.send("/start")
    assert chat.last.text is not None and chat.last.text.startswith("Long nardy")
    labels = [b["text"] for b in chat.last.buttons()]
    assert labels[:3] == ["🎲 Play vs bot", "📖 Rules", "🌐 Language"]
    assert telegram.schema_problems == []


# How each language says that the buttons under the board choose a checker (the picture cannot
# be tapped): in the turn's prompt, in the welcome; and the old words, to tap the checker.
BUTTONS_SAID = {
    Locale.EN: ("with a button below", "with the buttons under the board", "ap a checker"),
    Locale.RU: ("Выберите кнопкой ниже шашку", "кнопками под доской выберите шашку", "на шашку"),
    Locale.UK: ("Оберіть кнопкою нижче шашку", "кнопками під дошкою оберіть шашку", "на шашку"),
}


@pytest.mark.parametrize("locale", list(Locale))
async def test_the_welcome_and_the_prompt_send_the_player_to_the_buttons(
    telegram: FakeTelegram, store: RedisStore, service: GameService, locale: Locale
) -> None:
    chat = make_chat(telegram, store, service, language=locale.value)
    await chat.send("/start")
    welcome = chat.last.text or ""
    await chat.start_game(Translator()[locale].gettext("Easy"))
    prompt = chat.board.caption or ""
    said, welcomed, old = BUTTONS_SAID[locale]
    assert said in prompt and welcomed in welcome, (prompt, welcome)
    assert old not in prompt and old not in welcome


async def test_a_new_game_sends_one_board_offering_the_legal_checkers(
    chat: Chat, telegram: FakeTelegram, service: GameService
) -> None:
    await chat.start_game()
    board = chat.board
    assert board.caption is not None and "Opening roll: you" in board.caption
    assert "Pips: you" in board.caption
    assert len(telegram.calls_of("sendPhoto")) == 1
    table = await service.active_game(chat.user["id"])
    assert table is not None and table.message_id == board.message_id
    movable = sorted({step.src for step in table.game.next_steps()}, reverse=True)
    checkers = [b["text"] for b in board.buttons() if is_checker(b["text"])]
    assert checkers == [str(src) for src in movable]
    assert telegram.schema_problems == []


async def test_a_whole_game_is_played_by_taps_on_one_message(
    chat: Chat, telegram: FakeTelegram, store: RedisStore
) -> None:
    await chat.start_game()
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


async def play_steps_until_turn_ends(chat: Chat, service: GameService) -> int:
    """Move the first offered checker to its first destination until the human's turn is no
    longer the one it was; returns the number of turns in the history before."""
    before = await service.active_game(chat.user["id"])
    assert before is not None
    turns = len(before.game.history)
    while True:
        table = await service.active_game(chat.user["id"])
        assert table is not None
        if len(table.game.history) > turns or "✅ Done" in labels(chat):
            return turns
        await chat.press(chat.board, is_checker)
        await chat.press(chat.board, lambda text: "→" in text)


def labels(chat: Chat) -> list[str]:
    return [b["text"] for b in chat.board.buttons()]


async def test_done_shows_the_bot_thinking_then_its_answer(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    """A bot that thinks for a while shows it choosing meanwhile (`THINKING` seconds on)."""
    held = HeldBot(bot_player)
    held.release.set()
    service = GameService(store, held, dice=SeededDice(7))
    chat = make_chat(telegram, store, service)
    await chat.start_game()
    turns = await play_steps_until_turn_ends(chat, service)
    held.release.clear()
    held.asked.clear()
    done = asyncio.create_task(chat.press(chat.board, "✅ Done"))
    await held.asked.wait()
    await telegram.called("sendChatAction")
    assert telegram.calls_of("sendChatAction")[0].params["action"] == "choose_sticker"
    held.release.set()
    await done
    table = await service.active_game(chat.user["id"])
    assert table is not None and len(table.game.history) >= turns + 2
    assert "The bot rolled" in (chat.board.caption or "")


async def test_a_bot_that_answers_at_once_shows_no_choosing(
    chat: Chat, telegram: FakeTelegram, service: GameService, bot_player: PoolBotPlayer
) -> None:
    """Easy answers in milliseconds, well within `THINKING`: no chat action, which would stay
    up for seconds after the bot's turn is on the board."""
    await bot_player.warm_up()  # the AI process started, as in a running bot
    await chat.start_game()
    for _ in range(3):
        await play_one_turn(chat)
    table = await service.active_game(chat.user["id"])
    assert table is not None and len(table.game.history) >= 5
    assert telegram.calls_of("sendChatAction") == []


async def test_auto_confirm_ends_a_complete_turn_without_done(
    chat: Chat, service: GameService
) -> None:
    await chat.send("/start")
    await chat.press(chat.last, "⚙️ Settings")
    await chat.press(chat.last, "Confirm turns automatically: Off")
    await chat.press(chat.last, "▫️ On")
    assert "✅ On" in [b["text"] for b in chat.last.buttons()]
    await chat.start_game()
    turns = await play_steps_until_turn_ends(chat, service)
    assert "✅ Done" not in labels(chat)
    table = await service.active_game(chat.user["id"])
    assert table is not None and len(table.game.history) >= turns + 2


async def test_undo_takes_back_the_last_step(chat: Chat, service: GameService) -> None:
    await chat.start_game()
    offered = labels(chat)
    await chat.press(chat.board, is_checker)
    assert "⬅️ Back" in labels(chat)
    await chat.press(chat.board, lambda text: "→" in text)
    assert "↩️ Undo" in labels(chat)
    await chat.press(chat.board, "↩️ Undo")
    table = await service.active_game(chat.user["id"])
    assert table is not None and table.game.played == ()
    assert labels(chat) == offered
    assert "Choose the checker to move with a button below" in (chat.board.caption or "")


async def test_when_the_bot_opens_the_chat_shows_it_choosing_first(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    """The tap on a level is answered at once; the bot's first turn, thought over for a while,
    runs under a chat action."""
    held = HeldBot(bot_player)
    service = GameService(store, held, dice=ScriptedDice([1, 4, 6, 5, 3, 3]))
    chat = make_chat(telegram, store, service)
    started = asyncio.create_task(chat.start_game())
    await held.asked.wait()
    await telegram.called("sendChatAction")
    held.release.set()
    await started
    methods = [call.method for call in telegram.calls]
    tapped = methods.index("answerCallbackQuery")
    assert methods[tapped : tapped + 3] == ["answerCallbackQuery", "sendChatAction", "sendPhoto"]
    assert telegram.calls_of("sendChatAction")[0].params["action"] == "choose_sticker"
    caption = chat.board.caption or ""
    assert "The bot rolled 6-5 and played 12/" in caption  # its 24 is the player's 12


@pytest.mark.parametrize("opening", [(5, 2), (2, 5)], ids=["you-white", "bot-white"])
async def test_the_results_screen_counts_each_side_under_its_name(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer, opening: tuple[int, int]
) -> None:
    """Whichever colour the bot plays: the person bears off their last checker (15, the bot
    has 1 off), after the bot rolled the game's one double."""
    dice = SteeredDice()
    dice.next = [*opening]
    service = GameService(store, bot_player, dice=dice)
    chat = make_chat(telegram, store, service)
    await chat.start_game()
    table = await service.active_game(chat.user["id"])
    assert table is not None
    me = table.seat_of(chat.user["id"])
    assert me is not None
    await win_this_game(chat, store, service, history=(TurnRecord(me.opponent, (3, 3), ()),))
    caption = chat.board.caption or ""
    assert "You won: oyn" in caption
    assert "Borne off: you 15, bot 1." in caption
    assert "Doubles rolled: you 0, bot 1." in caption
    assert "Pips: you 0, bot " in caption
