"""Statistics and ratings through the game service on a real Redis: every finished game counted
exactly once (a retried finishing tap, two processes racing, a crash between the last move and
the count), per bot level and against people, with Glicko-2 ratings and leaderboards."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace

import pytest

from bot.ratings import Rating, rate_game
from bot.service import (
    Done,
    GameError,
    GameService,
    Move,
    PoolBotPlayer,
    Resign,
    Seat,
    Table,
    Terms,
)
from bot.service.results import RATED_TURNS, KindRecord, ladder, plays_like
from bot.service.table import Ended
from bot.storage import GLOBAL_BOARD, RECENT_COUNTED, GameStore, MemoryStore, RedisStore
from nardy import Color, Rules
from nardy.ai import Level
from nardy.dice import ScriptedDice
from nardy.game import Game
from nardy.short import ShortRules
from nardy.short.variant import SHORT as SHORT_NARDY
from nardy.variants import variant_of
from testkit.harness import Clock, play_turns
from tests.nardy.builders import board

USER = 77
GROUP = -100500
OPENING = [2, 5, 6, 1, 4, 3]  # the bot starts: it plays White; the user's roll follows


def service_on(store: GameStore, bot_player: PoolBotPlayer) -> GameService:
    return GameService(store, bot_player, dice=ScriptedDice(OPENING * 50))


async def lost_to(service: GameService, level: Level) -> Table:
    """A game against the bot at `level`, resigned at once: a mars, 2 points (RULES.md §7)."""
    table = await service.open(await service.new_vs_bot(USER, USER, level))
    color = table.seat_of(USER)
    assert color is not None
    return (await service.apply(table, color, Resign(), None)).table


async def one_step_from_winning(service: GameService, store: GameStore, level: Level) -> Table:
    """A game against the bot where the user has one checker left on their point 1 and a roll
    to bear it off (the bot has borne off none: a mars)."""
    table = await service.open(await service.new_vs_bot(USER, USER, level))
    me = table.seat_of(USER)
    assert me is not None
    position = board(me, {1: 1}, {24: 15})
    assert isinstance(table.game, Game)
    game = Game(table.game.rules, position).with_roll((3, 1))
    saved = await service.load(table.game_id)
    data = replace(saved, game=game, events=()).to_text()
    await store.save_game(table.game_id, saved.version, data)
    return await service.load(table.game_id)


async def win_it(service: GameService, table: Table) -> Table:
    me = table.seat_of(USER)
    assert me is not None
    after = await service.apply(table, me, Move(1, 0), table.seq)
    done = await service.apply(after.table, me, Done(), after.table.seq)
    return done.table


async def test_every_game_against_the_bot_counts_in_its_level(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    service = service_on(store, bot_player)
    for _ in range(3):
        assert (await lost_to(service, Level.EASY)).game.over
    for _ in range(2):
        won = await win_it(service, await one_step_from_winning(service, store, Level.MEDIUM))
        assert won.game.result is not None and won.game.result.points == 2
    assert (await lost_to(service, Level.MEDIUM)).game.over
    won = await win_it(service, await one_step_from_winning(service, store, Level.MEDIUM))
    record = await service.results.record(USER)
    assert record.of("easy") == KindRecord(
        games=3, losses=3, points_lost=6, mars_taken=3, streak=0, best=0
    )
    assert record.of("medium") == KindRecord(
        games=4, wins=3, losses=1, points_won=6, points_lost=2, streak=1, best=2, mars_given=3,
        mars_taken=1,
    )  # fmt: skip
    assert record.of("medium").win_percent == 75
    assert [kind for kind, _ in record.kinds] == ["easy", "medium"]
    assert record.rating() is None  # games against the bot are not rated
    assert await service.results.standing(won) == _by_color(won, mine=3, bots=1)


def _by_color(table: Table, mine: int, bots: int) -> tuple[int, int]:
    me = table.seat_of(USER)
    return (mine, bots) if me is Color.WHITE else (bots, mine)


async def test_a_retried_finishing_tap_counts_once(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    service = service_on(store, bot_player)
    table = await one_step_from_winning(service, store, Level.HARD)
    me = table.seat_of(USER)
    assert me is not None
    moved = (await service.apply(table, me, Move(1, 0), table.seq)).table
    await service.apply(moved, me, Done(), moved.seq)
    for _ in range(3):  # Telegram delivers the same tap again, or the player taps again
        with contextlib.suppress(GameError):
            await service.apply(moved, me, Done(), moved.seq)
    assert (await service.results.record(USER)).of("hard").games == 1


async def test_two_processes_racing_to_finish_a_game_count_it_once(
    store: RedisStore, redis_url: str, bot_player: PoolBotPlayer
) -> None:
    service = service_on(store, bot_player)
    other_store = RedisStore(redis_url)
    other = service_on(other_store, bot_player)  # a second bot process on the same Redis
    try:
        table = await one_step_from_winning(service, store, Level.EASY)
        me = table.seat_of(USER)
        assert me is not None
        moved = (await service.apply(table, me, Move(1, 0), table.seq)).table
        tries = [server.apply(moved, me, Done(), moved.seq) for server in (service, other)]
        done = await asyncio.gather(*tries, return_exceptions=True)
        assert len([d for d in done if not isinstance(d, BaseException)]) == 1
        await asyncio.gather(*(server.on_timer(table.game_id) for server in (service, other)))
        assert (await service.results.record(USER)).of("easy") == KindRecord(
            games=1, wins=1, points_won=2, streak=1, best=1, mars_given=1
        )
    finally:
        await other_store.close()


async def test_a_count_cut_short_by_a_restart_is_made_once_by_the_timer_task(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    """What a crash right after the game-ending save leaves (the game saved with its end to
    count, due on the timer index, nothing counted) is counted by the timer task of the bot
    started again, once however many times it is served."""
    service = service_on(store, bot_player)
    table = await one_step_from_winning(service, store, Level.EXPERT)
    me = table.seat_of(USER)
    assert me is not None
    game = table.game.play_step(table.game.next_steps()[0]).end_turn()
    assert game.over
    ended = await service.results.ended(table.with_game(game, ()))
    await store.set_timer(table.game_id, 0.0)
    await store.save_game(table.game_id, table.version, ended.to_text())
    assert (await service.results.record(USER)).kinds == ()
    restarted = service_on(store, bot_player)
    for _ in range(2):
        assert await restarted.on_timer(table.game_id) is None  # nothing to show
    assert await store.due_timers(10**12) == []
    assert (await service.results.record(USER)).of("expert").wins == 1


async def test_games_between_people_change_ratings_and_leaderboards(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    service = service_on(store, bot_player)
    alice, bob, carol = (
        Seat(user_id=i, name=n) for i, n in ((1, "Alice"), (2, "Bob"), (3, "Carol"))
    )

    async def bob_beats(other: Seat, chat: int) -> Table:
        made = await service.challenge(chat, other, "en", Terms())
        table = await play_turns(service, await service.join(made.challenge_id, bob, None, 5))
        loser = table.seat_of(other.user_id or 0)
        assert loser is not None
        return (await service.apply(table, loser, Resign(), None)).table

    first = await bob_beats(alice, GROUP)
    assert first.ended is not None and first.ended.ratings is not None
    expected_bob, expected_alice = rate_game(Rating(), Rating(), 1.0)
    bob_record, alice_record = await service.results.record(2), await service.results.record(1)
    bob_rating, alice_rating = bob_record.rating(), alice_record.rating()
    assert bob_rating is not None and alice_rating is not None
    assert abs(bob_rating.rating - expected_bob.rating) < 1e-3
    assert abs(alice_rating.rating - expected_alice.rating) < 1e-3
    assert bob_rating.provisional
    assert bob_record.of("people") == KindRecord(1, 1, 0, 2, 0, 1, 1, 1, 0)
    assert await service.results.standing(first) == _pair(first, bob=1, other=0)
    await bob_beats(carol, GROUP - 1)  # another group
    top = await store.top(str(GROUP), 10)
    assert [user for user, _ in top] == [2, 1]  # Carol never played in this group
    assert next(user for user, _ in await store.top(GLOBAL_BOARD, 10)) == 2
    assert await store.standing(GLOBAL_BOARD, 1) in ((2, 3), (3, 3))
    assert (await store.user_prefs(2))["name"] == "Bob"
    # Bob's rating after the second game is on the first group's board too.
    bob_now = (await service.results.record(2)).rating()
    assert bob_now is not None and dict(top)[2] == bob_now.rating


async def test_short_nardy_between_people_is_rated_on_its_own_ladder_once(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    """A game of short nardy between people moves the players' short nardy ratings, their
    short head-to-head and short leaderboards, and none of long nardy's; counting it again (a
    redone count) changes nothing."""
    service = service_on(store, bot_player)
    alice, bob = Seat(user_id=1, name="Alice"), Seat(user_id=2, name="Bob")
    made = await service.challenge(GROUP, alice, "en", Terms(), rules=ShortRules())
    table = await play_turns(service, await service.join(made.challenge_id, bob, None, 5))
    loser = table.seat_of(1)
    assert loser is not None
    finished = (await service.apply(table, loser, Resign(), None)).table
    assert finished.ended is not None and finished.ended.game is SHORT_NARDY
    assert finished.ended.ratings is not None and finished.ended.counted
    for _ in range(2):
        await service.results.count(finished)
    expected_bob, expected_alice = rate_game(Rating(), Rating(), 1.0)
    bob_record, alice_record = await service.results.record(2), await service.results.record(1)
    bob_short, alice_short = bob_record.rating(SHORT_NARDY), alice_record.rating(SHORT_NARDY)
    assert bob_short is not None and alice_short is not None
    assert abs(bob_short.rating - expected_bob.rating) < 1e-3
    assert abs(alice_short.rating - expected_alice.rating) < 1e-3
    assert bob_record.rating() is None and alice_record.rating() is None  # long: unrated
    assert bob_record.of("short.people").games == 1 and bob_record.of("people").games == 0
    assert await service.results.standing(finished) == _pair(finished, bob=1, other=0)
    assert await store.head_to_head(2, 1) == {}  # long nardy's head-to-head
    leaders = await service.results.leaders(GLOBAL_BOARD, 10, SHORT_NARDY)
    assert [(leader.name, leader.rating) for leader in leaders] == [
        ("Bob", bob_short),
        ("Alice", alice_short),
    ]
    assert [u for u, _ in await store.top(str(GROUP), 10, ladder(SHORT_NARDY))] == [2, 1]
    assert await service.results.leaders(GLOBAL_BOARD, 10) == []
    assert await service.results.place(GLOBAL_BOARD, 1, SHORT_NARDY) == (2, 2)


@pytest.mark.parametrize("rules", [Rules(), ShortRules()], ids=["long", "short"])
async def test_a_game_ended_before_each_played_its_turns_is_counted_not_rated(
    store: RedisStore, bot_player: PoolBotPlayer, rules: Rules | ShortRules
) -> None:
    """Resigned after one turn each (`RATED_TURNS` is 2): the players' statistics count it,
    no rating, head-to-head or leaderboard moves; a second such game neither (no farming)."""
    service = service_on(store, bot_player)
    alice, bob = Seat(user_id=1, name="Alice"), Seat(user_id=2, name="Bob")
    for played in (1, 2):
        made = await service.challenge(GROUP, alice, "en", Terms(), rules=rules)
        table = await service.join(made.challenge_id, bob, None, 5)
        table = await play_turns(service, table, RATED_TURNS - 1)
        loser = table.seat_of(1)
        assert loser is not None
        finished = (await service.apply(table, loser, Resign(), None)).table
        assert finished.ended is not None and finished.ended.ratings is None
        record = await service.results.record(2)
        kind = "short.people" if isinstance(rules, ShortRules) else "people"
        assert record.of(kind).games == played and record.of(kind).wins == played
        assert record.rating(variant_of(rules)) is None
    assert await store.head_to_head(2, 1) == {} and await store.top(GLOBAL_BOARD, 10) == []


def _pair(table: Table, bob: int, other: int) -> tuple[int, int]:
    return (bob, other) if table.seats[Color.WHITE].user_id == 2 else (other, bob)


async def test_each_game_of_a_match_is_counted(bot_player: PoolBotPlayer) -> None:
    """In the embedded store too: a match to 3 won by two resignations is two games."""
    service = service_on(MemoryStore(), bot_player)
    alice, bob = Seat(user_id=1, name="Alice"), Seat(user_id=2, name="Bob")
    made = await service.challenge(GROUP, alice, "en", Terms(length=3))
    table = await service.join(made.challenge_id, bob, None, 5)
    for _ in range(2):
        loser = table.seat_of(1)
        assert loser is not None
        table = (await service.apply(table, loser, Resign(), None)).table
    assert table.game.over
    assert (await service.results.record(1)).of("people").losses == 2
    assert (await service.results.record(2)).of("people").points_won == 4


def test_a_rating_plays_like_the_nearest_level() -> None:
    assert plays_like(1500) is Level.MEDIUM
    assert plays_like(900) is Level.EASY
    assert plays_like(2400) is Level.EXPERT


async def test_a_match_game_is_counted_once_however_many_timers_follow(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    """Game 1 of a timed match stays the table's last ended game through game 2: its
    reminder must not count game 1 again, even after its loser has counted more games since
    than the store remembers."""
    clock = Clock()
    service = GameService(store, bot_player, dice=ScriptedDice(OPENING * 50), clock=clock)
    alice, bob = Seat(user_id=1, name="Alice"), Seat(user_id=2, name="Bob")
    made = await service.challenge(GROUP, alice, "en", Terms(length=3, turn_limit=3600))
    table = await service.join(made.challenge_id, bob, None, 5)
    loser = table.seat_of(1)
    assert loser is not None
    second = (await service.apply(table, loser, Resign(), None)).table
    assert second.ended is not None and second.ended.counted and not second.game.over
    for _ in range(RECENT_COUNTED):  # Alice's games against the bot meanwhile
        game = await service.open(await service.new_vs_bot(1, 1, Level.EASY))
        color = game.seat_of(1)
        assert color is not None
        await service.apply(game, color, Resign(), None)
    clock.now += 1800
    reminded = await service.on_timer(second.game_id)
    assert isinstance(reminded, Table) and reminded.reminded
    people = (await service.results.record(1)).of("people")
    assert (people.games, people.points_lost) == (1, 2)


def test_a_game_that_ended_is_due_on_the_timer_index_until_counted() -> None:
    """What keeps a count a crash cut short on the index: `Table.timer_due`."""
    table = Table("g", Game(), (Seat(user_id=1), Seat(level=Level.EASY)), 1)
    over = table.with_game(table.game.resign(Color.WHITE), ())
    assert over.timer_due() is None
    result = over.game.result
    assert result is not None
    to_count = Ended(1, over.seats, result)
    assert replace(over, ended=to_count).timer_due() == 0.0
    assert replace(over, ended=replace(to_count, counted=True)).timer_due() is None
