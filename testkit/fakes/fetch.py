"""A picture given by URL, as Telegram takes it: sendPhoto and editMessageMedia with an HTTP(S)
URL make Telegram fetch it during the request, which it refuses ("failed to get HTTP URL
content") when the fetch fails or brings no JPEG. The HTTP fake does the same before the
request takes effect (`fetch_pictures`), recording each fetch in `FakeTelegram.fetched`; the
in-process session cannot reach the bot's server and takes URLs unfetched."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import ClientError, ClientSession, ClientTimeout

from testkit.fakes.telegram import Failure, FakeTelegram

URL_FAILED = "Bad Request: failed to get HTTP URL content"
FETCH_TIMEOUT = ClientTimeout(total=5.0)
JPEG_START = b"\xff\xd8\xff"


def picture_urls(method: str, fields: dict[str, str]) -> list[str]:
    """The HTTP(S) URLs of the pictures a request asks Telegram to fetch."""
    source: Any = None
    if method == "sendPhoto":
        source = fields.get("photo")
    elif method == "editMessageMedia":
        try:
            source = json.loads(fields.get("media", "{}")).get("media")
        except (ValueError, AttributeError):  # the schema check reports it
            source = None
    if isinstance(source, str) and source.startswith(("http://", "https://")):
        return [source]
    return []


async def fetch_pictures(
    session: ClientSession, telegram: FakeTelegram, method: str, fields: dict[str, str]
) -> None:
    """Fetch the pictures the request names by URL; when one fails, its call is refused as
    Telegram refuses it (the refusal goes first among the method's failures, so this very
    call gets it), and takes no effect."""
    for url in picture_urls(method, fields):
        jpeg = await _fetch(session, url)
        telegram.fetched.append((url, jpeg))
        if jpeg is None:
            telegram.failures.setdefault(method, []).insert(0, Failure(400, URL_FAILED))
            return


async def _fetch(session: ClientSession, url: str) -> bytes | None:
    """The JPEG at `url`: a 200 of type image/jpeg that starts as a JPEG does; else None."""
    try:
        async with session.get(url, timeout=FETCH_TIMEOUT) as answer:
            body = await answer.read()
            if answer.status != 200 or answer.content_type != "image/jpeg":
                return None
    except (ClientError, TimeoutError):
        return None
    return body if body.startswith(JPEG_START) else None
