"""Wiring: the store, the bot client, the dispatcher with its routers and dependencies; the
start-up checks, then updates by polling or a webhook, with the health check's heartbeat and,
in whichever worker holds the lease, the turn timers; a graceful stop on SIGTERM or Ctrl-C."""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from aiogram import Bot, Dispatcher
from aiogram.client.session.base import BaseSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)

from bot.answer_models import answer_models
from bot.answers import AnsweredTaps, AnswerEveryTap, AnswerOnce
from bot.boards import Boards
from bot.commands import register_commands
from bot.handlers import routers
from bot.handlers.own_buttons import OwnButtons
from bot.handlers.throttle import Cooldowns, PersonRate
from bot.i18n import Translator
from bot.pacing import PaceMessages, Pacer
from bot.prefs import Preferences, PrefsMiddleware
from bot.runtime.config import Settings
from bot.runtime.health import health_file, heartbeat
from bot.runtime.lease import Lease
from bot.runtime.observe import CountTelegramErrors, ObserveUpdates, count_active_games
from bot.runtime.retry import RetryTransient
from bot.runtime.startup import set_webhook, wait_until_ready
from bot.runtime.web import GRACE, Health, LoopLag, WebhookHandler, make_app, serving
from bot.service import GameService, PoolBotPlayer
from bot.service.cards import CardSeal, card_key
from bot.storage import GameStore, MediaStore, MemoryStore, RedisStore
from bot.tasks import running
from bot.telegram_session import TelegramSession
from bot.timers import TurnTimers
from bot.ui.callbacks import game_named
from bot.ui.delivery import Albums, MediaChat, Pictures, PictureSource, Replays
from bot.ui.picture_urls import PictureUrls
from renderer import warm_up as warm_up_renderer

log = logging.getLogger(__name__)

# Seconds a Bot API request may take (aiogram's default is 60): a tap must not hang on one.
REQUEST_TIMEOUT = 20
CONFIRM_TIMEOUT = 5  # seconds a stop waits to confirm the updates handled (polling)


def create_store(settings: Settings) -> GameStore:
    """Redis when `REDIS_URL` is set (reached as `REDIS_MODE` says), else the in-memory store
    (with a warning)."""
    if settings.redis_url is None:
        log.warning("REDIS_URL is not set: games are kept in memory and lost on restart")
        return MemoryStore()
    return RedisStore(
        str(settings.redis_url),
        settings.redis_mode,
        settings.sentinels,
        sentinel_password=settings.sentinel_password,
    )


def create_bot(
    settings: Settings, answered: AnsweredTaps, pacer: Pacer, session: BaseSession | None = None
) -> Bot:
    """The Bot API client, pointed at `TELEGRAM_API_URL` when set; each tap answered once
    (`bot.answers`), passing failures tried again (`bot.runtime.retry`), each try at a group or
    channel paced (`bot.pacing`), each failed try counted; the models of its answers built once
    (`bot.answer_models`)."""
    answer_models()
    if session is None:
        session = TelegramSession(timeout=REQUEST_TIMEOUT)
        if settings.telegram_api_url is not None:
            session.api = TelegramAPIServer.from_base(str(settings.telegram_api_url))
    session.middleware(AnswerOnce(answered))  # outermost: sees an answer after its retries
    session.middleware(RetryTransient())
    session.middleware(PaceMessages(pacer))
    session.middleware(CountTelegramErrors())  # innermost: sees every try
    return Bot(settings.bot_token.get_secret_value(), session=session)


def create_dispatcher(
    settings: Settings,
    store: GameStore,
    service: GameService,
    answered: AnsweredTaps,
    pacer: Pacer,
) -> Dispatcher:
    """Routers plus the dependencies every handler may ask for by name; `dispatcher["observed"]`
    is the middleware that logs and counts each update and knows those in flight."""
    translator = Translator()
    media = picture_source(settings, store, pacer)
    preferences = Preferences(store)
    dispatcher = Dispatcher(
        disable_fsm=True,
        preferences=preferences,
        translator=translator,
        service=service,
        boards=Boards(service, preferences, translator, pacer, media),
        media=media,
        pictures=Pictures(store),
        replays=Replays(store),
        albums=Albums(store),
        default_terms=settings.default_terms,
        answered=answered,
    )
    observed = dispatcher["observed"] = ObserveUpdates()
    dispatcher.update.outer_middleware(observed)  # first: its time includes the others'
    prefs = PrefsMiddleware(store, settings.default_language, translator, game_named)
    dispatcher.update.outer_middleware(prefs)
    dispatcher.update.outer_middleware(PersonRate(store, settings.person_budget))
    dispatcher.message.middleware(Cooldowns(store))
    dispatcher.callback_query.middleware(Cooldowns(store))
    dispatcher.callback_query.outer_middleware(AnswerEveryTap(answered))
    dispatcher.callback_query.outer_middleware(OwnButtons())
    dispatcher.include_routers(*routers())
    return dispatcher


def picture_source(settings: Settings, store: GameStore, pacer: Pacer) -> PictureSource | None:
    """Where inline boards get their pictures: in webhook mode the bot's own URLs under
    WEBHOOK_URL (no channel's posting limit), in polling mode the media chat when
    MEDIA_CHAT_ID is set; else none, and inline games are played on a text board."""
    secret = settings.webhook_secret
    if settings.bot_mode == "webhook" and secret is not None:  # the settings require it
        return PictureUrls(str(settings.webhook_url), secret.get_secret_value(), store)
    chat = settings.media_chat_id
    return None if chat is None else MediaChat(chat, store, pacer)


async def run(settings: Settings) -> None:
    """Check that Telegram and the store answer (`bot.runtime.startup`: `StartupFailed` when they do
    not), then serve until stopped; release the store and the HTTP session afterwards."""
    store = create_store(settings)
    answered, pacer = AnsweredTaps(), Pacer(store, settings.group_budget, settings.overall_budgets)
    bot = create_bot(settings, answered, pacer)
    try:
        await wait_until_ready(bot, store, settings)
        await serve(settings, store, bot, answered, pacer)
    finally:
        await store.close()
        await bot.session.close()


def settle_heap() -> None:
    """Set what start-up made (modules, aiogram's and pydantic's models, the translations, the
    answer models) aside from the garbage collector, which otherwise walks it all in each
    full collection: some 200 ms of a stalled event loop every few seconds under load, the
    load test's p99, where 35 ms remain (docs/FIGURES.md)."""
    gc.collect()
    gc.freeze()


async def serve(
    settings: Settings, store: GameStore, bot: Bot, answered: AnsweredTaps, pacer: Pacer
) -> None:
    """Warm up the AI and the renderer, set the command menu, then take updates until a signal;
    meanwhile the heartbeat, the event loop's lag probe and, while this worker holds the lease,
    the turn timers and the census of active games."""
    player = PoolBotPlayer(settings.ai_workers)
    seal = CardSeal(card_key(settings.bot_token.get_secret_value()))
    service = GameService(store, player, seal=seal)
    dispatcher = create_dispatcher(settings, store, service, answered, pacer)
    try:
        await player.warm_up()
        await asyncio.to_thread(warm_up_renderer)  # the first board must not wait for layers
        try:
            await register_commands(bot, dispatcher["translator"], settings.default_language)
        except (TelegramNetworkError, TelegramServerError, TelegramRetryAfter) as exc:
            log.warning(
                "could not set the command menu (%s); Telegram keeps the last one", exc.message
            )
        settle_heap()
        timers = TurnTimers(
            store, dispatcher["service"], dispatcher["boards"], dispatcher["translator"]
        )
        lag = LoopLag()
        health = Health(store, lag)
        background = Lease(store).run(lambda: timers.run(bot), lambda: count_active_games(store))
        async with running(heartbeat(health_file())), running(lag.run()), running(background):
            if settings.bot_mode == "webhook":
                await take_webhooks(settings, dispatcher, bot, health, store)
            else:
                await poll(settings, dispatcher, bot, health)
    finally:
        dispatcher["boards"].close()
        player.close()


async def poll(settings: Settings, dispatcher: Dispatcher, bot: Bot, health: Health) -> None:
    """Long polling (a webhook left from webhook mode is removed first) until SIGTERM or
    Ctrl-C, then the updates in flight finished and, once all are, confirmed (else Telegram
    hands them out again at the next start: none is lost); /healthz and /metrics on
    METRICS_PORT when set, to the end (/healthz saying "stopping" meanwhile)."""
    try:
        await bot.delete_webhook()
    except (TelegramNetworkError, TelegramServerError, TelegramRetryAfter) as exc:
        log.warning("could not remove a webhook (%s); polling may be refused", exc.message)
    async with serving_metrics(settings, health):
        # The session stays open: the updates in flight still answer when polling stops.
        await dispatcher.start_polling(bot, handle_signals=True, close_bot_session=False)
        deadline = stopping(dispatcher, health)
        if await finish_in_flight(dispatcher["observed"], deadline):
            await confirm_handled(bot, dispatcher["observed"])


@asynccontextmanager
async def serving_metrics(settings: Settings, health: Health) -> AsyncIterator[None]:
    """/healthz and /metrics on METRICS_PORT, when it is set, while the body runs (in webhook
    mode, so that /metrics need not share the webhook's port)."""
    if settings.metrics_port is None:
        yield
        return
    host, port = settings.listen_host, settings.metrics_port
    async with serving(make_app(health), host, port, "METRICS_PORT"):
        log.info("serving /healthz and /metrics on %s:%d", host, port)
        yield


async def confirm_handled(bot: Bot, observed: ObserveUpdates) -> None:
    """Tell Telegram the updates handled are done with (getUpdates with the next offset; it
    hands out nothing with `limit=1` and `timeout=0` that it would not hand out again), so the
    next start does not get them once more."""
    if observed.last_update_id is None:
        return
    try:
        await bot.get_updates(
            offset=observed.last_update_id + 1, limit=1, timeout=0, request_timeout=CONFIRM_TIMEOUT
        )
    except TelegramAPIError as exc:
        log.warning("could not confirm the updates handled (%s)", exc.message)


async def take_webhooks(
    settings: Settings, dispatcher: Dispatcher, bot: Bot, health: Health, pictures: MediaStore
) -> None:
    """Serve the webhook (with /healthz, the inline boards' pictures, kept in `pictures`, and
    /metrics unless METRICS_PORT serves them) on LISTEN_HOST:LISTEN_PORT, set it with
    Telegram, then take updates until SIGTERM or Ctrl-C; on leaving, the server stops taking
    connections and waits for the requests in flight, each an update being handled (Telegram
    posts again what it got no answer to)."""
    secret = settings.webhook_secret
    assert secret is not None  # the settings require it in webhook mode
    handler = WebhookHandler(dispatcher, bot, secret.get_secret_value())
    webhook = (settings.webhook_path, handler)
    app = make_app(health, webhook, pictures, metrics=settings.metrics_port is None)
    host, port = settings.listen_host, settings.listen_port
    async with serving_metrics(settings, health):
        async with serving(app, host, port, "LISTEN_PORT"):
            await set_webhook(bot, settings, dispatcher.resolve_used_update_types())
            log.info(
                "taking updates at %s (listening on %s:%d)", settings.public_webhook, host, port
            )
            await until_signal()
            deadline = stopping(dispatcher, health)
        # Leaving `serving` waited for the requests in flight; any update a request left
        # behind (aiogram answers a request after 55 s at most) has what is left of GRACE.
        await finish_in_flight(dispatcher["observed"], deadline)


async def until_signal() -> None:
    """Wait for SIGTERM or Ctrl-C; one more while the stop goes on changes nothing (as with
    aiogram's polling). Until this is called, Ctrl-C stops start-up at once."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()


def stopping(dispatcher: Dispatcher, health: Health) -> float:
    """No new updates from now on: say so, to the operator and to /healthz. When the updates
    in flight must be done by (the event loop's time): GRACE seconds from now, in all."""
    health.stopping = True
    in_flight = dispatcher["observed"].in_flight
    log.info("stopping: taking no new updates; finishing %d update(s) in flight", in_flight)
    return asyncio.get_running_loop().time() + GRACE


async def finish_in_flight(observed: ObserveUpdates, deadline: float) -> bool:
    """Wait (until `deadline`, the event loop's time) for the updates still being handled, so
    that none is cut short when the store and the HTTP session close; whether all finished."""
    left = max(0.0, deadline - asyncio.get_running_loop().time())
    if await observed.drained(left):
        return True
    log.warning("%d update(s) still in flight after %g s; stopping", observed.in_flight, GRACE)
    return False
