"""Inline pictures at the bot's own URLs (webhook mode): the path is a digest of the JPEG keyed
by the webhook's secret; any worker serves a picture another saved, from a real Redis through
its own client; nothing else is served; a picture is kept 15 minutes, 3 once shown. Which
source of pictures each mode takes, and the media chat's start-up check in polling mode only."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import AsyncIterator

import pytest
from aiogram import Bot
from aiohttp import ClientSession, web

from bot.app import picture_source
from bot.pacing import Pacer
from bot.runtime.startup import StartupFailed, wait_until_ready
from bot.runtime.web import Health, LoopLag, make_app
from bot.storage import MemoryStore, RedisStore
from bot.storage.redis import picture_key
from bot.ui.delivery import MediaChat, jpeg_of
from bot.ui.picture_urls import PICTURE_GRACE, PICTURE_TTL, PictureUrls
from bot.ui.screens import Screen
from nardy import Position
from renderer import BoardView
from testkit.fakes.session import FakeSession
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import TOKEN, settings
from testkit.redis_server import free_port

SECRET = "picture-secret-0123456789"
SCREEN = Screen(Position.start(), BoardView(names=("Ann", "Bob")), "Turn: Ann", None)
OTHER = Screen(Position.start(), BoardView(names=("Cat", "Dan")), "Turn: Cat", None)


@pytest.fixture
def bot(telegram: FakeTelegram) -> Bot:
    return Bot(TOKEN, session=FakeSession(telegram))


@pytest.fixture
async def worker(redis_url: str) -> AsyncIterator[str]:
    """A worker's HTTP server with a Redis client of its own; its base URL."""
    store = RedisStore(redis_url)
    runner = web.AppRunner(make_app(Health(store, LoopLag()), pictures=store))
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    yield f"http://127.0.0.1:{port}"
    await runner.cleanup()
    await store.close()


async def test_the_path_is_the_pictures_digest_keyed_by_the_secret() -> None:
    """The same picture has the same key for every worker (one secret), another key under
    another secret, and neither is the plain digest anyone could compute."""
    jpeg = await jpeg_of(SCREEN)
    here = PictureUrls("https://bot.example.com/", SECRET, MemoryStore())
    there = PictureUrls("https://bot.example.com", SECRET, MemoryStore())
    elsewhere = PictureUrls("https://bot.example.com", SECRET.upper(), MemoryStore())
    key = here.key_of(jpeg)
    assert len(key) == 32 and set(key) <= set("0123456789abcdef")
    assert there.key_of(jpeg) == key
    assert elsewhere.key_of(jpeg) != key
    assert key != hashlib.blake2b(jpeg, digest_size=16).hexdigest()
    assert here.key_of(await jpeg_of(OTHER)) != key
    assert here.url_of(key) == f"https://bot.example.com/boards/{key}.jpg"


def cache_seconds(cache_control: str) -> int:
    """How long a `Cache-Control` lets anyone keep a copy: its public max-age (immutable, as
    a key names one picture)."""
    public, max_age, immutable = cache_control.split(", ")
    assert (public, immutable) == ("public", "immutable")
    return int(max_age.removeprefix("max-age="))


async def test_a_worker_serves_a_picture_another_saved(
    bot: Bot, redis_url: str, worker: str
) -> None:
    """Saved through one Redis client, served by a worker with its own: the JPEG as rendered,
    an image/jpeg cached no longer than the store keeps it, its key as its ETag (a copy held
    is not sent again)."""
    store = RedisStore(redis_url)
    try:
        url = await PictureUrls(worker, SECRET, store).picture(bot, SCREEN)
    finally:
        await store.close()
    assert url.startswith(f"{worker}/boards/") and url.endswith(".jpg")
    key = url.rpartition("/")[2].removesuffix(".jpg")
    async with ClientSession() as session:
        async with session.get(url) as answer:
            assert answer.status == 200
            assert answer.content_type == "image/jpeg"
            assert await answer.read() == await jpeg_of(SCREEN)
            assert cache_seconds(answer.headers["Cache-Control"]) <= PICTURE_TTL == 900
            assert answer.headers["ETag"] == f'"{key}"'
        async with session.get(url, headers={"If-None-Match": f'"{key}"'}) as answer:
            assert answer.status == 304
            assert await answer.read() == b""
            assert cache_seconds(answer.headers["Cache-Control"]) <= PICTURE_TTL
        async with session.head(url) as answer:
            assert answer.status == 200
            assert answer.content_type == "image/jpeg"


async def test_an_unknown_key_or_another_path_or_method_is_refused(
    worker: str, caplog: pytest.LogCaptureFixture
) -> None:
    """404 for a key nobody saved (one line, no traceback) and for any path that is no key;
    405 for anything but GET and HEAD. Nothing but the pictures saved is ever served."""
    caplog.set_level(logging.INFO, "bot.ui.picture_urls")
    unknown = f"{worker}/boards/{'0' * 32}.jpg"
    async with ClientSession() as session:
        async with session.get(unknown) as answer:
            assert answer.status == 404
        for path in ("/boards/", "/boards/abc.jpg", f"/boards/{'A' * 32}.jpg", "/boards/../x"):
            async with session.get(worker + path) as answer:
                assert answer.status == 404, path
        async with session.post(unknown) as answer:
            assert answer.status == 405
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.ui.picture_urls"]
    assert lines == [f"no picture {'0' * 32} (404)"]
    assert not any(r.exc_info for r in caplog.records)


async def test_a_picture_is_kept_for_its_time_and_minutes_once_shown(
    bot: Bot, store: RedisStore
) -> None:
    """Long enough for Telegram to fetch it (and to fetch it again for an edit tried again),
    then, once an edit showed it, only PICTURE_GRACE: as long as its edits come, no longer."""
    urls = PictureUrls("https://bot.example.com", SECRET, store)
    url = await urls.picture(bot, SCREEN)
    key = picture_key(url.rpartition("/")[2].removesuffix(".jpg"))
    assert PICTURE_TTL - 10 < await store.client.ttl(key) <= PICTURE_TTL == 900
    await urls.shown(url)
    assert PICTURE_GRACE - 10 < await store.client.ttl(key) <= PICTURE_GRACE
    assert await urls.picture(bot, SCREEN) == url  # shown again: saved again for its hour
    assert PICTURE_TTL - 10 < await store.client.ttl(key) <= PICTURE_TTL


def test_webhook_mode_serves_its_own_pictures_and_polling_takes_the_media_chat() -> None:
    """MEDIA_CHAT_ID is for polling mode; webhook mode prefers its URLs even with it set."""
    store = MemoryStore()
    pacer = Pacer(store)
    webhook = {
        "bot_mode": "webhook",
        "webhook_url": "https://bot.example.com",
        "webhook_secret": SECRET,
    }
    assert isinstance(picture_source(settings(**webhook), store, pacer), PictureUrls)
    both = settings(**webhook, media_chat_id=-1001)
    assert isinstance(picture_source(both, store, pacer), PictureUrls)
    assert isinstance(picture_source(settings(media_chat_id=-1001), store, pacer), MediaChat)
    assert picture_source(settings(), store, pacer) is None


async def test_the_media_chat_is_checked_at_start_up_in_polling_mode_only(
    bot: Bot, telegram: FakeTelegram
) -> None:
    """A media chat the bot is not in stops polling mode; webhook mode does not use it, and
    does not ask."""
    webhook = settings(
        bot_mode="webhook",
        webhook_url="https://bot.example.com",
        webhook_secret=SECRET,
        media_chat_id=-1001,
        startup_timeout=5,
    )
    await wait_until_ready(bot, MemoryStore(), webhook)
    assert telegram.calls_of("getChatMember") == []
    with pytest.raises(StartupFailed, match="MEDIA_CHAT_ID -1001"):
        await wait_until_ready(bot, MemoryStore(), settings(media_chat_id=-1001))
    assert len(telegram.calls_of("getChatMember")) == 1
