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
# A control character in a part's name would break its header (a tab may stand), as aiohttp
# refuses it.
CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
# The most the files of a body made in one piece may hold: well under the 1 MiB of a bytes
# body that aiohttp warns against (boards and albums of them, not every replay).
ONE_BODY_FILES = 1 << 19


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
    when it is sent, written as aiohttp's `FormData` writes it. aiohttp's writer streams each
    aiogram file in chunks, a socket write each, and writes each part on its own: a board's
    edit, the whole call, cost 0.61–0.63 ms of CPU that way, 0.47–0.49 ms as one body
    (`python -m tools.bench.upload`)."""

    def __init__(self, fields: list[tuple[str, str]], files: dict[str, BufferedInputFile]) -> None:
        super().__init__(quote_fields=False, default_to_multipart=True)
        self._parts = fields
        self._files = files

    def __call__(self) -> Payload:
        boundary = secrets.token_hex(16)
        body: list[bytes] = []
        for name, value in self._parts:
            body += (_part_head(boundary, name, None), value.encode(), b"\r\n")
        for name, file in self._files.items():
            body += (_part_head(boundary, name, file.filename or name), file.data, b"\r\n")
        body.append(f"--{boundary}--\r\n".encode())
        return BytesPayload(
            b"".join(body), content_type=f"multipart/form-data; boundary={boundary}"
        )


def _part_head(boundary: str, name: str, filename: str | None) -> bytes:
    """A part's boundary and headers: a text field's (`filename` None), or a file's."""
    disposition = f"form-data; name={_quoted(name)}"
    if filename is None:
        kind = "text/plain; charset=utf-8"
    else:
        disposition += f"; filename={_quoted(filename)}"
        kind = "application/octet-stream"
    head = f"--{boundary}\r\nContent-Type: {kind}\r\nContent-Disposition: {disposition}\r\n\r\n"
    return head.encode()


def _quoted(name: str) -> str:
    """`name` as a quoted string, a quote or backslash in it escaped; one with a control
    character is refused, as aiohttp refuses it."""
    if CONTROL.search(name):
        raise ValueError(f"a control character in a part's name: {name!r}")
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


class TelegramSession(PagesAsFailures, AiohttpSession):
    """aiogram's aiohttp session, reading answers as `PagesAsFailures` does, and sending files
    in memory up to `ONE_BODY_FILES` in all (boards, albums, records) as `OneBody`."""

    def build_form_data(self, bot: Bot, method: TelegramMethod[Any]) -> FormData:
        files: dict[str, Any] = {}
        fields = [
            (key, prepared)
            for key, value in method.model_dump(warnings=False).items()
            if (prepared := self.prepare_value(value, bot=bot, files=files))
        ]
        if not files:
            return FormData(fields, quote_fields=False)  # urlencoded, as aiogram sends it
        in_memory = all(isinstance(file, BufferedInputFile) for file in files.values())
        if in_memory and sum(len(file.data) for file in files.values()) <= ONE_BODY_FILES:
            return OneBody(fields, files)
        return super().build_form_data(bot, method)  # streamed, as aiogram sends it


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
