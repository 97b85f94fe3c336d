"""Start-up when something is wrong: a rejected token, a Bot API or a Redis that does not answer,
Ctrl-C while it waits; each ends in one line, never a traceback. And once the bot runs: the
heartbeat file is touched, and a Bot API lost for a while is ridden out without one.

The real `python -m bot` process where the exit status and the whole output matter (each start
imports aiogram, seconds); `bot.app.run` in this process for the retry lines and their timing."""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import re
import signal
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.app import run
from bot.runtime.config import Settings, load_settings
from bot.runtime.startup import TOKEN_REJECTED, Deadline, NotReady, StartupFailed, retry
from testkit.fakes.telegram import Failure, FakeTelegram
from testkit.redis_server import RedisServer, free_port
from tests.e2e.helpers import FakeBotApi

TOKEN = "123456:START-UP-TOKEN-START-UP-TOKEN-000"
ROOT = Path(__file__).resolve().parents[2]
# A log line: "2025-01-01 12:00:00,000 WARNING bot.runtime.startup: <message>".
LINE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (?P<level>[A-Z]+) (?P<name>[\w.]+): ")


class BotProcess:
    """`python -m bot` with exactly the given settings; its output is collected line by line."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.lines: list[str] = []
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, cwd: Path, **settings: str) -> BotProcess:
        env = {"PATH": os.environ["PATH"], "PYTHONPATH": str(ROOT), "LOG_LEVEL": "INFO"}
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            env=env | settings,
            cwd=cwd,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,  # a process group of its own, as a terminal's job has
        )
        return cls(process)

    async def _read(self) -> None:
        assert self.process.stdout is not None
        async for line in self.process.stdout:
            self.lines.append(line.decode().rstrip("\n"))

    async def until(self, check: Callable[[], object], what: str, seconds: float = 30) -> None:
        """Wait for `check()` (polling); fail naming `what`, with the output so far."""
        deadline = asyncio.get_running_loop().time() + seconds
        while not check():
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"timed out waiting for {what}:\n" + self.output)
            await asyncio.sleep(0.01)

    async def until_line(self, text: str, seconds: float = 30) -> None:
        await self.until(lambda: any(text in line for line in self.lines), repr(text), seconds)

    async def exit_status(self, seconds: float = 30) -> int:
        """Wait for the process to end and its output to be read; its exit status."""
        try:
            status = await asyncio.wait_for(self.process.wait(), seconds)
            await asyncio.wait_for(self._reader, seconds)
        except TimeoutError:
            self.process.kill()
            raise AssertionError("the bot did not exit:\n" + self.output) from None
        return status

    def kill(self) -> None:
        if self.process.returncode is None:
            self.process.kill()

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def messages(self) -> list[tuple[str, str, str]]:
        """Each line as (level, logger, message); a line that is not a log record fails."""
        parsed = []
        for line in self.lines:
            match = LINE.match(line)
            assert match is not None, f"not a log line: {line!r}\n{self.output}"
            parsed.append((match["level"], match["name"], line[match.end() :]))
        return parsed


StartBot = Callable[..., Awaitable[BotProcess]]


def assert_clean(bot: BotProcess) -> None:
    """No traceback, and no part of the token."""
    assert "Traceback" not in bot.output, bot.output
    assert TOKEN.split(":")[1] not in bot.output, bot.output


async def test_a_token_telegram_rejects_stops_with_one_line(
    telegram: FakeTelegram, bot_api: FakeBotApi, redis_url: str, start_bot: StartBot
) -> None:
    telegram.fail_next("getMe", Failure(401, "Unauthorized"))
    bot = await start_bot(TELEGRAM_API_URL=bot_api.url, REDIS_URL=redis_url)
    assert await bot.exit_status() == 1
    assert bot.messages() == [("ERROR", "bot", TOKEN_REJECTED)]
    assert "@BotFather" in TOKEN_REJECTED and ".env as BOT_TOKEN" in TOKEN_REJECTED
    assert_clean(bot)


async def test_a_media_chat_the_bot_cannot_post_in_stops_with_one_line(
    telegram: FakeTelegram, bot_api: FakeBotApi, redis_url: str, start_bot: StartBot
) -> None:
    """MEDIA_CHAT_ID naming a chat the bot is not in: one line saying what to do, status 1."""
    bot = await start_bot(
        TELEGRAM_API_URL=bot_api.url, REDIS_URL=redis_url, MEDIA_CHAT_ID="-100777"
    )
    assert await bot.exit_status() == 1
    ((level, name, message),) = bot.messages()
    assert (level, name) == ("ERROR", "bot")
    assert message.startswith("MEDIA_CHAT_ID -100777: Telegram says 'Bad Request: chat not found'")
    assert "administrator allowed to post" in message
    assert_clean(bot)


@pytest.fixture
def settings_from(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[..., Settings]:
    """Settings as `python -m bot` would read them from exactly these environment variables."""

    def read(**settings: str) -> Settings:
        for name in ("REDIS_URL", "TELEGRAM_API_URL", "STARTUP_TIMEOUT", "LOG_LEVEL"):
            monkeypatch.delenv(name, raising=False)
        for name, value in (settings | {"BOT_TOKEN": TOKEN}).items():
            monkeypatch.setenv(name, value)
        monkeypatch.chdir(tmp_path)  # no stray .env
        return load_settings()

    return read


async def run_until_it_gives_up(
    settings: Settings, caplog: pytest.LogCaptureFixture
) -> tuple[list[str], str]:
    """`bot.app.run` as `python -m bot` runs it: the retry warnings and the line it gives up
    with; it gives up no sooner than STARTUP_TIMEOUT and not much later."""
    caplog.set_level(logging.INFO)
    loop = asyncio.get_running_loop()
    began = loop.time()
    with pytest.raises(StartupFailed) as failed:
        await asyncio.wait_for(run(settings), 30)
    assert settings.startup_timeout <= loop.time() - began < settings.startup_timeout + 5
    retries = [r.getMessage() for r in caplog.records if r.name == "bot.runtime.startup"]
    assert all(
        r.levelno == logging.WARNING for r in caplog.records if r.name == "bot.runtime.startup"
    )
    return retries, str(failed.value)


def pauses(retries: list[str]) -> list[float]:
    """The pause each retry line announces: 1, 2, 4 … and the last one cut at the deadline."""
    found = [re.fullmatch(r".*; retrying in ([\d.]+) s", line) for line in retries]
    assert all(found), retries
    seconds = [float(match[1]) for match in found if match]
    assert seconds[0] == 1, retries
    for before, after in itertools.pairwise(seconds):
        assert after <= 2 * before, retries
    for before, after in itertools.pairwise(seconds[:-1]):
        assert after == 2 * before, retries
    return seconds


async def test_an_unreachable_bot_api_is_retried_with_backoff_then_given_up(
    settings_from: Callable[..., Settings], caplog: pytest.LogCaptureFixture
) -> None:
    port = free_port()
    settings = settings_from(TELEGRAM_API_URL=f"http://127.0.0.1:{port}", STARTUP_TIMEOUT="6")
    retries, last = await run_until_it_gives_up(settings, caplog)
    failure = f"the Bot API at 127.0.0.1:{port} is unreachable (ClientConnectorError: Cannot"
    assert all(line.startswith(failure) for line in retries), retries
    assert pauses(retries)[:2] == [1, 2]  # then what is left of the 6 s
    assert last.startswith("gave up after 6 s (STARTUP_TIMEOUT): " + failure), last
    assert last.endswith("; check the network and TELEGRAM_API_URL"), last
    assert TOKEN.split(":")[1] not in caplog.text + last


async def test_an_unreachable_redis_is_retried_with_backoff_then_given_up(
    bot_api: FakeBotApi, settings_from: Callable[..., Settings], caplog: pytest.LogCaptureFixture
) -> None:
    port = free_port()
    settings = settings_from(
        TELEGRAM_API_URL=bot_api.url,
        REDIS_URL=f"redis://:hunter2@127.0.0.1:{port}/0",
        STARTUP_TIMEOUT="3",
    )
    retries, last = await run_until_it_gives_up(settings, caplog)
    failure = f"Redis at 127.0.0.1:{port} is unreachable (Error 111 connecting to"
    assert retries and all(line.startswith(failure) for line in retries), retries
    pauses(retries)
    assert last.startswith("gave up after 3 s (STARTUP_TIMEOUT): " + failure), last
    assert last.endswith("; check REDIS_URL and that Redis is running"), last
    assert "hunter2" not in caplog.text + last


async def test_a_redis_that_refuses_the_database_stops_at_once(
    bot_api: FakeBotApi, redis_server: RedisServer, settings_from: Callable[..., Settings]
) -> None:
    """A database number the server does not have: an answer, so no waiting."""
    settings = settings_from(
        TELEGRAM_API_URL=bot_api.url, REDIS_URL=f"redis://127.0.0.1:{redis_server.port}/999"
    )
    with pytest.raises(StartupFailed) as failed:
        await asyncio.wait_for(run(settings), 30)
    assert str(failed.value) == (
        f"Redis at 127.0.0.1:{redis_server.port} refused the bot (DB index is out of range);"
        " check the password and database in REDIS_URL"
    )


async def test_ctrl_c_while_waiting_stops_with_one_line(start_bot: StartBot) -> None:
    bot = await start_bot(TELEGRAM_API_URL=f"http://127.0.0.1:{free_port()}")
    await bot.until_line("retrying in 1 s")
    os.killpg(bot.process.pid, signal.SIGINT)  # Ctrl-C
    assert await bot.exit_status() == 130
    assert bot.messages()[-1] == ("WARNING", "bot", "interrupted (Ctrl-C) while starting; stopped")
    assert_clean(bot)


async def test_ctrl_c_that_lands_as_an_attempt_fails_is_not_lost() -> None:
    """The race behind a Ctrl-C the bot once ignored (it went on retrying): the cancellation
    arrives in the same step as the attempt's failure. asyncio.wait_for would swallow it."""
    outer: asyncio.Task[None] | None = None

    async def attempt() -> None:
        assert outer is not None
        outer.cancel()  # Ctrl-C: asyncio.run cancels the main task
        raise NotReady("the Bot API is unreachable")

    async def start_up() -> None:
        await retry(attempt, Deadline.after(30), "check the network")

    outer = asyncio.create_task(start_up())
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(asyncio.shield(outer), 10)


async def test_once_running_it_beats_and_rides_out_a_lost_bot_api(
    telegram: FakeTelegram, bot_api: FakeBotApi, redis_url: str, start_bot: StartBot, tmp_path: Path
) -> None:
    """A 5xx at the first getMe is retried; polling touches HEALTH_FILE; a Bot API lost later
    is aiogram's to retry (its error lines carry no traceback); Ctrl-C then stops it cleanly."""
    telegram.fail_next("getMe", Failure(502, "Bad Gateway"))
    health = tmp_path / "alive"
    bot = await start_bot(
        TELEGRAM_API_URL=bot_api.url, REDIS_URL=redis_url, HEALTH_FILE=str(health)
    )
    await bot.until(health.exists, "the heartbeat file", 60)
    assert bot.messages()[0] == (
        "WARNING",
        "bot.runtime.startup",
        f"the Bot API at 127.0.0.1:{bot_api.port} is unavailable (Bad Gateway); retrying in 1 s",
    )

    await bot_api.stop()
    await bot.until_line("Failed to fetch updates")
    await bot_api.start()
    alice = {"id": 7007, "is_bot": False, "first_name": "Alice", "language_code": "en"}
    await telegram.updates.put(telegram.text_update(alice, "/start"))  # answers the long poll
    await bot.until(lambda: telegram.chat(7007), "the welcome, once the Bot API is back")
    await bot.until_line("Connection established")

    os.killpg(bot.process.pid, signal.SIGINT)  # Ctrl-C: the bot and its AI workers get it
    assert await bot.exit_status() == 0
    assert [m for m in bot.messages() if m[0] == "ERROR"] == [
        m for m in bot.messages() if m[2].startswith("Failed to fetch updates")
    ]
    assert_clean(bot)
