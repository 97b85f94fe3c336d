"""The real bot process (`python -m bot`) against the fake Bot API server and a real Redis: a
whole game against the bot, played by tapping buttons, every request schema-checked."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from tests.conftest import free_port
from tests.fakes.server import make_app
from tests.fakes.telegram import FakeTelegram, Sent

TOKEN = "123456:E2E-TOKEN-E2E-TOKEN-E2E-TOKEN-000"
PLAYER: dict[str, Any] = {
    "id": 5005,
    "is_bot": False,
    "first_name": "Player",
    "language_code": "en",
}
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def telegram() -> FakeTelegram:
    return FakeTelegram()


@pytest.fixture
async def api_url(telegram: FakeTelegram) -> AsyncIterator[str]:
    """The fake Bot API server's base URL, serving `telegram`."""
    runner = web.AppRunner(make_app(telegram), shutdown_timeout=0.5)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    yield f"http://127.0.0.1:{port}"
    await runner.cleanup()


@pytest.fixture
def bot_process(api_url: str, redis_url: str, tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    env = {
        "PATH": os.environ["PATH"],
        "PYTHONPATH": str(ROOT),
        "BOT_TOKEN": TOKEN,
        "REDIS_URL": redis_url,
        "TELEGRAM_API_URL": api_url,
        "LOG_LEVEL": "INFO",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "bot"],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    yield process
    if process.poll() is None:
        process.kill()
        process.wait()


async def until(check: Callable[[], object], what: str, seconds: float = 20) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def chat(telegram: FakeTelegram) -> list[Sent]:
    return telegram.chat(PLAYER["id"])


def board(telegram: FakeTelegram) -> Sent:
    return [m for m in chat(telegram) if m.photo_id is not None][-1]


def changed_from(telegram: FakeTelegram, photo: str | None) -> Callable[[], bool]:
    """A check that the board shows another picture than `photo`."""
    return lambda: board(telegram).photo_id != photo


async def tap(telegram: FakeTelegram, sent: Sent, label: Callable[[str], bool]) -> None:
    """Tap the first button `label` accepts and wait until the bot has answered the tap."""
    data = next(b["callback_data"] for b in sent.buttons() if label(b["text"]))
    update = telegram.tap_update(PLAYER, sent, data)
    await telegram.updates.put(update)
    query_id = update["callback_query"]["id"]
    await until(lambda: query_id in telegram.answered, f"an answer to {data}")


async def test_a_whole_game_against_the_bot_process(
    telegram: FakeTelegram, bot_process: subprocess.Popen[str]
) -> None:
    await until(lambda: len(telegram.calls_of("setMyCommands")) == 4, "the command menu", 60)
    await telegram.updates.put(telegram.text_update(PLAYER, "/start"))
    await until(lambda: chat(telegram), "the welcome")
    await tap(telegram, chat(telegram)[-1], lambda text: text == "🎲 Play vs bot")
    await until(lambda: chat(telegram)[-1].text == "Choose the bot's level:", "the levels")
    await tap(telegram, chat(telegram)[-1], lambda text: text == "Easy")
    await until(lambda: telegram.calls_of("sendPhoto"), "the board")

    # Telegram refuses an edit as "not modified": the bot ignores it and takes the next tap.
    telegram.not_modified_next()
    unchanged = board(telegram).photo_id
    await tap(telegram, board(telegram), str.isdigit)
    assert board(telegram).photo_id == unchanged

    telegram.flood_next("editMessageMedia", retry_after=1)
    for _ in range(1000):
        current = board(telegram)
        labels = [b["text"] for b in current.buttons()]
        if labels == ["🎲 Play again"]:
            break
        photo = current.photo_id
        if "✅ Done" in labels:
            await tap(telegram, current, lambda text: text == "✅ Done")
        elif any("→" in label for label in labels):
            await tap(telegram, current, lambda text: "→" in text)
        else:
            await tap(telegram, current, str.isdigit)
        await until(changed_from(telegram, photo), "the board to change")

    final = board(telegram)
    assert [b["text"] for b in final.buttons()] == ["🎲 Play again"]
    assert "won" in (final.caption or "")
    assert len(telegram.calls_of("sendPhoto")) == 1
    assert telegram.schema_problems == []
    assert bot_process.poll() is None

    bot_process.send_signal(signal.SIGINT)
    output, _ = bot_process.communicate(timeout=20)
    assert bot_process.returncode == 0, output
    assert TOKEN not in output
    assert "Traceback" not in output and " ERROR " not in output, output
    assert "flood control, retrying" in output
