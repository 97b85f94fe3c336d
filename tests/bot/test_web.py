"""`/healthz`'s verdict: the worker stopping, an event loop that lags (measured by its probe), a
Redis that does not answer; healthy otherwise. The server closes a connection that sends no
whole request in time."""

from __future__ import annotations

import asyncio
import time

from bot.runtime.web import HEADER_TIMEOUT, LAG_LIMIT, Health, LoopLag, make_app, serving
from bot.storage import MemoryStore, RedisStore
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
