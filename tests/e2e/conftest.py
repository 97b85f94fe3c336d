"""Fixtures of the end-to-end tests: a fake Telegram and its Bot API server on a port of its own,
and the bot started as a process."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from testkit.fakes.telegram import FakeTelegram
from tests.e2e.helpers import FakeBotApi
from tests.e2e.test_start_up import TOKEN, BotProcess, StartBot


@pytest.fixture
def telegram() -> FakeTelegram:
    """Telegram with its flood limits but a private chat's (about one message a second): the
    players here tap as soon as their board answers, far beyond a person."""
    return FakeTelegram(private_limit=None)


@pytest.fixture
async def bot_api(telegram: FakeTelegram) -> AsyncIterator[FakeBotApi]:
    server = FakeBotApi(telegram)
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def start_bot(tmp_path: Path) -> AsyncIterator[StartBot]:
    """Start the bot (keyword arguments are its settings); whatever still runs is killed after."""
    started: list[BotProcess] = []

    async def start(**settings: str) -> BotProcess:
        bot = await BotProcess.start(tmp_path, BOT_TOKEN=TOKEN, **settings)
        started.append(bot)
        return bot

    yield start
    for bot in started:
        bot.kill()
        await bot.process.wait()
