"""A shared board at a person's pace (issue 54): a turn in the fewest taps, each tap one edit of
the board that a group allows 20 a minute; the turn ending by itself; the caption's first
lines saying what the group needs; Telegram's overall limit and an inline message's chat's
limit paced."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest

from bot.service import GameService, PoolBotPlayer, Table
from bot.storage import UNFINISHED_TTL, RedisStore
from bot.ui.callbacks import BoardTap
from nardy import Color
from nardy.game import Game
from nardy.position import Position
from nardy.rules import Rules
from testkit.fakes.telegram import FakeTelegram, Limit, Sent
from testkit.harness import (
    Clock,
    Group,
    card_id,
    fair_service,
    make_chat,
    make_group,
    user,
)

ALICE, BOB, CAROL = user(4001), user(4002), user(4003, "ru")
# The opponent's checkers, in their own numbering: out of the mover's way.
THEIRS = {24: 13, 23: 2}


@pytest.fixture
def group(telegram: FakeTelegram, store: RedisStore, service: GameService) -> Group:
    return make_group(telegram, store, service)


def stood_at(mine: dict[int, int], dice: tuple[int, int]) -> Game:
    """A long nardy game with White to move with `dice`, White's checkers on their own points
    as `mine` gives them (point: how many), Black's as `THEIRS`."""

    def counts(on: dict[int, int]) -> list[int]:
        return [on.get(point, 0) for point in range(25)]

    start = Position.start()
    start = start.with_checkers(Color.WHITE, counts(mine))
    start = start.with_checkers(Color.BLACK, counts(THEIRS))
    position = replace(start, to_move=Color.WHITE, first_turn=(False, False))
    return Game(Rules(), position).with_roll(dice)


# Seven different results of 6-5: one button each.
FEW = stood_at({24: 12, 13: 2, 6: 1}, (6, 5))
# Twenty-six different results of 5-2: one button per checker's move.
MANY = stood_at({24: 5, 22: 2, 21: 2, 20: 2, 19: 2, 18: 2}, (5, 2))


async def a_game_at(
    group: Group, service: GameService, store: RedisStore, game: Game
) -> tuple[Table, Sent, dict[str, Any]]:
    """ALICE's challenge, BOB joined, the game stood at `game` (White to move) and its board
    brought up to date by a tap from its older state: the game, the board, White's player."""
    await group.send(ALICE, "/play")
    board = group.last
    await group.press(BOB, board, "🎲 Join")
    table = await service.load(BoardTap.unpack(board.buttons()[0]["callback_data"]).game)
    stood = table.next_turn(game, ())
    await store.save_game(table.game_id, table.version, stood.to_text(), UNFINISHED_TTL)
    white = ALICE if table.seats[Color.WHITE].user_id == ALICE["id"] else BOB
    await group.tap(white, board, board.buttons()[0]["callback_data"])  # out of date: caught up
    return await service.load(table.game_id), board, white


def labels(board: Sent) -> list[str]:
    return [b["text"] for b in board.buttons()]


def edits(telegram: FakeTelegram) -> int:
    return len([c for c in telegram.calls_of("editMessageMedia") if c.status == 200])


async def test_a_roll_with_few_results_is_one_tap_in_notation_that_ends_the_turn(
    group: Group, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    """Each different result is a button in the mover's notation, in the plain order of its
    numbers (not the bot's preference: that would be a free hint); one tap plays the whole
    turn and ends it, for one edit of the board, with no Done."""
    table, board, white = await a_game_at(group, service, store, FEW)
    assert labels(board) == [
        "24/18 18/13",
        "24/18 13/8",
        "24/18 6/1",
        "13/7 24/19",
        "13/7 13/8",
        "13/7 7/2",
        "13/7 6/1",
        "🏳 Resign",
    ]
    before = edits(telegram)
    await group.press(white, board, "24/18 13/8")
    assert group.answers()[-1] == ("", False)
    after = await service.load(table.game_id)
    white_turn = next(t for t in after.game.history if t.color is Color.WHITE)
    assert [str(step) for step in white_turn.steps] == ["24/18", "13/8"]
    assert edits(telegram) - before == 1
    assert "✅ Done" not in labels(board)
    mover = after.seats[after.game.to_move].name
    assert board.caption is not None and board.caption.startswith(f"Turn: {mover}")


async def test_a_roll_with_many_results_is_played_move_by_move_and_ends_by_itself(
    group: Group, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    """Past eight results, one button per checker's move, by one die or both in a row; the
    turn ends with its last move, one edit a tap; Undo takes a step back within the turn."""
    table, board, white = await a_game_at(group, service, store, MANY)
    shown = labels(board)
    # 22/17 would close a sixth point in a row (RULES.md §5): 22 → 15 passes 20 instead.
    assert shown[:4] == ["24 → 19", "24 → 22", "22 → 20", "22 → 15"]
    assert all("→" in label for label in shown[:-1]) and shown[-1] == "🏳 Resign"
    before = edits(telegram)
    await group.press(white, board, "21 → 16")
    assert "↩️ Undo" in labels(board) and "✅ Done" not in labels(board)
    assert board.caption is not None and board.caption.startswith("Turn: U400")
    await group.press(white, board, "↩️ Undo")
    assert labels(board) == shown
    await group.press(white, board, "21 → 16")
    await group.press(white, board, "24 → 22")
    after = await service.load(table.game_id)
    white_turn = next(t for t in after.game.history if t.color is Color.WHITE)
    assert [str(step) for step in white_turn.steps] == ["21/16", "24/22"]
    assert edits(telegram) - before == 4


async def test_one_checker_by_both_dice_is_one_tap(
    group: Group, service: GameService, store: RedisStore
) -> None:
    table, board, white = await a_game_at(group, service, store, MANY)
    await group.press(white, board, "21 → 14")
    after = await service.load(table.game_id)
    white_turn = next(t for t in after.game.history if t.color is Color.WHITE)
    assert {str(step) for step in white_turn.steps} in ({"21/16", "16/14"}, {"21/19", "19/14"})


async def test_a_whole_turn_from_an_older_board_is_refused_as_out_of_date(
    group: Group, service: GameService, store: RedisStore
) -> None:
    """A whole turn means what it meant on its board only: tapped again once the game moved on,
    it is a doubled tap for its player, out of date for the other."""
    table, board, white = await a_game_at(group, service, store, FEW)
    whole = next(b["callback_data"] for b in board.buttons() if b["text"] == "24/18 13/8")
    await group.tap(white, board, whole)
    moved = await service.load(table.game_id)
    await group.tap(white, board, whole)
    assert group.answers()[-1] == ("Already done.", False)
    black = BOB if white is ALICE else ALICE
    await group.tap(black, board, whole)
    assert group.answers()[-1][0] == "This board is out of date: the game has moved on."
    assert await service.load(table.game_id) == moved


async def test_the_caption_starts_with_who_moves_the_dice_and_what_to_do(
    group: Group, service: GameService, store: RedisStore
) -> None:
    """What the group reads first: whose turn, the dice, what to tap; what happened after."""
    _table, board, white = await a_game_at(group, service, store, FEW)
    assert board.caption is not None
    first = board.caption.splitlines()[:3]
    assert first == [
        f"Turn: {white['first_name']}",
        "Dice: 6-5",
        "Choose your whole turn with a button below (points are numbered from your side).",
    ]


async def test_the_fair_dice_commitment_is_a_button_for_anyone_not_a_caption_line(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    """A shared board's caption leaves the 64-digit commitment out; its Fair dice button tells
    it to whoever taps, a spectator too, without an edit."""
    service = fair_service(store, bot_player, Clock())
    group = make_group(telegram, store, service)
    await group.send(ALICE, "/play")
    board = group.last
    await group.press(BOB, board, "🎲 Join")
    table = await service.load(BoardTap.unpack(board.buttons()[0]["callback_data"]).game)
    assert table.fair is not None
    assert "Fair dice: commitment" in (board.caption or "")  # told once, before the first roll
    mover = ALICE if table.seats[table.game.to_move].user_id == ALICE["id"] else BOB
    plays = [b for b in board.buttons() if "/" in b["text"] or "→" in b["text"]]
    await group.tap(mover, board, plays[0]["callback_data"])
    assert "commitment" not in (board.caption or "")
    assert labels(board)[-2:] == ["🏳 Resign", "🔒 Fair dice"]
    before = len(telegram.calls)
    await group.press(CAROL, board, "🔒 Fair dice")
    text, alert = group.answers()[-1]
    assert alert and table.fair.commitment in text and text.startswith("Честные кости")
    assert [c.method for c in telegram.calls[before:]] == ["answerCallbackQuery"]


async def test_replies_in_many_private_chats_keep_to_telegrams_thirty_a_second(
    store: RedisStore, service: GameService
) -> None:
    """Forty people writing at once get their forty answers within Telegram's 30 messages a
    second in all (the real limit here): paced, none refused."""
    telegram = FakeTelegram()  # the real limits: 30 a second in all
    chats = [make_chat(telegram, store, service, 5000 + n, overall_limit="30/1") for n in range(40)]
    await asyncio.gather(*(chat.send("/help") for chat in chats))
    sent = telegram.calls_of("sendMessage")
    assert len([c for c in sent if c.status == 200]) == 40
    assert [c for c in telegram.calls if c.status == 429] == []


async def test_an_inline_game_in_a_group_keeps_to_the_groups_limit(
    store: RedisStore, service: GameService
) -> None:
    """An inline message's edits count in the chat it was posted into (the fake counts them
    so): the bot paces them by the chat its taps name (`chat_instance`), and brisk play in a
    group's inline game meets no 429."""
    telegram = FakeTelegram(private_limit=None, group_limit=Limit(20, 2.0))
    room = make_group(telegram, store, service, group_limit="20/2")
    update = telegram.inline_query_update(ALICE)
    await room.feed(update)
    query_id = update["inline_query"]["id"]
    chosen = telegram.choose_inline_result(
        ALICE, query_id, card_id(telegram, query_id, "1"), chat=room.chat
    )
    await room.feed(chosen)
    card = telegram.inline_messages[chosen["chosen_inline_result"]["inline_message_id"]]
    await room.press(BOB, card, "🎲 Join")
    people = {ALICE["id"]: ALICE, BOB["id"]: BOB}
    for _ in range(30):  # as fast as the machine taps
        table = await service.load(BoardTap.unpack(card.buttons()[0]["callback_data"]).game)
        mover = people[table.seats[table.game.to_move].user_id or 0]
        plays = [b for b in card.buttons() if "/" in b["text"] or "→" in b["text"]]
        await room.tap(mover, card, plays[0]["callback_data"])
    inline_edits = [c for c in telegram.calls if "inline_message_id" in c.params]
    assert len(inline_edits) >= 30
    assert [c for c in telegram.calls if c.status == 429] == []


async def test_a_tap_that_would_show_the_same_screen_again_sends_no_edit(
    group: Group, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    """Resign tapped twice from the same board: the question is on the board after the first,
    so the second costs the group no edit (Telegram would answer "message is not modified",
    or take a new upload of the same picture)."""
    _table, board, white = await a_game_at(group, service, store, FEW)
    resign = next(b["callback_data"] for b in board.buttons() if b["text"] == "🏳 Resign")
    before = len(telegram.calls_of("editMessageMedia"))
    await group.tap(white, board, resign)
    await group.tap(white, board, resign)
    assert labels(board)[-2:] == ["🏳 Yes, resign", "Keep playing"]
    assert len(telegram.calls_of("editMessageMedia")) - before == 1
    assert group.answers()[-2:] == [("", False), ("", False)]
    assert telegram.not_modified == 0
