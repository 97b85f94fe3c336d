"""Inline board pictures served by the bot itself (webhook mode): an inline edit cannot upload
(DESIGN.md §3), but Telegram fetches a picture given by URL. Each picture is kept in the store
under a digest of its JPEG keyed by WEBHOOK_SECRET, so that any worker serves any picture, an
identical picture has the same URL, and nobody without the secret can guess or list one.

`GET {WEBHOOK_URL}/boards/<key>.jpg` answers the JPEG (immutable: a key names one content,
cached for PICTURE_TTL at most) or 404; the store keeps nothing else there.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Awaitable, Callable

from aiogram import Bot
from aiohttp import web

from bot.log_limit import LogLimit
from bot.storage import MediaStore, StoreUnavailable
from bot.ui.delivery import PLAYER_WAIT, jpeg_of
from bot.ui.screens import Screen

log = logging.getLogger(__name__)

PATH = "/boards/{key:[0-9a-f]{32}}.jpg"  # the route; a key is 16 bytes in hex
# How long a picture is kept once saved: Telegram fetches it while the edit that names it is
# under way, but an edit tried again (a lost answer, 5xx and 429 retries: two minutes at
# worst) names it again later, and an inline card's picture is fetched only when someone picks
# the card from the results, which may stay open a while. Not longer: every inline query
# saves five cards (some 80 KB each) that nobody may ever pick, and an edit that failed for
# good leaves its picture for this long.
PICTURE_TTL = 15 * 60
# How long it is kept once an edit showed it (Telegram has its own copy then): long enough for
# another game's edit of the identical picture, under way at that moment, and its retries.
# Pictures come as fast as edits, so this, not PICTURE_TTL, bounds the store's memory.
PICTURE_GRACE = 180
# Cached by anyone (a URL names one picture for good), for no longer than the store keeps a
# picture: none is to outlive its time anywhere.
CACHE_CONTROL = f"public, max-age={PICTURE_TTL}, immutable"
_PERSON = b"nardy-boards"  # BLAKE2b personalisation: this key is for nothing else

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def url_key(secret: str) -> bytes:
    """The key of the pictures' digests, derived from WEBHOOK_SECRET (the same on every
    worker); the secret itself never leaves the process."""
    return hashlib.blake2b(secret.encode(), digest_size=32, person=_PERSON).digest()


class PictureUrls:
    """A `PictureSource` (`bot.ui.delivery`): each picture saved in the store for PICTURE_TTL,
    named by its URL at `base` (WEBHOOK_URL); once an edit showed it, kept PICTURE_GRACE more."""

    def __init__(self, base: str, secret: str, store: MediaStore) -> None:
        self._base = base.rstrip("/")
        self._key = url_key(secret)
        self._store = store

    def key_of(self, jpeg: bytes) -> str:
        """What the picture `jpeg` is kept and served under: its keyed BLAKE2b, in hex."""
        return hashlib.blake2b(jpeg, digest_size=16, key=self._key).hexdigest()

    def url_of(self, key: str) -> str:
        """The public URL of the picture kept under `key`."""
        return f"{self._base}/boards/{key}.jpg"

    async def picture(self, bot: Bot, screen: Screen, most: float | None = PLAYER_WAIT) -> str:
        """The URL of `screen`'s picture, saved (again) for any worker to serve (at once:
        nothing to wait for)."""
        jpeg = await jpeg_of(screen)
        key = self.key_of(jpeg)
        await self._store.save_picture(key, jpeg, PICTURE_TTL)
        return self.url_of(key)

    async def shown(self, picture: str) -> None:
        """Telegram fetched `picture`: it is kept PICTURE_GRACE more, not PICTURE_TTL. A store
        that cannot be reached keeps it the whole PICTURE_TTL."""
        key = picture.rpartition("/")[2].removesuffix(".jpg")
        try:
            await self._store.expire_picture(key, PICTURE_GRACE)
        except StoreUnavailable as exc:
            log.warning("picture %s kept its full time: %s", key, exc)


def serve_pictures(store: MediaStore) -> Handler:
    """The handler of PATH: the JPEG kept under the key, with an ETag (the key), to be cached
    for PICTURE_TTL at most (CACHE_CONTROL); 304 for a copy the asker has, 404 (a line, few
    of them: `LogLimit`) for a key the store does not keep, 503 while the store cannot be
    reached."""
    unknown = LogLimit()

    async def picture(request: web.Request) -> web.StreamResponse:
        key = request.match_info["key"]
        try:
            jpeg = await store.picture(key)
        except StoreUnavailable as exc:
            log.warning("picture %s not served (503): %s", key, exc)
            return web.Response(status=503, text="store unavailable")
        if jpeg is None:
            unknown.log(log, logging.INFO, "no picture %s (404)", key)
            return web.Response(status=404, text="no such picture")
        headers = {"Cache-Control": CACHE_CONTROL}
        if any(tag.value == key for tag in request.if_none_match or ()):
            response = web.Response(status=304, headers=headers)
        else:
            response = web.Response(body=jpeg, content_type="image/jpeg", headers=headers)
        response.etag = key
        return response

    return picture
