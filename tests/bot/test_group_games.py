"""Games between two people in a group, through real updates and a real Redis: challenges,
joining, withdrawing, expiry, whole games, spectators, taps at once, rematches."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest

from bot.service import (
    CHALLENGE_TTL,
    ChallengeGone,
    GameService,
    PoolBotPlayer,
    Table,
    player_slot,
)
from bot.storage import RedisStore
from bot.storage.redis import game_key
from bot.timers import TurnTimers
from bot.ui.callbacks import BoardAction, BoardTap
from nardy import Color, format_turn_for
from nardy.scoring import EndReason
from testkit.fakes.telegram import FakeTelegram, Limit, Sent
from testkit.harness import (
    Group,
    is_move,
    is_whole_turn,
    make_group,
    play_turns,
    press_next,
    user,
)

ALICE, BOB, CAROL = user(2001), user(2002), user(2003, "ru")
ALICE["username"], BOB["username"] = "alice", "bob"


@pytest.fixture
def group(telegram: FakeTelegram, store: RedisStore, service: GameService) -> Group:
    return make_group(telegram, store, service)


Restart = Callable[[Callable[[], float]], tuple[Group, TurnTimers]]


@pytest.fixture
def restart(telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer) -> Restart:
    """The bot restarted on a clock: a new service, boards and timer task on the same Redis."""

    def restarted(clock: Callable[[], float]) -> tuple[Group, TurnTimers]:
        again = make_group(telegram, store, GameService(store, bot_player, clock=clock))
        data = again.dispatcher
        timers = TurnTimers(store, data["service"], data["boards"], data["translator"], clock)
        return again, timers

    return restarted


def challenge_id(card: Sent) -> str:
    """The challenge (and game) id a card's Join button carries."""
    data = str(card.buttons()[0]["callback_data"])
    return data.split(":")[1]


async def started(group: Group, service: GameService, joiner: dict[str, Any] = BOB) -> Table:
    """ALICE challenges anyone; `joiner` joins; the game as stored."""
    await group.send(ALICE, "/play")
    card = group.last
    await group.press(joiner, card, "🎲 Join")
    return await service.load(challenge_id(card))


def person(table: Table, color: Color) -> dict[str, Any]:
    return next(p for p in (ALICE, BOB, CAROL) if p["id"] == table.seats[color].user_id)


def board_of(group: Group, table: Table) -> Sent:
    return next(m for m in group.messages if m.message_id == table.message_id)


async def play_a_turn(group: Group, service: GameService, game_id: str) -> Table:
    """The player to move taps the first whole turn, else the first move, until the turn ends
    (by itself on a shared board)."""
    table = await service.load(game_id)
    turns = len(table.game.history)
    while not table.game.over and len(table.game.history) == turns:
        await press_next(group, person(table, table.game.to_move), board_of(group, table))
        table = await service.load(game_id)
    return table


def first_move(board: Sent) -> str:
    """The data of the board's first whole turn or move."""
    moves = [b for b in board.buttons() if is_whole_turn(b["text"]) or is_move(b["text"])]
    return str(moves[0]["callback_data"])


def step_tap(table: Table) -> str:
    """A tap moving the first checker that can move by one die now (a button the board may
    show, or not: board taps are checked by the service, wherever they come from)."""
    step = table.game.next_steps()[0]
    return BoardTap(
        game=table.game_id, seq=table.seq, action=BoardAction.MOVE, src=step.src, dst=step.dst
    ).pack()


async def test_play_posts_a_challenge_card_with_join_and_cancel(
    group: Group, telegram: FakeTelegram
) -> None:
    await group.send(ALICE, "/play")
    card = group.last
    assert card.photo_id is not None
    assert card.caption is not None
    assert card.caption.startswith("U2001 offers a game of long nardy to anyone here.")
    assert "standard rules" in card.caption
    assert [b["text"] for b in card.buttons()] == ["🎲 Join", "✖️ Cancel"]
    assert telegram.schema_problems == []


async def test_the_challenger_cannot_join_a_stranger_can_a_third_cannot(
    group: Group, service: GameService, store: RedisStore
) -> None:
    await group.send(ALICE, "/play")
    card = group.last
    join = card.buttons()[0]["callback_data"]
    await group.tap(ALICE, card, join)
    assert group.answers()[-1] == ("This is your own challenge: wait for someone to join.", True)
    await group.tap(BOB, card, join)
    assert group.answers()[-1] == ("", False)
    table = await service.load(challenge_id(card))
    assert {seat.user_id for seat in table.seats} == {ALICE["id"], BOB["id"]}
    assert table.message_id == card.message_id
    board = board_of(group, table)
    mover = table.seats[table.game.to_move].name
    assert board.caption is not None and f"Turn: {mover}" in board.caption
    assert "Opening roll: U2001" in board.caption
    assert first_move(board)
    await group.tap(CAROL, card, join)  # the card's old button
    assert group.answers()[-1] == ("Кто-то уже присоединился к этой партии.", True)
    for player in (ALICE, BOB):
        slot = player_slot(group.chat["id"], player["id"])
        assert await store.chat_game(slot) == table.game_id


async def test_only_the_challenger_withdraws_and_then_nobody_joins(
    group: Group, service: GameService
) -> None:
    await group.send(ALICE, "/play")
    card = group.last
    join = card.buttons()[0]["callback_data"]
    await group.press(BOB, card, "✖️ Cancel")
    assert group.answers()[-1] == ("Only the one who made the challenge can withdraw it.", True)
    await group.press(ALICE, card, "✖️ Cancel")
    assert group.last.caption == "U2001 withdrew the challenge."
    assert group.last.buttons() == []
    await group.tap(BOB, card, join)  # a keyboard the edit has not reached yet
    assert group.answers()[-1] == ("This button is not valid any more.", False)


async def test_an_expired_challenge_says_so_on_a_tap(group: Group, store: RedisStore) -> None:
    await group.send(ALICE, "/play")
    card = group.last
    await store.client.delete(game_key(challenge_id(card)))  # what its time to live does
    await group.press(BOB, card, "🎲 Join")
    assert group.answers()[-1] == ("This challenge has expired or was withdrawn.", True)
    assert group.last.caption == "This challenge has expired."
    assert group.last.buttons() == []


async def test_a_challenge_by_reply_is_for_that_person_alone(
    group: Group, service: GameService
) -> None:
    said = group.telegram.text_update(BOB, "who plays?", group.chat)["message"]
    await group.send(ALICE, "/play", reply_to=said)
    card = group.last
    assert card.caption is not None and card.caption.startswith("U2001 challenges U2002")
    await group.press(CAROL, card, "🎲 Join")
    assert group.answers()[-1] == ("Этот вызов адресован другому.", True)
    await group.press(BOB, card, "🎲 Join")
    table = await service.load(challenge_id(card))
    assert {seat.user_id for seat in table.seats} == {ALICE["id"], BOB["id"]}


async def test_a_player_has_one_running_game_per_group(group: Group, service: GameService) -> None:
    await started(group, service)
    await group.send(ALICE, "/play")
    assert group.last.text == "You already have a game in this chat: finish it first."
    await group.send(CAROL, "/play")
    card = group.last  # in CAROL's language
    await group.tap(BOB, card, card.buttons()[0]["callback_data"])
    assert group.answers()[-1] == ("You already have a game in this chat: finish it first.", True)


async def test_a_challenge_to_someone_playing_here_is_refused_up_front(
    group: Group, service: GameService
) -> None:
    """They could not join it: no card, and the challenger is told why, in their language."""
    await started(group, service)
    said = group.telegram.text_update(BOB, "gg", group.chat)["message"]
    before = len(group.messages)
    await group.send(CAROL, "/play", reply_to=said)
    assert group.last.text == "U2002 уже играет здесь: бросьте вызов, когда партия закончится."
    assert len(group.messages) == before + 1 and group.last.photo_id is None


async def test_a_spectator_and_the_waiting_player_are_refused_in_their_language(
    group: Group, service: GameService
) -> None:
    table = await started(group, service)
    board = board_of(group, table)
    waiting = person(table, table.game.to_move.opponent)
    checker = first_move(board)
    await group.tap(CAROL, board, checker)
    assert group.answers()[-1] == (
        "Вы наблюдаете за этой партией: ходить могут только двое её игроков.",
        True,
    )
    await group.tap(waiting, board, checker)
    assert group.answers()[-1] == ("Wait: it is your opponent's turn.", True)
    assert await service.load(table.game_id) == table


async def test_a_whole_group_game_ends_with_the_result_and_only_rematch(
    group: Group, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    telegram.group_limit = Limit(10_000, 60.0)  # Telegram's 20 a minute is tested on its own
    table = await started(group, service)
    for _ in range(500):
        table = await play_a_turn(group, service, table.game_id)
        if table.game.over:
            break
    assert table.game.result is not None
    board = board_of(group, table)
    assert [b["text"] for b in board.buttons()] == ["🔁 Rematch"]
    winner = table.seats[table.game.result.winner or Color.WHITE].name
    assert board.caption is not None and f"{winner} won:" in board.caption
    assert len(telegram.calls_of("sendPhoto")) == 1  # the card became the board
    for player in (ALICE, BOB):  # both free to play again
        assert await store.chat_game(player_slot(group.chat["id"], player["id"])) is None
    assert telegram.schema_problems == []


async def test_each_move_on_the_shared_board_is_written_in_the_numbers_of_its_picture(
    group: Group, service: GameService
) -> None:
    """The board's picture is numbered for the player to move next (RULES.md §1), and the last
    turn is written in those numbers, not its mover's: a text beside a picture uses the
    numbers drawn on it."""
    table = await started(group, service)
    for _ in range(4):  # two turns of each colour
        table = await play_a_turn(group, service, table.game_id)
        last = table.game.history[-1]
        caption = board_of(group, table).caption or ""
        assert f"{table.seats[last.color].name} rolled" in caption
        shown = format_turn_for(last.steps, last.color, table.game.to_move)
        assert last.color is not table.game.to_move
        assert f"played {shown}." in caption, caption


async def test_a_player_who_leaves_the_group_offers_the_other_the_win(
    group: Group, service: GameService
) -> None:
    """BOB leaves: Telegram's service message and member update (told twice, changed once)
    put the offer on the board; a spectator cannot take it, ALICE can: the game is hers as
    abandoned, scored as a resignation (RULES.md §7)."""
    table = await started(group, service)
    board = board_of(group, table)
    await group.membership(BOB, present=False)
    gone = await service.load(table.game_id)
    assert gone.gone == BOB["id"] and gone.seq == table.seq + 1
    assert board.caption is not None
    assert "U2002 left the group: U2001 may take the win or play on until they are back." in (
        board.caption
    )
    labels = [b["text"] for b in board.buttons()]
    assert labels[-2:] == ["🏆 Take the win", "🏳 Resign"]
    await group.press(CAROL, board, "🏆 Take the win")
    assert group.answers()[-1] == (
        "Вы наблюдаете за этой партией: ходить могут только двое её игроков.",
        True,
    )
    await group.press(ALICE, board, "🏆 Take the win")
    over = await service.load(table.game_id)
    result = over.game.result
    assert result is not None and result.winner is over.seat_of(ALICE["id"])
    assert result.reason is EndReason.ABANDONED and over.gone is None
    assert "U2002 left the group. U2001 won: mars, 2 points." in (board.caption or "")
    assert [b["text"] for b in board.buttons()] == ["🔁 Rematch"]


async def test_a_player_who_comes_back_takes_the_offer_back(
    group: Group, service: GameService
) -> None:
    table = await started(group, service)
    board = board_of(group, table)
    await group.membership(BOB, present=False)
    claim = next(b["callback_data"] for b in board.buttons() if b["text"] == "🏆 Take the win")
    await group.membership(BOB, present=True)
    back = await service.load(table.game_id)
    assert back.gone is None and not back.game.over
    assert "U2002 is back in the group: the game goes on." in (board.caption or "")
    assert "🏆 Take the win" not in [b["text"] for b in board.buttons()]
    await group.tap(ALICE, board, claim)  # the offer's button, from before
    assert group.answers()[-1] == ("This board is out of date: the game has moved on.", False)
    assert await service.load(table.game_id) == back
    await group.membership(CAROL, present=False)  # not a player: nothing changes
    assert await service.load(table.game_id) == back


async def test_either_of_telegrams_two_reports_alone_offers_the_win(
    group: Group, service: GameService
) -> None:
    """The service message alone (a bot that is no administrator), or the member update alone
    (a group that hides service messages) tells that a player left or came back."""
    table = await started(group, service)
    await group.membership(BOB, present=False, told=slice(0, 1))
    assert (await service.load(table.game_id)).gone == BOB["id"]
    await group.membership(BOB, present=True, told=slice(1, 2))
    assert (await service.load(table.game_id)).gone is None
    await group.membership(BOB, present=False, told=slice(1, 2))
    assert (await service.load(table.game_id)).gone == BOB["id"]


async def test_the_offer_stays_for_the_one_who_left_and_goes_when_they_play(
    group: Group, service: GameService
) -> None:
    """Another member coming or going changes nothing, nor does the second player leaving
    too; the one who left playing on (a public group's board is still theirs to tap)
    withdraws the offer."""
    table = await started(group, service)
    mover = person(table, table.game.to_move)
    waiting = person(table, table.game.to_move.opponent)
    await group.membership(waiting, present=False)
    await group.membership(CAROL, present=True)
    await group.membership(CAROL, present=False)
    await group.membership(mover, present=False)
    assert (await service.load(table.game_id)).gone == waiting["id"]
    await group.membership(mover, present=True)
    assert (await service.load(table.game_id)).gone == waiting["id"]
    played = await play_a_turn(group, service, table.game_id)  # the mover's turn
    assert played.gone == waiting["id"]
    await play_a_turn(group, service, table.game_id)  # the one who left plays
    assert (await service.load(table.game_id)).gone is None
    board = board_of(group, table)
    assert "🏆 Take the win" not in [b["text"] for b in board.buttons()]


async def test_a_player_who_removes_their_opponent_is_offered_nothing(
    group: Group, service: GameService
) -> None:
    table = await started(group, service)
    await group.membership(BOB, present=False, by=ALICE)
    assert (await service.load(table.game_id)).gone is None
    await group.membership(BOB, present=False, by=CAROL)  # an administrator removed them
    assert (await service.load(table.game_id)).gone == BOB["id"]


async def test_a_match_whose_player_left_ends_with_the_claimed_game(
    group: Group, service: GameService
) -> None:
    await group.send(ALICE, "/play 3")
    await group.press(BOB, group.last, "🎲 Join")
    table = await service.load(challenge_id(group.last))
    await group.membership(ALICE, present=False)
    board = board_of(group, table)
    await group.press(BOB, board, "🏆 Take the win")
    over = await service.load(table.game_id)
    assert over.game.over and over.match is not None and over.match.over
    caption = board.caption or ""
    assert "U2001 left the group. U2002 won: mars, 2 points." in caption
    assert "The match to 3 ends here: U2001 0, U2002 2." in caption
    assert [b["text"] for b in board.buttons()] == ["🔁 Rematch"]


async def test_a_rematch_starts_when_both_players_agree(group: Group, service: GameService) -> None:
    table = await started(group, service)
    mover = person(table, table.game.to_move)
    await group.send(mover, "/resign")
    await group.press(mover, group.last, "🏳 Yes, resign")
    board = board_of(group, await service.load(table.game_id))
    await group.press(CAROL, board, "🔁 Rematch")
    assert group.answers()[-1][1]  # a spectator's: an alert
    await group.press(ALICE, board, "🔁 Rematch")
    assert board.caption is not None and "U2001 wants a rematch." in board.caption
    await group.press(ALICE, board, "🔁 Rematch")
    assert group.answers()[-1] == ("Waiting for your opponent to agree.", False)
    boards_before = len([m for m in group.messages if m.photo_id])
    await group.press(BOB, board, "🔁 Rematch")
    assert len([m for m in group.messages if m.photo_id]) == boards_before + 1
    fresh = await service.active_game(player_slot(group.chat["id"], ALICE["id"]))
    assert fresh is not None and fresh.game_id != table.game_id
    assert fresh.message_id == group.messages[-1].message_id
    assert board.caption is not None and "wants a rematch" not in board.caption


async def test_two_who_join_at_once_one_gets_the_game(group: Group, service: GameService) -> None:
    await group.send(ALICE, "/play")
    card = group.last
    data = card.buttons()[0]["callback_data"]
    await asyncio.gather(group.tap(BOB, card, data), group.tap(CAROL, card, data))
    table = await service.load(challenge_id(card))
    joined = {seat.user_id for seat in table.seats} - {ALICE["id"]}
    assert len(joined) == 1
    refused = [answer for answer in group.answers() if answer[1]]
    assert len(refused) == 1
    # The loser gave back only its own slot: both players' still name the game.
    for player in ALICE, person(table, Color.WHITE), person(table, Color.BLACK):
        active = await service.active_game(player_slot(group.chat["id"], player["id"]))
        assert active is not None and active.game_id == table.game_id
    loser = BOB if CAROL["id"] in joined else CAROL
    assert await service.active_game(player_slot(group.chat["id"], loser["id"])) is None


async def test_both_players_tapping_at_once_change_the_game_once(
    group: Group, service: GameService
) -> None:
    table = await started(group, service)
    mover = person(table, table.game.to_move)
    other = person(table, table.game.to_move.opponent)
    await group.send(other, "/resign")
    question = group.last
    board = board_of(group, table)
    move = first_move(board)
    resign = next(b["callback_data"] for b in question.buttons() if "resign" in b["text"])
    answered = len(group.answers())
    await asyncio.gather(group.tap(mover, board, move), group.tap(other, question, resign))
    after = await service.load(table.game_id)
    assert after.seq == table.seq + 1  # the move or the resignation, not both
    assert len(group.answers()) == answered + 2  # each tap answered once (the one that lost
    # after being accepted was answered before its save: the board tells what happened)
    shown = board_of(group, after).buttons()
    if after.game.over:
        assert [b["text"] for b in shown] == ["🔁 Rematch"]
    else:
        assert {BoardTap.unpack(b["callback_data"]).seq for b in shown} == {after.seq}


async def test_the_waiting_player_tapping_the_movers_last_button_is_told_to_wait(
    group: Group, service: GameService
) -> None:
    """A move the mover made is a doubled tap only for the mover: the other player tapping
    the same button of the board it was on is told it is not their turn."""
    table = await started(group, service)
    mover = person(table, table.game.to_move)
    other = person(table, table.game.to_move.opponent)
    board = board_of(group, table)
    move = step_tap(table)  # one step of two: the turn goes on
    await group.tap(mover, board, move)
    await group.tap(mover, board, move)
    assert group.answers()[-1] == ("Already done.", False)
    await group.tap(other, board, move)
    assert group.answers()[-1] == ("Wait: it is your opponent's turn.", True)


async def test_a_match_to_3_goes_on_on_the_same_board_and_ends_with_its_winner(
    group: Group, service: GameService
) -> None:
    await group.send(ALICE, "/play 4")
    assert group.last.text is not None and group.last.text.startswith(
        "After /play: short for short nardy, 3, 5 or 7"
    )
    await group.send(ALICE, "/play 3")
    card = group.last
    assert card.caption is not None and "A match to 3 points" in card.caption
    await group.press(BOB, card, "🎲 Join")
    table = await service.load(challenge_id(card))
    await play_turns(service, table)  # game 1 is rated (`RATED_TURNS`), game 2 is not
    for game in (1, 2):  # ALICE resigns before bearing off: a mars each time
        await group.send(ALICE, "/resign")
        await group.press(ALICE, group.last, "🏳 Yes, resign")
        caption = board_of(group, table).caption or ""
        if game == 1:
            assert "Game 1 goes to U2002: mars." in caption
            assert "; borne off: U2001 0, U2002 0." in caption  # game 1's results, told
            assert "Rating: U200" in caption and "+" in caption and "−" in caption
            assert "Match to 3: U2001 0, U2002 2." in caption
    assert "U2002 wins the match to 3: 4–0." in caption
    assert "Not rated: it ended before each player had played 2 turns." in caption
    assert [b["text"] for b in board_of(group, table).buttons()] == ["🔁 Rematch"]


async def test_a_match_to_7_is_played_to_its_points(group: Group, service: GameService) -> None:
    """/play 7: four resignations at the start (a mars each) pass 7 points."""
    await group.send(ALICE, "/play 7")
    card = group.last
    assert card.caption is not None and "A match to 7 points" in card.caption
    await group.press(BOB, card, "🎲 Join")
    table = await service.load(challenge_id(card))
    for game in range(1, 5):
        await group.send(ALICE, "/resign")
        await group.press(ALICE, group.last, "🏳 Yes, resign")
        caption = board_of(group, table).caption or ""
        if game < 4:
            assert f"Game {game} goes to U2002: mars." in caption
            assert f"Match to 7: U2001 0, U2002 {2 * game}." in caption
    assert "U2002 wins the match to 7: 8–0." in caption
    over = await service.load(table.game_id)
    assert over.match is not None and over.match.match.games == 4


async def test_a_turn_timer_fires_after_a_restart_reminding_then_ending_the_game(
    group: Group, service: GameService, telegram: FakeTelegram, restart: Restart
) -> None:
    await group.send(ALICE, "/play 1m")
    card = group.last
    assert card.caption is not None and "1 minute per turn" in card.caption
    await group.press(BOB, card, "🎲 Join")
    table = await service.load(challenge_id(card))
    assert table.turn_limit == 60
    mover = table.seats[table.game.to_move]
    ahead = 0.0
    restarted, timers = restart(lambda: time.time() + ahead)
    assert await timers.tick(restarted.bot) == 0  # nothing due yet
    ahead = 31
    assert await timers.tick(restarted.bot) == 1
    reminder = group.last
    assert reminder.text is not None and f">{mover.name}</a>, it is your move" in reminder.text
    board = board_of(group, table)
    assert board.caption is not None and "⏰ Half the time for this turn is gone." in board.caption
    ahead = 61
    assert await timers.tick(restarted.bot) == 1
    assert await timers.tick(restarted.bot) == 0  # served once
    over = await service.load(table.game_id)
    assert over.game.result is not None and over.game.result.reason is EndReason.TIMEOUT
    assert board.caption is not None and f"{mover.name} ran out of time." in board.caption
    assert [b["text"] for b in board.buttons()] == ["🔁 Rematch"]
    assert telegram.schema_problems == []


async def test_the_half_time_reminder_speaks_the_language_of_the_player_it_calls(
    group: Group, service: GameService, restart: Restart
) -> None:
    """ALICE (English) challenges, CAROL (Russian) joins: the board stays in the card's
    English, but the reminder that calls CAROL to move is in Russian."""
    await group.send(ALICE, "/play 1m")
    card = group.last
    await group.press(CAROL, card, "🎲 Join")
    table = await service.load(challenge_id(card))
    if table.seats[table.game.to_move].user_id == ALICE["id"]:
        table = await play_a_turn(group, service, table.game_id)
    assert table.seats[table.game.to_move].user_id == CAROL["id"]
    later, timers = restart(lambda: time.time() + 31)
    assert await timers.tick(later.bot) == 1
    reminder = group.last
    assert reminder.text is not None
    assert ">U2003</a>, ваш ход: половина времени на него уже прошла." in reminder.text
    board = board_of(group, table)
    assert board.caption is not None and "⏰ Half the time for this turn is gone." in board.caption


async def test_help_in_a_group_tells_how_to_challenge(group: Group) -> None:
    await group.send(ALICE, "/help")
    text = group.last.text or ""
    assert text.startswith("/play — challenge anyone here to a game")
    assert "type @nardy_test_bot to invite someone" in text


async def test_quick_taps_under_the_group_edit_limit_leave_the_final_state_on_the_board(
    group: Group, service: GameService, telegram: FakeTelegram
) -> None:
    """Three moves tapped quickly in a group whose edit limit is hit at once (one edit a
    second): the mover's two, which end the turn by themselves, then the opponent's first.
    Each tap lands while the board's first edit still waits out Telegram's 429, so the later
    screens are coalesced; every tap is answered once and quietly, and the board ends on the
    game's last state."""
    table = await started(group, service)
    telegram.group_limit = Limit(1, 1.0)
    board = board_of(group, table)
    edits_before = len(telegram.calls_of("editMessageMedia"))
    answered = len(group.answers())

    async def tap_at(seq: int) -> None:
        """Tap the first step of the game's player to move once the game has reached `seq` (the
        taps reach the service in order)."""
        while (now := await service.load(table.game_id)).seq < seq:
            await asyncio.sleep(0.01)
        await group.tap(person(now, now.game.to_move), board, step_tap(now))

    s0 = table.seq
    await asyncio.gather(tap_at(s0), tap_at(s0 + 1), tap_at(s0 + 2))
    stored = await service.load(table.game_id)
    assert stored.game.history[len(table.game.history)].color is table.game.to_move  # ended
    assert stored.game.played  # the opponent's first step
    assert group.answers()[answered:] == [("", False)] * 3
    shown = {BoardTap.unpack(b["callback_data"]).seq for b in board.buttons()}
    assert shown == {stored.seq}
    edits = telegram.calls_of("editMessageMedia")[edits_before:]
    assert any(call.status == 429 for call in edits)  # the limit was really hit
    assert len([call for call in edits if call.status == 200]) < 3  # three screens, coalesced


async def test_a_challenge_nobody_joins_expires_on_its_card(
    group: Group,
    store: RedisStore,
    telegram: FakeTelegram,
    bot_player: PoolBotPlayer,
) -> None:
    await group.send(ALICE, "/play")
    card = group.last
    join = card.buttons()[0]["callback_data"]
    ahead = CHALLENGE_TTL - 5.0
    clock = lambda: time.time() + ahead  # noqa: E731
    later = make_group(telegram, store, GameService(store, bot_player, clock=clock))
    data = later.dispatcher
    timers = TurnTimers(store, data["service"], data["boards"], data["translator"], clock=clock)
    assert await timers.tick(later.bot) == 0
    ahead = CHALLENGE_TTL + 1.0
    assert await timers.tick(later.bot) == 1
    assert card.caption == "This challenge has expired." and card.buttons() == []
    await later.tap(BOB, card, join)  # a stale keyboard elsewhere
    assert later.answers()[-1] == ("This button is not valid any more.", False)


async def test_an_anonymous_admin_is_asked_to_write_as_themselves(group: Group) -> None:
    anonymous = {
        "id": 1087968824,
        "is_bot": True,
        "first_name": "Group",
        "username": "GroupAnonymousBot",
    }
    await group.send(anonymous, "/play")  # no language: the default one, Russian
    assert group.last.text == "Чтобы играть, пишите от своего имени, а не анонимно."


async def test_a_person_has_one_open_challenge_in_a_group(
    group: Group, service: GameService, telegram: FakeTelegram
) -> None:
    """A second /play withdraws the open challenge (its card says so) and posts the new one,
    also when the old card is lost (deleted by an administrator): nobody is locked out."""
    await group.send(ALICE, "/play")
    first = group.last
    first_id = challenge_id(first)
    await group.send(ALICE, "/play 3")
    second = group.last
    assert first.caption == "U2001 withdrew the challenge." and first.buttons() == []
    assert second is not first and "A match to 3 points" in (second.caption or "")
    with pytest.raises(ChallengeGone):
        await service.challenges.load(first_id)
    telegram.delete(group.chat["id"], second.message_id)
    await group.send(ALICE, "/play")
    assert group.last.photo_id is not None and group.last is not second
    await group.press(BOB, group.last, "🎲 Join")
    table = await service.load(challenge_id(group.last))
    assert {seat.user_id for seat in table.seats} == {ALICE["id"], BOB["id"]}
