"""Pacing a group's messages to Telegram's limit (`bot.pacing`): a slot every interval shared
by all workers (GCRA in the store: Redis and memory alike), a burst after a quiet spell, no
reservation past the longest wait asked for; and through the bot's session, a burst of edits
to a group that meets the fake's limit without a single 429, where unpaced it would not."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import suppress

import pytest
from aiogram import Bot
from aiogram.exceptions import TelegramRetryAfter

from bot.pacing import Budget, PaceMessages, Pacer
from bot.storage import GameStore, MemoryStore, RedisStore
from testkit.fakes.session import FakeSession
from testkit.fakes.telegram import FakeTelegram, Limit
from tests.bot.conftest import TOKEN

GROUP_ID = -100500
GROUP = {"id": GROUP_ID, "type": "supergroup", "title": "Friends"}


@pytest.fixture(params=["redis", "memory"])
async def stores(request: pytest.FixtureRequest) -> AsyncIterator[list[GameStore]]:
    """Two workers' stores: two clients of one Redis, or the one memory store twice."""
    if request.param == "memory":
        memory = MemoryStore()
        yield [memory, memory]
        return
    url = request.getfixturevalue("redis_url")
    clients: list[GameStore] = [RedisStore(url), RedisStore(url)]
    yield clients
    for client in clients:
        await client.close()


async def test_a_burst_then_one_slot_an_interval_for_all_workers(stores: list[GameStore]) -> None:
    first, second = stores
    waits = [await (first, second)[n % 2].reserve_slot("chat:1", 1.0, 3, None) for n in range(6)]
    assert waits[:3] == [0.0, 0.0, 0.0]
    for n, wait in enumerate(waits[3:], start=1):  # each a second after the one before
        assert wait == pytest.approx(n, abs=0.2)
    assert await first.reserve_slot("chat:2", 1.0, 3, None) == 0.0  # another chat: its own


async def test_no_slot_is_reserved_past_the_longest_wait(stores: list[GameStore]) -> None:
    store = stores[0]
    for _ in range(3):
        assert await store.reserve_slot("chat:1", 2.0, 3, 1.0) == 0.0
    assert await store.reserve_slot("chat:1", 2.0, 3, 1.0) is None  # 2 s away
    assert await store.reserve_slot("chat:1", 2.0, 3, 1.0) is None  # still: nothing reserved
    wait = await store.reserve_slot("chat:1", 2.0, 3, None)
    assert wait == pytest.approx(2.0, abs=0.2)


async def test_two_workers_never_pass_the_limit_in_any_window(redis_url: str) -> None:
    """Forty messages to one group from two workers at once, on a budget of 20 a second:
    those let through, by the time each was let through, never number more than 20 in any
    second (the first three at once, then one every 1/16 s)."""
    budget = Budget(20, 1.0)
    stores = [RedisStore(redis_url), RedisStore(redis_url)]
    pacers = [Pacer(store, budget) for store in stores]
    times: list[float] = []

    async def message(pacer: Pacer) -> None:
        await pacer.wait(-1)
        times.append(time.monotonic())

    try:
        await asyncio.gather(*(message(pacers[n % 2]) for n in range(40)))
    finally:
        for store in stores:
            await store.close()
    times.sort()
    assert max(sum(1 for t in times if start <= t < start + 1.0) for start in times) <= 20
    assert times[-1] - times[0] == pytest.approx((40 - 3) / 16, abs=0.3)


async def test_a_private_chat_is_not_paced() -> None:
    pacer = Pacer(MemoryStore(), Budget(5, 10.0))
    began = time.monotonic()
    assert all([await pacer.wait(42) for _ in range(20)])
    assert time.monotonic() - began < 0.5


@pytest.mark.parametrize("paced", [True, False])
async def test_edits_to_a_group_meet_its_limit_when_paced(paced: bool) -> None:
    """A burst of 30 messages to one group whose limit is 20 per 2 s: paced, none is refused
    (and they take about (30 - 3) / 8 s: a slot every 2 / 16 s after a burst of three, one
    kept spare for a late request); unpaced, Telegram refuses some."""
    telegram = FakeTelegram(group_limit=Limit(20, 2.0))
    telegram.add_chat(GROUP)
    session = FakeSession(telegram)
    if paced:
        session.middleware(PaceMessages(Pacer(MemoryStore(), Budget(20, 2.0))))
    bot = Bot(TOKEN, session=session)
    board = await bot.send_message(GROUP_ID, "board")
    began = time.monotonic()
    for n in range(29):
        with suppress(TelegramRetryAfter):
            await bot.edit_message_text(f"edit {n}", chat_id=GROUP_ID, message_id=board.message_id)
    statuses = {c.status for c in telegram.calls}
    if paced:
        assert statuses == {200}
        assert time.monotonic() - began == pytest.approx(27 / 8, abs=0.5)
    else:
        assert 429 in statuses
