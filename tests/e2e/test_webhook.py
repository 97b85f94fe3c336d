"""The real bot process in webhook mode: it sets its webhook with Telegram (the fake Bot API,
which then posts the updates to it as Telegram does), answers the updates posted with the
secret token and refuses the others (a flood of bad requests logs a few whole lines);
`/healthz` follows Redis; `/metrics` counts what it did, on a port of its own with
METRICS_PORT; a port already taken stops it with one line.

And in both modes, SIGTERM while a turn is being shown (the fake Bot API slow to edit): the turn
is finished, then the process exits 0 without a traceback."""

from __future__ import annotations

import asyncio
import re
import signal
import socket
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientSession

from testkit.fakes.telegram import FakeTelegram
from testkit.redis_server import RedisServer, free_port, free_ports
from tests.e2e.helpers import FakeBotApi
from tests.e2e.test_bot_process import ENGLISH, board, open_a_board, tap
from tests.e2e.test_start_up import BotProcess, StartBot, assert_clean

SECRET = "webhook-secret-0123456789"
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
STRANGER: dict[str, Any] = {"id": 9009, "is_bot": False, "first_name": "Eve", "language_code": "en"}


@pytest.fixture
def start(start_bot: StartBot, bot_api: FakeBotApi) -> StartBot:
    """Start the bot against the fake Bot API (keyword arguments: more settings); whatever
    still runs is killed after the test."""
    return partial(start_bot, TELEGRAM_API_URL=bot_api.url)


def webhook_mode(redis_url: str, port: int) -> dict[str, str]:
    return {
        "REDIS_URL": redis_url,
        "BOT_MODE": "webhook",
        "WEBHOOK_URL": f"http://127.0.0.1:{port}",
        "WEBHOOK_SECRET": SECRET,
        "LISTEN_PORT": str(port),
    }


async def get(url: str) -> tuple[int, str]:
    async with ClientSession() as session, session.get(url) as answer:
        return answer.status, await answer.text()


def metric(text: str, sample: str) -> float:
    """One sample's value in a /metrics text, e.g. 'nardy_updates_total{outcome="ok",...}'."""
    for line in text.splitlines():
        if line.startswith(sample + " "):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


async def stop(bot: BotProcess) -> None:
    """SIGTERM, as `docker stop` sends: a clean exit, no traceback, no secret in the output."""
    bot.process.send_signal(signal.SIGTERM)
    assert await bot.exit_status() == 0, bot.output
    assert_clean(bot)
    assert SECRET not in bot.output


async def test_updates_with_the_secret_are_answered_and_others_refused(
    telegram: FakeTelegram, redis_url: str, start: StartBot
) -> None:
    port = free_port()
    bot = await start(**webhook_mode(redis_url, port))
    await bot.until(lambda: telegram.webhook is not None, "setWebhook", 60)
    assert telegram.webhook is not None
    assert telegram.webhook["url"] == f"http://127.0.0.1:{port}/telegram"
    assert telegram.webhook["secret_token"] == SECRET
    wanted = {"message", "callback_query", "inline_query", "chat_member"}  # members: a leaver
    assert wanted <= set(telegram.webhook["allowed_updates"])
    await bot.until_line("taking updates at")

    hook = f"http://127.0.0.1:{port}/telegram"
    forged = telegram.text_update(STRANGER, "/start")
    async with ClientSession() as session:
        # No token, a wrong one, and one of non-ASCII letters (which a str comparison refuses
        # to compare: it must be a 401, not a 500 with a traceback).
        for headers in ({}, {SECRET_HEADER: "not-the-secret-at-all"}, {SECRET_HEADER: "été"}):
            async with session.post(hook, json=forged, headers=headers) as answer:
                assert answer.status == 401

    await open_a_board(telegram, ENGLISH)  # posted by the fake Telegram, with the secret
    assert set(telegram.deliveries) == {200}
    assert telegram.chat(STRANGER["id"]) == []
    refusals = [m for m in bot.messages() if "refused a webhook request" in m[2]]
    # One line a minute at most: the two later refusals are counted into the next one.
    assert [m[2] for m in refusals] == ["refused a webhook request with no secret token (401)"]
    await tap(telegram, ENGLISH, board(telegram, ENGLISH), str.isdigit)  # a checker
    tapped = r"update=\d+ type=callback_query game=[\w-]+ outcome=ok ms=[\d.]+"
    await bot.until(lambda: re.search(tapped, bot.output), "the board tap's line")

    assert await get(f"http://127.0.0.1:{port}/healthz") == (200, "ok")
    status, text = await get(f"http://127.0.0.1:{port}/metrics")
    assert status == 200
    assert metric(text, 'nardy_updates_total{outcome="ok",type="message"}') == 1
    assert metric(text, 'nardy_updates_total{outcome="ok",type="callback_query"}') == 3
    assert metric(text, 'nardy_update_seconds_count{type="callback_query"}') == 3
    assert metric(text, "nardy_render_seconds_count") >= 1
    assert metric(text, 'nardy_ai_seconds_count{level="easy"}') >= 1  # the warm-up at least
    assert metric(text, "nardy_background_lease_held") == 1
    assert "process_cpu_seconds_total" in text
    assert telegram.schema_problems == []
    await stop(bot)


async def test_healthz_says_503_while_redis_is_down(
    telegram: FakeTelegram, start: StartBot, tmp_path: Path
) -> None:
    redis = RedisServer(tmp_path)
    redis.start()
    try:
        port = free_port()
        bot = await start(**webhook_mode(redis.url, port))
        await bot.until_line("taking updates at", 60)
        healthz = f"http://127.0.0.1:{port}/healthz"
        assert await get(healthz) == (200, "ok")
        redis.stop()
        status, reason = await get(healthz)
        assert status == 503
        assert reason.startswith("Redis unavailable: "), reason
        redis.start()
        assert await get(healthz) == (200, "ok")
        await stop(bot)
    finally:
        redis.stop()


async def test_metrics_port_takes_metrics_off_the_webhook_port(
    redis_url: str, start: StartBot
) -> None:
    """With METRICS_PORT set in webhook mode, /metrics is served there only, never on the
    webhook's port (which a proxy may pass on); /healthz on both."""
    port, metrics_port = free_ports(2)
    bot = await start(**webhook_mode(redis_url, port), METRICS_PORT=str(metrics_port))
    await bot.until_line("taking updates at", 60)
    status, text = await get(f"http://127.0.0.1:{metrics_port}/metrics")
    assert status == 200 and "process_cpu_seconds_total" in text
    assert (await get(f"http://127.0.0.1:{port}/metrics"))[0] == 404
    for each in (port, metrics_port):
        assert await get(f"http://127.0.0.1:{each}/healthz") == (200, "ok")
    await stop(bot)


async def raw_request(port: int, request: bytes) -> bytes:
    """What the bot answers `request`, sent as is on a connection of its own."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        async with asyncio.timeout(10):
            return await reader.read()
    finally:
        writer.close()


# A request whose path holds a newline, then text shaped as a log line of the bot's.
FORGED = b"GET /boards/x\n2026-01-01 00:00:00,000 ERROR bot: forged HTTP/1.1\r\nHost: b\r\n\r\n"


async def test_a_flood_of_bad_requests_leaves_a_few_whole_log_lines(
    redis_url: str, start: StartBot
) -> None:
    """A hundred posts without the secret, a hundred pictures nobody saved, and twenty requests
    that are not HTTP, some with a newline in their path followed by a forged log line: each
    kind logs one line, and every line of the output is one whole log record of the bot's (no
    traceback, nothing forged)."""
    port = free_port()
    bot = await start(**webhook_mode(redis_url, port))
    await bot.until_line("taking updates at", 60)
    hook = f"http://127.0.0.1:{port}/telegram"
    async with ClientSession() as session:
        for n in range(100):
            async with session.post(hook, json={"update_id": n}) as answer:
                assert answer.status == 401
            async with session.get(f"http://127.0.0.1:{port}/boards/{n:032x}.jpg") as answer:
                assert answer.status == 404
    for request in [FORGED, b"GET /x HTTP/1.1\r\nHo\nst: b\r\n\r\n"] * 10:
        assert (await raw_request(port, request)).startswith(b"HTTP/1.0 400 Bad Request")
    await stop(bot)

    messages = bot.messages()  # fails on any line that is not a whole log record
    assert ("ERROR", "bot", "forged HTTP/1.1") not in messages
    refused = [m for m in messages if "401" in m[2] or "404" in m[2] or "400" in m[2]]
    assert [(level, name) for level, name, _ in refused] == [
        ("WARNING", "bot.runtime.web"),
        ("INFO", "bot.ui.picture_urls"),
        ("WARNING", "bot.runtime.web.http"),
    ], refused


async def test_a_port_in_use_stops_start_up_with_one_line(redis_url: str, start: StartBot) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        bot = await start(**webhook_mode(redis_url, port))
        assert await bot.exit_status(60) == 1
    level, name, message = bot.messages()[-1]
    assert (level, name) == ("ERROR", "bot")
    assert message.startswith(f"cannot listen on 127.0.0.1:{port} (")
    assert message.endswith(
        "set LISTEN_PORT to a free port, or LISTEN_HOST to an address of this machine"
    )
    assert_clean(bot)


@pytest.mark.parametrize("mode", ["polling", "webhook"])
async def test_sigterm_mid_turn_finishes_the_turn_then_exits(
    mode: str, telegram: FakeTelegram, redis_url: str, start: StartBot
) -> None:
    """The board's edit takes the fake Telegram 2 s; SIGTERM lands while it is under way. (In
    polling mode, /healthz and /metrics are on METRICS_PORT.)"""
    port = free_port()
    settings = (
        webhook_mode(redis_url, port)
        if mode == "webhook"
        else {"REDIS_URL": redis_url, "METRICS_PORT": str(port)}
    )
    bot = await start(**settings)
    await bot.until_line("taking updates at" if mode == "webhook" else "Start polling", 60)
    await open_a_board(telegram, ENGLISH)
    assert await get(f"http://127.0.0.1:{port}/healthz") == (200, "ok")  # METRICS_PORT polling
    _, text = await get(f"http://127.0.0.1:{port}/metrics")
    assert metric(text, 'nardy_updates_total{outcome="ok",type="message"}') == 1
    before = board(telegram, ENGLISH).photo_id
    edits = len(telegram.calls_of("editMessageMedia"))

    telegram.latency["editMessageMedia"] = 2.0
    checker = next(b for b in board(telegram, ENGLISH).buttons() if b["text"].isdigit())
    tap = telegram.tap_update(ENGLISH, board(telegram, ENGLISH), checker["callback_data"])
    await telegram.updates.put(tap)
    query = tap["callback_query"]["id"]
    await bot.until(lambda: query in telegram.answered, "the tap's answer")
    await asyncio.sleep(0.3)  # the edit is on its way, and slow
    assert len(telegram.calls_of("editMessageMedia")) == edits

    await stop(bot)
    assert len(telegram.calls_of("editMessageMedia")) == edits + 1
    assert board(telegram, ENGLISH).photo_id != before  # the turn's step reached the board
    assert any("finishing 1 update(s) in flight" in line for line in bot.lines), bot.output
    if mode == "webhook":
        assert telegram.deliveries[-1] == 200  # answered once handled: never posted again
    else:  # the updates handled confirmed, so the next start does not get them again
        last = telegram.calls_of("getUpdates")[-1].params
        assert (last["offset"], last["limit"], last["timeout"]) == (tap["update_id"] + 1, 1, 0)
    assert [m for m in bot.messages() if m[0] in ("WARNING", "ERROR")] == [
        m for m in bot.messages() if m[2] == "Received SIGTERM signal"
    ], bot.output
