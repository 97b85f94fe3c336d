"""A finished game's replay through the bot: the Replay button under the game and under its
record's file sends the game as an animation (MP4, `renderer.animation`) to the player's
private chat: a frame a turn and the end, in the player's language; made once, then sent by
its file id; one at a time per player; another's record gets the players-only alert (for
the Analysis too)."""

from __future__ import annotations

import asyncio
import io

import av
import pytest

from bot.service import GameService, PoolBotPlayer
from bot.storage import RedisStore
from bot.ui.callbacks import ReplayTap, ReviewTap
from nardy.transcript import parse
from testkit.fakes.telegram import FakeTelegram, Sent
from testkit.harness import Chat, Clock, fair_service, make_chat, play_one_turn
from tests.bot.test_review import ANALYSIS, PLAYERS_ONLY, finish_a_game

REPLAY = "📽 Replay"


def decoded(clip: bytes) -> tuple[int, float]:
    """The MP4's frames decoded, and the time the last one starts, in seconds."""
    with av.open(io.BytesIO(clip), "r") as box:
        starts = [float(frame.time) for frame in box.decode(video=0)]
    return len(starts), max(starts)


async def record_of(chat: Chat) -> str:
    """The text of the finished game's record, as the Game record button sends it."""
    await chat.press(chat.board, "📜 Game record")
    document = chat.last.document
    assert document is not None
    return document[1].decode()


def animation(sent: Sent) -> tuple[str, bytes]:
    assert sent.animation is not None
    file_id, (_name, data) = sent.animation
    return file_id, data


async def test_the_replay_button_sends_the_game_as_an_animation(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    chat = make_chat(telegram, store, fair_service(store, bot_player, Clock()))
    await finish_a_game(chat)
    turns = len(parse(await record_of(chat)).turns)
    await chat.press(chat.board, REPLAY)
    file_id, clip = animation(chat.last)
    frames, last_start = decoded(clip)
    # A frame a turn, the end, and the end again where the clip stops (so that it stays).
    assert frames == turns + 2 and len(clip) < 1_000_000
    assert abs(last_start - (0.6 * turns + 3.0)) < 0.05
    caption = chat.last.caption or ""
    assert caption.startswith("📽 ") and caption.endswith(f": the game's {turns} turns.")
    assert "Bot · Easy" in caption and " vs " in caption
    assert chat.toasts() == ["📽 The replay is on its way."]
    actions = telegram.calls_of("sendChatAction")
    assert actions and actions[-1].params["action"] == "upload_video"
    (sent,) = telegram.calls_of("sendAnimation")
    assert sent.params["duration"] == round(0.6 * turns + 3.0)

    await chat.send("/record")  # the record's file offers the replay too
    (button,) = chat.last.buttons()
    await chat.press(chat.last, button["text"])
    await chat.press(chat.last, REPLAY)
    again = telegram.calls_of("sendAnimation")[-1]
    assert again.params["animation"] == file_id  # made and uploaded once, sent by its id
    assert animation(chat.last) == (file_id, clip)
    assert telegram.schema_problems == []


async def test_a_replay_is_made_in_the_players_language(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    chat = make_chat(telegram, store, fair_service(store, bot_player, Clock()), language="uk")
    await finish_a_game(chat, "Легкий")
    await chat.press(chat.board, "📽 Повтор")
    assert "Бот · Легкий" in (chat.last.caption or "")
    assert chat.toasts() == ["📽 Повтор партії вже в дорозі."]


async def test_a_second_replay_waits_for_the_players_first(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    chat = make_chat(telegram, store, fair_service(store, bot_player, Clock()))
    await finish_a_game(chat)
    board = chat.board
    gate = telegram.hold_next("sendAnimation")
    first = asyncio.create_task(chat.press(board, REPLAY))
    while "sendAnimation" in telegram.gates:  # until the first is made, its upload held
        await asyncio.sleep(0.01)
    await chat.press(board, REPLAY)
    assert chat.alerts() == ["Your last replay is still being made: a moment, please."]
    gate.set()
    await first
    await chat.press(board, REPLAY)  # the first is done: asked again, it is sent again
    assert len(chat.alerts()) == 1 and len(telegram.calls_of("sendAnimation")) == 2


@pytest.mark.parametrize(
    ("tap", "label", "effect"),
    [(ReviewTap, ANALYSIS, "editMessageText"), (ReplayTap, REPLAY, "sendAnimation")],
)
async def test_another_players_record_is_neither_reviewed_nor_replayed_for_them(
    tap: type[ReviewTap | ReplayTap],
    label: str,
    effect: str,
    telegram: FakeTelegram,
    store: RedisStore,
    bot_player: PoolBotPlayer,
) -> None:
    service: GameService = fair_service(store, bot_player, Clock())
    chat = make_chat(telegram, store, service)
    await finish_a_game(chat)
    data = next(b["callback_data"] for b in chat.board.buttons() if b["text"] == label)
    stranger = make_chat(telegram, store, service, user_id=2002)
    await stranger.tap(chat.board, tap(name=tap.unpack(data).name).pack())
    await stranger.tap(chat.board, tap(name="no-such-record").pack())
    assert stranger.alerts() == [PLAYERS_ONLY, PLAYERS_ONLY]
    assert telegram.calls_of(effect) == []


async def test_a_short_nardy_game_replays_too(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    chat = make_chat(telegram, store, fair_service(store, bot_player, Clock()))
    await chat.send("/play short")
    await chat.press(chat.last, "Easy")
    for _ in range(2):
        await play_one_turn(chat)
    await chat.send("/resign")
    await chat.press(chat.last, lambda text: text.startswith("🏳"))
    turns = len(parse(await record_of(chat)).turns)
    await chat.press(chat.board, REPLAY)
    frames, _ = decoded(animation(chat.last)[1])
    assert frames == turns + 2
