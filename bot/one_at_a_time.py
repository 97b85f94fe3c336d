"""Work that each person may have running only once at a time in a process: a second ask while
the first runs is told so, rather than queued behind it (a game's review, its replay)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class StillRunning(Exception):
    """The person's last piece of this work is still being made."""


class OneAtATime:
    """Holds each person's turn at one kind of work in this process (another worker of the bot
    keeps its own turns)."""

    def __init__(self) -> None:
        self._running: set[int] = set()

    @asynccontextmanager
    async def turn(self, person: int) -> AsyncIterator[None]:
        """`person`'s turn for the body; `StillRunning` while their last one runs."""
        if person in self._running:
            raise StillRunning
        self._running.add(person)
        try:
            yield
        finally:
            self._running.discard(person)
