"""One worker at a time runs the background tasks (the turn timers, the census of active games):
whoever holds a lease in the store (Redis: `SET NX PX`, renewed while held) runs them; when it
stops, it frees the lease, and when it dies the lease expires, so another worker takes over
within `ttl` plus one `every`.

A renewal that fails or takes longer than `timeout` (`every` unless given; the store down, slow
or refusing) stops the tasks at once: they must not run on where the lease may have passed to
another worker, so a renewal's wait ends before the lease it renews could have expired. Their
own changes are compare-and-sets besides, so even two at once would not serve a timer twice.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Callable, Coroutine
from contextlib import AsyncExitStack, suppress
from typing import Any

from bot.metrics import LEASE_HELD
from bot.storage import LeasesStore, StoreUnavailable
from bot.tasks import running

log = logging.getLogger(__name__)

NAME = "background"
TTL = 15.0  # seconds a lease lasts unless renewed
EVERY = 5.0  # seconds between renewals, and between tries to take it while another holds it

Work = Callable[[], Coroutine[Any, Any, None]]


class Lease:
    """The lease `name` in `store`, held by this worker as `holder` (host, pid and a random
    part: unique per process)."""

    def __init__(
        self,
        store: LeasesStore,
        name: str = NAME,
        ttl: float = TTL,
        every: float = EVERY,
        timeout: float | None = None,
    ) -> None:
        self._timeout = every if timeout is None else timeout
        assert every + self._timeout < ttl, "a lease must be renewed before it expires"
        self._store = store
        self._name = name
        self._ttl = ttl
        self._every = every
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

    async def run(self, *work: Work) -> None:
        """Until cancelled: take the lease when it is free, run each of `work` as a task while
        it is held, stop them when it is lost; free it at the end."""
        try:
            while True:
                if await self._take():
                    log.info("took the lease %r: this worker runs the background tasks", self._name)
                    await self._while_held(work)
                    log.warning("lost the lease %r: background tasks stopped", self._name)
                await asyncio.sleep(self._every)
        finally:
            await self._drop()

    async def _while_held(self, work: tuple[Work, ...]) -> None:
        """Run `work` and renew the lease every `every` seconds; return once a renewal fails."""
        async with AsyncExitStack() as tasks:
            for each in work:
                await tasks.enter_async_context(running(each()))
            LEASE_HELD.set(1)
            try:
                while True:
                    await asyncio.sleep(self._every)
                    if not await self._take():
                        return
            finally:
                LEASE_HELD.set(0)

    async def _take(self) -> bool:
        """Take or renew the lease; False when another holds it or the store does not answer
        within `timeout` seconds."""
        try:
            async with asyncio.timeout(self._timeout):
                return await self._store.take_lease(self._name, self.holder, self._ttl)
        except TimeoutError:
            log.warning("cannot take or renew the lease %r (timed out)", self._name)
            return False
        except Exception as exc:  # down, or refusing (READONLY, OOM…): tried again later
            why = exc if isinstance(exc, StoreUnavailable) else f"{type(exc).__name__}: {exc}"
            log.warning("cannot take or renew the lease %r (%s)", self._name, why)
            return False

    async def _drop(self) -> None:
        """Free the lease if held, so another worker need not wait for it to expire."""
        with suppress(Exception):  # it expires anyway
            async with asyncio.timeout(self._timeout):
                await self._store.drop_lease(self._name, self.holder)
