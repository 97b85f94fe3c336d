"""What a tap costs Redis, as the real server sees it (`MONITOR`, the commands of Lua scripts
left out: one script is one round trip): a tap on a private board reads the player's
preferences once and the game once, saves a change once, and reads the game once more after
the edit (another worker may have saved a later state meanwhile)."""

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


async def sent_by_clients(redis: Redis, tap: Awaitable[None]) -> list[str]:
    """The names of the commands clients send Redis while `tap` runs, in order."""
    seen: list[str] = []
    async with redis.monitor() as watching:
        await redis.ping()  # the monitor is on once it sees this
        while (await watching.next_command())["command"] != "PING":
            pass
        await tap
        await redis.echo("counted")
        while (command := await watching.next_command())["command"] != END:
            if command["client_type"] != "lua":
                seen.append(command["command"].split()[0].upper())
    return seen


async def test_a_tap_reads_the_players_preferences_once(chat: Chat, redis_url: str) -> None:
    await chat.start_game("Easy")
    redis = Redis.from_url(redis_url)
    try:
        selection = chat.press(chat.board, is_checker)  # nothing saved
        assert await sent_by_clients(redis, selection) == ["HGETALL", "GET", "GET"]
        step = chat.press(chat.board, lambda text: "→" in text)  # saved
        assert await sent_by_clients(redis, step) == ["HGETALL", "GET", "EVALSHA", "GET"]
    finally:
        await redis.aclose()
