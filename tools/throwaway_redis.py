"""A Redis store on a redis-server of its own, for the tools that measure with a real one."""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

from bot.storage import RedisStore
from testkit.redis_server import RedisServer


@asynccontextmanager
async def throwaway_store() -> AsyncIterator[RedisStore]:
    """A `RedisStore` on a fresh redis-server in a temporary folder; the client is closed and
    the server stopped (its folder removed) however the run ends."""
    with tempfile.TemporaryDirectory() as folder:
        async with AsyncExitStack() as stack:
            server = RedisServer(Path(folder))
            stack.callback(server.stop)
            server.start()
            store = RedisStore(server.url)
            stack.push_async_callback(store.close)
            yield store
