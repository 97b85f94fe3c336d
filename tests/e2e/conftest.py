"""Fixtures of the end-to-end tests: a fake Telegram and its Bot API server on a port of its own."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.e2e.helpers import FakeBotApi
from tests.fakes.telegram import FakeTelegram


@pytest.fixture
def telegram() -> FakeTelegram:
    return FakeTelegram()


@pytest.fixture
async def bot_api(telegram: FakeTelegram) -> AsyncIterator[FakeBotApi]:
    server = FakeBotApi(telegram)
    await server.start()
    yield server
    await server.stop()
