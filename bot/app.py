"""Wiring: the store, the bot client, the dispatcher with its routers and dependencies; the
start-up checks, then polling with the health check's heartbeat and the turn timers."""

from __future__ import annotations

import asyncio
import logging

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.session.base import BaseSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramNetworkError, TelegramRetryAfter, TelegramServerError

from bot.answers import AnsweredTaps, AnswerEveryTap, AnswerOnce
from bot.boards import Boards
from bot.commands import register_commands
from bot.config import Settings
from bot.handlers import routers
from bot.health import health_file, heartbeat
from bot.i18n import Translator
from bot.prefs import PrefsMiddleware
from bot.retry import RetryTransient
from bot.service import GameService, PoolBotPlayer
from bot.startup import wait_until_ready
from bot.storage import GameStore, MemoryStore, RedisStore
from bot.tasks import running
from bot.timers import TurnTimers
from bot.ui.delivery import MediaChat, Pictures
from renderer import warm_up as warm_up_renderer

log = logging.getLogger(__name__)

# Seconds a Bot API request may take (aiogram's default is 60): a tap must not hang on one.
REQUEST_TIMEOUT = 20


def create_store(settings: Settings) -> GameStore:
    """Redis when `REDIS_URL` is set, else the in-memory store (with a warning)."""
    if settings.redis_url is None:
        log.warning("REDIS_URL is not set: games are kept in memory and lost on restart")
        return MemoryStore()
    return RedisStore(str(settings.redis_url))


def create_bot(
    settings: Settings, answered: AnsweredTaps, session: BaseSession | None = None
) -> Bot:
    """The Bot API client, pointed at `TELEGRAM_API_URL` when set; each tap answered once
    (`bot.answers`), passing failures tried again (`bot.retry`)."""
    if session is None:
        session = AiohttpSession(timeout=REQUEST_TIMEOUT)
        if settings.telegram_api_url is not None:
            session.api = TelegramAPIServer.from_base(str(settings.telegram_api_url))
    session.middleware(AnswerOnce(answered))  # outermost: sees an answer after its retries
    session.middleware(RetryTransient())
    return Bot(settings.bot_token.get_secret_value(), session=session)


def create_dispatcher(
    settings: Settings, store: GameStore, service: GameService, answered: AnsweredTaps
) -> Dispatcher:
    """Routers plus the dependencies every handler may ask for by name."""
    translator = Translator()
    media = None if settings.media_chat_id is None else MediaChat(settings.media_chat_id)
    dispatcher = Dispatcher(
        disable_fsm=True,
        store=store,
        translator=translator,
        service=service,
        boards=Boards(service, store, translator, media),
        media=media,
        pictures=Pictures(),
        default_terms=settings.default_terms,
        answered=answered,
    )
    prefs = PrefsMiddleware(store, settings.default_language, translator)
    dispatcher.update.outer_middleware(prefs)
    dispatcher.callback_query.outer_middleware(AnswerEveryTap(answered))
    dispatcher.include_routers(*routers())
    return dispatcher


async def run(settings: Settings) -> None:
    """Check that Telegram and the store answer (`bot.startup`: `StartupFailed` when they do
    not), then serve until stopped; release the store and the HTTP session afterwards."""
    store = create_store(settings)
    answered = AnsweredTaps()
    bot = create_bot(settings, answered)
    try:
        await wait_until_ready(bot, store, settings)
        await serve(settings, store, bot, answered)
    finally:
        await store.close()
        await bot.session.close()


async def serve(settings: Settings, store: GameStore, bot: Bot, answered: AnsweredTaps) -> None:
    """Warm up the AI and the renderer, set the command menu, then poll until a signal."""
    player = PoolBotPlayer(settings.ai_workers)
    dispatcher = create_dispatcher(settings, store, GameService(store, player), answered)
    try:
        await player.warm_up()
        await asyncio.to_thread(warm_up_renderer)  # the first board must not wait for layers
        try:
            await register_commands(bot, dispatcher["translator"], settings.default_language)
        except (TelegramNetworkError, TelegramServerError, TelegramRetryAfter) as exc:
            log.warning(
                "could not set the command menu (%s); Telegram keeps the last one", exc.message
            )
        timers = TurnTimers(
            store, dispatcher["service"], dispatcher["boards"], dispatcher["translator"]
        )
        async with running(heartbeat(health_file())), running(timers.run(bot)):
            await dispatcher.start_polling(bot, handle_signals=True)
    finally:
        player.close()
