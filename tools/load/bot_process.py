"""The bot as a process against the fake Bot API server and a throwaway Redis, for the monkey
players (`tools.load.monkey`) and the human-pace benchmark (`tools.load.pace`)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web

from testkit.fakes.server import make_app
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import PERSON_LIMIT
from testkit.redis_server import RedisServer, free_port

ROOT = Path(__file__).resolve().parents[2]  # the bot runs from the checkout
TOKEN = "123456:MONKEY-TOKEN-MONKEY-TOKEN-MONKEY-00"


@dataclass
class RunningBot:
    """A bot process started by `running_bot`: its Redis, and a way to stop it."""

    redis_url: str
    stop: Callable[[], Awaitable[tuple[int, str]]]  # SIGINT, then its exit status and output


@asynccontextmanager
async def running_bot(
    telegram: FakeTelegram, env: dict[str, str] | None = None, root: Path = ROOT
) -> AsyncIterator[RunningBot]:
    """`python -m bot` from `root` (the checkout by default: another tree runs another version
    of the bot) against `telegram` over HTTP and a fresh Redis, in polling mode, with `env`
    added to its settings (its players tap at machine speed unless `env` sets PERSON_LIMIT),
    ready once it has set its command menus; killed on the way out unless stopped."""
    async with AsyncExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory())
        redis = RedisServer(Path(folder))
        redis.start()
        stack.callback(redis.stop)
        runner = web.AppRunner(make_app(telegram), shutdown_timeout=0.5)
        await runner.setup()
        stack.push_async_callback(runner.cleanup)
        port = free_port()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        settings = {
            "PATH": os.environ["PATH"],
            "PYTHONPATH": str(root),
            "BOT_TOKEN": TOKEN,
            "REDIS_URL": redis.url,
            "TELEGRAM_API_URL": f"http://127.0.0.1:{port}",
            "LOG_LEVEL": "WARNING",
            "HEALTH_FILE": str(Path(folder) / "alive"),
            "PERSON_LIMIT": PERSON_LIMIT,
        }
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            env=settings | (env or {}),
            cwd=folder,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )

        def kill() -> None:
            if process.returncode is None:
                process.kill()

        stack.callback(kill)
        output = asyncio.create_task(process.communicate())

        async def stop() -> tuple[int, str]:
            process.send_signal(signal.SIGINT)
            stdout, _ = await asyncio.wait_for(output, 60)
            return process.returncode or 0, stdout.decode()

        if not await _ready(telegram, output):
            raise SystemExit("the bot did not start:\n" + (await stop())[1])
        yield RunningBot(redis.url, stop)


async def _ready(telegram: FakeTelegram, output: asyncio.Task[Any]) -> bool:
    """Whether the bot set its command menus (all four) within two minutes, still running."""
    for _ in range(2400):
        if len(telegram.calls_of("setMyCommands")) >= 4:
            return True
        if output.done():
            return False
        await asyncio.sleep(0.05)
    return False
