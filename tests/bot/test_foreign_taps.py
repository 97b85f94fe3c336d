"""Button data tapped on a message it does not belong to, in a group, as a modified client can
send it (issue 58): each is refused in passing and changes neither the message tapped nor
anything stored. Through real updates, the real dispatcher and a real Redis."""

from __future__ import annotations

import copy
import logging

import pytest

from bot.service import GameService, Table
from bot.storage import RedisStore
from bot.ui.callbacks import Answer, Question
from testkit.fakes.telegram import FakeTelegram, Sent
from testkit.harness import Group, make_chat, make_group, user

ALICE, BOB, CAROL, MALLORY = user(2001), user(2002), user(2003), user(2004)
REFUSED = ("This button is not valid any more.", False)


@pytest.fixture
def group(telegram: FakeTelegram, store: RedisStore, service: GameService) -> Group:
    return make_group(telegram, store, service)


async def alice_and_bob(group: Group, service: GameService) -> tuple[Table, Sent]:
    """Alice's challenge, joined by Bob: the game and its board (the card it became)."""
    await group.send(ALICE, "/play")
    card = group.last
    await group.press(BOB, card, "🎲 Join")
    game_id = str(card.buttons()[0]["callback_data"]).split(":")[1]
    table = await service.load(game_id)
    assert table.message_id == card.message_id
    return table, card


def shown(message: Sent) -> Sent:
    """What `message` shows now, kept to compare with later."""
    return copy.deepcopy(message)


async def test_a_challenges_data_on_a_running_board_neither_closes_nor_replaces_it(
    group: Group, service: GameService
) -> None:
    table, board = await alice_and_bob(group, service)
    before = shown(board)
    await group.tap(MALLORY, board, "c:anything:j")
    assert group.answers()[-1] == REFUSED
    await group.send(CAROL, "/play")
    carols = group.last
    carols_join = str(carols.buttons()[0]["callback_data"])
    await group.tap(MALLORY, board, carols_join)  # Carol's real Join, on Alice and Bob's board
    assert group.answers()[-1] == REFUSED
    assert board == before
    assert (await service.load(table.game_id)).version == table.version
    await group.press(MALLORY, carols, "🎲 Join")  # on its own card, it joins
    joined = await service.load(carols_join.split(":")[1])
    assert joined.message_id == carols.message_id
    assert {seat.user_id for seat in joined.seats} == {CAROL["id"], MALLORY["id"]}


async def test_settings_and_language_data_act_only_on_their_own_message(
    group: Group, service: GameService
) -> None:
    table, board = await alice_and_bob(group, service)
    await group.send(ALICE, "/settings")
    settings = group.last
    before = shown(settings), shown(board)
    await group.tap(MALLORY, settings, "lang:en")
    await group.tap(MALLORY, board, "st::en")  # a settings page, on a photo
    await group.tap(MALLORY, board, "set:scoring:extended:en")
    assert group.answers()[-3:] == [REFUSED] * 3
    assert (shown(settings), shown(board)) == before
    assert (await service.load(table.game_id)).version == table.version


async def test_a_question_answered_on_another_message_does_not_turn_it_into_a_menu(
    group: Group, telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """Mallory's own question ("resign and start anew?") from her private chat, answered on
    the group's /help message: the message stays, her game too."""
    mallory = make_chat(telegram, store, service, user_id=MALLORY["id"])
    await mallory.start_game()
    await mallory.send("/play")
    assert any("start anew" in b["text"] for b in mallory.last.buttons())
    mine = await service.active_game(MALLORY["id"])
    assert mine is not None
    await group.send(BOB, "/help")
    help_message = group.last
    before = shown(help_message)
    answer = Question(game=mine.game_id, seq=mine.seq, user=MALLORY["id"], answer=Answer.NEW_GAME)
    await group.tap(MALLORY, help_message, answer.pack())
    assert group.answers()[-1] == REFUSED
    assert help_message == before
    assert await service.active_game(MALLORY["id"]) == mine


async def test_an_id_made_up_with_a_newline_is_neither_read_nor_logged(
    group: Group, service: GameService, caplog: pytest.LogCaptureFixture
) -> None:
    """A game id is read only as the bot makes them: a newline in one (a forged log line
    after it) does not parse, and no log line carries it."""
    caplog.set_level(logging.DEBUG)
    table, board = await alice_and_bob(group, service)
    forged = "\nINFO bot forged"
    for data in (
        f"t:{table.game_id}{forged}:{table.seq}:s:24:0",
        f"rm:{table.game_id}{forged}",
        f"rec:{table.game_id}.1{forged}",
        f"c:{table.game_id}{forged}:j",
    ):
        await group.tap(BOB, board, data)
        assert group.answers()[-1] == REFUSED
    assert not [r for r in caplog.records if "forged" in r.getMessage()]
