"""What a tap costs Redis, as the real server sees it: the commands clients send (`MONITOR`, the
commands of Lua scripts left out) and the round trips they take (the server's reads: a
pipeline's commands arrive in one). A tap on a private board reads the player's preferences
and the game in one round trip, saves a change in one, and reads the game once more after the
edit (another worker may have saved a later state meanwhile)."""

from __future__ import annotations

import os
from collections.abc import Awaitable

import pytest
from redis.asyncio import Redis

from testkit.harness import Chat, is_checker

pytestmark = pytest.mark.skipif(
    os.environ.get("NARDY_TEST_REDIS") == "cluster", reason="watches one server"
)

END = "ECHO counted"  # the watcher's own last command


async def reads(redis: Redis) -> int:
    """How many reads from clients the server has made so far, this question's included."""
    stats = await redis.info("stats")
    return int(stats["total_reads_processed"])


async def sent_by_clients(redis: Redis, tap: Awaitable[None]) -> tuple[list[str], int]:
    """The names of the commands clients send Redis while `tap` runs, in order, and the round
    trips they take."""
    seen: list[str] = []
    async with redis.monitor() as watching:
        await redis.ping()  # the monitor is on once it sees this
        while (await watching.next_command())["command"] != "PING":
            pass
        before = await reads(redis)
        await tap
        trips = await reads(redis) - before - 1  # the second question is a read too
        await redis.echo("counted")
        while (command := await watching.next_command())["command"] != END:
            name = command["command"].split()[0].upper()
            if command["client_type"] != "lua" and name != "INFO":
                seen.append(name)
    return seen, trips


async def test_a_tap_reads_the_players_preferences_with_the_game(
    chat: Chat, redis_url: str
) -> None:
    await chat.start_game("Easy")
    redis = Redis.from_url(redis_url)
    try:
        # The preferences and the game in one round trip, then the tapper's rate (EVALSHA:
        # `bot.handlers.throttle`), the board's edit's slot of Telegram's overall limit
        # (EVALSHA: `bot.pacing`), then whether the game changed meanwhile (GET); a step saves
        # the game's change first (EVALSHA).
        selection = chat.press(chat.board, is_checker)  # nothing saved
        expected = ["HGETALL", "GET", "EVALSHA", "EVALSHA", "GET"]
        assert await sent_by_clients(redis, selection) == (expected, 4)
        step = chat.press(chat.board, lambda text: "→" in text)  # saved
        assert await sent_by_clients(redis, step) == ([*expected[:3], *expected[2:]], 5)
    finally:
        await redis.aclose()
