"""The bot's HTTP side (aiohttp): `GET /healthz` and `GET /metrics` on every worker, and in
webhook mode the endpoint Telegram posts updates to (aiogram's `SimpleRequestHandler`), which
refuses a request without the secret token, and the inline boards' pictures
(`bot.ui.picture_urls`).

`/healthz` is 200 "ok" while the store answers PING, the event loop ran its lag probe on time
lately and the worker is not stopping; otherwise 503 and the reason in a few words.

Anyone may connect (docs/OPERATING.md, Security): a connection that sends no whole request
within HEADER_TIMEOUT is closed, a webhook body that is no Update is a 400, and what anyone can
make the server log comes in few, whole lines (`bot.log_limit`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.methods import TelegramMethod
from aiogram.types import Update
from aiogram.webhook.aiohttp_server import SimpleRequestHandler
from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import ValidationError

from bot.log_limit import LogLimit
from bot.metrics import LOOP_LAG
from bot.runtime.startup import StartupFailed
from bot.storage import ConnectionStore, MediaStore, StoreRefused, StoreUnavailable
from bot.ui.picture_urls import PATH as PICTURE_PATH
from bot.ui.picture_urls import serve_pictures

log = logging.getLogger(__name__)

PROBE_EVERY = 0.5  # seconds between the event loop's lag probes
LAG_LIMIT = 1.0  # a probe later than this: the loop is too busy to serve updates in time
PING_LIMIT = 2.0  # seconds the store has to answer PING
GRACE = 20.0  # seconds a stop waits for the updates in flight
# Seconds a connection may go without a whole request's headers, from its start and from the
# end of its last answer (aiohttp's keepalive_timeout bounds both), and the most a body no
# handler reads is drained for (its lingering_time): a client that connects and sends nothing,
# or sends slowly, cannot hold connections open. A proxy that keeps idle connections to the
# workers must close them sooner (deploy/Caddyfile: 5 s).
HEADER_TIMEOUT = 10.0


class LoopLag:
    """How late the event loop woke the latest of its probes (a sleep of PROBE_EVERY): a
    CPU-bound call on the loop, or too much work on it, shows here first."""

    def __init__(self) -> None:
        self.lag = 0.0

    async def run(self, every: float = PROBE_EVERY) -> None:
        """Probe every `every` seconds until cancelled."""
        loop = asyncio.get_running_loop()
        while True:
            began = loop.time()
            await asyncio.sleep(every)
            self.lag = max(0.0, loop.time() - began - every)
            LOOP_LAG.set(self.lag)


class Health:
    """The worker's health as `/healthz` reports it; `stopping` is set once a stop began, so
    that a load balancer sends it nothing new."""

    def __init__(self, store: ConnectionStore, lag: LoopLag) -> None:
        self._store = store
        self._lag = lag
        self.stopping = False

    async def problem(self) -> str | None:
        """Why this worker should get no updates, in a few words; None when it is healthy."""
        if self.stopping:
            return "stopping"
        if self._lag.lag > LAG_LIMIT:
            return f"event loop lagging {self._lag.lag:.1f} s"
        try:
            async with asyncio.timeout(PING_LIMIT):
                await self._store.ping()
        except TimeoutError:
            return f"Redis did not answer PING within {PING_LIMIT:g} s"
        except (StoreUnavailable, StoreRefused) as exc:
            return f"Redis unavailable: {exc}"
        return None


class BadRequests(logging.Filter):
    """aiohttp's line for a request it cannot parse (answered 400), which anyone can send: one
    line without the traceback, the parser's reason quoted (it may quote the request), and few
    of them (`LogLimit`). aiohttp's other lines (a handler's error: a bug) pass unchanged."""

    def __init__(self) -> None:
        super().__init__()
        self._limit = LogLimit()

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, HttpProcessingError):
            return True
        note = self._limit.admit()
        if note is None:
            return False
        reason = (error.message.splitlines() or [""])[0].rstrip(":")
        record.msg, record.args = "%s (%d %r)%s", (record.getMessage(), error.code, reason, note)
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.exc_info = record.exc_text = None
        return True


# The server's own lines (a request it cannot parse, a handler's error), filtered.
HTTP_LOG = logging.getLogger(f"{__name__}.http")
HTTP_LOG.addFilter(BadRequests())


class NotAnUpdate(Exception):
    """A webhook request's body that is no `Update`; the message says why in a few words."""


def parse_update(body: bytes, bot: Bot) -> Update:
    """The `Update` a webhook request's body holds; `NotAnUpdate` when it holds none (not JSON,
    nested too deeply, not an object, not an Update), saying why without quoting the body."""
    try:
        data = bot.session.json_loads(body)
        if not isinstance(data, dict):
            raise NotAnUpdate("JSON, but not an object")
        return Update.model_validate(data, context={"bot": bot})
    except RecursionError:
        raise NotAnUpdate("JSON nested too deeply") from None
    except ValidationError as exc:  # named by pydantic's codes: its messages may quote input
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise NotAnUpdate(
            f"not an Update ({exc.error_count()} errors, the first {first['type']} at {where!r})"
        ) from None
    except ValueError as exc:  # the JSON decoder's error, or bytes that are no UTF-8
        raise NotAnUpdate(f"not JSON ({exc})") from None


class WebhookHandler(SimpleRequestHandler):
    """aiogram's webhook handler, with a line (few of them: `LogLimit`) for the requests it
    refuses (401) for a missing or wrong `X-Telegram-Bot-Api-Secret-Token`, and one for a body
    that is no `Update` (400, no traceback): neither is fed to the dispatcher."""

    def __init__(self, dispatcher: Dispatcher, bot: Bot, secret: str) -> None:
        super().__init__(dispatcher, bot, handle_in_background=False, secret_token=secret)
        self._refused = LogLimit()

    async def _handle_request(self, bot: Bot, request: web.Request) -> web.Response:
        """aiogram's, with the body parsed here: a 500 and a traceback were its answer to a
        body that is no Update."""
        try:
            update = parse_update(await request.read(), bot)
        except NotAnUpdate as exc:
            log.warning("refused a webhook request (400): %s", exc)
            return web.Response(status=400, text="not an update")
        result: TelegramMethod[Any] | None = await self.dispatcher.feed_webhook_update(
            bot, update, **self.data
        )
        return web.Response(body=self._build_response_writer(bot=bot, result=result))

    def verify_secret(self, telegram_secret_token: str, bot: Bot) -> bool:
        # Compared as bytes: `secrets.compare_digest` refuses str with non-ASCII characters,
        # which a forged header may carry.
        expected = (self.secret_token or "").encode()
        if secrets.compare_digest(telegram_secret_token.encode(), expected):
            return True
        which = "a wrong" if telegram_secret_token else "no"
        self._refused.log(
            log, logging.WARNING, "refused a webhook request with %s secret token (401)", which
        )
        return False


def make_app(
    health: Health,
    webhook: tuple[str, SimpleRequestHandler] | None = None,
    pictures: MediaStore | None = None,
    metrics: bool = True,
) -> web.Application:
    """The routes: /healthz, /metrics unless `metrics` is false (served on a port of their
    own), given `(path, handler)` the webhook, and given the store `pictures` the pictures it
    keeps for inline boards (GET and HEAD only). aiogram's `setup_application` is not used:
    aiohttp runs its shutdown hooks (which would close the bot's session) before the requests
    in flight finish; `bot.app` closes things after them."""

    async def healthz(request: web.Request) -> web.Response:
        problem = await health.problem()
        return web.Response(status=503 if problem else 200, text=problem or "ok")

    async def prometheus(request: web.Request) -> web.Response:
        return web.Response(body=generate_latest(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    if metrics:
        app.router.add_get("/metrics", prometheus)
    if webhook is not None:
        path, handler = webhook
        app.router.add_post(path, handler.handle)
    if pictures is not None:
        app.router.add_get(PICTURE_PATH, serve_pictures(pictures))
    return app


@asynccontextmanager
async def serving(app: web.Application, host: str, port: int, setting: str) -> AsyncIterator[None]:
    """`app` served on `host:port` while the body runs, closing connections that send no
    request within HEADER_TIMEOUT; leaving stops taking connections, then waits up to GRACE
    seconds for the requests in flight. A port that cannot be had is `StartupFailed`, naming
    `setting`."""
    runner = web.AppRunner(
        app,
        access_log=None,
        handle_signals=False,
        shutdown_timeout=GRACE,
        keepalive_timeout=HEADER_TIMEOUT,
        lingering_time=HEADER_TIMEOUT,
        logger=HTTP_LOG,
    )
    await runner.setup()
    try:
        try:
            await web.TCPSite(runner, host, port).start()
        except OSError as exc:
            raise StartupFailed(
                f"cannot listen on {host}:{port} ({exc.strerror or exc}); set {setting} to a free"
                " port, or LISTEN_HOST to an address of this machine"
            ) from None
        yield
    finally:
        await runner.cleanup()
