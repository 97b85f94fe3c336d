"""The bot's AI workers: they play on after one dies, and never outlive the bot process."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.service import PoolBotPlayer
from nardy import Position, Rules
from nardy.ai import Level

ROOT = Path(__file__).resolve().parents[2]

# A bot process in miniature: the real pool, warmed up, its worker pids printed, then idle.
HOLDER = """
import asyncio, multiprocessing, sys
from bot.service import PoolBotPlayer

async def main():
    player = PoolBotPlayer(workers=1)
    await player.warm_up()
    print(*[child.pid for child in multiprocessing.active_children()], flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


def running(pid: int) -> bool:
    """Whether `pid` is a live process (a zombie waiting for its reaper counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in {"Z", "X"}


async def test_the_bot_plays_on_after_its_worker_process_dies() -> None:
    before = set(multiprocessing.active_children())
    player = PoolBotPlayer(workers=1)
    try:
        await player.warm_up()
        (worker,) = set(multiprocessing.active_children()) - before
        assert worker.pid is not None
        os.kill(worker.pid, signal.SIGKILL)
        worker.join(10)
        steps = await player.choose(Position.start(), (6, 5), Rules(), Level.EASY)
        assert steps[0].src == 24 and len(steps) == 2
    finally:
        player.close()


@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGTERM])
def test_workers_exit_when_the_bot_process_is_killed(stop: signal.Signals) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER], env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None
        workers = [int(pid) for pid in holder.stdout.readline().split()]
        assert len(workers) == 1 and running(workers[0])
        holder.send_signal(stop)
        holder.wait(10)
        deadline = time.monotonic() + 20
        while any(running(pid) for pid in workers):
            assert time.monotonic() < deadline, "an AI worker outlived the bot process"
            time.sleep(0.1)
    finally:
        holder.kill()
        holder.wait()
