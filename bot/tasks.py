"""Background work tied to a block of code: a task started on entering it, cancelled and
awaited on leaving it (the heartbeat, the turn timers, "choosing…" while the bot thinks)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager, suppress
from typing import Any


@asynccontextmanager
async def running(work: Coroutine[Any, Any, None]) -> AsyncIterator[None]:
    """`work` runs as a task while the body runs, cancelled after it."""
    task = asyncio.create_task(work)
    try:
        yield
    finally:
        task.cancel()
        with suppress(asyncio.CancelledError):
            await task
