"""The game service alone (no Telegram): openings, forced turns, the bot's answer, conflicts."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
from collections.abc import Iterable

import pytest

from bot.callbacks import BoardAction, Menu, MenuAction, PickLanguage, PickLevel, Tap
from bot.i18n import Locale
from bot.service import (
    Busy,
    GameInProgress,
    GameService,
    InvalidAction,
    Note,
    NotYourGame,
    PoolBotPlayer,
    Stale,
)
from bot.storage import MemoryStore
from nardy import Color, Position, Rules, Step
from nardy.ai import Level
from nardy.dice import ScriptedDice

CHAT = USER = 77


def service_with(dice: Iterable[int], bot_player: PoolBotPlayer) -> GameService:
    return GameService(MemoryStore(), bot_player, dice=ScriptedDice(dice))


async def test_the_opening_winner_plays_white_and_has_the_dice(bot_player: PoolBotPlayer) -> None:
    # 3-3 is the one first roll with a choice (RULES.md §4): others play one head checker.
    service = service_with([3, 3, 5, 2, 3, 3], bot_player)
    session = await service.start_vs_bot(CHAT, USER, Level.EASY)
    assert session.version == 1
    assert session.seat_of(USER) is Color.WHITE
    assert session.game.dice == (3, 3)
    assert session.notes == (
        Note.of("opening_tie", you="3", bot="3"),
        Note.of("opening", you="5", bot="2"),
        Note.of("you_start"),
    )
    assert (await service.active_game(CHAT)) == session


async def test_when_the_bot_starts_its_turn_is_played_before_the_board(
    bot_player: PoolBotPlayer,
) -> None:
    service = service_with([1, 4, 6, 5, 3, 3], bot_player)
    session = await service.start_vs_bot(CHAT, USER, Level.EASY)
    assert session.seat_of(USER) is Color.BLACK
    assert session.game.to_move is Color.BLACK
    assert session.game.dice == (3, 3)
    bot_turn = session.game.last_turn
    assert bot_turn is not None and bot_turn.color is Color.WHITE and bot_turn.dice == (6, 5)
    assert session.notes[-1].key == "bot_played"


async def test_a_forced_turn_is_played_with_a_note(bot_player: PoolBotPlayer) -> None:
    # 6-4 on the first turn: one checker off the head, 24/18/14 or 24/20/14, one result.
    service = service_with([5, 2, 6, 4, 2, 1, 3, 3], bot_player)
    session = await service.start_vs_bot(CHAT, USER, Level.EASY)
    assert session.notes[2] == Note.of("forced", dice="6-4", turn="24/18 18/14")
    assert session.notes[3].key == "bot_played"
    assert session.game.to_move is Color.WHITE and session.game.dice == (3, 3)


async def test_steps_undo_and_done_then_the_bot_answers(bot_player: PoolBotPlayer) -> None:
    service = service_with([5, 2, 3, 3, 4, 2, 3, 1], bot_player)
    session = await service.start_vs_bot(CHAT, USER, Level.EASY)
    with pytest.raises(InvalidAction):
        await service.done(session)
    session = await service.play(session, [Step(24, 3)])
    session = await service.undo(session)
    assert session.game.played == ()
    session = await service.play(session, [Step(24, 3), Step(21, 3), Step(18, 3)])
    session = await service.play(session, [Step(24, 3)])
    assert session.game.turn_complete
    with pytest.raises(InvalidAction):
        await service.play(session, [Step(15, 1)])
    session = await service.done(session)
    assert [turn.dice for turn in session.game.history] == [(3, 3), (4, 2)]
    assert session.game.dice == (3, 1) and session.notes[0].key == "bot_played"


async def test_of_two_taps_on_one_version_only_the_first_counts(
    bot_player: PoolBotPlayer,
) -> None:
    service = service_with([5, 2, 3, 3], bot_player)
    session = await service.start_vs_bot(CHAT, USER, Level.EASY)
    await service.play(session, [Step(24, 3)])
    with pytest.raises(Stale):
        await service.play(session, [Step(24, 3)])
    with pytest.raises(Stale):
        await service.for_move(session.game_id, session.version, USER)
    with pytest.raises(NotYourGame):
        await service.for_move(session.game_id, session.version + 1, USER + 1)


async def test_a_doubled_done_is_answered_once(bot_player: PoolBotPlayer) -> None:
    service = service_with([5, 2, 3, 3, 4, 2, 3, 1], bot_player)
    session = await service.start_vs_bot(CHAT, USER, Level.EASY)
    session = await service.play(session, [Step(24, 3), Step(21, 3), Step(24, 3), Step(21, 3)])
    results = await asyncio.gather(
        service.done(session), service.done(session), return_exceptions=True
    )
    finished = [r for r in results if not isinstance(r, Exception)]
    assert len(finished) == 1
    assert len([r for r in results if isinstance(r, Exception)]) == 1
    assert (await service.load(session.game_id)).version == session.version + 1


async def test_one_game_per_chat_until_it_is_resigned(bot_player: PoolBotPlayer) -> None:
    service = service_with([5, 2, 3, 3, 5, 2, 3, 3], bot_player)
    first = await service.start_vs_bot(CHAT, USER, Level.EASY)
    with pytest.raises(GameInProgress):
        await service.start_vs_bot(CHAT, USER, Level.EASY)
    over = await service.resign(first.game_id, USER)
    assert over.game.result is not None and over.game.result.winner is Color.BLACK
    assert (over.game.result.kind.value, over.game.result.points) == ("mars", 2)
    assert await service.active_game(CHAT) is None
    second = await service.start_vs_bot(CHAT, USER, Level.MEDIUM)
    assert second.game_id != first.game_id


class HeldBot:
    """The real bot player, held back until `release` is set: the bot "thinks" meanwhile."""

    def __init__(self, inner: PoolBotPlayer) -> None:
        self.inner = inner
        self.release = asyncio.Event()

    async def choose(
        self, position: Position, dice: tuple[int, int], rules: Rules, level: Level
    ) -> tuple[Step, ...]:
        await self.release.wait()
        return await self.inner.choose(position, dice, rules, level)


async def test_while_the_bot_thinks_taps_on_the_board_are_refused(
    bot_player: PoolBotPlayer,
) -> None:
    """The board still offers Undo and Done while the bot chooses its answer to Done."""
    bot = HeldBot(bot_player)
    service = GameService(MemoryStore(), bot, dice=ScriptedDice([5, 2, 3, 3, 4, 2, 3, 1]))
    session = await service.start_vs_bot(CHAT, USER, Level.EASY)
    session = await service.play(session, [Step(24, 3), Step(21, 3), Step(24, 3), Step(21, 3)])
    answering = asyncio.create_task(service.done(session))
    await asyncio.sleep(0)
    with pytest.raises(Busy):
        await service.for_move(session.game_id, session.version, USER)
    bot.release.set()
    answered = await answering
    assert answered.version == session.version + 1
    assert await service.for_move(session.game_id, answered.version, USER) == answered


async def test_the_bot_plays_on_after_its_worker_process_dies() -> None:
    before = set(multiprocessing.active_children())
    player = PoolBotPlayer(workers=1)
    try:
        await player.warm_up()
        (worker,) = set(multiprocessing.active_children()) - before
        assert worker.pid is not None
        os.kill(worker.pid, signal.SIGKILL)
        worker.join(10)
        steps = await player.choose(Position.start(), (6, 5), Rules(), Level.EASY)
        assert steps[0].src == 24 and len(steps) == 2
    finally:
        player.close()


async def test_the_longest_button_data_fits_telegrams_64_bytes(bot_player: PoolBotPlayer) -> None:
    session = await service_with([5, 2, 3, 3], bot_player).start_vs_bot(CHAT, USER, Level.EASY)
    longest = [
        Tap(game=session.game_id, version=10**9, action=BoardAction.MOVE, arg="24.6666"),
        PickLevel(level=max((level.value for level in Level), key=len)),
        *(Menu(action=action) for action in MenuAction),
        *(PickLanguage(locale=locale) for locale in Locale),
    ]
    assert all(len(data.pack().encode()) <= 64 for data in longest)
