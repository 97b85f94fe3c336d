"""Background work tied to a block of code: a task started on entering it, cancelled and
awaited on leaving it (the heartbeat, the turn timers, "choosing…" while the bot thinks), and
a guard that keeps a cancellation from being lost on the way."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Coroutine, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from typing import Any


@asynccontextmanager
async def running(work: Coroutine[Any, Any, None]) -> AsyncIterator[None]:
    """`work` runs as a task while the body runs, cancelled after it. A cancellation of the
    task leaving the block while it waits for `work` to end is passed on, not taken for
    `work`'s own and dropped."""
    task = asyncio.create_task(work)
    try:
        yield
    finally:
        task.cancel()
        with kept_cancellation(), suppress(asyncio.CancelledError):
            await task


@contextmanager
def kept_cancellation() -> Iterator[None]:
    """Raise `CancelledError` after a body that returned although its task was cancelled
    meanwhile: Python 3.11's `asyncio.wait_for` (redis-py awaits every write with it) drops a
    cancellation that comes as the awaited call completes (CPython gh-86296), and the
    cancelled task would run on, a worker's background tasks never stopping."""
    task = asyncio.current_task()
    before = 0 if task is None else task.cancelling()
    yield
    if task is not None and task.cancelling() > before:
        raise asyncio.CancelledError
