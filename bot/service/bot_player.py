"""The bot's moves, computed in worker processes so a search never blocks the event loop."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import secrets
import signal
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Protocol, TypeVar

from bot.metrics import AI_SECONDS
from nardy import Position, Rules, Step
from nardy.ai import Hint, Level, init_worker
from nardy.ai.analysis import Decision, Review, Valued, combine, decisions, value_all
from nardy.transcript import Transcript
from nardy.variant import AnyGame, AnyPosition, AnyRules
from nardy.variants import variant_of

T = TypeVar("T")

log = logging.getLogger(__name__)

PARENT_CHECK_SECONDS = 1.0  # how soon a worker notices that the bot is gone
SHARES_PER_WORKER = 4  # a review's turns are valued in about this many shares per worker
SHARE_TURNS = 2  # but no fewer turns a share

Progress = Callable[[int, int], Awaitable[None]]
"""Told how many of a review's turns are valued so far, and of how many."""


def start_worker() -> None:
    """Each AI worker's set-up: the AI's own (one BLAS thread, tables loaded); Ctrl-C left to
    the bot, which stops its pool (a terminal signals the whole process group); and an exit as
    soon as the bot process is gone, even killed with SIGKILL (the pool cannot tell them)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def exit_with_parent() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=exit_with_parent, name="exit-with-parent", daemon=True).start()
    init_worker()


class BotPlayer(Protocol):
    """Chooses the bot's turn in any game (`()` means the turn passes), its cube decisions,
    hints a learner's turn in a game whose variant gives hints, and reviews a finished game."""

    async def choose(
        self,
        position: AnyPosition,
        dice: tuple[int, int],
        rules: AnyRules,
        level: Level,
        away: tuple[int, int] | None = None,
    ) -> tuple[Step, ...]:
        """The bot's turn; in a match, `away` is the points the bot still needs, then its
        opponent's."""
        ...

    async def hint(
        self,
        position: AnyPosition,
        dice: tuple[int, int],
        rules: AnyRules,
        away: tuple[int, int] | None = None,
    ) -> Hint:
        """The hint for the player on roll, in a game whose variant gives hints; `away` as for
        `choose`, his first."""
        ...

    async def wants_double(self, game: AnyGame, level: Level) -> bool:
        """Whether the bot doubles now, before its roll (never without the cube)."""
        ...

    async def takes(self, game: AnyGame, level: Level) -> bool:
        """Whether the bot takes the double its opponent offered."""
        ...

    async def review(self, record: Transcript, progress: Progress | None = None) -> Review:
        """The Expert's review of a finished game (`nardy.ai.analysis`), of a variant that
        `reviews` its games; `progress(done, total)` is awaited as its turns are valued."""
        ...


class PoolBotPlayer:
    """The variant's AI (`nardy.variant.Variant.choose_turn`) in a process pool, with a fresh
    random seed per turn.

    A worker that dies (killed for memory, say) breaks the whole pool; the pool is then
    replaced and the turn tried once more, so one lost worker does not stop every game.
    """

    def __init__(self, workers: int) -> None:
        self._workers = workers
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self._workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=start_worker,
        )

    async def choose(
        self,
        position: AnyPosition,
        dice: tuple[int, int],
        rules: AnyRules,
        level: Level,
        away: tuple[int, int] | None = None,
    ) -> tuple[Step, ...]:
        seed = secrets.randbits(32)
        choose = variant_of(rules).choose_turn
        with AI_SECONDS.labels(level.value).time():
            return await self._run(choose, position, dice, rules, level, seed, away)

    async def hint(
        self,
        position: AnyPosition,
        dice: tuple[int, int],
        rules: AnyRules,
        away: tuple[int, int] | None = None,
    ) -> Hint:
        """The strongest level's best turn and the next two, in the pool."""
        with AI_SECONDS.labels("hint").time():
            return await self._run(variant_of(rules).hint, position, dice, rules, away)

    async def wants_double(self, game: AnyGame, level: Level) -> bool:
        with AI_SECONDS.labels("cube").time():
            return await self._run(variant_of(game).wants_double, game, level)

    async def takes(self, game: AnyGame, level: Level) -> bool:
        with AI_SECONDS.labels("cube").time():
            return await self._run(variant_of(game).takes, game, level)

    async def review(self, record: Transcript, progress: Progress | None = None) -> Review:
        """The turns valued a share at a time, the shares spread over the workers: a review
        goes faster with more of them, and the bot's moves in other games are not held up
        behind a whole review (a share is about a tenth of a second)."""
        with AI_SECONDS.labels("review").time():
            planned = await self._run(decisions, record)
            size = max(SHARE_TURNS, -(-len(planned) // (SHARES_PER_WORKER * self._workers)))
            shares = [planned[i : i + size] for i in range(0, len(planned), size)]
            jobs = [asyncio.ensure_future(self._run(value_all, share)) for share in shares]

            async def turns_of(job: asyncio.Future[list[Valued]], share: list[Decision]) -> int:
                await job
                return sum(decision.turn is not None for decision in share)  # not a last drop

            try:
                done, total = 0, len(record.turns)
                for finished in asyncio.as_completed(map(turns_of, jobs, shares)):
                    done += await finished
                    if progress is not None and done < total:
                        await progress(done, total)
            finally:
                for job in jobs:
                    job.cancel()
            return combine([each for job in jobs for each in job.result()])

    async def _run(self, work: Callable[..., T], *args: object) -> T:
        """`work(*args)` in a worker; once more in a new pool when a worker died."""
        loop = asyncio.get_running_loop()
        pool = self._pool
        try:
            return await loop.run_in_executor(pool, work, *args)
        except BrokenProcessPool:
            if self._pool is pool:  # the first to notice replaces it
                log.warning("a bot worker process died; starting new ones")
                pool.shutdown(wait=False, cancel_futures=True)
                self._pool = self._new_pool()
            return await loop.run_in_executor(self._pool, work, *args)

    async def warm_up(self) -> None:
        """Start the workers and import the AI there, so the first game does not wait for it."""
        await self.choose(Position.start(), (6, 5), Rules(), Level.EASY)

    def close(self) -> None:
        self._pool.shutdown(cancel_futures=True)
