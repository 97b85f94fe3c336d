"""The storage contract, run against the in-memory store and a real Redis: one server, a local
three-master Redis Cluster (every script and transaction keeps its keys in one hash slot, or
the cluster refuses it), and a master found through Sentinel."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest
import redis

from bot.storage import (
    FINISHED_TTL,
    GLOBAL_BOARD,
    RECENT_COUNTED,
    RECORDS_LISTED,
    UNFINISHED_TTL,
    GameStore,
    MemoryStore,
    RatingChange,
    RedisStore,
    StoreRefused,
    StoreUnavailable,
    Tally,
    VersionConflict,
    Versioned,
)
from bot.storage.memory import PICTURES_KEPT
from bot.storage.redis import (
    RENEW_UNDER,
    chat_key,
    counted_key,
    game_key,
    picture_key,
    refs_key,
    running_key,
)
from testkit.redis_server import RedisServer, free_port
from tests.redis_topologies import LocalSentinel


def redis_backend(request: pytest.FixtureRequest, kind: str) -> RedisStore:
    """A store on an empty Redis of `kind`: one server, a cluster, or found through Sentinel."""
    if kind == "redis":
        return RedisStore(request.getfixturevalue("redis_url"))
    if kind == "cluster":
        return RedisStore(request.getfixturevalue("redis_cluster_url"), "cluster")
    sentinel: LocalSentinel = request.getfixturevalue("redis_sentinel")
    sentinel.flush()
    return RedisStore(
        sentinel.url, "sentinel", sentinel.sentinels, sentinel_password=sentinel.password
    )


@pytest.fixture(params=["memory", "redis", "cluster", "sentinel"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[GameStore]:
    kind = request.param
    backend: GameStore = MemoryStore() if kind == "memory" else redis_backend(request, kind)
    yield backend
    await backend.close()


@pytest.fixture(params=["redis", "cluster", "sentinel"])
async def redis_store(request: pytest.FixtureRequest) -> AsyncIterator[RedisStore]:
    backend = redis_backend(request, request.param)
    yield backend
    await backend.close()


async def test_a_new_game_is_version_one_and_reads_back(store: GameStore) -> None:
    assert await store.load_game("g1") is None
    assert await store.save_game("g1", 0, "data:with:colons") == 1
    stored = await store.load_game("g1")
    assert stored is not None
    assert (stored.version, stored.data) == (1, "data:with:colons")


async def test_a_save_with_the_current_version_bumps_it(store: GameStore) -> None:
    await store.save_game("g1", 0, "a")
    assert await store.save_game("g1", 1, "b") == 2
    stored = await store.load_game("g1")
    assert stored is not None
    assert (stored.version, stored.data) == (2, "b")


async def test_a_stale_version_writes_nothing(store: GameStore) -> None:
    await store.save_game("g1", 0, "a")
    await store.save_game("g1", 1, "b")
    with pytest.raises(VersionConflict):
        await store.save_game("g1", 1, "stale")
    with pytest.raises(VersionConflict):
        await store.save_game("g1", 0, "created twice")
    stored = await store.load_game("g1")
    assert stored is not None
    assert (stored.version, stored.data) == (2, "b")


async def test_of_simultaneous_saves_exactly_one_wins(store: GameStore) -> None:
    await store.save_game("g1", 0, "start")
    results = await asyncio.gather(
        *(store.save_game("g1", 1, f"tap {i}") for i in range(8)), return_exceptions=True
    )
    winners = [r for r in results if r == 2]
    assert len(winners) == 1
    assert all(isinstance(r, VersionConflict) for r in results if r != 2)


async def test_a_game_is_deleted_only_as_it_was_read(store: GameStore) -> None:
    await store.save_game("g1", 0, "never shown")
    await store.save_game("g1", 1, "its board recorded meanwhile")
    assert not await store.delete_game("g1", 1)  # changed since version 1
    assert await store.load_game("g1") is not None
    assert await store.delete_game("g1", 2)
    assert not await store.delete_game("g1", 2)  # nothing when there is none
    assert await store.load_game("g1") is None
    assert await store.save_game("g1", 0, "again") == 1


async def test_a_finished_game_expires_after_its_ttl(store: GameStore) -> None:
    before = time.monotonic()
    await store.save_game("g1", 0, "over", ttl=2)
    assert await store.load_game("g1") is not None
    while await store.load_game("g1") is not None:  # gone once its two seconds are up
        assert time.monotonic() - before < 10, "the game did not expire"
        await asyncio.sleep(0.05)
    assert time.monotonic() - before >= 1.9


async def test_the_timer_index_keeps_the_earliest_when_asked_and_the_exact_else(
    store: GameStore,
) -> None:
    await store.set_timer("g1", 100.0)
    await store.set_timer("g2", 300.0)
    await store.set_timer("g1", 200.0, earlier_only=True)  # later: kept at 100
    assert await store.due_timers(150.0) == ["g1"]
    await store.set_timer("g2", 50.0, earlier_only=True)  # sooner: moved
    await store.set_timer("g1", None, earlier_only=True)  # never removes
    assert await store.due_timers(150.0) == ["g2", "g1"]
    await store.set_timer("g1", 400.0)  # exact
    await store.set_timer("g2", None)
    assert await store.due_timers(350.0) == []
    assert await store.due_timers(400.0, limit=5) == ["g1"]


async def test_the_chat_index_swaps_only_from_the_expected_game(store: GameStore) -> None:
    assert await store.chat_game(7) is None
    assert await store.swap_chat_game(7, None, "g1")
    assert not await store.swap_chat_game(7, None, "g2")
    assert not await store.swap_chat_game(7, "g0", "g2")
    assert await store.chat_game(7) == "g1"
    assert await store.swap_chat_game(7, "g1", None)
    assert await store.chat_game(7) is None


async def test_user_preferences_are_kept_per_user(store: GameStore) -> None:
    assert await store.user_prefs(5) == {}
    await store.set_user_pref(5, "lang", "uk")
    await store.set_user_pref(5, "auto", "1")
    assert await store.user_prefs(5) == {"lang": "uk", "auto": "1"}
    assert await store.user_prefs(6) == {}
    await store.set_user_pref(5, "auto", None)
    await store.set_user_pref(5, "never", None)
    assert await store.user_prefs(5) == {"lang": "uk"}


async def test_a_tap_reads_the_users_preferences_with_the_game(store: GameStore) -> None:
    await store.set_user_pref(5, "lang", "uk")
    await store.save_game("g1", 0, "data")
    read = await store.read_tap(5, "g1")
    assert (read.prefs, read.game_id, read.game) == ({"lang": "uk"}, "g1", Versioned(1, "data"))
    read = await store.read_tap(6, "g2")
    assert (read.prefs, read.game_id, read.game) == ({}, "g2", None)


async def test_group_settings_are_kept_per_group_apart_from_users(store: GameStore) -> None:
    assert await store.group_settings(-100) == {}
    await store.set_group_setting(-100, "scoring", "extended")
    await store.set_group_setting(-100, "timer", "5m")
    await store.set_group_setting(-100, "timer", None)
    assert await store.group_settings(-100) == {"scoring": "extended"}
    assert await store.group_settings(-200) == {}
    assert await store.user_prefs(-100) == {}


CHANGE = RatingChange(delta=12.5, deviation=290.0, volatility=0.06)


async def test_results_are_counted_once_per_mark_with_streaks_and_ratings(
    store: GameStore,
) -> None:
    won = Tally("people", "w", points_won=2, mars_given=1, opponent=9, rating=CHANGE)
    assert await store.count_result(1, "g1.1", won)
    assert not await store.count_result(1, "g1.1", won)
    assert await store.count_result(1, "g1.2", Tally("people", "w", points_won=1, opponent=9))
    koks = Tally("people", "l", points_lost=4, mars_taken=1, koks_taken=1, opponent=9)
    assert await store.count_result(1, "g2.1", koks)
    assert await store.count_result(1, "g3.1", Tally("people", "d", opponent=8))
    assert await store.count_result(1, "g4.1", Tally("easy", "w", points_won=1))
    stats = await store.player_stats(1)
    assert {k: v for k, v in stats.items() if k not in "rdv"} == {
        "people.g": "4",
        "people.w": "2",
        "people.l": "1",
        "people.pw": "3",
        "people.pl": "4",
        "people.mg": "1",
        "people.mt": "1",
        "people.kt": "1",
        "people.b": "2",
        "easy.g": "1",
        "easy.w": "1",
        "easy.pw": "1",
        "easy.s": "1",
        "easy.b": "1",
    }
    assert float(stats["r"]) == 1512.5 and float(stats["d"]) == 290.0
    assert await store.head_to_head(1, 9) == {"w": 2, "l": 1}
    assert await store.head_to_head(1, 8) == {"d": 1}
    assert await store.player_stats(2) == {} and await store.head_to_head(2, 1) == {}
    for n in range(RECENT_COUNTED):  # the oldest mark is forgotten only after this many
        await store.count_result(1, f"x{n}", Tally("easy", "l"))
    assert await store.count_result(1, "g1.1", Tally("easy", "l"))


async def test_leaderboards_rank_by_rating_and_follow_a_player_to_every_board(
    store: GameStore,
) -> None:
    await store.place(1, 1600.0, "-5")
    await store.place(2, 1700.0, "-5")
    await store.place(3, 1550.0, "-6")
    await store.place(1, 1450.0)  # a game elsewhere: board -5 follows
    assert await store.top("-5", 10) == [(2, 1700.0), (1, 1450.0)]
    assert await store.top(GLOBAL_BOARD, 2) == [(2, 1700.0), (3, 1550.0)]
    assert await store.standing(GLOBAL_BOARD, 1) == (3, 3)
    assert await store.standing("-6", 1) is None
    assert await store.top("-7", 10) == []
    await store.place(9, 1500.0)
    await store.place(10, 1500.0)
    assert await store.top(GLOBAL_BOARD, 5) == [
        (2, 1700.0),
        (3, 1550.0),
        (9, 1500.0),
        (10, 1500.0),
        (1, 1450.0),
    ]  # ties: "9" > "10" as text


async def test_a_ladder_keeps_its_own_rating_head_to_head_and_leaderboards(
    store: GameStore,
) -> None:
    """Short nardy's ladder beside long nardy's ("", as stored before): a rated game on one
    changes nothing on the other, and it is counted once like any."""
    await store.count_result(1, "long.1", Tally("people", "w", opponent=2, rating=CHANGE))
    short = Tally("short.people", "l", opponent=2, rating=CHANGE, ladder="short.")
    assert await store.count_result(1, "short.1", short)
    assert not await store.count_result(1, "short.1", short)
    stats = await store.player_stats(1)
    assert float(stats["r"]) == 1512.5 and float(stats["short.r"]) == 1512.5
    assert stats["short.d"] == "290.0000" and stats["short.people.l"] == "1"
    assert await store.head_to_head(1, 2) == {"w": 1}
    assert await store.head_to_head(1, 2, "short.") == {"l": 1}
    await store.place(1, 1600.0, "-5")
    await store.place(2, 1400.0, "-5", "short.")
    await store.place(1, 1700.0, None, "short.")  # short nardy elsewhere: not on -5's
    assert await store.top("-5", 10) == [(1, 1600.0)]
    assert await store.top("-5", 10, "short.") == [(2, 1400.0)]
    assert await store.top(GLOBAL_BOARD, 10, "short.") == [(1, 1700.0), (2, 1400.0)]
    assert await store.standing(GLOBAL_BOARD, 2, "short.") == (2, 2)
    assert await store.standing(GLOBAL_BOARD, 2) is None


async def test_records_are_listed_latest_first_once_each_for_every_player(
    store: GameStore,
) -> None:
    await store.save_record("g1.1", "record one", [1, 2])
    await store.save_record("g1.1", "record one", [1, 2])  # saved again: listed once
    assert await store.record("g1.1") == ("record one", [1, 2])
    assert await store.record("g9.1") is None
    for n in range(2, RECORDS_LISTED + 2):
        await store.save_record(f"g{n}.1", f"record {n}", [1])
    listed = await store.records(1)
    assert listed == [f"g{n}.1" for n in range(RECORDS_LISTED + 1, 1, -1)]  # g1.1 dropped
    assert await store.records(2) == ["g1.1"] and await store.records(3) == []


async def test_a_review_is_kept_with_its_record_and_never_without_it(store: GameStore) -> None:
    await store.save_review("g1.1", '{"turns": []}')  # no such record: nothing kept
    assert await store.review("g1.1") is None and await store.record("g1.1") is None
    await store.save_record("g1.1", "record one", [1, 2])
    assert await store.review("g1.1") is None
    await store.save_review("g1.1", '{"turns": []}')
    assert await store.review("g1.1") == '{"turns": []}'
    await store.save_record("g1.1", "record one", [1, 2])  # saved again: the review stays
    assert await store.review("g1.1") == '{"turns": []}'
    assert await store.record("g1.1") == ("record one", [1, 2])


async def test_running_games_are_noted_per_user(store: GameStore) -> None:
    await store.note_running(1, "g2", True)
    await store.note_running(1, "g1", True)
    await store.note_running(2, "g3", True)
    await store.note_running(1, "g2", False)
    assert await store.running_games(1) == ["g1"]
    assert await store.running_games(2) == ["g3"]


async def test_a_media_file_id_is_noted_for_every_reader(store: GameStore) -> None:
    assert await store.media_file_id("d1") is None
    await store.note_media("d1", "file-1")
    await store.note_media("d2", "file-2")
    await store.note_media("d1", "file-1")  # noted again: kept
    assert await store.media_file_id("d1") == "file-1"
    assert await store.media_file_id("d2") == "file-2"


async def test_a_picture_is_kept_as_its_bytes_for_its_time(store: GameStore) -> None:
    """Bytes that are no UTF-8 (a JPEG's) read back as they were; a picture's time is set when
    it is saved, again when saved again, and cut short by `expire_picture`."""
    jpeg = bytes(range(256)) * 300  # \xff\xd8..., some 77 KB as a board's JPEG
    assert await store.picture("k1") is None
    await store.save_picture("k1", jpeg, 3600)
    await store.save_picture("k2", b"\xff\xd8\xff\xe0other", 3600)
    await store.expire_picture("k3", 1)  # none kept: nothing made
    assert await store.picture("k1") == jpeg
    assert await store.picture("k2") == b"\xff\xd8\xff\xe0other"
    before = time.monotonic()
    await store.expire_picture("k1", 1)
    while await store.picture("k1") is not None:  # gone once its second is up
        assert time.monotonic() - before < 10, "the picture did not expire"
        await asyncio.sleep(0.05)
    assert await store.picture("k2") is not None
    assert await store.picture("k3") is None


async def test_the_memory_store_keeps_its_latest_pictures_only() -> None:
    store = MemoryStore()
    for n in range(PICTURES_KEPT):
        await store.save_picture(f"k{n}", b"%d" % n, 3600)
    await store.save_picture("k0", b"0", 3600)  # saved again: the newest now
    for n in range(PICTURES_KEPT, PICTURES_KEPT + 5):
        await store.save_picture(f"k{n}", b"%d" % n, 3600)
    kept = [n for n in range(PICTURES_KEPT + 5) if await store.picture(f"k{n}") is not None]
    assert kept == [0, *range(6, PICTURES_KEPT + 5)]


async def test_redis_keeps_a_picture_as_its_jpeg_for_its_ttl(redis_url: str) -> None:
    """Stored as the JPEG's bytes (not base64: a third bigger), with the time to live given."""
    store = RedisStore(redis_url)
    await store.save_picture("k1", b"\xff\xd8\xff" + bytes(1000), 3600)
    assert await store.client.strlen(picture_key("k1")) == 1003
    assert 3590 < await store.client.ttl(picture_key("k1")) <= 3600
    await store.expire_picture("k1", 180)
    assert 170 < await store.client.ttl(picture_key("k1")) <= 180
    await store.close()


async def test_redis_keys_carry_the_hash_tag_and_a_compact_value(redis_url: str) -> None:
    store = RedisStore(redis_url)
    await store.save_game("abc123", 0, "x" * 100)
    assert await store.client.strlen("nardy:game:{abc123}") == len("1:") + 100
    assert game_key("abc123") == "nardy:game:{abc123}"
    await store.close()


async def test_a_redis_restart_keeps_games_and_the_client_reconnects(
    redis_server: RedisServer, redis_url: str
) -> None:
    store = RedisStore(redis_url)
    await store.save_game("g1", 0, "kept")
    redis_server.restart()
    stored = await store.load_game("g1")
    assert stored is not None
    assert stored.data == "kept"
    await store.close()


async def test_every_store_answers_a_ping(store: GameStore) -> None:
    await store.ping()


async def test_cluster_mode_on_a_server_that_is_no_cluster_is_refused_at_once(
    redis_url: str,
) -> None:
    store = RedisStore(redis_url, "cluster")
    with pytest.raises(StoreRefused, match="Cluster mode is not enabled"):
        await store.ping()
    await store.close()


async def test_an_unreachable_redis_raises_store_unavailable() -> None:
    store = RedisStore(f"redis://127.0.0.1:{free_port()}/0")
    with pytest.raises(StoreUnavailable):
        await store.load_game("g1")
    with pytest.raises(StoreUnavailable):
        await store.save_game("g1", 0, "x")
    with pytest.raises(StoreUnavailable):
        await store.read_tap(5, "g1")
    await store.close()


async def test_a_redis_refusing_writes_for_want_of_memory_is_store_unavailable(
    redis_url: str,
) -> None:
    """An OOM refusal (maxmemory reached, noeviction) passes like an outage: the media chat
    then uploads its picture again instead of failing the edit; reads still work."""
    store = RedisStore(redis_url)
    await store.note_media("d1", "file-1")
    admin = redis.Redis.from_url(redis_url)
    admin.config_set("maxmemory", 1)
    try:
        with pytest.raises(StoreUnavailable, match="maxmemory"):
            await store.note_media("d2", "file-2")
        assert await store.media_file_id("d1") == "file-1"
    finally:
        admin.config_set("maxmemory", 0)
        admin.close()
        await store.close()


async def test_a_lease_is_held_by_one_holder_until_dropped_or_expired(store: GameStore) -> None:
    """Held, it is refused to others; its holder renews it and alone frees it; left, it
    expires. Only the leases meant to expire are short: the others outlive any slow round
    trip (a short one could run out between two requests on a busy machine)."""
    assert await store.take_lease("bg", "a", 0.3)
    assert await store.take_lease("bg", "a", 60)  # renewed by its holder, for longer
    await asyncio.sleep(0.4)  # past the first life: the renewal keeps it
    assert not await store.take_lease("bg", "b", 60)
    await store.drop_lease("bg", "b")  # not b's: kept
    assert not await store.take_lease("bg", "b", 60)
    await store.drop_lease("bg", "a")
    assert await store.take_lease("bg", "b", 0.3)
    await asyncio.sleep(0.4)  # expired: free for another
    assert await store.take_lease("bg", "a", 10)


async def test_a_claim_is_its_claimants_until_it_runs_out(store: GameStore) -> None:
    """The first claimant has it, and has it again (a retried change); another is told who
    holds it; once it runs out, or over a claim named stale, another may claim it. Each name
    is claimed apart."""
    assert await store.claim_change("g:5", "tap-a done", 0.3) is None
    assert await store.claim_change("g:5", "tap-a done", 60) is None  # again, for longer
    await asyncio.sleep(0.4)  # past the first life: the second claim keeps it
    assert await store.claim_change("g:5", "tap-b done", 60) == "tap-a done"
    assert await store.claim_change("g:6", "tap-b done", 0.3) is None
    await asyncio.sleep(0.4)
    assert await store.claim_change("g:6", "tap-c m13-7", 60) is None
    assert await store.claim_change("g:6", "tap-d done", 60, stale="tap-b done") == "tap-c m13-7"
    assert await store.claim_change("g:6", "tap-d done", 60, stale="tap-c m13-7") is None
    assert await store.claim_change("g:6", "tap-c m13-7", 60) == "tap-d done"


async def test_active_games_are_the_unfinished_ones(store: GameStore) -> None:
    await store.save_game("running", 0, "x", UNFINISHED_TTL)
    await store.save_game("over", 0, "x", FINISHED_TTL)
    await store.save_game("challenge", 0, "x", 24 * 3600)
    await store.set_user_pref(7, "lang", "en")
    assert await store.active_games() == 1


async def test_after_a_sentinel_failover_the_store_reads_and_writes_on_the_new_master(
    redis_sentinel: LocalSentinel,
) -> None:
    redis_sentinel.flush()
    store = RedisStore(
        redis_sentinel.url,
        "sentinel",
        redis_sentinel.sentinels,
        sentinel_password=redis_sentinel.password,
    )
    await store.save_game("g1", 0, "before")
    redis_sentinel.replicated()
    new = redis_sentinel.kill_master()
    try:
        stored = await store.load_game("g1")
    except StoreUnavailable:  # a connection to the old master: refused, nothing changed
        stored = await store.load_game("g1")  # the next asks Sentinel where the master is
    assert stored is not None and stored.data == "before"
    assert await store.save_game("g1", 1, "after") == 2
    with redis.Redis(port=new, password=LocalSentinel.MASTER_PASSWORD) as master:
        assert master.get(game_key("g1")) == b"2:after"
    await store.close()


async def test_sentinels_asking_for_a_password_find_no_master_for_a_store_without_it(
    redis_sentinel: LocalSentinel,
) -> None:
    store = RedisStore(redis_sentinel.url, "sentinel", redis_sentinel.sentinels)
    with pytest.raises(StoreUnavailable) as refused:
        await store.load_game("g1")
    assert str(refused.value) == f"No master found for '{LocalSentinel.MASTER}'"
    await store.close()


# -- how long each key lives (issue 36: no key pointing at something transient lives for ever)


async def test_a_pointer_lives_as_long_as_its_game_and_no_longer(store: GameStore) -> None:
    """A slot and a running-games entry pointing at a game are renewed by each save of it, so
    they are there while it is (here past the time the first save gave it), and go with it."""
    await store.swap_chat_game(8, None, "g1")  # claimed before the game's first save
    await store.save_game("g1", 0, "new", ttl=1)
    await store.swap_chat_game(9, None, "g1")
    await store.note_running(1, "g1", True)
    await store.save_game("g1", 1, "moved", ttl=2)
    saved = time.monotonic()
    await asyncio.sleep(1.3)  # past the first save's second: renewed by the second save
    assert await store.load_game("g1") is not None
    assert await store.chat_game(8) == "g1" and await store.chat_game(9) == "g1"
    assert await store.running_games(1) == ["g1"]
    while await store.load_game("g1") is not None:
        assert time.monotonic() - saved < 10, "the game did not expire"
        await asyncio.sleep(0.02)
    assert await store.chat_game(8) is None and await store.chat_game(9) is None
    assert await store.running_games(1) == []
    assert await store.swap_chat_game(8, None, "g2")  # free again


async def expires_with(store: RedisStore, game_id: str, *keys: str) -> int:
    """Check that each of `keys` expires with the game: never after it, and with at least
    `RENEW_UNDER` of the game's time left (a save renews them only below that). The game's
    PTTL."""
    client = store.client
    game = game_key(game_id)
    expires = await client.pexpiretime(game)
    assert expires > 0
    for key in keys:
        game_left = await client.pttl(game)
        key_left = await client.pttl(key)
        assert RENEW_UNDER * game_left - 1000 <= key_left <= game_left, (key, game_left, key_left)
        assert await client.pexpiretime(key) <= expires, key
    left: int = await client.pttl(game)
    return left


async def test_a_save_soon_after_another_renews_no_pointer(redis_url: str) -> None:
    """A tap's save, moments after the one before, leaves the game's pointers as they are
    (one round trip, not two); one that would leave them under `RENEW_UNDER` of the game's
    time renews them, and so does one that ends the game sooner."""
    store = RedisStore(redis_url)
    client = store.client
    try:
        await store.save_game("g1", 0, "challenge", UNFINISHED_TTL)
        await store.swap_chat_game(7, None, "g1")
        before = await client.pexpiretime(chat_key(7))
        await asyncio.sleep(0.01)
        await store.save_game("g1", 1, "a move", UNFINISHED_TTL)
        assert await client.pexpiretime(chat_key(7)) == before
        assert before < await client.pexpiretime(game_key("g1"))
        await client.pexpire(chat_key(7), UNFINISHED_TTL * 800)  # 8/10 of the game's time
        await client.pexpire(refs_key("g1"), UNFINISHED_TTL * 800)
        await store.save_game("g1", 2, "a move", UNFINISHED_TTL)
        assert await client.pexpiretime(chat_key(7)) == await client.pexpiretime(game_key("g1"))
        await store.save_game("g1", 3, "over", FINISHED_TTL)
        assert await client.pexpiretime(chat_key(7)) == await client.pexpiretime(game_key("g1"))
    finally:
        await store.close()


async def test_redis_pointers_expire_with_their_game_renewed_by_each_save(
    redis_store: RedisStore,
) -> None:
    """The slot claimed for a game and the players' running games expire at the moment the
    game does, moved by each save (longer while it runs, shorter once it is over); a slot
    pointing at another game follows that one; a set naming several games lives as long as the
    longest-lived."""
    client = redis_store.client
    slot, running, refs = chat_key(7), running_key(1), refs_key("g1")
    await redis_store.swap_chat_game(7, None, "g1")  # before the game is saved: kept that long
    assert UNFINISHED_TTL * 1000 - 5000 < await client.pttl(slot) <= UNFINISHED_TTL * 1000
    await redis_store.save_game("g1", 0, "challenge", 3600)
    await redis_store.note_running(1, "g1", True)
    assert 3590_000 < await expires_with(redis_store, "g1", slot, running, refs) <= 3600_000
    await redis_store.save_game("g1", 1, "a move", UNFINISHED_TTL)
    left = await expires_with(redis_store, "g1", slot, running, refs)
    assert left > UNFINISHED_TTL * 1000 - 5000
    await redis_store.save_game("g1", 2, "over", FINISHED_TTL)  # shorter: so are they
    left = await expires_with(redis_store, "g1", slot, running, refs)
    assert FINISHED_TTL * 1000 - 5000 < left <= FINISHED_TTL * 1000

    await redis_store.save_game("g2", 0, "another", 3600)
    assert await redis_store.swap_chat_game(7, "g1", "g2")
    await redis_store.save_game("g1", 3, "counted", FINISHED_TTL)
    await expires_with(redis_store, "g2", slot)  # not g1's any more

    await redis_store.note_running(1, "g2", True)  # g1 lives longer: the set as long
    await expires_with(redis_store, "g1", running)
    await redis_store.save_game("g2", 1, "a move", UNFINISHED_TTL)  # now g2 does
    await expires_with(redis_store, "g2", running)
    await redis_store.note_running(1, "g1", False)
    await expires_with(redis_store, "g2", running)

    await redis_store.save_game("kept", 0, "no ttl")  # a game kept for good: so its slot
    await redis_store.swap_chat_game(10, None, "kept")
    assert await client.pttl(chat_key(10)) == -1


async def test_redis_counted_marks_expire_after_the_last_count(redis_url: str) -> None:
    store = RedisStore(redis_url)
    key = counted_key(1)
    assert await store.count_result(1, "g1.1", Tally("easy", "w"))
    assert UNFINISHED_TTL * 1000 - 5000 < await store.client.pttl(key) <= UNFINISHED_TTL * 1000
    await store.client.pexpire(key, 60_000)
    assert not await store.count_result(1, "g1.1", Tally("easy", "w"))  # nothing counted
    assert await store.client.pttl(key) <= 60_000
    assert await store.count_result(1, "g2.1", Tally("easy", "w"))  # renewed by a count
    assert await store.client.pttl(key) > UNFINISHED_TTL * 1000 - 5000
    await store.close()


# Keys kept for good: the timer index (a stale entry goes when served), a person's
# preferences, a group's settings, and a player's permanent record (statistics, head to head,
# the leaderboards and those they are on).
PERMANENT = ("nardy:timers", "nardy:user:", "nardy:group:", "nardy:stats:", "nardy:vs:")
PERMANENT_BOARDS = ("nardy:boards:", "nardy:top:")


async def test_every_redis_key_but_the_permanent_ones_has_a_ttl(redis_url: str) -> None:
    """After every kind of write the store makes, each key has a time to live but for those
    kept for good by design; a running-games set from before this had none gets one."""
    store = RedisStore(redis_url)
    client = store.client
    await client.sadd(running_key(3), "old")  # written before pointers expired
    await store.swap_chat_game(7, None, "g1")
    await store.save_game("g1", 0, "x", UNFINISHED_TTL)
    await store.swap_chat_game(8, None, "never-saved")
    for user in (1, 2, 3):
        await store.note_running(user, "g1", True)
    await store.note_running(4, "never-saved", True)
    await store.set_timer("g1", 100.0)
    await store.set_user_pref(1, "lang", "uk")
    await store.set_group_setting(-100, "timer", "5m")
    change = RatingChange(delta=1.0, deviation=200.0, volatility=0.06)
    await store.count_result(1, "g1.1", Tally("people", "w", opponent=2, rating=change))
    await store.place(1, 1501.0, "-100")
    await store.save_record("g1.1", "record", [1, 2])
    await store.note_media("d1", "file-1")
    assert await store.take_lease("bg", "a", 60)
    keys = sorted([key async for key in client.scan_iter(match="nardy:*")])
    written = {key.split(":")[1] for key in keys}
    assert written == {
        *("game", "chat", "games", "refs", "timers", "user", "group", "stats", "counted"),
        *("vs", "boards", "top", "record", "records", "media", "lease"),
    }
    for key in keys:
        kept_for_good = key.startswith(PERMANENT + PERMANENT_BOARDS)
        assert (await client.pttl(key) == -1) == kept_for_good, key
    await store.close()
