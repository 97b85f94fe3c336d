"""How the bot reads Telegram's answers: as aiogram does, except that an answer which is not
JSON is a passing failure, not a `ClientDecodeError` that nobody retries. Telegram's front end
answers with nginx's HTML error page when the Bot API behind it fails (502) or is slow (504);
a body cut short reads the same (DESIGN.md §3)."""

from __future__ import annotations

import re
from http import HTTPStatus
from typing import TYPE_CHECKING

from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.session.base import BaseSession
from aiogram.exceptions import ClientDecodeError, TelegramNetworkError, TelegramServerError

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.methods import Response, TelegramMethod
    from aiogram.methods.base import TelegramType

# The statuses of a page that says the request was not carried out: the Bot API failed to
# take it (500) or could not be reached (502, 503). A 504's request may have been carried out
# by the Bot API after the front end stopped waiting, like a request whose answer was lost.
NOT_TAKEN = frozenset({HTTPStatus.INTERNAL_SERVER_ERROR, HTTPStatus.BAD_GATEWAY, 503})
TITLE = re.compile(r"<title>\s*([^<]{1,80}?)\s*</title>", re.IGNORECASE)


class PagesAsFailures(BaseSession):
    """`check_response` for any session: a body that is not JSON becomes a
    `TelegramServerError` when its status says the request was not carried out (retried
    like any 5xx), else a `TelegramNetworkError` (it may have been: a new message is not
    sent again, `bot.runtime.retry`)."""

    def check_response(
        self,
        bot: Bot,
        method: TelegramMethod[TelegramType],
        status_code: int,
        content: str,
    ) -> Response[TelegramType]:
        try:
            return super().check_response(bot, method, status_code, content)
        except ClientDecodeError as exc:
            if not _undecodable(exc) and status_code < HTTPStatus.INTERNAL_SERVER_ERROR:
                raise  # JSON, but not what the method returns: a fault of ours to see
            what = f"HTTP {status_code}, not JSON: {_summary(content)}"
            if status_code in NOT_TAKEN:
                raise TelegramServerError(method, what) from None
            raise TelegramNetworkError(method, what) from None


class TelegramSession(PagesAsFailures, AiohttpSession):
    """aiogram's aiohttp session, reading answers as `PagesAsFailures` does."""


def _undecodable(exc: ClientDecodeError) -> bool:
    """Whether the answer was not JSON at all (rather than JSON of another shape)."""
    return isinstance(exc.data, str)


def _summary(content: str) -> str:
    """A page's title, or the start of a body, for one log line."""
    title = TITLE.search(content)
    if title is not None:
        return title.group(1)
    start = " ".join(content.split())[:60]
    return repr(start) if start else "empty"
