"""`/healthz`'s verdict: the worker stopping, an event loop that lags (measured by its probe), a
Redis that does not answer; healthy otherwise."""

from __future__ import annotations

import asyncio
import time

from bot.runtime.web import LAG_LIMIT, Health, LoopLag
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
