"""`/healthz`'s verdict: the worker stopping, an event loop that lags (measured by its probe), a
Redis that does not answer; healthy otherwise. The server closes a connection that sends no
whole request in time. The webhook answers a body that is no `Update` 400, with one line."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator

import pytest
from aiogram import Bot, Dispatcher
from aiohttp import ClientSession

from bot.runtime.web import (
    HEADER_TIMEOUT,
    LAG_LIMIT,
    Health,
    LoopLag,
    WebhookHandler,
    make_app,
    serving,
)
from bot.storage import MemoryStore, RedisStore
from testkit.fakes.session import FakeSession
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import TOKEN
from testkit.redis_server import free_port


async def on_time(lag: LoopLag) -> None:
    """Until a probe wakes on time: one that a busy machine held up reads late for a while."""
    deadline = time.monotonic() + 10
    while lag.lag >= 0.1:
        assert time.monotonic() < deadline, f"the probe still reads {lag.lag:.2f} s late"
        await asyncio.sleep(0.01)


async def test_a_blocked_event_loop_shows_as_lag() -> None:
    """The probe that overslept reports by how much; the next one on time clears it (the
    verdict is about the loop now)."""
    lag = LoopLag()
    probe = asyncio.create_task(lag.run(every=0.01))
    try:
        await asyncio.sleep(0.05)
        await on_time(lag)
        time.sleep(0.3)  # a CPU-bound call on the loop
        seen = []
        for _ in range(5):  # the probe wakes on one of the next turns of the loop
            await asyncio.sleep(0)
            seen.append(lag.lag)
        assert max(seen) >= 0.25, seen
        await on_time(lag)
    finally:
        probe.cancel()


async def test_healthy_unless_stopping_lagging_or_without_redis() -> None:
    lag = LoopLag()
    health = Health(MemoryStore(), lag)
    assert await health.problem() is None
    lag.lag = LAG_LIMIT + 0.5
    assert await health.problem() == f"event loop lagging {LAG_LIMIT + 0.5:.1f} s"
    lag.lag = 0.0
    health.stopping = True
    assert await health.problem() == "stopping"

    store = RedisStore(f"redis://127.0.0.1:{free_port()}/0")  # nothing listens there
    try:
        problem = await Health(store, lag).problem()
    finally:
        await store.close()
    assert problem is not None and problem.startswith("Redis unavailable: "), problem


HALF = b"GET /healthz HTTP/1.1\r\nHost: bot\r\nAccept:"  # half a request's headers
WHOLE = b"GET /healthz HTTP/1.1\r\nHost: bot\r\n\r\n"
# A request whose body never comes whole (no handler reads it: 405, then the rest drained).
SLOW_BODY = b"POST /healthz HTTP/1.1\r\nHost: bot\r\nContent-Length: 1000\r\n\r\nab"


async def closed_after(port: int, sent: bytes) -> float:
    """Seconds until the server closes a connection on which the client sent `sent` and then
    nothing; fails when it is still open two seconds after HEADER_TIMEOUT."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    began = time.monotonic()
    writer.write(sent)
    try:
        async with asyncio.timeout(HEADER_TIMEOUT + 2):
            while await reader.read(4096):  # the answer to a whole request, then the end
                pass
    except TimeoutError:
        raise AssertionError(f"still open after {HEADER_TIMEOUT + 2:g} s: {sent!r}") from None
    finally:
        writer.close()
    return time.monotonic() - began


async def test_a_connection_without_a_whole_request_is_closed_in_time() -> None:
    """Fifty slow clients (sending nothing, half a request's headers, a request and then half
    of the next, or a request whose body stops short) are each closed once HEADER_TIMEOUT
    passes, not kept open."""
    port = free_port()
    app = make_app(Health(MemoryStore(), LoopLag()))
    async with serving(app, "127.0.0.1", port, "LISTEN_PORT"):
        sent = [b""] * 20 + [HALF] * 20 + [WHOLE + HALF] * 5 + [SLOW_BODY] * 5
        waits = await asyncio.gather(*(closed_after(port, each) for each in sent))
    assert HEADER_TIMEOUT <= 10
    assert min(waits) > HEADER_TIMEOUT - 0.5, waits


SECRET = {"X-Telegram-Bot-Api-Secret-Token": "web-secret-0123456789"}
ANN = {"id": 501, "is_bot": False, "first_name": "Ann", "language_code": "en"}


@pytest.fixture
async def webhook(telegram: FakeTelegram) -> AsyncIterator[str]:
    """A worker's webhook, served on a port of its own to an empty dispatcher; its URL."""
    bot = Bot(TOKEN, session=FakeSession(telegram))
    secret = SECRET["X-Telegram-Bot-Api-Secret-Token"]
    handler = WebhookHandler(Dispatcher(), bot, secret)
    app = make_app(Health(MemoryStore(), LoopLag()), ("/telegram", handler))
    port = free_port()
    async with serving(app, "127.0.0.1", port, "LISTEN_PORT"):
        yield f"http://127.0.0.1:{port}/telegram"


DEEP = b"[" * 100_000 + b"]" * 100_000
# Each body Telegram would never send, and the reason its line gives.
NOT_UPDATES = {
    "malformed JSON": (
        b'{"update_id": 1,',
        "not JSON (Expecting property name enclosed in double quotes: line 1 column 17 (char 16))",
    ),
    "a JSON array": (b'[{"update_id": 1}]', "JSON, but not an object"),
    "an object that is no Update": (
        b'{"message": {"text": "hi"}}',
        "not an Update (4 errors, the first missing at 'update_id')",
    ),
    "a wrong type": (
        b'{"update_id": "one", "message": "hi"}',
        "not an Update (2 errors, the first int_parsing at 'update_id')",
    ),
    "deeply nested JSON": (b'{"update_id": 1, "x": ' + DEEP + b"}", "JSON nested too deeply"),
}


@pytest.mark.parametrize("body, reason", NOT_UPDATES.values(), ids=NOT_UPDATES)
async def test_a_body_that_is_no_update_is_refused_with_one_line(
    telegram: FakeTelegram,
    webhook: str,
    body: bytes,
    reason: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """With the right secret, a body that is no `Update` is answered 400 with one warning
    line and no traceback (it was a 500 with one), and the webhook goes on serving."""
    caplog.set_level(logging.INFO)
    json = {"Content-Type": "application/json"}
    async with ClientSession() as session:
        async with session.post(webhook, data=body, headers=SECRET | json) as answer:
            assert answer.status == 400
        update = telegram.text_update(ANN, "/start")
        async with session.post(webhook, json=update, headers=SECRET) as answer:
            assert answer.status == 200
    warned = [r for r in caplog.records if r.levelno > logging.INFO]
    lines = [(r.levelname, r.name, r.getMessage()) for r in warned]
    assert lines == [
        ("WARNING", "bot.runtime.web", f"refused a webhook request (400): {reason}")
    ], lines
    assert not any(r.exc_info for r in caplog.records)
