"""The fake Telegram: its request checks really catch malformed requests (so `== []` means
much), and it behaves as Telegram does in groups, channels and inline mode."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from typing import Any

import pytest
from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest, TelegramRetryAfter
from aiogram.types import (
    BufferedInputFile,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultCachedPhoto,
    InputMediaPhoto,
    Update,
)
from aiohttp import web

from testkit.fakes.server import make_app
from testkit.fakes.telegram import (
    BOT_USER,
    DIALOGS,
    FAULTS,
    INLINE_MESSAGE_INVALID,
    INLINE_UPLOAD,
    NOT_MODIFIED,
    QUERY_INVALID,
    WRONG_FILE,
    Chaos,
    FakeTelegram,
    Limit,
    Sent,
    chat_instance,
)
from testkit.redis_server import free_port

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


# -- chats of other kinds -------------------------------------------------------------------

GROUP: dict[str, Any] = {"id": -100123, "type": "supergroup", "title": "Friends"}
CHANNEL: dict[str, Any] = {"id": -100777, "type": "channel", "title": "media"}
ALICE: dict[str, Any] = {"id": 7, "is_bot": False, "first_name": "Alice", "username": "alice_k"}


def call(
    telegram: FakeTelegram, method: str, uploads: frozenset[str] = frozenset(), /, **fields: Any
) -> tuple[int, dict[str, Any]]:
    """One request, its fields JSON-encoded as aiogram encodes them: (status, decoded body)."""
    encoded = {k: v if isinstance(v, str) else json.dumps(v) for k, v in fields.items()}
    status, body = telegram.handle(method, encoded, set(uploads))
    decoded: dict[str, Any] = json.loads(body)
    return status, decoded


def test_a_registered_chat_is_in_its_messages_and_other_ids_stay_private() -> None:
    telegram = FakeTelegram()
    telegram.add_chat(GROUP)
    _, in_group = call(telegram, "sendMessage", chat_id=GROUP["id"], text="x")
    _, private = call(telegram, "sendMessage", chat_id=5, text="x")
    assert in_group["result"]["chat"] == GROUP
    assert in_group["result"]["from"] == BOT_USER
    assert private["result"]["chat"] == {"id": 5, "type": "private", "first_name": "Player"}


def test_a_photo_sent_to_a_channel_is_a_channel_post_with_a_file_id() -> None:
    telegram = FakeTelegram()
    telegram.add_chat(CHANNEL)
    status, body = call(
        telegram, "sendPhoto", frozenset({"board"}), chat_id=CHANNEL["id"], photo="attach://board"
    )
    post = body["result"]
    assert status == 200
    assert (post["chat"], post["sender_chat"], "from" in post) == (CHANNEL, CHANNEL, False)
    assert post["photo"][0]["file_id"] in telegram.file_ids
    assert telegram.chat(CHANNEL["id"])[0].photo_id == post["photo"][0]["file_id"]


def test_mentions_are_found_as_telegram_finds_them() -> None:
    """@ and 4-32 username characters, not inside a word; offsets in UTF-16 code units."""
    telegram = FakeTelegram()
    text = "/play@nardy_test_bot 🎲 @bobby_k, @bob and me@mail"
    message = telegram.text_update(ALICE, text, GROUP)["message"]
    assert message["entities"] == [
        {"type": "bot_command", "offset": 0, "length": 20},
        {"type": "mention", "offset": 24, "length": 8},
    ]
    assert message["chat"] == GROUP
    assert "entities" not in telegram.text_update(ALICE, "hello")["message"]


def test_a_private_chat_carries_the_users_username() -> None:
    chat = FakeTelegram().text_update(ALICE, "/start")["message"]["chat"]
    assert chat == {"id": 7, "type": "private", "first_name": "Alice", "username": "alice_k"}


def test_a_reply_carries_the_message_replied_to_without_its_own_reply() -> None:
    telegram = FakeTelegram()
    telegram.add_chat(GROUP)
    call(telegram, "sendMessage", chat_id=GROUP["id"], text="who plays?")
    bots = telegram.chat(GROUP["id"])[0]
    first = telegram.text_update(ALICE, "/play", GROUP, reply_to=bots)["message"]
    assert first["reply_to_message"]["message_id"] == bots.message_id
    assert first["reply_to_message"]["from"] == BOT_USER
    bob = {"id": 8, "is_bot": False, "first_name": "Bob"}
    second = telegram.text_update(bob, "/play", GROUP, reply_to=first)["message"]
    assert second["reply_to_message"] == {k: v for k, v in first.items() if k != "reply_to_message"}


# -- the group edit limit -------------------------------------------------------------------


class Clock:
    """A clock a test moves by hand."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def sent_text(telegram: FakeTelegram, chat_id: int) -> int:
    """A new text message of the bot's in `chat_id`: its id."""
    _, body = call(telegram, "sendMessage", chat_id=chat_id, text="x")
    message_id: int = body["result"]["message_id"]
    return message_id


def edit_text(telegram: FakeTelegram, chat_id: int, message_id: int) -> tuple[int, dict[str, Any]]:
    """An edit that always changes the text."""
    text = f"edit {len(telegram.calls)}"
    return call(telegram, "editMessageText", chat_id=chat_id, message_id=message_id, text=text)


def test_the_21st_message_in_a_minute_in_a_group_is_refused_sent_or_edited() -> None:
    """Sends and edits count alike; every edit method and every send is refused past the
    limit, with the time the oldest leaves the window."""
    telegram = FakeTelegram(clock=Clock(100.0))
    telegram.add_chat(GROUP)
    text_id = sent_text(telegram, GROUP["id"])
    _, photo = call(
        telegram, "sendPhoto", frozenset({"p"}), chat_id=GROUP["id"], photo="attach://p"
    )
    photo_id = photo["result"]["message_id"]
    assert all(edit_text(telegram, GROUP["id"], text_id)[0] == 200 for _ in range(18))
    before = copy.deepcopy(telegram.chat(GROUP["id"]))
    where = {"chat_id": GROUP["id"]}
    refused = [
        call(telegram, "editMessageText", message_id=text_id, text="late", **where),
        call(
            telegram, "editMessageReplyMarkup", message_id=text_id, reply_markup=KEYBOARD, **where
        ),
        call(telegram, "editMessageCaption", message_id=photo_id, caption="late", **where),
        call(
            telegram,
            "editMessageMedia",
            frozenset({"b"}),
            message_id=photo_id,
            media={"type": "photo", "media": "attach://b"},
            **where,
        ),
        call(telegram, "sendMessage", text="late", **where),
        call(telegram, "sendPhoto", frozenset({"q"}), photo="attach://q", **where),
    ]
    expected = {
        "ok": False,
        "error_code": 429,
        "description": "Too Many Requests: retry after 60",
        "parameters": {"retry_after": 60},
    }
    assert refused == [(429, expected)] * 6
    assert telegram.schema_problems == []
    assert telegram.chat(GROUP["id"]) == before  # the refused took no effect


def unlimited_message(telegram: FakeTelegram) -> int:
    """A message in the group to edit, sent outside the limits (it counts in no window)."""
    telegram.limited = False
    message_id = sent_text(telegram, GROUP["id"])
    telegram.limited = True
    return message_id


def test_refused_edits_are_not_counted_and_the_window_moves_on() -> None:
    clock = Clock(0.0)
    telegram = FakeTelegram(clock=clock, group_limit=Limit(2, 10.0))
    telegram.add_chat(GROUP)
    message_id = unlimited_message(telegram)

    def edit_at(now: float) -> tuple[int, int | None]:
        clock.now = now
        status, body = edit_text(telegram, GROUP["id"], message_id)
        return status, body.get("parameters", {}).get("retry_after")

    assert [edit_at(t) for t in (0.0, 5.0, 6.5, 9.5)] == [
        (200, None),
        (200, None),
        (429, 4),
        (429, 1),
    ]
    # The edit at 0 has left the window; had the refused ones counted, this would be refused.
    assert edit_at(10.0) == (200, None)
    assert edit_at(12.5) == (429, 3)  # the edit at 5 leaves at 15


def test_paced_edits_meet_the_limit_by_their_count_and_a_refusal_waits_its_retry_after() -> None:
    """On virtual time, however fast the requests really come: at one edit a second, the third
    in a 4.5 s window of two is refused (retry after 3 s: the first edit leaves the window at
    5.5), and that wait passes before the next request (at 7, not 4), which takes effect."""
    telegram = FakeTelegram(clock=Clock(0.0), group_limit=Limit(2, 4.5), group_pace=1.0)
    telegram.add_chat(GROUP)
    message_id = unlimited_message(telegram)
    results = []
    for _ in range(6):  # at virtual 1, 2, 3 (refused: 3 s pass), 7, 8, 9 (refused)
        status, body = edit_text(telegram, GROUP["id"], message_id)
        results.append((status, body.get("parameters", {}).get("retry_after")))
    assert results == [(200, None), (200, None), (429, 3), (200, None), (200, None), (429, 3)]


def test_a_channel_is_limited_as_a_group() -> None:
    telegram = FakeTelegram(clock=Clock(0.0))
    telegram.add_chat(CHANNEL)
    message_id = sent_text(telegram, CHANNEL["id"])
    statuses = [edit_text(telegram, CHANNEL["id"], message_id)[0] for _ in range(20)]
    assert statuses == [200] * 19 + [429]


def test_a_private_chat_takes_a_short_burst_then_about_one_a_second() -> None:
    clock = Clock(0.0)
    telegram = FakeTelegram(clock=clock)
    message_id = sent_text(telegram, 5)
    burst = [edit_text(telegram, 5, message_id) for _ in range(5)]
    assert [status for status, _ in burst] == [200] * 4 + [429]
    assert burst[-1][1]["parameters"] == {"retry_after": 5}  # when the send leaves the window
    clock.now = 5.0
    assert edit_text(telegram, 5, message_id)[0] == 200
    assert edit_text(telegram, 6, sent_text(telegram, 6))[0] == 200  # another chat: its own


def test_thirty_messages_a_second_in_all_chats_and_inline_messages() -> None:
    clock = Clock(0.0)
    telegram = FakeTelegram(clock=clock)
    assert [call(telegram, "sendMessage", chat_id=c, text="x")[0] for c in range(1, 31)] == [
        200
    ] * 30
    assert call(telegram, "sendMessage", chat_id=99, text="x")[0] == 429
    telegram.inline_messages["i"] = Sent(0, 0, text="x", inline_message_id="i")
    assert call(telegram, "editMessageText", inline_message_id="i", text="y")[0] == 429
    clock.now = 1.0
    assert call(telegram, "editMessageText", inline_message_id="i", text="y")[0] == 200


def test_without_limits_nothing_is_refused() -> None:
    telegram = FakeTelegram(clock=Clock(0.0), limited=False)
    telegram.add_chat(GROUP)
    message_id = sent_text(telegram, GROUP["id"])
    assert {edit_text(telegram, GROUP["id"], message_id)[0] for _ in range(100)} == {200}


# -- inline mode ----------------------------------------------------------------------------

INLINE_KEYBOARD: dict[str, Any] = {"inline_keyboard": [[{"text": "Join", "callback_data": "j:1"}]]}


def media_file_id(telegram: FakeTelegram) -> str:
    """A photo sent to the media channel, as the bot gets file ids for inline results."""
    telegram.add_chat(CHANNEL)
    _, body = call(
        telegram, "sendPhoto", frozenset({"p"}), chat_id=CHANNEL["id"], photo="attach://p"
    )
    file_id: str = body["result"]["photo"][-1]["file_id"]
    return file_id


def answered_query(telegram: FakeTelegram, results: list[dict[str, Any]]) -> str:
    """An inline query of Alice's, answered with `results`: its id."""
    query_id: str = telegram.inline_query_update(ALICE, "nardy")["inline_query"]["id"]
    status, _ = call(telegram, "answerInlineQuery", inline_query_id=query_id, results=results)
    assert status == 200
    return query_id


def test_an_inline_query_and_its_answer() -> None:
    telegram = FakeTelegram()
    update = telegram.inline_query_update(ALICE, "nardy")
    query = update["inline_query"]
    assert query == {"id": query["id"], "from": ALICE, "query": "nardy", "offset": ""}
    results: list[dict[str, Any]] = [
        {"type": "photo", "id": "g", "photo_file_id": media_file_id(telegram)},
        {
            "type": "article",
            "id": "a",
            "title": "Play",
            "input_message_content": {"message_text": "Let's play"},
        },
    ]
    answer = {"inline_query_id": query["id"], "results": results, "cache_time": 0}
    assert call(telegram, "answerInlineQuery", **answer) == (200, {"ok": True, "result": True})
    assert telegram.schema_problems == []
    assert telegram.inline_answers[query["id"]] == {
        "results": results,
        "cache_time": 0,
        "is_personal": False,
    }
    again = call(telegram, "answerInlineQuery", **answer)
    unknown = call(telegram, "answerInlineQuery", **{**answer, "inline_query_id": "999"})
    refusal = {"ok": False, "error_code": 400, "description": QUERY_INVALID}
    assert again == unknown == (400, refusal)


@pytest.mark.parametrize(
    ("result", "problem"),
    [
        ({"type": "photo", "id": "g"}, "misses required field 'photo_file_id'"),
        ({"type": "hologram", "id": "g"}, "InlineQueryResult of unknown type 'hologram'"),
        (
            {"type": "article", "id": "a", "title": "t", "input_message_content": {"txt": "x"}},
            "input_message_content",
        ),
    ],
)
def test_malformed_inline_results_are_caught(result: dict[str, Any], problem: str) -> None:
    telegram = FakeTelegram()
    query_id = telegram.inline_query_update(ALICE)["inline_query"]["id"]
    status, _ = call(telegram, "answerInlineQuery", inline_query_id=query_id, results=[result])
    assert status == 400
    assert any(problem in line for line in telegram.schema_problems), telegram.schema_problems


def test_a_chosen_result_makes_an_inline_message_whose_id_comes_with_a_keyboard_only() -> None:
    telegram = FakeTelegram()
    file_id = media_file_id(telegram)
    results: list[dict[str, Any]] = [
        {
            "type": "photo",
            "id": "g",
            "photo_file_id": file_id,
            "caption": "A game",
            "reply_markup": INLINE_KEYBOARD,
        },
        {
            "type": "photo",
            "id": "u",
            "photo_url": "https://x.org/b.png",
            "thumbnail_url": "https://x.org/t.png",
        },
        {
            "type": "article",
            "id": "a",
            "title": "t",
            "input_message_content": {"message_text": "Hi"},
        },
    ]
    query_id = answered_query(telegram, results)
    chosen = telegram.choose_inline_result(ALICE, query_id, "g")["chosen_inline_result"]
    inline_id = chosen["inline_message_id"]
    assert chosen == {
        "result_id": "g",
        "from": ALICE,
        "query": "nardy",
        "inline_message_id": inline_id,
    }
    assert telegram.inline_messages[inline_id] == Sent(
        0,
        0,
        caption="A game",
        photo_id=file_id,
        markup=INLINE_KEYBOARD,
        inline_message_id=inline_id,
        posted_in=DIALOGS + ALICE["id"],
    )
    for result_id in ("u", "a"):
        update = telegram.choose_inline_result(ALICE, query_id, result_id)
        assert "inline_message_id" not in update["chosen_inline_result"]
    by_url, article = list(telegram.inline_messages.values())[1:]
    assert by_url.photo_id in telegram.file_ids and by_url.photo_id != file_id
    assert (article.text, article.photo_id, article.markup) == ("Hi", None, None)


def inline_message(telegram: FakeTelegram) -> tuple[Sent, str]:
    """An inline game message with a keyboard, made from a media-channel photo: (the message,
    the photo's file id)."""
    file_id = media_file_id(telegram)
    result = {"type": "photo", "id": "g", "photo_file_id": file_id, "reply_markup": INLINE_KEYBOARD}
    query_id = answered_query(telegram, [result])
    chosen = telegram.choose_inline_result(ALICE, query_id, "g")["chosen_inline_result"]
    return telegram.inline_messages[chosen["inline_message_id"]], file_id


def test_a_tap_on_an_inline_message_has_its_id_and_no_message() -> None:
    telegram = FakeTelegram()
    sent, _ = inline_message(telegram)
    query = telegram.tap_update(ALICE, sent, "j:1")["callback_query"]
    assert query == {
        "id": query["id"],
        "from": ALICE,
        "inline_message_id": sent.inline_message_id,
        "chat_instance": chat_instance(DIALOGS + ALICE["id"]),  # a dialog of Alice's
        "data": "j:1",
    }


def test_an_inline_messages_edits_count_in_the_chat_it_was_posted_into() -> None:
    """As Telegram counts them: an inline card posted in a group meets the group's 20 a
    minute (with the group's own messages), and its taps carry the group's chat_instance,
    as a tap on the group's own message does; one in a private dialog meets that chat's
    limit."""
    telegram = FakeTelegram(clock=Clock(0.0))
    telegram.add_chat(GROUP)
    file_id = media_file_id(telegram)
    result = {"type": "photo", "id": "g", "photo_file_id": file_id, "reply_markup": INLINE_KEYBOARD}
    query_id = answered_query(telegram, [result])
    chosen = telegram.choose_inline_result(ALICE, query_id, "g", chat=GROUP)
    card = telegram.inline_messages[chosen["chosen_inline_result"]["inline_message_id"]]
    own = sent_text(telegram, GROUP["id"])  # the group's first message of the minute
    tap = telegram.tap_update(ALICE, card, "j:1")["callback_query"]
    own_tap = telegram.tap_update(ALICE, telegram.messages[GROUP["id"], own], "j:1")
    assert tap["chat_instance"] == own_tap["callback_query"]["chat_instance"]

    def edit(text: str) -> int:
        where = {"inline_message_id": card.inline_message_id}
        return call(telegram, "editMessageText", text=text, **where)[0]

    assert [edit(f"v{n}") for n in range(20)] == [200] * 19 + [429]
    dialog, _ = inline_message(telegram)  # posted into a private dialog of Alice's
    where = {"inline_message_id": dialog.inline_message_id}
    statuses = [call(telegram, "editMessageText", text=f"v{n}", **where)[0] for n in range(6)]
    assert statuses == [200] * 5 + [429]
    assert telegram.floods == {"group": 1, "private": 1}


def test_inline_edits_by_file_id_take_effect_and_answer_true() -> None:
    telegram = FakeTelegram()
    sent, _ = inline_message(telegram)
    new_photo = media_file_id(telegram)
    where = {"inline_message_id": sent.inline_message_id}
    media = {"type": "photo", "media": new_photo, "caption": "Move 1"}
    ok = (200, {"ok": True, "result": True})
    assert (
        call(telegram, "editMessageMedia", media=media, reply_markup=INLINE_KEYBOARD, **where) == ok
    )
    assert (sent.photo_id, sent.caption, sent.markup) == (new_photo, "Move 1", INLINE_KEYBOARD)
    assert call(telegram, "editMessageCaption", caption="Move 2", **where) == ok
    assert (sent.caption, sent.markup) == ("Move 2", None)
    assert call(telegram, "editMessageReplyMarkup", reply_markup=INLINE_KEYBOARD, **where) == ok
    assert sent.markup == INLINE_KEYBOARD
    assert telegram.schema_problems == []


@pytest.mark.parametrize(
    ("media", "uploads", "description"),
    [
        ({"type": "photo", "media": "attach://board"}, frozenset({"board"}), INLINE_UPLOAD),
        ({"type": "photo", "media": "AgACAgIAAxkBAAIBd2"}, frozenset(), WRONG_FILE),
    ],
)
def test_an_inline_edit_by_upload_or_by_an_unknown_file_id_is_refused(
    media: dict[str, str], uploads: frozenset[str], description: str
) -> None:
    telegram = FakeTelegram()
    sent, file_id = inline_message(telegram)
    where = {"inline_message_id": sent.inline_message_id}
    status, body = call(telegram, "editMessageMedia", uploads, media=media, **where)
    assert (status, body["description"]) == (400, description)
    assert sent.photo_id == file_id
    assert telegram.schema_problems == []


def test_an_unknown_or_unchanged_inline_message_edit_is_refused() -> None:
    telegram = FakeTelegram()
    sent, file_id = inline_message(telegram)
    media = {"type": "photo", "media": file_id}
    same = {"inline_message_id": sent.inline_message_id, "reply_markup": INLINE_KEYBOARD}
    unknown = call(telegram, "editMessageMedia", media=media, inline_message_id="inline-0")
    unchanged = call(telegram, "editMessageMedia", media=media, **same)
    assert (unknown[0], unknown[1]["description"]) == (400, INLINE_MESSAGE_INVALID)
    assert (unchanged[0], unchanged[1]["description"]) == (400, NOT_MODIFIED)
    assert telegram.not_modified == 1  # counted, for a run to report


def test_a_photo_by_a_file_id_the_fake_never_issued_is_refused() -> None:
    telegram = FakeTelegram()
    status, body = call(telegram, "sendPhoto", chat_id=5, photo="AgACAgIAAxkBAAIBd2")
    assert (status, body["description"]) == (400, WRONG_FILE)
    assert telegram.chat(5) == []


# -- both ways to `handle` ------------------------------------------------------------------


async def test_groups_and_inline_mode_through_aiogram(api_bot: Bot, telegram: FakeTelegram) -> None:
    """aiogram's requests are understood, its answers parsed, the updates valid as aiogram
    reads them."""
    telegram.add_chat(CHANNEL)
    telegram.add_chat(GROUP)
    telegram.clock = Clock(0.0)
    telegram.group_limit = Limit(2, 60.0)  # the send and one edit
    posted = await api_bot.send_photo(CHANNEL["id"], BufferedInputFile(b"png", "b.png"))
    assert posted.photo is not None and posted.sender_chat is not None
    file_id = posted.photo[-1].file_id
    query = telegram.inline_query_update(ALICE, "nardy")
    query_id = query["inline_query"]["id"]
    keyboard = InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text="Join", callback_data="j:1")]]
    )
    result = InlineQueryResultCachedPhoto(id="g", photo_file_id=file_id, reply_markup=keyboard)
    assert await api_bot.answer_inline_query(query_id, [result], is_personal=True) is True
    chosen = telegram.choose_inline_result(ALICE, query_id, "g")
    inline_id = chosen["chosen_inline_result"]["inline_message_id"]
    edit = InputMediaPhoto(media=file_id, caption="Move 1")
    assert await api_bot.edit_message_media(edit, inline_message_id=inline_id) is True
    upload = InputMediaPhoto(media=BufferedInputFile(b"png", "b.png"))
    with pytest.raises(TelegramBadRequest, match="invalid message content specified"):
        await api_bot.edit_message_media(upload, inline_message_id=inline_id)
    board = await api_bot.send_message(GROUP["id"], "board", reply_markup=keyboard)
    await api_bot.edit_message_text("a", chat_id=GROUP["id"], message_id=board.message_id)
    with pytest.raises(TelegramRetryAfter) as refused:
        await api_bot.edit_message_text("b", chat_id=GROUP["id"], message_id=board.message_id)
    assert refused.value.retry_after == 60
    assert telegram.inline_answers[query_id]["is_personal"] is True
    assert telegram.schema_problems == []
    sent = telegram.inline_messages[inline_id]
    reply = telegram.text_update(
        ALICE, "/play @bobby_k", GROUP, reply_to=telegram.chat(GROUP["id"])[0]
    )
    for update in (query, chosen, telegram.tap_update(ALICE, sent, "j:1"), reply):
        Update.model_validate(update, context={"bot": api_bot})


async def test_a_webhook_update_not_answered_2xx_is_posted_again_until_it_is() -> None:
    """As Telegram does: an answer of 500, and no answer at all (the worker's port closed), make
    the same update come again, after a pause; once answered 200 it is not posted again."""
    telegram = FakeTelegram(redelivery=(0.01, 0.02))
    received: list[int] = []
    answers = iter([500, 200])

    async def webhook(request: web.Request) -> web.Response:
        received.append((await request.json())["update_id"])
        return web.Response(status=next(answers))

    hook_app = web.Application()
    hook_app.router.add_post("/hook", webhook)
    api = web.AppRunner(make_app(telegram))
    hook = web.AppRunner(hook_app)
    await api.setup()
    await hook.setup()
    port = free_port()
    telegram.handle("setWebhook", {"url": f"http://127.0.0.1:{port}/hook"}, set())
    await web.TCPSite(api, "127.0.0.1", free_port()).start()
    update = telegram.text_update(ALICE, "/start")
    await telegram.updates.put(update)
    while len(telegram.deliveries) < 2:  # nobody listens on the hook's port yet
        await asyncio.sleep(0.01)
    await web.TCPSite(hook, "127.0.0.1", port).start()
    while 200 not in telegram.deliveries:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.1)  # time enough for another post, were one to come
    await hook.cleanup()
    await api.cleanup()
    assert telegram.deliveries[:2] == [0, 0]
    assert telegram.deliveries[-2:] == [500, 200]
    assert received == [update["update_id"]] * 2


@pytest.mark.parametrize(
    ("kind", "status"),
    [("5xx", 502), ("429", 429), ("500", 500), ("html", 502), ("html-taken", 504), ("closed", 0)],
)
def test_chaos_of_one_kind_fails_only_so(kind: str, status: int) -> None:
    telegram = FakeTelegram(chaos=Chaos(0.5, random.Random(3), kinds=(kind,)), limited=False)
    answers = [
        telegram.handle("sendMessage", {"chat_id": "7", "text": "hi"}, set())[0] for _ in range(40)
    ]
    assert set(answers) == {200, status}
    # A request failed after it took effect was sent all the same.
    taken = answers.count(status) if FAULTS[kind]().taken else 0
    assert len(telegram.chat(7)) == answers.count(200) + taken
    assert {c.taken for c in telegram.calls if c.status == status} == {FAULTS[kind]().taken}
