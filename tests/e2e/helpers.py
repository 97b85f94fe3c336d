"""What the end-to-end tests of the running bot share: the fake Bot API served over HTTP, the
`python -m bot` process pointed at it, and waiting on a condition (never a fixed sleep)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from aiohttp import web

from testkit.fakes.server import make_app
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import PERSON_LIMIT
from testkit.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]


@asynccontextmanager
async def served(telegram: FakeTelegram) -> AsyncIterator[str]:
    """The fake Bot API server's base URL, serving `telegram` while the body runs."""
    runner = web.AppRunner(make_app(telegram), shutdown_timeout=0.5)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


class BotPopen(subprocess.Popen[str]):
    """A process whose output is read as it comes, by a thread (the bot logs a line per update:
    a pipe nobody reads would fill and stop it), and handed over whole by `communicate`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.stdout is not None
        self._lines.extend(self.stdout)

    def communicate(
        self, input: str | None = None, timeout: float | None = None
    ) -> tuple[str, str]:
        """Wait for the process to end; its whole output, and no stderr (merged). One that
        does not end in `timeout` seconds fails with its output so far."""
        try:
            self.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError("the bot did not exit:\n" + "".join(self._lines)) from None
        self._reader.join(timeout)
        return "".join(self._lines), ""


class FakeBotApi:
    """The fake Bot API server on a port of its own, which a test can stop and start again."""

    def __init__(self, telegram: FakeTelegram) -> None:
        self.telegram = telegram
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        self._runner = web.AppRunner(make_app(self.telegram), shutdown_timeout=0.1)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


def start_bot(cwd: Path, **settings: str) -> subprocess.Popen[str]:
    """`python -m bot` with exactly `settings` (BOT_TOKEN, REDIS_URL, ...) and INFO logging, its
    output (stdout and stderr) collected."""
    env = {"PATH": os.environ["PATH"], "PYTHONPATH": str(ROOT), "LOG_LEVEL": "INFO"}
    env["PERSON_LIMIT"] = PERSON_LIMIT  # these tests tap at machine speed, unless told
    return BotPopen(
        [sys.executable, "-m", "bot"],
        env=env | settings,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


async def stop_bot(process: subprocess.Popen[str]) -> str:
    """Ctrl-C the bot and wait for it to end; its whole output (it must exit with 0). The wait
    is off the event loop, which serves the fake Bot API the stopping bot still calls."""
    process.send_signal(signal.SIGINT)
    output, _ = await asyncio.to_thread(process.communicate, timeout=20)
    assert process.returncode == 0, output
    return output


async def until(
    check: Callable[[], object],
    what: str,
    seconds: float = 20,
    bot: subprocess.Popen[str] | None = None,
) -> None:
    """Wait until `check()` holds, looking every 10 ms; fail naming `what` after `seconds`, or
    at once with its output when the `bot` process has ended meanwhile."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        if bot is not None and bot.poll() is not None:
            output, _ = bot.communicate()
            raise AssertionError(
                f"the bot ended (status {bot.returncode}) before {what}:\n{output}"
            )
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)
