"""/games through real updates and a real Redis: a person's running games listed, each board
brought back as a fresh message in its own chat, after a restart too."""

from __future__ import annotations

from bot.service import GameService, PoolBotPlayer
from bot.storage import RedisStore
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import Chat, Group, make_chat, make_group, user

BOB = user(2002)


async def test_games_lists_every_running_game_and_brings_each_board_back(
    telegram: FakeTelegram,
    store: RedisStore,
    service: GameService,
    chat: Chat,
    bot_player: PoolBotPlayer,
) -> None:
    await chat.send("/games")
    assert chat.last.text == "You have no games going. /play starts one."
    await chat.start_game("Easy")
    group = make_group(telegram, store, service)
    await group.send(BOB, "/play")
    await group.press(chat.user, group.last, "🎲 Join")
    group_board = group.last
    await group.send(BOB, "hello")  # the board is no longer at the bottom of the group

    # The bot restarts: a new dispatcher and service on the same Redis.
    restarted = make_chat(telegram, store, GameService(store, bot_player))
    await restarted.send("/games")
    listing = restarted.last
    lines = (listing.text or "").splitlines()
    assert lines[0] == "Your games going (tap one to bring its board back):"
    assert lines[1] == "1. Bot · Easy · your turn" or lines[2] == "2. Bot · Easy · your turn"
    group_line = next(line for line in lines if "in a group" in line)
    assert group_line.endswith(
        ("U2002, in a group · your turn", "U2002, in a group · U2002's turn")
    )
    assert [b["text"] for b in listing.buttons()] == ["1", "2"]

    private = 1 if "Bot" in lines[1] else 2
    board_before = restarted.board
    await restarted.press(listing, str(private))
    assert restarted.board.message_id != board_before.message_id  # a fresh board, at the bottom
    assert restarted.board.buttons()  # with its buttons
    assert board_before not in restarted.messages  # the old one deleted

    await restarted.press(listing, str(3 - private))
    assert group.last.photo_id is not None and group.last.message_id != group_board.message_id
    assert group_board.message_id not in [m.message_id for m in group.messages]
    assert "Its board is sent again at the bottom of the group." in restarted.toasts()


async def test_a_finished_game_leaves_the_list_and_games_in_a_group_shows_the_board_there(
    telegram: FakeTelegram, store: RedisStore, service: GameService, chat: Chat
) -> None:
    group = make_group(telegram, store, service)
    await group.send(BOB, "/games")
    assert group.last.text == "You have no game in this chat. /play makes a challenge."
    await group.send(BOB, "/play")
    await group.press(chat.user, group.last, "🎲 Join")
    board = group.last
    await group.send(BOB, "/games")
    assert group.last.photo_id is not None and group.last.message_id != board.message_id
    await group.send(BOB, "/resign")
    await group.press(BOB, group.last, "🏳 Yes, resign")
    await chat.send("/games")
    assert chat.last.text == "You have no games going. /play starts one."


async def test_a_tap_on_a_game_that_ended_since_the_list_says_so(
    telegram: FakeTelegram, store: RedisStore, service: GameService, chat: Chat
) -> None:
    group: Group = make_group(telegram, store, service)
    await group.send(BOB, "/play")
    await group.press(chat.user, group.last, "🎲 Join")
    await chat.send("/games")
    listing = chat.last
    await group.send(BOB, "/resign")
    await group.press(BOB, group.last, "🏳 Yes, resign")
    await chat.press(listing, "1")
    assert chat.alerts()[-1] == "This game is over."
