"""Fixtures for handler tests: a real Redis store, the real bot player pool, a fake Telegram."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Iterator

import pytest
from aiogram import Bot
from aiogram.client.telegram import TelegramAPIServer
from aiohttp import web

from bot.service import GameService, PoolBotPlayer
from bot.storage import RedisStore
from bot.telegram_session import TelegramSession
from nardy.dice import SeededDice
from testkit.fakes.server import make_app
from testkit.fakes.session import FakeSession
from testkit.fakes.telegram import FakeTelegram, Limit
from testkit.harness import Chat, make_chat
from testkit.redis_server import free_port

TOKEN = "123456:FAKE-TOKEN-FAKE-TOKEN-FAKE-TOKEN-000"


@pytest.fixture(autouse=True)
def no_unexpected_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """The dispatcher turns a handler's exception into a "try again" answer and an ERROR log
    record; any such record fails the test (a test that expects one clears `caplog`)."""
    yield
    failures = [
        r
        for r in caplog.get_records("call")  # `caplog.records` would be the teardown's, none
        if r.name == "bot.handlers.errors" and r.levelno >= logging.ERROR
    ]
    assert failures == [], [record.getMessage() for record in failures]


@pytest.fixture(scope="session")
def bot_player() -> Iterator[PoolBotPlayer]:
    player = PoolBotPlayer(workers=1)
    yield player
    player.close()


@pytest.fixture
async def store(request: pytest.FixtureRequest) -> AsyncIterator[RedisStore]:
    """A real Redis: one server, or with `NARDY_TEST_REDIS=cluster` in the environment a local
    three-master Redis Cluster, to run the handler tests on one (tests that restart or stop
    the server itself fail then)."""
    if os.environ.get("NARDY_TEST_REDIS") == "cluster":
        backend = RedisStore(request.getfixturevalue("redis_cluster_url"), "cluster")
    else:
        backend = RedisStore(request.getfixturevalue("redis_url"))
    yield backend
    await backend.close()


@pytest.fixture
def service(store: RedisStore, bot_player: PoolBotPlayer) -> GameService:
    return GameService(store, bot_player, dice=SeededDice(7))


@pytest.fixture
def telegram() -> FakeTelegram:
    """Telegram with its flood limits on time run 120 times as fast: these tests tap at
    machine speed, far beyond a person. A group's 20 messages come per half a second (the
    bot's `harness.GROUP_LIMIT` too), 30 in all per 1/120 s; a private chat's (about one a
    second) is off, and it and the real scale have tests of their own."""
    return FakeTelegram(
        private_limit=None, group_limit=Limit(20, 0.5), overall_limit=Limit(30, 1 / 120)
    )


@pytest.fixture
def chat(telegram: FakeTelegram, store: RedisStore, service: GameService) -> Chat:
    return make_chat(telegram, store, service)


@pytest.fixture(params=["session", "server"])
async def api_bot(request: pytest.FixtureRequest, telegram: FakeTelegram) -> AsyncIterator[Bot]:
    """An aiogram Bot reaching `telegram` by either way the bot's requests take: the
    in-process session, or the bot's own session over HTTP to the fake Bot API server."""
    if request.param == "session":
        yield Bot(TOKEN, session=FakeSession(telegram))
        return
    runner = web.AppRunner(make_app(telegram), shutdown_timeout=0.1)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    session = TelegramSession(api=TelegramAPIServer.from_base(f"http://127.0.0.1:{port}"))
    yield Bot(TOKEN, session=session)
    await session.close()
    await runner.cleanup()
