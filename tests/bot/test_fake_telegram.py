"""The fake Telegram's request checks really catch malformed requests (so `== []` means much)."""

from __future__ import annotations

import json

import pytest

from tests.fakes.telegram import FakeTelegram

KEYBOARD = {"inline_keyboard": [[{"text": "a", "callback_data": "t:g:1:s:24"}]]}
PHOTO = {"type": "photo", "media": "attach://board", "caption": "hi"}


def check(
    method: str, fields: dict[str, object], uploads: frozenset[str] = frozenset()
) -> tuple[int, list[str]]:
    """The fake's HTTP status and the problems it found, for form fields JSON-encoded as
    aiogram encodes them."""
    telegram = FakeTelegram()
    encoded = {k: v if isinstance(v, str) else json.dumps(v) for k, v in fields.items()}
    status, _ = telegram.handle(method, encoded, set(uploads))
    return status, telegram.schema_problems


def test_a_well_formed_edit_passes() -> None:
    fields = {"chat_id": 1, "message_id": 2, "media": PHOTO, "reply_markup": KEYBOARD}
    assert check("editMessageMedia", fields, frozenset({"board"}))[1] == []


@pytest.mark.parametrize(
    ("method", "fields", "problem"),
    [
        ("sendPhoto", {"chat_id": 1}, "missing required parameter 'photo'"),
        ("sendMessage", {"chat_id": 1, "text": "x", "colour": "red"}, "unknown parameter"),
        (
            "editMessageMedia",
            {"chat_id": 1, "message_id": "two", "media": PHOTO},
            "message_id: expected an integer",
        ),
        (
            "editMessageMedia",
            {"chat_id": 1, "message_id": 2, "media": {"type": "photo"}},
            "misses required field 'media'",
        ),
        (
            "editMessageMedia",
            {"chat_id": 1, "message_id": 2, "media": PHOTO},
            "attach://board has no file part",
        ),
        (
            "sendMessage",
            {"chat_id": 1, "text": "x", "reply_markup": {"inline_keyboard": [{}]}},
            "expected an array",
        ),
        (
            "sendMessage",
            {
                "chat_id": 1,
                "text": "x",
                "reply_markup": {"inline_keyboard": [[{"text": "a", "callback_data": "x" * 65}]]},
            },
            "is not 1-64 bytes",
        ),
        ("sendMessage", {"chat_id": 1, "text": "x" * 4097}, "text of 4097 characters"),
        ("sendCheckers", {"chat_id": 1}, "not a Bot API method"),
    ],
)
def test_malformed_requests_are_caught(
    method: str, fields: dict[str, object], problem: str
) -> None:
    status, found = check(method, fields)
    assert status == 400
    assert any(problem in line for line in found), found


def test_an_edit_that_changes_nothing_is_refused_as_telegram_does() -> None:
    telegram = FakeTelegram()
    sent = {"chat_id": "1", "text": "x", "reply_markup": json.dumps(KEYBOARD)}
    _, body = telegram.handle("sendMessage", sent, set())
    message_id = json.loads(body)["result"]["message_id"]
    edit = {**sent, "message_id": str(message_id)}
    assert telegram.handle("editMessageText", edit, set())[0] == 400
    assert telegram.handle("editMessageText", {**edit, "text": "y"}, set())[0] == 200
