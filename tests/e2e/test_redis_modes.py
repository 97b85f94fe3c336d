"""The bot process on a Redis Cluster (`REDIS_MODE=cluster`): a webhook worker started, a board
opened and tapped, /healthz ok, a clean stop; and cluster mode pointed at a server that is no
cluster stops start-up at once with one line. (Sentinel: the store's tests, a failover too.)"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import pytest

from bot.app import run
from bot.runtime.config import Settings
from bot.runtime.startup import StartupFailed
from testkit.fakes.telegram import FakeTelegram
from testkit.redis_server import free_port
from tests.e2e.helpers import FakeBotApi
from tests.e2e.test_bot_process import ENGLISH, board, open_a_board, tap
from tests.e2e.test_start_up import StartBot, settings_from
from tests.e2e.test_webhook import get, start, stop, webhook_mode

__all__ = ["settings_from", "start"]  # fixtures of other modules, used here

TAPPED = r"update=\d+ type=callback_query game=[\w-]+ outcome=ok ms=[\d.]+"


async def test_a_worker_plays_on_a_redis_cluster(
    telegram: FakeTelegram, redis_cluster_url: str, start: StartBot
) -> None:
    port = free_port()
    bot = await start(**webhook_mode(redis_cluster_url, port), REDIS_MODE="cluster")
    await bot.until_line("taking updates at")
    await open_a_board(telegram, ENGLISH)
    await tap(telegram, ENGLISH, board(telegram, ENGLISH), str.isdigit)  # a checker
    await bot.until(lambda: re.search(TAPPED, bot.output), "the board tap's line")
    assert await get(f"http://127.0.0.1:{port}/healthz") == (200, "ok")
    assert telegram.schema_problems == []
    await stop(bot)


async def test_cluster_mode_on_a_server_that_is_no_cluster_stops_at_once(
    bot_api: FakeBotApi, redis_url: str, settings_from: Callable[..., Settings]
) -> None:
    settings = settings_from(
        TELEGRAM_API_URL=bot_api.url, REDIS_URL=redis_url, REDIS_MODE="cluster"
    )
    port = redis_url.split(":")[2].split("/")[0]
    with pytest.raises(StartupFailed) as failed:
        await asyncio.wait_for(run(settings), 30)
    assert str(failed.value) == (
        f"Redis Cluster node at 127.0.0.1:{port} refused the bot (Cluster mode is not enabled"
        " on this node); check that REDIS_URL is a node of a Redis Cluster"
        " (REDIS_MODE=cluster), and its password"
    )
