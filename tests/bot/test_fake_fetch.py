"""The HTTP fake Bot API fetches a picture given by URL as Telegram does, and refuses the
request when it gets no JPEG; the in-process session takes URLs unfetched."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import InputMediaPhoto
from aiohttp import web

from testkit.fakes.fetch import URL_FAILED
from testkit.fakes.server import make_app
from testkit.fakes.session import FakeSession
from testkit.fakes.telegram import FakeTelegram, Sent
from testkit.harness import TOKEN
from testkit.redis_server import free_port

JPEG = b"\xff\xd8\xff\xe0" + bytes(100)


async def serve(app: web.Application) -> AsyncIterator[str]:
    runner = web.AppRunner(app, shutdown_timeout=0.1)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    yield f"http://127.0.0.1:{port}"
    await runner.cleanup()


@pytest.fixture
async def pictures() -> AsyncIterator[str]:
    """A server of one JPEG, one PNG, one JPEG's bytes sent as text; anything else 404."""
    app = web.Application()
    for path, body, kind in (
        ("/board.jpg", JPEG, "image/jpeg"),
        ("/board.png", b"\x89PNG\r\n\x1a\n", "image/png"),
        ("/text.jpg", JPEG, "text/plain"),
    ):
        app.router.add_get(path, _answer(body, kind))
    async for url in serve(app):
        yield url


def _answer(body: bytes, kind: str) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def answer(request: web.Request) -> web.Response:
        return web.Response(body=body, content_type=kind)

    return answer


@pytest.fixture
async def bot(telegram: FakeTelegram) -> AsyncIterator[Bot]:
    """The bot's requests over HTTP to the fake Bot API server."""
    async for url in serve(make_app(telegram)):
        session = AiohttpSession(api=TelegramAPIServer.from_base(url))
        yield Bot(TOKEN, session=session)
        await session.close()


def inline_card(telegram: FakeTelegram) -> Sent:
    card = Sent(0, 0, text="card", inline_message_id="inline-1")
    telegram.inline_messages["inline-1"] = card
    return card


async def test_a_jpeg_at_the_url_is_fetched_and_shown(
    bot: Bot, telegram: FakeTelegram, pictures: str
) -> None:
    card = inline_card(telegram)
    url = f"{pictures}/board.jpg"
    await bot.edit_message_media(inline_message_id="inline-1", media=InputMediaPhoto(media=url))
    await bot.send_photo(chat_id=5, photo=url)
    assert telegram.fetched == [(url, JPEG), (url, JPEG)]
    assert card.photo_id is not None and telegram.chat(5)[0].photo_id is not None


@pytest.mark.parametrize("path", ["/board.png", "/text.jpg", "/missing.jpg", None])
async def test_a_url_without_a_jpeg_is_refused_and_changes_nothing(
    path: str | None, bot: Bot, telegram: FakeTelegram, pictures: str
) -> None:
    """A PNG, a JPEG not sent as one, a 404, a port nobody listens on: refused as Telegram
    refuses it, the message as it was."""
    card = inline_card(telegram)
    url = f"http://127.0.0.1:{free_port()}/board.jpg" if path is None else pictures + path
    with pytest.raises(TelegramBadRequest) as refused:
        await bot.edit_message_media(inline_message_id="inline-1", media=InputMediaPhoto(media=url))
    assert refused.value.message == URL_FAILED
    with pytest.raises(TelegramBadRequest, match="failed to get HTTP URL content"):
        await bot.send_photo(chat_id=5, photo=url)
    assert telegram.fetched == [(url, None), (url, None)]
    assert [call.status for call in telegram.calls[-2:]] == [400, 400]
    assert (card.text, card.photo_id) == ("card", None)
    assert telegram.chat(5) == []


async def test_the_in_process_session_takes_a_url_unfetched(telegram: FakeTelegram) -> None:
    card = inline_card(telegram)
    bot = Bot(TOKEN, session=FakeSession(telegram))
    url = f"http://127.0.0.1:{free_port()}/board.jpg"
    await bot.edit_message_media(inline_message_id="inline-1", media=InputMediaPhoto(media=url))
    assert card.photo_id is not None
    assert telegram.fetched == []
