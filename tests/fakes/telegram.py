"""A fake Telegram: the Bot API behaviour the bot relies on, in memory, for tests.

It keeps the chat's messages, answers requests the way the Bot API does (a sent photo gets a
file id, an edit of a deleted message fails "message to edit not found"), records every call,
checks each against the official schema, and can be told to fail the next call of a method
(429 with `retry_after`, "message is not modified"), to fail calls at random (`Chaos`), and to
take its time over some methods (`latency`, seconds, awaited by the HTTP server and the
in-process session before a request takes effect). It also makes the updates a user causes.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.fakes.schema import problems

NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup are"
    " exactly the same as a current content and reply markup of the message"
)
BOT_USER = {"id": 42, "is_bot": True, "first_name": "Nardy", "username": "nardy_test_bot"}


@dataclass
class Call:
    """One request as the bot sent it: decoded JSON fields, the names of uploaded parts, and
    the HTTP status it was answered with."""

    method: str
    params: dict[str, Any]
    uploads: set[str]
    status: int = 0


@dataclass
class Sent:
    """A message in a chat, as the user would see it now."""

    message_id: int
    chat_id: int
    text: str | None = None
    caption: str | None = None
    photo_id: str | None = None
    markup: dict[str, Any] | None = None

    def buttons(self) -> list[dict[str, Any]]:
        rows = (self.markup or {}).get("inline_keyboard", [])
        return [button for row in rows for button in row]


@dataclass
class Failure:
    status: int
    description: str
    retry_after: int | None = None


@dataclass
class Chaos:
    """Telegram failing now and then: each call of `methods` fails with probability `rate`
    before it takes effect, half of them with a 502, half with a 429 (retry after 1 s). With
    `in_a_row`, the same request (method, chat, message, tap) fails at most that many times in
    a row: passing faults only, which a client's retries always get through."""

    rate: float
    rng: random.Random
    in_a_row: int | None = None
    _streaks: dict[tuple[Any, ...], int] = field(default_factory=dict)
    methods: frozenset[str] = frozenset(
        {
            "sendMessage",
            "sendPhoto",
            "editMessageMedia",
            "editMessageText",
            "editMessageReplyMarkup",
            "answerCallbackQuery",
            "deleteMessage",
        }
    )

    def failure(self, method: str, params: dict[str, Any]) -> Failure | None:
        if method not in self.methods:
            return None
        request = (method, *(params.get(k) for k in ("chat_id", "message_id", "callback_query_id")))
        streak = self._streaks.get(request, 0)
        if self.rng.random() >= self.rate or streak == self.in_a_row:
            self._streaks.pop(request, None)
            return None
        self._streaks[request] = streak + 1
        if self.rng.random() < 0.5:
            return Failure(502, "Bad Gateway")
        return Failure(429, "Too Many Requests: retry after 1", 1)


@dataclass
class FakeTelegram:
    """The state and rules of the fake; both the aiohttp server and the in-process test
    session call `handle`."""

    calls: list[Call] = field(default_factory=list)
    schema_problems: list[str] = field(default_factory=list)
    messages: dict[tuple[int, int], Sent] = field(default_factory=dict)
    answered: set[str] = field(default_factory=set)
    failures: dict[str, list[Failure]] = field(default_factory=dict)
    chaos: Chaos | None = None
    latency: dict[str, float] = field(default_factory=dict)
    updates: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    # -- test controls ----------------------------------------------------------------------

    def fail_next(self, method: str, failure: Failure) -> None:
        self.failures.setdefault(method, []).append(failure)

    def not_modified_next(self, method: str = "editMessageMedia") -> None:
        self.fail_next(method, Failure(400, NOT_MODIFIED))

    def flood_next(self, method: str, retry_after: int = 1) -> None:
        description = f"Too Many Requests: retry after {retry_after}"
        self.fail_next(method, Failure(429, description, retry_after))

    def delete(self, chat_id: int, message_id: int) -> None:
        """The user deletes a message."""
        del self.messages[(chat_id, message_id)]

    def calls_of(self, method: str) -> list[Call]:
        return [call for call in self.calls if call.method == method]

    def chat(self, chat_id: int) -> list[Sent]:
        return [m for (chat, _), m in sorted(self.messages.items()) if chat == chat_id]

    # -- updates a user causes --------------------------------------------------------------

    def text_update(
        self, user: dict[str, Any], text: str, chat: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """`user` writes `text` in `chat` (by default the private chat with the bot)."""
        private = {"id": user["id"], "type": "private", "first_name": user["first_name"]}
        message: dict[str, Any] = {
            "message_id": next(self._ids),
            "date": 1_700_000_000,
            "chat": chat or private,
            "from": user,
            "text": text,
        }
        if text.startswith("/"):
            message["entities"] = [
                {"type": "bot_command", "offset": 0, "length": len(text.split()[0])}
            ]
        return {"update_id": next(self._ids), "message": message}

    def tap_update(
        self, user: dict[str, Any], sent: Sent, data: str, inaccessible: bool = False
    ) -> dict[str, Any]:
        """`user` taps a button of `sent`; Telegram may send an `inaccessible` (old) message
        as its chat and id alone."""
        message = self._message_json(sent)
        if inaccessible:
            message = {"chat": message["chat"], "message_id": sent.message_id, "date": 0}
        query = {
            "id": str(next(self._ids)),
            "from": user,
            "chat_instance": "ci",
            "message": message,
            "data": data,
        }
        return {"update_id": next(self._ids), "callback_query": query}

    # -- the Bot API ------------------------------------------------------------------------

    def handle(self, method: str, fields: dict[str, str], uploads: set[str]) -> tuple[int, str]:
        """Answer one request: (HTTP status, JSON body)."""
        params = {name: _decode(value) for name, value in fields.items()}
        found = problems(method, fields, uploads) + _over_limits(method, params)
        self.schema_problems += found
        call = Call(method, params, uploads)
        self.calls.append(call)
        call.status, body = self._answer(method, params, found)
        return call.status, body

    def _answer(self, method: str, params: dict[str, Any], found: list[str]) -> tuple[int, str]:
        pending = self.failures.get(method)
        failure = pending.pop(0) if pending else None
        if failure is None and self.chaos is not None:
            failure = self.chaos.failure(method, params)
        if failure is not None:
            body: dict[str, Any] = {
                "ok": False,
                "error_code": failure.status,
                "description": failure.description,
            }
            if failure.retry_after is not None:
                body["parameters"] = {"retry_after": failure.retry_after}
            return failure.status, json.dumps(body)
        if found:
            return 400, _error("Bad Request: " + "; ".join(found))
        handler = self._handlers().get(method)
        if handler is None:
            return _ok(True)  # sendChatAction, setMyCommands, deleteWebhook, ...
        return handler(params)

    def _handlers(self) -> dict[str, Callable[[dict[str, Any]], tuple[int, str]]]:
        """The methods whose answer depends on the chat's state."""
        return {
            "getMe": self._get_me,
            "sendMessage": self._send_message,
            "sendPhoto": self._send_photo,
            "editMessageMedia": self._edit_message_media,
            "editMessageText": self._edit_message_text,
            "editMessageReplyMarkup": self._edit_message_reply_markup,
            "deleteMessage": self._delete_message,
            "answerCallbackQuery": self._answer_callback_query,
        }

    def _get_me(self, params: dict[str, Any]) -> tuple[int, str]:
        return _ok(BOT_USER)

    def _send_message(self, params: dict[str, Any]) -> tuple[int, str]:
        sent = self._store(
            params["chat_id"], text=params["text"], markup=params.get("reply_markup")
        )
        return _ok(self._message_json(sent))

    def _send_photo(self, params: dict[str, Any]) -> tuple[int, str]:
        sent = self._store(
            params["chat_id"],
            caption=params.get("caption"),
            photo_id=f"photo-{next(self._ids)}",
            markup=params.get("reply_markup"),
        )
        return _ok(self._message_json(sent))

    def _edit_message_media(self, params: dict[str, Any]) -> tuple[int, str]:
        photo = f"photo-{next(self._ids)}"
        return self._edit(params, photo_id=photo, caption=params["media"].get("caption"))

    def _edit_message_text(self, params: dict[str, Any]) -> tuple[int, str]:
        return self._edit(params, text=params["text"])

    def _edit_message_reply_markup(self, params: dict[str, Any]) -> tuple[int, str]:
        return self._edit(params)

    def _edit(self, params: dict[str, Any], **content: Any) -> tuple[int, str]:
        """Replace the message's `content` and keyboard, as every edit method does; an edit
        that changes nothing is refused, as Telegram does (a new photo is always a change)."""
        sent = self.messages.get((params["chat_id"], params["message_id"]))
        if sent is None:
            return 400, _error("Bad Request: message to edit not found")
        unchanged = all(getattr(sent, name) == value for name, value in content.items())
        if unchanged and sent.markup == params.get("reply_markup"):
            return 400, _error(NOT_MODIFIED)
        for name, value in content.items():
            setattr(sent, name, value)
        sent.markup = params.get("reply_markup")
        return _ok(self._message_json(sent))

    def _delete_message(self, params: dict[str, Any]) -> tuple[int, str]:
        self.messages.pop((params["chat_id"], params["message_id"]), None)
        return _ok(True)

    def _answer_callback_query(self, params: dict[str, Any]) -> tuple[int, str]:
        query_id = str(params["callback_query_id"])
        if query_id in self.answered:
            return 400, _error("Bad Request: query is too old and response timeout expired")
        self.answered.add(query_id)
        return _ok(True)

    def _store(self, chat_id: int, **content: Any) -> Sent:
        sent = Sent(next(self._ids), chat_id, **content)
        self.messages[(chat_id, sent.message_id)] = sent
        return sent

    def _message_json(self, sent: Sent) -> dict[str, Any]:
        message: dict[str, Any] = {
            "message_id": sent.message_id,
            "date": 1_700_000_000,
            "chat": {"id": sent.chat_id, "type": "private", "first_name": "Player"},
            "from": BOT_USER,
        }
        if sent.text is not None:
            message["text"] = sent.text
        if sent.photo_id is not None:
            size = {
                "file_id": sent.photo_id,
                "file_unique_id": sent.photo_id,
                "width": 1000,
                "height": 720,
            }
            message["photo"] = [size]
        if sent.caption is not None:
            message["caption"] = sent.caption
        if sent.markup is not None:
            message["reply_markup"] = sent.markup
        return message


# Limits the Bot API states in its prose (so not in the schema): text, caption, button data.
TEXT_LIMIT = 4096
CAPTION_LIMIT = 1024
CALLBACK_DATA_LIMIT = 64


def _over_limits(method: str, params: dict[str, Any]) -> list[str]:
    """What in a request breaks a documented length limit (Telegram rejects such requests)."""
    found = []
    media = params.get("media")
    caption = media.get("caption") if isinstance(media, dict) else params.get("caption")
    if isinstance(caption, str) and len(caption) > CAPTION_LIMIT:
        found.append(f"{method}: caption of {len(caption)} characters")
    text = params.get("text")
    if isinstance(text, str) and len(text) > TEXT_LIMIT:
        found.append(f"{method}: text of {len(text)} characters")
    markup = params.get("reply_markup")
    rows = markup.get("inline_keyboard", []) if isinstance(markup, dict) else []
    for button in (button for row in rows for button in row):
        data = button.get("callback_data")
        if data is not None and not 1 <= len(str(data).encode()) <= CALLBACK_DATA_LIMIT:
            found.append(f"{method}: callback_data {data!r} is not 1-64 bytes")
    return found


def _decode(value: str) -> Any:
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        return value


def _ok(result: Any) -> tuple[int, str]:
    return 200, json.dumps({"ok": True, "result": result})


def _error(description: str) -> str:
    return json.dumps({"ok": False, "error_code": 400, "description": description})
