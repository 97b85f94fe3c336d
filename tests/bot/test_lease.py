"""The lease that lets one worker at a time run the background tasks: two workers (two clients,
then two processes) on one Redis, never both running, the second taking over when the first
stops or dies; a lost Redis stops the tasks; memory gives it to its one process. And the count
of active games, over many SCAN steps (the stores' lease and count: `test_storage`)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.runtime.lease import NAME, Lease, Work
from bot.storage import FINISHED_TTL, UNFINISHED_TTL, GameStore, MemoryStore, RedisStore
from bot.tasks import running
from testkit.redis_server import RedisServer

ROOT = Path(__file__).resolve().parents[2]


def quick(store: GameStore) -> Lease:
    """A lease renewed ten times a second, whose renewals may take a busy machine's time (one
    that timed out would stop the tasks, which these tests would see as a lost lease)."""
    return Lease(store, ttl=2.0, every=0.1, timeout=1.5)


async def test_active_games_are_counted_over_many_scan_steps(redis_url: str) -> None:
    store = RedisStore(redis_url)
    try:
        for n in range(2500):
            await store.save_game(f"g{n}", 0, "x", UNFINISHED_TTL if n % 2 else FINISHED_TTL)
        assert await store.active_games() == 1250
    finally:
        await store.close()


async def until(check: Callable[[], object], what: str, seconds: float = 10) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        assert asyncio.get_running_loop().time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.01)


class Workers:
    """The background work of several workers: which of them runs it now, and whether two ever
    ran it at once."""

    def __init__(self) -> None:
        self.running: list[str] = []
        self.overlapped = False

    def work(self, name: str) -> Work:
        async def background() -> None:
            self.overlapped |= bool(self.running)
            self.running.append(name)
            try:
                await asyncio.Event().wait()
            finally:
                self.running.remove(name)

        return background


async def test_two_workers_on_one_redis_take_turns(redis_url: str) -> None:
    stores = [RedisStore(redis_url), RedisStore(redis_url)]
    workers = Workers()
    runs = {
        name: asyncio.create_task(quick(store).run(workers.work(name)))
        for name, store in zip("ab", stores, strict=True)
    }
    try:
        await until(lambda: workers.running, "a worker to take the lease")
        await asyncio.sleep(0.5)  # five renewals: still the same one, alone
        (first,) = workers.running
        runs[first].cancel()  # stops cleanly: frees the lease
        await asyncio.gather(runs[first], return_exceptions=True)
        other = "b" if first == "a" else "a"
        began = asyncio.get_running_loop().time()
        await until(lambda: workers.running == [other], "the other worker to take over")
        assert asyncio.get_running_loop().time() - began < 1.0  # freed: long before the TTL
        assert not workers.overlapped
    finally:
        for run in runs.values():
            run.cancel()
        await asyncio.gather(*runs.values(), return_exceptions=True)
        for store in stores:
            await store.close()


# Loop steps over which the cancellations below are spread: more than one pass of the lease's
# loop (take it, start the work, wait, renew: some 40 steps on Redis), so every await in it
# is hit, each Redis round trip's steps included.
STEPS = 160


@pytest.mark.parametrize("kind", ["redis", "memory"])
async def test_a_lease_cancelled_at_any_step_of_its_loop_stops_and_frees_it(
    kind: str, redis_url: str
) -> None:
    """Cancelled after 0, 1, 2 … steps of the event loop, the run ends at once every time
    (its work stopped, the lease free for another). Python 3.11's `wait_for` in redis-py
    dropped a cancellation that came as a write completed, and the run renewed for ever."""
    store = RedisStore(redis_url) if kind == "redis" else MemoryStore()
    workers = Workers()
    try:
        for steps in range(STEPS):
            run = asyncio.create_task(
                Lease(store, ttl=2.0, every=0.001, timeout=1.5).run(workers.work("me"))
            )
            for _ in range(steps):
                await asyncio.sleep(0)
            run.cancel()
            done, _ = await asyncio.wait([run], timeout=5)
            assert done, f"a lease cancelled after {steps} steps runs on"
            assert run.cancelled(), steps
            assert workers.running == [], steps
            assert await store.take_lease(NAME, "another worker", 2.0), steps
            await store.drop_lease(NAME, "another worker")
        assert not workers.overlapped
    finally:
        await store.close()


async def test_a_cancellation_while_the_work_stops_is_not_lost() -> None:
    """Leaving `running` waits for its work to stop; a cancellation of the task that left it,
    coming meanwhile, still ends that task (it was taken for the work's own and dropped)."""
    stopping = asyncio.Event()

    async def slow_to_stop() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            stopping.set()
            await asyncio.sleep(0.05)

    async def leaves_the_block() -> None:
        async with running(slow_to_stop()):
            await asyncio.sleep(0)
        await asyncio.Event().wait()  # reached only if the cancellation was lost

    task = asyncio.create_task(leaves_the_block())
    await stopping.wait()
    task.cancel()
    done, _ = await asyncio.wait([task], timeout=5)
    assert done and task.cancelled()


HOLDER = """
import asyncio, sys
from bot.runtime.lease import Lease
from bot.storage import RedisStore

async def work():
    print("running", flush=True)
    await asyncio.Event().wait()

lease = Lease(RedisStore(sys.argv[1]), ttl=float(sys.argv[2]), every=0.1, timeout=1.5)
asyncio.run(lease.run(work))
"""


async def test_a_worker_that_dies_is_replaced_once_its_lease_expires(redis_url: str) -> None:
    """Another process holds the lease; killed (no chance to free it), its lease runs out
    and this worker takes over: not before, and within a renewal after."""
    ttl = 2.0
    holder = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        HOLDER,
        redis_url,
        str(ttl),
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.PIPE,
    )
    assert holder.stdout is not None
    store = RedisStore(redis_url)
    workers = Workers()
    run: asyncio.Task[None] | None = None
    try:
        line = await asyncio.wait_for(holder.stdout.readline(), 30)
        assert line == b"running\n"
        run = asyncio.create_task(
            Lease(store, ttl=ttl, every=0.05, timeout=1.5).run(workers.work("me"))
        )
        await asyncio.sleep(0.5)
        assert workers.running == []  # the other process holds it
        killed = asyncio.get_running_loop().time()
        holder.send_signal(signal.SIGKILL)
        await holder.wait()
        await until(lambda: workers.running == ["me"], "the lease to pass on")
        waited = asyncio.get_running_loop().time() - killed
        # Renewed every 0.1 s, so it had nearly 2 s left (1 s even for a holder starved of
        # CPU), and this worker looks every 0.05 s.
        assert ttl / 2 <= waited < ttl + 1, waited
    finally:
        if holder.returncode is None:
            holder.kill()
            await holder.wait()
        if run is not None:
            run.cancel()
            await asyncio.gather(run, return_exceptions=True)
        await store.close()


async def test_a_redis_lost_stops_the_background_tasks(tmp_path: Path) -> None:
    server = RedisServer(tmp_path)
    server.start()
    store = RedisStore(server.url)
    workers = Workers()
    run = asyncio.create_task(quick(store).run(workers.work("me")))
    try:
        await until(lambda: workers.running, "the lease")
        server.stop()
        await until(lambda: not workers.running, "the tasks to stop", seconds=5)
        server.start()
        await until(lambda: workers.running, "the lease again, once Redis is back")
    finally:
        run.cancel()
        await asyncio.gather(run, return_exceptions=True)
        await store.close()
        server.stop()


async def test_a_redis_refusing_writes_stops_the_tasks_and_the_lease_waits_for_it(
    redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A Redis turned read-only (a replica after a failover: READONLY) refuses the renewal:
    the tasks stop, one warning line each try, and the lease is taken again once it writes."""
    store, admin = RedisStore(redis_url), RedisStore(redis_url).client
    workers = Workers()
    run = asyncio.create_task(quick(store).run(workers.work("me")))
    try:
        await until(lambda: workers.running, "the lease")
        await admin.replicaof("127.0.0.1", 1)  # a master that is not there
        await until(lambda: not workers.running, "the tasks to stop", seconds=5)
        assert not run.done()  # still trying
        await admin.replicaof("NO", "ONE")
        await until(lambda: workers.running, "the lease again, once Redis writes")
    finally:
        await admin.replicaof("NO", "ONE")
        run.cancel()
        await asyncio.gather(run, return_exceptions=True)
        await store.close()
        await admin.aclose()
    refused = [r for r in caplog.records if "cannot take or renew the lease" in r.getMessage()]
    assert refused and all("read only replica" in r.getMessage() for r in refused)
    assert all(r.exc_info is None for r in caplog.records)  # no traceback


async def test_the_memory_store_gives_the_lease_to_its_one_process() -> None:
    workers = Workers()
    run = asyncio.create_task(Lease(MemoryStore()).run(workers.work("me")))
    try:
        await until(lambda: workers.running == ["me"], "the background tasks")
    finally:
        run.cancel()
        await asyncio.gather(run, return_exceptions=True)
