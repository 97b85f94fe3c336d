"""The game service alone (no Telegram): openings, forced turns, the bot's answer, conflicts."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import replace

import pytest

from bot.i18n import Locale
from bot.service import (
    Action,
    AlreadyDone,
    AlreadyStarted,
    Busy,
    ChallengeGone,
    Done,
    GameInProgress,
    GameOver,
    GameService,
    InvalidAction,
    MatchPlay,
    Move,
    NoGame,
    NotInvited,
    NotYourGame,
    NotYourTurn,
    OnlyChallenger,
    OpponentsTurn,
    OwnChallenge,
    PoolBotPlayer,
    RematchAsked,
    RematchStarted,
    Resign,
    Seat,
    Select,
    Stale,
    Table,
    Terms,
    Undo,
    Watching,
)
from bot.service.actions import Hint as AskHint
from bot.service.events import (
    BOT,
    Actor,
    MatchGameWon,
    MatchScore,
    OpeningRolled,
    Started,
    Summary,
    TurnPlayed,
)
from bot.service.table import BOT_PLAYER, TAPS_KEPT, player_slot
from bot.storage import MemoryStore
from bot.ui.callbacks import (
    Answer,
    BoardAction,
    BoardTap,
    MarkGame,
    Menu,
    MenuAction,
    PickGame,
    PickLanguage,
    PickLength,
    PickLevel,
    PickMatch,
    PickShort,
    Question,
    ShortLength,
)
from nardy import Color, Step
from nardy.ai import Level
from nardy.dice import ScriptedDice
from nardy.game import Game
from nardy.match import Match
from nardy.scoring import EndReason, ResultKind
from nardy.variants import VARIANTS
from testkit.harness import Clock, last_checker
from tests.bot.bot_players import HeldBot, WatchedBot

CHAT = USER = 77
YOU = Actor()  # the person against the bot, whom the bot's tests give no name


def service_with(dice: Iterable[int], bot_player: PoolBotPlayer) -> GameService:
    return GameService(MemoryStore(), bot_player, dice=ScriptedDice(dice))


async def start(service: GameService, level: Level = Level.EASY) -> Table:
    """A new game against the bot, opened, with its board message (id 1) recorded."""
    opened = await service.open(await service.new_vs_bot(CHAT, USER, level))
    assert await service.set_board(opened.game_id, None, 1)
    return await service.load(opened.game_id)


async def act(service: GameService, table: Table, *actions: Action) -> Table:
    """The user's `actions`, each made on the game as the one before left it."""
    color = table.seat_of(USER)
    assert color is not None
    for action in actions:
        table = (await service.apply(table, color, action, table.seq)).table
    return table


async def test_the_opening_winner_plays_white_and_has_the_dice(bot_player: PoolBotPlayer) -> None:
    # 3-3 is the one first roll with a choice (RULES.md §4): others play one head checker.
    service = service_with([3, 3, 5, 2, 3, 3], bot_player)
    table = await start(service)
    assert (table.version, table.seq, table.message_id) == (2, 1, 1)
    assert table.seat_of(USER) is Color.WHITE
    assert table.game.dice == (3, 3)
    assert table.events == (
        OpeningRolled(YOU, 3, BOT, 3, tie=True),
        OpeningRolled(YOU, 5, BOT, 2, tie=False),
        Started(YOU),
    )
    assert (await service.active_game(CHAT)) == table


async def test_when_the_bot_starts_its_turn_is_played_before_the_board(
    bot_player: PoolBotPlayer,
) -> None:
    service = service_with([1, 4, 6, 5, 3, 3], bot_player)
    table = await start(service)
    assert table.seat_of(USER) is Color.BLACK
    assert table.game.to_move is Color.BLACK
    assert table.game.dice == (3, 3)
    assert isinstance(table.game, Game)
    bot_turn = table.game.last_turn
    assert bot_turn is not None and bot_turn.color is Color.WHITE and bot_turn.dice == (6, 5)
    told = table.events[-1]
    assert isinstance(told, TurnPlayed) and (told.player, told.dice, told.by) == (
        BOT,
        "6-5",
        "white",
    )


async def test_a_forced_turn_is_played_with_a_note(bot_player: PoolBotPlayer) -> None:
    # 6-4 on the first turn: one checker off the head, 24/18/14 or 24/20/14, one result.
    service = service_with([5, 2, 6, 4, 2, 1, 3, 3], bot_player)
    table = await start(service)
    assert table.events[2] == TurnPlayed(YOU, "6-4", "24/18 18/14", "white", forced=True)
    assert isinstance(table.events[3], TurnPlayed) and table.events[3].player == BOT
    assert table.game.to_move is Color.WHITE and table.game.dice == (3, 3)


async def test_steps_undo_and_done_then_the_bot_answers(bot_player: PoolBotPlayer) -> None:
    service = service_with([5, 2, 3, 3, 4, 2, 3, 1], bot_player)
    table = await start(service)
    with pytest.raises(InvalidAction):
        await act(service, table, Done())
    table = await act(service, table, Move(24, 21), Undo())
    assert table.game.played == ()
    table = await act(service, table, Move(24, 15))  # three dice in a row: 24/21/18/15
    assert table.game.played == (Step(24, 3), Step(21, 3), Step(18, 3))
    table = await act(service, table, Move(24, 21))
    assert table.game.turn_complete
    with pytest.raises(InvalidAction):
        await act(service, table, Move(15, 14))
    table = await act(service, table, Done())
    assert [turn.dice for turn in table.game.history] == [(3, 3), (4, 2)]
    assert table.game.dice == (3, 1)
    assert isinstance(table.events[0], TurnPlayed) and table.events[0].player == BOT


async def test_a_move_that_completes_the_turn_with_confirm_ends_it(
    bot_player: PoolBotPlayer,
) -> None:
    service = service_with([5, 2, 3, 3, 4, 2, 3, 1], bot_player)
    table = await start(service)
    table = await act(service, table, Move(24, 18, confirm=True))
    assert table.game.played == (Step(24, 3), Step(21, 3))
    table = await act(service, table, Move(24, 18, confirm=True))
    assert [turn.dice for turn in table.game.history] == [(3, 3), (4, 2)]


async def test_select_checks_the_checker_and_changes_nothing(bot_player: PoolBotPlayer) -> None:
    service = service_with([5, 2, 3, 3], bot_player)
    table = await start(service)
    outcome = await service.apply(table, Color.WHITE, Select(24), table.seq)
    assert outcome.selected == 24 and outcome.table == table
    with pytest.raises(InvalidAction):
        await service.apply(table, Color.WHITE, Select(13), table.seq)
    assert await service.load(table.game_id) == table


async def test_a_doubled_move_counts_once(bot_player: PoolBotPlayer) -> None:
    service = service_with([5, 2, 3, 3], bot_player)
    table = await start(service)
    moved = await act(service, table, Move(24, 21))
    with pytest.raises(AlreadyDone):  # the same tap on the same state: a doubled tap
        await service.apply(moved, Color.WHITE, Move(24, 21), table.seq)
    with pytest.raises(NotYourGame):
        await service.seat(table.game_id, USER + 1)
    with pytest.raises(NotYourTurn):
        await service.apply(moved, Color.BLACK, Select(24), moved.seq)
    assert (await service.load(table.game_id)).game == moved.game


async def test_a_doubled_done_after_the_bot_answered_is_done_already(
    bot_player: PoolBotPlayer,
) -> None:
    """A Done tapped again on the board that showed it (the board not yet redrawn) is not
    "out of date": it was applied once. So is the move that completed a turn with confirm."""
    service = service_with([5, 2, 3, 3, 4, 2, 3, 1, 6, 5, 2, 1], bot_player)
    table = await start(service)
    complete = await act(service, table, Move(24, 18), Move(24, 18))
    answered = await act(service, complete, Done())
    with pytest.raises(AlreadyDone):
        await service.apply(answered, Color.WHITE, Done(), complete.seq)
    confirmed = await act(service, answered, Move(24, 21, confirm=True), Move(21, 20, confirm=True))
    assert len(confirmed.game.history) == 4
    with pytest.raises(AlreadyDone):
        await service.apply(confirmed, Color.WHITE, Move(21, 20, confirm=True), confirmed.seq - 1)


async def test_a_quick_tap_on_a_board_not_yet_redrawn_counts_when_it_still_means_something(
    bot_player: PoolBotPlayer,
) -> None:
    """Taps made on an earlier state of the same turn: picking or moving a checker is applied
    when the rules allow it now; what needs the state it was made on (Undo, Done, Resign) or
    is no longer legal is `Stale`."""
    service = service_with([5, 2, 3, 3, 4, 2, 3, 1], bot_player)
    table = await start(service)  # 3-3 on the first turn: two checkers may leave the head
    moved = await act(service, table, Move(24, 21))
    picked = await service.apply(moved, Color.WHITE, Select(24), table.seq)
    assert picked.selected == 24 and picked.table == moved
    second = await service.apply(moved, Color.WHITE, Move(24, 18), table.seq)
    assert second.table.game.played == (Step(24, 3), Step(24, 3), Step(21, 3))
    with pytest.raises(Stale):  # the head has let two checkers go: no third from it
        await service.apply(second.table, Color.WHITE, Move(24, 15), table.seq)
    for action in (Undo(), Done()):
        with pytest.raises(Stale):
            await service.apply(second.table, Color.WHITE, action, moved.seq)
    after = await act(service, second.table, Move(21, 18), Done())
    with pytest.raises(Stale):  # made on the turn before
        await service.apply(after, Color.WHITE, Select(18), second.table.seq)


async def test_a_change_to_the_board_message_alone_does_not_make_a_tap_stale(
    bot_player: PoolBotPlayer,
) -> None:
    """Only a change to the game makes a tap stale: a new board message recorded meanwhile
    (another tap replaced a deleted one) is read again, and the tap counts."""
    service = service_with([5, 2, 3, 3], bot_player)
    table = await start(service)
    assert await service.set_board(table.game_id, 1, 500)
    assert not await service.set_board(table.game_id, 1, 501)
    moved = await act(service, table, Move(24, 21))
    assert moved.message_id == 500 and moved.game.played == (Step(24, 3),)


async def test_a_doubled_done_is_answered_once(bot_player: PoolBotPlayer) -> None:
    """The second of two Done at once is a doubled tap (`AlreadyDone`), not played again."""
    service = service_with([5, 2, 3, 3, 4, 2, 3, 1], bot_player)
    table = await start(service)
    table = await act(service, table, Move(24, 18), Move(24, 18))
    results = await asyncio.gather(
        act(service, table, Done()), act(service, table, Done()), return_exceptions=True
    )
    finished = [r for r in results if not isinstance(r, Exception)]
    assert len(finished) == 1
    assert len([r for r in results if isinstance(r, AlreadyDone)]) == 1
    assert (await service.load(table.game_id)).seq == table.seq + 1


async def test_resigning_is_scored_from_the_position_and_only_as_it_was_asked(
    bot_player: PoolBotPlayer,
) -> None:
    service = service_with([5, 2, 3, 3], bot_player)
    table = await start(service)
    moved = await act(service, table, Move(24, 21))
    with pytest.raises(Stale):  # the question was asked before the move
        await service.apply(moved, Color.WHITE, Resign(), table.seq)
    over = (await service.apply(moved, Color.WHITE, Resign(), None)).table
    assert over.game.result is not None and over.game.result.winner is Color.BLACK
    with pytest.raises(GameOver):
        await service.apply(over, Color.WHITE, Resign(), None)


async def test_one_game_per_chat_until_it_is_resigned(bot_player: PoolBotPlayer) -> None:
    service = service_with([5, 2, 3, 3, 5, 2, 3, 3], bot_player)
    first = await start(service)
    with pytest.raises(GameInProgress):
        await service.new_vs_bot(CHAT, USER, Level.EASY)
    over = (await service.apply(first, Color.WHITE, Resign(), first.seq)).table
    assert over.game.result is not None and over.game.result.winner is Color.BLACK
    assert (over.game.result.kind.value, over.game.result.points) == ("mars", 2)
    assert await service.active_game(CHAT) is None
    second = await start(service, Level.MEDIUM)
    assert second.game_id != first.game_id


async def test_a_new_game_exists_once_opened_one_a_chat_and_abandoned_leaves_nothing(
    bot_player: PoolBotPlayer,
) -> None:
    service = service_with([5, 2, 3, 3, 5, 2, 3, 3, 5, 2, 3, 3], bot_player)
    first = await service.new_vs_bot(CHAT, USER, Level.EASY)
    second = await service.new_vs_bot(CHAT, USER, Level.EASY)  # a doubled tap on a level
    with pytest.raises(NoGame):
        await service.load(first.game_id)
    assert await service.active_game(CHAT) is None
    opened = await service.open(second)
    with pytest.raises(GameInProgress):
        await service.open(first)
    assert await service.active_game(CHAT) == opened
    with pytest.raises(NoGame):
        await service.load(first.game_id)
    await service.abandon(opened)  # its board could not be sent
    assert await service.active_game(CHAT) is None
    with pytest.raises(NoGame):
        await service.load(opened.game_id)
    assert (await start(service)).game_id not in (first.game_id, second.game_id)


async def test_while_the_bot_thinks_taps_on_the_board_are_refused(
    bot_player: PoolBotPlayer,
) -> None:
    """The board still offers Undo and Done while the bot chooses its answer to Done."""
    bot = HeldBot(bot_player)
    service = GameService(MemoryStore(), bot, dice=ScriptedDice([5, 2, 3, 3, 4, 2, 3, 1]))
    table = await start(service)
    table = await act(service, table, Move(24, 18), Move(24, 18))
    answering = asyncio.create_task(act(service, table, Done()))
    await bot.asked.wait()
    with pytest.raises(Busy):
        await act(service, table, Undo())
    bot.release.set()
    answered = await answering
    assert answered.seq == table.seq + 1
    assert await service.load(table.game_id) == answered


async def test_the_longest_button_data_fits_telegrams_64_bytes(bot_player: PoolBotPlayer) -> None:
    table = await start(service_with([5, 2, 3, 3], bot_player))
    longest = [
        BoardTap(game=table.game_id, seq=10**9, action=BoardAction.MOVE, src=24, dst=24),
        Question(game=table.game_id, seq=10**9, user=2**52, answer=Answer.NEW_GAME),
        PickGame(
            game=max((game.key for game in VARIANTS), key=len),
            level=max((level.value for level in Level), key=len),
            length=7,
        ),
        MarkGame(game=max((game.key for game in VARIANTS), key=len), length=7),
        PickLevel(level=max((level.value for level in Level), key=len)),
        PickMatch(level=max((level.value for level in Level), key=len), length=7),
        PickLength(length=7),
        PickShort(level=max((level.value for level in Level), key=len), length=7),
        ShortLength(length=7),
        *(
            BoardTap(game=table.game_id, seq=10**9, action=action, src=25, dst=24)
            for action in BoardAction
        ),
        *(Menu(action=action) for action in MenuAction),
        *(PickLanguage(locale=locale) for locale in Locale),
    ]
    assert all(len(data.pack().encode()) <= 64 for data in longest)


async def test_recording_the_board_already_recorded_succeeds(bot_player: PoolBotPlayer) -> None:
    """A tap on a new game's first board can record it before the sender does: the sender
    must not take its own board for a second one (and delete it)."""
    service = service_with([5, 2, 3, 3], bot_player)
    opened = await service.open(await service.new_vs_bot(CHAT, USER, Level.EASY))
    assert await service.set_board(opened.game_id, None, 7)  # the tap adopts the board
    assert await service.set_board(opened.game_id, None, 7)  # the sender records it too
    assert not await service.set_board(opened.game_id, None, 8)  # a second board
    assert (await service.load(opened.game_id)).message_id == 7


async def test_a_turn_of_moves_and_undos_keeps_the_stored_game_small(
    bot_player: PoolBotPlayer,
) -> None:
    """The taps kept to tell a doubled tap are the latest few, however long a turn goes on."""
    service = service_with([5, 2, 3, 3], bot_player)
    table = await start(service)
    for _ in range(50):
        table = await act(service, table, Move(24, 21), Undo())
    assert len(table.taps) == TAPS_KEPT
    assert len(table.to_text()) < 2048


async def test_a_new_game_whose_board_was_brought_back_is_not_abandoned(
    bot_player: PoolBotPlayer,
) -> None:
    """The first board's send failed for good, but another tap brought the game's board back
    meanwhile: that board reached the player, so the game stays."""
    service = service_with([5, 2, 3, 3], bot_player)
    opened = await service.open(await service.new_vs_bot(CHAT, USER, Level.EASY))
    assert await service.set_board(opened.game_id, None, 5)
    await service.abandon(opened)
    assert (await service.load(opened.game_id)).message_id == 5
    assert await service.active_game(CHAT) is not None


async def test_opening_a_game_twice_as_a_store_client_retry_would_is_one_game(
    bot_player: PoolBotPlayer,
) -> None:
    """A write the store client sent again after a lost answer: the chat already points at
    the game and the game is saved."""
    service = service_with([5, 2, 3, 3], bot_player)
    table = await service.new_vs_bot(CHAT, USER, Level.EASY)
    first = await service.open(table)
    assert await service.open(table) == first


async def test_a_doubled_move_read_at_the_same_moment_counts_once(
    bot_player: PoolBotPlayer,
) -> None:
    service = service_with([5, 2, 3, 3], bot_player)
    table = await start(service)
    taps = [service.apply(table, Color.WHITE, Move(24, 21), table.seq) for _ in range(2)]
    results = await asyncio.gather(*taps, return_exceptions=True)
    assert sum(isinstance(r, AlreadyDone) for r in results) == 1
    assert (await service.load(table.game_id)).game.played == (Step(24, 3),)


GROUP = -100900


def test_a_seat_keeps_its_players_language_and_reads_one_stored_without_it() -> None:
    seat = Seat(user_id=7, name="Анна: 1", locale="uk")
    assert seat.to_text() == "u:7@uk:Анна: 1" and Seat.from_text(seat.to_text()) == seat
    assert Seat.from_text("u:7:Анна: 1") == Seat(user_id=7, name="Анна: 1")  # stored before
    assert Seat.from_text("u:7@ru") == Seat(user_id=7, locale="ru")


async def test_a_game_between_two_people_in_the_memory_store(bot_player: PoolBotPlayer) -> None:
    """The whole path of a group game on the embedded store: challenge, join (colours by the
    opening roll: 2 against 5, the joiner plays white), a named note, the turn order, the
    slots held while it runs and freed when it ends."""
    service = service_with([2, 5, 6, 1, 4, 3, 6, 5], bot_player)
    alice, bob = Seat(user_id=1, name="Alice: A"), Seat(user_id=2, name="Bob")
    made = await service.challenge(GROUP, alice, "ru", Terms())
    with pytest.raises(OwnChallenge):
        await service.join(made.challenge_id, alice, None, 5)
    table = await service.join(made.challenge_id, bob, None, 5)
    assert table.seats == (bob, alice) and table.shared and table.locale == "ru"
    assert Started(Actor("Bob")) in table.events
    assert await service.load(made.challenge_id) == table  # names with ":" survive
    with pytest.raises(AlreadyStarted):
        await service.join(made.challenge_id, Seat(user_id=3, name="Carol"), None, 5)
    with pytest.raises(Watching):
        await service.seat(table.game_id, 3)
    with pytest.raises(OpponentsTurn):
        await service.apply(table, Color.BLACK, Select(24), table.seq)
    with pytest.raises(GameInProgress):
        await service.challenge(GROUP, bob, "en", Terms())
    over = await service.apply(table, Color.BLACK, Resign(), None)
    assert over.table.game.over
    assert await service.active_game(player_slot(GROUP, 1)) is None
    assert await service.active_game(player_slot(GROUP, 2)) is None


async def test_a_challenge_by_username_is_for_that_username_in_any_case(
    bot_player: PoolBotPlayer,
) -> None:
    service = service_with([2, 5, 6, 1, 4, 3, 6, 5], bot_player)
    made = await service.challenge(
        GROUP, Seat(user_id=1, name="Alice"), "en", Terms(), None, "@Bob_K"
    )
    with pytest.raises(NotInvited):
        await service.join(made.challenge_id, Seat(user_id=3, name="Carol"), "carol", 5)
    with pytest.raises(NotInvited):
        await service.join(made.challenge_id, Seat(user_id=4, name="Nobody"), None, 5)
    table = await service.join(made.challenge_id, Seat(user_id=2, name="Bob"), "bob_k", 5)
    assert table.seat_of(2) is not None


async def test_only_the_challenger_withdraws_and_not_after_someone_joined(
    bot_player: PoolBotPlayer,
) -> None:
    service = service_with([2, 5, 6, 1, 4, 3] * 3, bot_player)
    alice, bob = Seat(user_id=1, name="Alice"), Seat(user_id=2, name="Bob")
    first = await service.challenge(GROUP, alice, "en", Terms())
    with pytest.raises(OnlyChallenger):
        await service.challenges.cancel(first.challenge_id, 2)
    await service.challenges.cancel(first.challenge_id, 1)
    with pytest.raises(ChallengeGone):
        await service.join(first.challenge_id, bob, None, 5)
    second = await service.challenge(GROUP, alice, "en", Terms())
    await service.join(second.challenge_id, bob, None, 6)
    with pytest.raises(AlreadyStarted):
        await service.challenges.cancel(second.challenge_id, 1)


async def test_a_rematch_needs_both_and_starts_one_new_game(bot_player: PoolBotPlayer) -> None:
    service = service_with([2, 5, 6, 1, 4, 3] * 3, bot_player)
    alice, bob = Seat(user_id=1, name="Alice"), Seat(user_id=2, name="Bob")
    made = await service.challenge(GROUP, alice, "en", Terms())
    table = await service.join(made.challenge_id, bob, None, 5)
    over = (await service.apply(table, Color.WHITE, Resign(), None)).table
    with pytest.raises(InvalidAction):
        await service.rematch(table, Color.WHITE)  # not over yet
    asked, none = await service.rematch(over, Color.WHITE)
    assert none is None and asked.rematch == 2
    with pytest.raises(RematchAsked):
        await service.rematch(asked, Color.WHITE)
    with pytest.raises(Stale):  # an agreement made on the game before the ask was saved
        await service.rematch(over, Color.BLACK)
    cleared, fresh = await service.rematch(asked, Color.BLACK)
    assert cleared.rematch is None and fresh is not None
    for color in Color:  # a doubled tap, or either player again: the rematch has begun
        with pytest.raises(RematchStarted):
            await service.rematch(cleared, color)
    assert {seat.user_id for seat in fresh.seats} == {1, 2}
    opened = await service.open(fresh)
    assert await service.active_game(player_slot(GROUP, 1)) == opened


async def test_a_match_goes_on_game_after_game_on_one_board_until_its_points(
    bot_player: PoolBotPlayer,
) -> None:
    """A match to 3: a resignation at the start is a mars (2 points, RULES.md §7), the next
    game begins on the same board with the score told; a second one ends the match."""
    service = service_with([2, 5, 6, 1, 4, 3] * 4, bot_player)
    alice, bob = Seat(user_id=1, name="Alice"), Seat(user_id=2, name="Bob")
    made = await service.challenge(GROUP, alice, "en", Terms(length=3))
    with pytest.raises(InvalidAction):
        await service.challenge(GROUP, alice, "en", Terms(length=4))
    table = await service.join(made.challenge_id, bob, None, 5)
    assert table.match is not None and table.match.players == (1, 2)
    loser = table.seat_of(1)
    assert loser is not None
    second = (await service.apply(table, loser, Resign(), None)).table
    assert not second.game.over and second.message_id == 5
    assert second.match is not None and second.match.match.score == (0, 2)
    won = MatchGameWon(1, Actor("Bob"), Actor("Alice"), EndReason.RESIGNED, ResultKind.MARS)
    assert won in second.events
    assert await service.active_game(player_slot(GROUP, 1)) == second
    loser = second.seat_of(1)
    assert loser is not None
    final = (await service.apply(second, loser, Resign(), None)).table
    assert final.game.over and final.match is not None
    assert final.match.match.score == (0, 4) and final.match.match.winner == 1
    assert await service.active_game(player_slot(GROUP, 1)) is None


async def test_a_match_against_the_bot_goes_on_after_each_game_until_its_points(
    bot_player: PoolBotPlayer,
) -> None:
    """A match to 3 against the bot: the bot is player 1 (id 0); a resignation at the start is
    a mars (RULES.md §7), told in the person's voice before the next game's opening; a
    second one gives the bot the match and frees the chat."""
    service = service_with([5, 2, 3, 3] * 3, bot_player)
    with pytest.raises(InvalidAction):
        await service.new_vs_bot(CHAT, USER, Level.EASY, 4)
    opened = await service.open(await service.new_vs_bot(CHAT, USER, Level.EASY, 3))
    assert opened.match is not None and opened.match.players == (USER, BOT_PLAYER)
    second = await act(service, opened, Resign())
    assert not second.game.over and second.match is not None
    assert second.match.match.score == (0, 2)
    assert second.events == (
        MatchGameWon(1, BOT, YOU, EndReason.RESIGNED, ResultKind.MARS),
        Summary(0, YOU, 0, BOT, 0),
        MatchScore(YOU, 0, BOT, 2),
        OpeningRolled(YOU, 5, BOT, 2, tie=False),
        Started(YOU),
    )
    assert await service.active_game(CHAT) == second
    final = await act(service, second, Resign())
    assert final.game.over and final.match is not None
    assert final.match.match.score == (0, 4) and final.match.match.winner == 1
    assert await service.active_game(CHAT) is None


class ScoreWatchingBot(WatchedBot):
    """The real bot player, noting the match score (points away) each call is given."""

    def __init__(self, inner: PoolBotPlayer) -> None:
        super().__init__(inner)
        self.asked: dict[str, list[tuple[int, int] | None]] = {"choose": [], "hint": []}

    async def before(self, call: str, away: tuple[int, int] | None) -> None:
        self.asked[call].append(away)


async def test_the_bot_plays_and_hints_knowing_the_match_score(bot_player: PoolBotPlayer) -> None:
    """Game 1 of a match to 3 is resigned (the bot leads 2-0); in game 2 the bot, 1 point
    away against 3, starts, and the person's hint is for 3 away against 1."""
    watching = ScoreWatchingBot(bot_player)
    service = GameService(
        MemoryStore(), watching, dice=ScriptedDice([5, 2, 3, 3, 2, 5, 6, 1, 3, 3])
    )
    opened = await service.open(await service.new_vs_bot(CHAT, USER, Level.HARD, 3))
    assert watching.asked["choose"] == []  # the person started game 1
    second = await act(service, opened, Resign())
    assert second.match is not None and second.match.match.score == (0, 2)
    assert watching.asked["choose"] == [(1, 3)]  # the bot opened game 2 with 6-1
    await act(service, second, AskHint())
    assert watching.asked["hint"] == [(3, 1)]


async def test_a_game_of_a_match_won_by_the_person_is_told_and_counted(
    bot_player: PoolBotPlayer,
) -> None:
    """The person bears off the last checker of game 1 (set near its end): an oyn, 1 point."""
    service = service_with([5, 2, 3, 3] * 2, bot_player)
    opened = await service.open(await service.new_vs_bot(CHAT, USER, Level.EASY, 5))
    near_end = replace(opened, game=last_checker(opened.game, Color.WHITE))
    won = await act(service, near_end, Move(1, 0), Done())
    assert won.match is not None and won.match.match.score == (1, 0)
    assert won.events[:3] == (
        MatchGameWon(1, YOU, BOT, EndReason.BORNE_OFF, ResultKind.OYN),
        Summary(1, YOU, 15, BOT, 1),
        MatchScore(YOU, 1, BOT, 0),
    )


async def test_giving_up_a_match_against_the_bot_ends_it_where_it_stands(
    bot_player: PoolBotPlayer,
) -> None:
    """/play's Resign and start anew: the game is resigned and scored, no next game follows,
    the chat is free, and the stored match says it was given up."""
    service = service_with([5, 2, 3, 3], bot_player)
    opened = await service.open(await service.new_vs_bot(CHAT, USER, Level.EASY, 5))
    over = await act(service, opened, Resign(whole_match=True))
    assert over.game.over and over.match is not None
    assert over.match.given_up and over.match.over and over.match.match.winner is None
    assert over.match.match.score == (0, 2)
    assert (await service.load(over.game_id)).match == over.match
    assert await service.active_game(CHAT) is None


def test_a_match_between_people_is_stored_as_before() -> None:
    """Matches stored by earlier code (`"x": [length, a, b, games, p0, p1]`) load, and a match
    that was not given up is written the same way."""
    stored = [5, 1, 2, 2, 11, 22]
    match = MatchPlay.from_list(stored)
    assert match == MatchPlay(Match(5, (1, 2), 2), (11, 22))
    assert match.to_list() == stored
    given_up = replace(match, given_up=True)
    assert MatchPlay.from_list(given_up.to_list()) == given_up


async def test_a_turn_timer_reminds_at_half_time_and_ends_the_game_at_the_deadline(
    bot_player: PoolBotPlayer,
) -> None:
    clock, store = Clock(), MemoryStore()
    service = GameService(store, bot_player, dice=ScriptedDice([2, 5, 6, 1, 4, 3] * 3), clock=clock)
    alice, bob = Seat(user_id=1, name="Alice"), Seat(user_id=2, name="Bob")
    made = await service.challenge(GROUP, alice, "en", Terms(turn_limit=60))
    table = await service.join(made.challenge_id, bob, None, 5)
    assert table.deadline == clock.now + 60
    assert await store.due_timers(clock.now + 29) == []
    assert await store.due_timers(clock.now + 30) == [table.game_id]
    clock.now += 30
    reminded = await service.on_timer(table.game_id)
    assert isinstance(reminded, Table) and reminded.reminded and not reminded.game.over
    assert await service.on_timer(table.game_id) is None  # nothing due until the deadline
    clock.now += 30
    over = await service.on_timer(table.game_id)
    assert isinstance(over, Table) and over.game.result is not None
    assert over.game.result.reason is EndReason.TIMEOUT
    assert over.game.result.winner is table.game.to_move.opponent
    assert await store.due_timers(clock.now + 10**9) == []
    assert await service.active_game(player_slot(GROUP, 1)) is None


async def test_a_move_starts_the_next_turns_time_and_a_timer_fires_once_for_two_servers(
    bot_player: PoolBotPlayer,
) -> None:
    clock, store = Clock(), MemoryStore()
    dice = ScriptedDice([2, 5, 6, 1, 4, 3] * 3)
    service = GameService(store, bot_player, dice=dice, clock=clock)
    other = GameService(store, bot_player, dice=dice, clock=clock)  # a second bot process
    made = await service.challenge(GROUP, Seat(user_id=1, name="A"), "en", Terms(turn_limit=300))
    table = await service.join(made.challenge_id, Seat(user_id=2, name="B"), None, 5)
    clock.now += 200
    mover = table.game.to_move
    for step in table.game.legal.turns[0].steps:
        table = (await service.apply(table, mover, Move(step.src, step.dst), None)).table
    table = (await service.apply(table, mover, Done(), None)).table
    assert table.deadline == clock.now + 300 and not table.reminded
    clock.now += 300
    served = [await server.on_timer(table.game_id) for server in (service, other)]
    assert len([s for s in served if s is not None]) == 1
    assert (await service.load(table.game_id)).game.over


async def test_a_move_made_after_the_deadline_loses_on_time_even_before_the_timer_task(
    bot_player: PoolBotPlayer,
) -> None:
    clock, store = Clock(), MemoryStore()
    service = GameService(store, bot_player, dice=ScriptedDice([2, 5, 6, 1, 4, 3] * 3), clock=clock)
    made = await service.challenge(GROUP, Seat(user_id=1, name="A"), "en", Terms(turn_limit=60))
    table = await service.join(made.challenge_id, Seat(user_id=2, name="B"), None, 5)
    mover = table.game.to_move
    step = table.game.next_steps()[0]
    clock.now += 60
    with pytest.raises(GameOver):
        await service.apply(table, mover, Move(step.src, step.dst), table.seq)
    over = await service.load(table.game_id)
    assert over.game.result is not None and over.game.result.reason is EndReason.TIMEOUT
    assert over.game.result.winner is mover.opponent
    assert await store.due_timers(clock.now + 10**9) == []
