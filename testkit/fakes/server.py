"""The fake Telegram behind HTTP: an aiohttp app serving `/bot<token>/<method>` like the Bot API,
so the real bot process can be pointed at it with `TELEGRAM_API_URL`.

While a webhook is set (setWebhook), the queued updates are not handed to getUpdates but posted
to the webhook's URL with its secret token, each in a request of its own as Telegram does, at
most `max_connections` (setWebhook's, 40 by default) at a time; an update whose answer is not 2xx,
or whose request fails, is posted again after a pause that doubles (`FakeTelegram.redelivery`),
as Telegram does. The status of each try is kept in `FakeTelegram.deliveries` (0: no answer).

A picture given by URL is fetched before its request takes effect, and the request refused when
that fails, as Telegram does (`testkit.fakes.fetch`)."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from contextlib import suppress
from typing import Any

from aiohttp import BodyPartReader, ClientError, ClientSession, hdrs, web

from testkit.fakes.fetch import fetch_pictures
from testkit.fakes.telegram import FakeTelegram

# A part's name and file name in its Content-Disposition: quoted strings, in which a
# backslash escapes the character after it (RFC 9110 §5.6.4).
_DISPOSITION = re.compile(r'\b(name|filename)="((?:[^"\\]|\\.)*)"')
_ESCAPED = re.compile(r"\\(.)")
FETCHER = web.AppKey("fetcher", ClientSession)  # fetches the pictures given by URL


async def _read(request: web.Request) -> tuple[dict[str, str], dict[str, tuple[str, bytes]]]:
    """Form fields and uploaded parts (file name and contents, by part name), from a multipart
    or url-encoded body. A part's header is read with one regular expression, its text as
    UTF-8 (what aiogram sends): `BodyPartReader.name`, `.filename` and `.text()` parse the
    headers anew each time, which was a third of the load test's own CPU."""
    fields: dict[str, str] = {}
    uploads: dict[str, tuple[str, bytes]] = {}
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):
                continue
            disposition = part.headers.get(hdrs.CONTENT_DISPOSITION, "")
            names = {
                key: _ESCAPED.sub(r"\1", value) for key, value in _DISPOSITION.findall(disposition)
            }
            if "name" not in names:
                continue
            data = bytes(await part.read())
            if names.get("filename"):
                uploads[names["name"]] = (names["filename"], data)
            else:
                fields[names["name"]] = data.decode()
    else:
        form = await request.post()
        fields = {name: str(value) for name, value in form.items()}
    return fields, uploads


def make_app(telegram: FakeTelegram) -> web.Application:
    async def api(request: web.Request) -> web.Response:
        method = request.match_info["method"]
        fields, uploads = await _read(request)
        await asyncio.sleep(telegram.latency.get(method, 0.0))
        await fetch_pictures(request.app[FETCHER], telegram, method, fields)
        status, body = telegram.handle(method, fields, set(uploads), uploads)
        if status == 0:  # the connection drops: no answer at all
            assert request.transport is not None
            request.transport.abort()
            raise asyncio.CancelledError
        if method == "getUpdates" and status == 200:
            body = json.dumps({"ok": True, "result": await _poll(telegram, fields)})
        page = body.startswith("<")  # the front end's error page (`Failure.page`)
        content_type = "text/html" if page else "application/json"
        return web.Response(status=status, text=body, content_type=content_type)

    async def deliver_to_webhooks(app: web.Application) -> AsyncIterator[None]:
        task = asyncio.create_task(_deliver(telegram))
        yield
        task.cancel()
        with suppress(asyncio.CancelledError):
            await task

    async def fetching(app: web.Application) -> AsyncIterator[None]:
        async with ClientSession() as session:
            app[FETCHER] = session
            yield

    app = web.Application()
    app.cleanup_ctx.append(fetching)
    app.router.add_post("/bot{token}/{method}", api)
    app.cleanup_ctx.append(deliver_to_webhooks)
    return app


async def _deliver(telegram: FakeTelegram) -> None:
    """Post each queued update to the webhook while one is set, until it is answered 2xx."""
    posts: set[asyncio.Task[None]] = set()
    async with ClientSession() as session:

        async def post(
            update: dict[str, Any], hook: dict[str, Any], slots: asyncio.Semaphore
        ) -> None:
            headers = {"X-Telegram-Bot-Api-Secret-Token": str(hook.get("secret_token", ""))}
            pause, longest = telegram.redelivery
            async with slots:
                while True:
                    try:
                        async with session.post(
                            hook["url"], json=update, headers=headers
                        ) as answer:
                            status = answer.status
                    except ClientError:
                        status = 0
                    telegram.deliveries.append(status)
                    if 200 <= status < 300:
                        return
                    await asyncio.sleep(pause)
                    pause = min(pause * 2, longest)

        hooked: tuple[dict[str, Any], asyncio.Semaphore] | None = None
        try:
            while True:
                hook = telegram.webhook
                if hook is None or telegram.updates.empty():
                    await asyncio.sleep(0.01)
                    continue
                if hooked is None or hooked[0] is not hook:
                    hooked = hook, asyncio.Semaphore(int(hook.get("max_connections", 40)))
                task = asyncio.create_task(post(telegram.updates.get_nowait(), *hooked))
                posts.add(task)
                task.add_done_callback(posts.discard)
        finally:
            for task in posts:
                task.cancel()


async def _poll(telegram: FakeTelegram, fields: dict[str, str]) -> list[dict[str, Any]]:
    """Long polling: wait up to `timeout` seconds for an update, then hand over all queued."""
    try:
        first = await asyncio.wait_for(telegram.updates.get(), float(fields.get("timeout", "0")))
    except TimeoutError:
        return []
    batch = [first]
    while not telegram.updates.empty():
        batch.append(telegram.updates.get_nowait())
    return batch
