"""How the bot talks to the Bot API: as aiogram does, except that an answer which is not JSON
is a passing failure, not a `ClientDecodeError` that nobody retries (Telegram's front end
answers with nginx's HTML error page when the Bot API behind it fails (502) or is slow (504);
a body cut short reads the same, DESIGN.md §3), and that an upload goes as one body."""

from __future__ import annotations

import re
import secrets
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.session.base import BaseSession
from aiogram.exceptions import ClientDecodeError, TelegramNetworkError, TelegramServerError
from aiogram.types import BufferedInputFile
from aiohttp import BytesPayload, FormData, Payload

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


class OneBody(FormData):
    """A multipart form of text fields and files in memory, made into one body of known length
    when it is sent. aiohttp's writer streams each aiogram file in chunks, a socket write
    each, and writes each part on its own: a board's edit, the whole call, cost 0.63 ms of CPU
    that way, 0.47 ms as one body (`python -m tools.bench.upload`)."""

    def __init__(self, fields: list[tuple[str, str]], files: dict[str, BufferedInputFile]) -> None:
        super().__init__(quote_fields=False, default_to_multipart=True)
        self._parts = fields
        self._files = files

    def __call__(self) -> Payload:
        boundary = secrets.token_hex(16)
        body: list[bytes] = []
        for name, value in self._parts:
            body += (_part_head(boundary, name), value.encode(), b"\r\n")
        for name, file in self._files.items():
            body += (_part_head(boundary, name, file.filename or name), file.data, b"\r\n")
        body.append(f"--{boundary}--\r\n".encode())
        return BytesPayload(
            b"".join(body), content_type=f"multipart/form-data; boundary={boundary}"
        )


def _part_head(boundary: str, name: str, filename: str | None = None) -> bytes:
    """A part's boundary and headers, its names as quoted strings as aiohttp writes them."""
    disposition = f"form-data; name={_quoted(name)}"
    if filename is None:
        return f"--{boundary}\r\nContent-Disposition: {disposition}\r\n\r\n".encode()
    return (
        f"--{boundary}\r\nContent-Disposition: {disposition}; filename={_quoted(filename)}"
        "\r\nContent-Type: application/octet-stream\r\n\r\n"
    ).encode()


def _quoted(name: str) -> str:
    """`name` in quotes, a quote or backslash in it escaped; a line break in it would end the
    header, and is refused (as aiohttp refuses it)."""
    if "\r" in name or "\n" in name:
        raise ValueError(f"a line break in a part's name: {name!r}")
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


class TelegramSession(PagesAsFailures, AiohttpSession):
    """aiogram's aiohttp session, reading answers as `PagesAsFailures` does, an upload of
    files in memory (every file the bot sends) as `OneBody`."""

    def build_form_data(self, bot: Bot, method: TelegramMethod[Any]) -> FormData:
        files: dict[str, Any] = {}
        fields = [
            (key, prepared)
            for key, value in method.model_dump(warnings=False).items()
            if (prepared := self.prepare_value(value, bot=bot, files=files))
        ]
        if not files:
            return FormData(fields, quote_fields=False)  # urlencoded, as aiogram sends it
        if all(isinstance(file, BufferedInputFile) for file in files.values()):
            return OneBody(fields, files)
        return super().build_form_data(bot, method)  # a file to read as it goes


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
