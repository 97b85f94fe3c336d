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
from testkit.harness import Chat, Clock, fair_service, make_chat, make_group, play_one_turn, user
from tests.bot.test_review import ANALYSIS, PLAYERS_ONLY, finish_a_game

REPLAY = "📽 Replay"


def decoded(clip: bytes) -> tuple[int, float]:
    """The MP4's frames decoded, and how long it lasts, in seconds."""
    with av.open(io.BytesIO(clip), "r") as box:
        assert box.duration is not None
        return sum(1 for _ in box.decode(video=0)), box.duration / 1_000_000


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
    frames, seconds = decoded(clip)
    assert frames == turns + 1 and len(clip) < 1_000_000  # a frame a turn, and the end
    assert abs(seconds - (0.6 * turns + 3.0)) < 0.01  # 0.6 s a turn, the end 3 s
    caption = chat.last.caption or ""
    assert caption.startswith("📽 ") and caption.endswith(f": the game's {turns} turns.")
    assert caption.startswith(f"📽 {chat.user['first_name']} vs the bot (Easy): ")
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
    assert " проти бота (Легкий): " in (chat.last.caption or "")
    assert chat.toasts() == ["📽 Повтор партії вже в дорозі."]


async def test_a_second_replay_waits_for_the_players_first(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    chat = make_chat(telegram, store, fair_service(store, bot_player, Clock()))
    await finish_a_game(chat)
    board = chat.board
    gate = telegram.hold_next("sendAnimation")
    first = asyncio.create_task(chat.press(board, REPLAY))
    while "sendAnimation" in telegram.gates and not first.done():  # the first made, held
        await asyncio.sleep(0.01)
    assert not first.done()
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
    assert frames == turns + 1


async def test_a_replay_asked_in_a_group_goes_privately_or_says_to_press_start(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    group = make_group(telegram, store, fair_service(store, bot_player, Clock()))
    alice, bob = user(11), user(12)
    await group.send(alice, "/play")
    await group.press(bob, group.last, "🎲 Join")
    await group.send(bob, "/resign")
    await group.press(bob, group.last, "🏳 Yes, resign")
    board = [m for m in group.messages if m.photo_id is not None][-1]
    telegram.strangers.add(alice["id"])  # Alice never opened a private chat with the bot
    before = len(group.answers())
    await group.press(alice, board, REPLAY)
    start_me = (
        "I can't write to you yet: open a chat with @nardy_test_bot, press Start, then ask again."
    )
    assert group.answers()[before:] == [(start_me, True)]  # the one answer the tap gets
    telegram.strangers.clear()
    await group.press(alice, board, REPLAY)
    assert group.answers()[-1] == ("Sent to our private chat.", False)
    (sent,) = [m for m in telegram.chat(alice["id"]) if m.animation is not None]
    await group.press(alice, board, "📜 Game record")  # to Alice's private chat too
    (kept,) = [m for m in telegram.chat(alice["id"]) if m.document is not None]
    assert kept.document is not None
    # The dice are random: the first turn was played for its player when its roll had one
    # way to play, else the game was resigned before any turn.
    turns = len(parse(kept.document[1].decode()).turns)
    assert decoded(animation(sent)[1])[0] == turns + 1  # a frame a turn, and the end
    assert not [m for m in group.messages if m.animation is not None]
