"""An inline game in webhook mode with no media chat, against the real bot process, the fake
Bot API over HTTP and a real Redis: the cards and every board are pictures the bot serves at
its own URLs, which the fake Bot API fetches as Telegram does; nothing is posted anywhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import redis
from aiohttp import ClientSession

from bot.storage.redis import picture_key
from bot.ui.picture_urls import PICTURE_GRACE, PICTURE_TTL
from testkit.fakes.telegram import FakeTelegram
from testkit.redis_server import free_port
from tests.e2e.helpers import served, start_bot, stop_bot, until
from tests.e2e.test_games_between_people import (
    ANN,
    FINISHED,
    GROUP_LIMIT,
    TOKEN,
    answered_once,
    play_a_card,
)

SECRET = "inline-pictures-secret-0123"
JPEG_START = b"\xff\xd8\xff"


def key_of(url: str) -> str:
    return url.rpartition("/")[2].removesuffix(".jpg")


@pytest.mark.timeout(150)  # some 25 s: a whole inline game over HTTP
async def test_an_inline_game_in_webhook_mode_shows_pictures_the_bot_serves_itself(
    telegram: FakeTelegram, redis_url: str, tmp_path: Path
) -> None:
    """Ann offers a game by @bot, Bob joins, they play it out. Each card is a photo at the bot's
    URL; each edit of the inline message names the bot's URL of a new picture, which the fake
    Bot API fetched (a JPEG, or it would have refused the edit); no picture goes to any chat.
    Each picture is kept in Redis: a card's for PICTURE_TTL, a board's PICTURE_GRACE once
    shown."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    board_url = re.compile(re.escape(base) + r"/boards/[0-9a-f]{32}\.jpg")
    async with served(telegram) as api:
        bot = start_bot(
            tmp_path,
            BOT_TOKEN=TOKEN,
            REDIS_URL=redis_url,
            TELEGRAM_API_URL=api,
            BOT_MODE="webhook",
            WEBHOOK_URL=base,
            WEBHOOK_SECRET=SECRET,
            LISTEN_PORT=str(port),
            # The inline game's chat (a group unknown to this fake: unlimited) paced quickly.
            GROUP_LIMIT=f"{GROUP_LIMIT.count}/{GROUP_LIMIT.window:g}",
        )
        try:
            await until(lambda: telegram.webhook is not None, "setWebhook", 40, bot)
            query = telegram.inline_query_update(ANN)
            query_id = query["inline_query"]["id"]
            await telegram.updates.put(query)
            await until(lambda: query_id in telegram.inline_answers, "the offered cards", 20, bot)
            cards = telegram.inline_answers[query_id]["results"]
            assert [card["type"] for card in cards] == ["photo"] * 5
            assert all(board_url.fullmatch(card["photo_url"]) for card in cards), cards
            assert all(card["thumbnail_url"] == card["photo_url"] for card in cards)
            async with ClientSession() as session, session.get(cards[0]["photo_url"]) as answer:
                assert (answer.status, answer.content_type) == (200, "image/jpeg")
                assert (await answer.read()).startswith(JPEG_START)

            card, taps = await play_a_card(telegram, query_id)
            output = await stop_bot(bot)
        finally:
            if bot.poll() is None:
                bot.kill()
                bot.wait()

    assert card.caption is not None and re.search(r"^(Ann|Bob) won:", card.caption, re.M), card
    assert [b["text"] for b in card.buttons()] == FINISHED
    edits = telegram.calls_of("editMessageMedia")  # some over the flood limit: waited out
    assert edits and all(call.status in (200, 429) for call in edits)
    assert all("inline_message_id" in call.params for call in edits)
    named = [str(call.params["media"]["media"]) for call in edits]
    assert all(board_url.fullmatch(url) for url in named), named
    shown = [url for url, call in zip(named, edits, strict=True) if call.status == 200]
    fetched = dict(telegram.fetched)
    assert set(shown) <= set(fetched) <= set(named) and len(set(shown)) > 40
    assert all(jpeg is not None and jpeg.startswith(JPEG_START) for jpeg in fetched.values())
    assert telegram.calls_of("sendPhoto") == [] and telegram.calls_of("getChatMember") == []
    assert not any(call.uploads for call in telegram.calls)
    with redis.Redis.from_url(redis_url) as kept:
        for url in shown:
            assert kept.get(picture_key(key_of(url))) == fetched[url]
            assert 0 < kept.ttl(picture_key(key_of(url))) <= PICTURE_GRACE
        for offered in cards:
            left = kept.ttl(picture_key(key_of(offered["photo_url"])))
            assert PICTURE_GRACE < left <= PICTURE_TTL
    assert answered_once(telegram, taps)
    assert telegram.schema_problems == []
    assert "Traceback" not in output and " ERROR " not in output, output
