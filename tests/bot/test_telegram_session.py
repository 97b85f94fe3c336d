"""Telegram's bad days as the bot's session and retries meet them: nginx's HTML error pages
(502: not carried out, 504: maybe carried out), a connection closed before or after the request
took effect. Passing failures are tried again, except a new message that may have arrived;
none is a `ClientDecodeError`. Through the in-process session and over HTTP alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from aiogram import Bot
from aiogram.exceptions import (
    ClientDecodeError,
    TelegramBadRequest,
    TelegramNetworkError,
    TelegramServerError,
)
from aiogram.methods import SendMessage, SendPhoto
from aiogram.types import BufferedInputFile, FSInputFile, InputMediaPhoto
from aiogram.types.media_union import MediaUnion

from bot.runtime.retry import RetryTransient
from bot.telegram_session import ONE_BODY_FILES, OneBody, TelegramSession
from bot.ui.delivery import is_not_modified
from testkit.fakes.session import FakeSession
from testkit.fakes.telegram import Failure, FakeTelegram, closed_failure, html_failure
from testkit.harness import TOKEN

CHAT = 7


def retried(bot: Bot) -> Bot:
    bot.session.middleware(RetryTransient(first_pause=0.0))
    return bot


@pytest.mark.parametrize(
    "failure",
    [html_failure(502), html_failure(504, taken=True), closed_failure(), Failure(500, "Error")],
    ids=["html-502", "html-504-taken", "closed", "json-500"],
)
async def test_an_edit_that_failed_in_passing_is_made(
    api_bot: Bot, telegram: FakeTelegram, failure: Failure
) -> None:
    """Tried again; one that had taken effect is refused as "not modified" the second time,
    which the board counts as shown (`bot.ui.delivery.is_not_modified`)."""
    board = await api_bot.send_message(CHAT, "old")
    telegram.fail_next("editMessageText", failure)
    try:
        await retried(api_bot).edit_message_text("new", chat_id=CHAT, message_id=board.message_id)
    except TelegramBadRequest as refused:
        assert failure.taken and is_not_modified(refused)
    assert [m.text for m in telegram.chat(CHAT)] == ["new"]
    statuses = [c.status for c in telegram.calls_of("editMessageText")]
    assert statuses == [failure.status, 400 if failure.taken else 200]


async def test_a_message_refused_by_an_error_page_is_sent_again(
    api_bot: Bot, telegram: FakeTelegram
) -> None:
    telegram.fail_next("sendMessage", html_failure(502))
    await retried(api_bot).send_message(CHAT, "board")
    assert [m.text for m in telegram.chat(CHAT)] == ["board"]


@pytest.mark.parametrize(
    "failure",
    [html_failure(504, taken=True), closed_failure(taken=True)],
    ids=["html-504", "closed-after"],
)
async def test_a_message_that_may_have_arrived_is_not_sent_twice(
    api_bot: Bot, telegram: FakeTelegram, failure: Failure
) -> None:
    """It did arrive: a second try would show a second board."""
    telegram.fail_next("sendMessage", failure)
    with pytest.raises(TelegramNetworkError):
        await retried(api_bot).send_message(CHAT, "board")
    assert [m.text for m in telegram.chat(CHAT)] == ["board"]


async def test_a_tap_answered_before_its_answer_was_lost_is_refused_not_unread(
    api_bot: Bot, telegram: FakeTelegram
) -> None:
    """The retry of an answer that took effect is refused ("query is too old"), as Telegram
    does: the caller (`bot.answers.AnswerOnce`) learns of a refusal, not of a page."""
    telegram.fail_next("answerCallbackQuery", html_failure(504, taken=True))
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await retried(api_bot).answer_callback_query("q1")
    assert telegram.answered == {"q1"}


async def test_a_page_is_named_by_its_title(telegram: FakeTelegram, api_bot: Bot) -> None:
    telegram.fail_next("sendMessage", html_failure(502))
    with pytest.raises(TelegramServerError, match=r"HTTP 502, not JSON: 502 Bad Gateway"):
        await api_bot.send_message(CHAT, "board")


def test_json_of_another_shape_is_still_a_decode_error(telegram: FakeTelegram) -> None:
    """A fault of the bot's or the API's, to be seen, not retried."""
    bot = Bot("123456:FAKE-TOKEN-FAKE-TOKEN-FAKE-TOKEN-000")
    with pytest.raises(ClientDecodeError):
        FakeSession(telegram).check_response(
            bot, SendMessage(chat_id=CHAT, text="x"), 200, '{"ok": 5}'
        )


@pytest.mark.parametrize("api_bot", ["server"], indirect=True)
async def test_uploads_arrive_whole_over_http(telegram: FakeTelegram, api_bot: Bot) -> None:
    """Files in memory go as one multipart body (`bot.telegram_session.OneBody`): each file's
    bytes, its name (a quote and a backslash in it escaped, not ending the header), and the
    text fields beside it (UTF-8, JSON naming the files attached) arrive as sent."""
    picture = bytes(range(256)) * 200  # every byte value, 51 KB: no text encoding survives
    sent = await api_bot.send_photo(CHAT, BufferedInputFile(picture, "board.jpg"), caption="Ход ♟")
    assert sent.caption == "Ход ♟"
    media = InputMediaPhoto(media=BufferedInputFile(picture[::-1], "b.jpg"), caption="«2»")
    await api_bot.edit_message_media(media, chat_id=CHAT, message_id=sent.message_id)
    album: list[MediaUnion] = [
        InputMediaPhoto(media=BufferedInputFile(picture[n:], f"{n}.jpg")) for n in (1, 2)
    ]
    await api_bot.send_media_group(CHAT, album)
    await api_bot.send_document(CHAT, BufferedInputFile(b"1. 64: 6-4", 'game "7" \\ 1.txt'))
    assert telegram.uploaded == [picture, picture[::-1], picture[1:], picture[2:], b"1. 64: 6-4"]
    board, *photos, record = telegram.chat(CHAT)
    assert board.caption == "«2»" and len(photos) == 2
    assert record.document == ('game "7" \\ 1.txt', b"1. 64: 6-4")
    assert telegram.schema_problems == []


@pytest.mark.parametrize(
    ("size", "one_body"), [(ONE_BODY_FILES, True), (ONE_BODY_FILES + 1, False)]
)
def test_files_in_memory_go_in_one_body_up_to_a_size(size: int, one_body: bool) -> None:
    """Larger files go as aiogram streams them (aiohttp warns against a large bytes body)."""
    session = TelegramSession()
    bot = Bot(TOKEN, session=session)
    photo = SendPhoto(chat_id=CHAT, photo=BufferedInputFile(bytes(size), "p.jpg"))
    assert isinstance(session.build_form_data(bot, photo), OneBody) is one_body


def test_a_control_character_in_a_files_name_is_refused() -> None:
    session = TelegramSession()
    bot = Bot(TOKEN, session=session)
    photo = SendPhoto(chat_id=CHAT, photo=BufferedInputFile(b"jpeg", "a\x00.jpg"))
    with pytest.raises(ValueError, match="control character"):
        session.build_form_data(bot, photo)()


async def test_a_file_read_from_disk_is_sent_as_aiogram_streams_it(
    telegram: FakeTelegram, api_bot: Bot, tmp_path: Path
) -> None:
    path = tmp_path / "record.txt"
    path.write_bytes(b"1. 31: 3-1")
    await api_bot.send_document(CHAT, FSInputFile(path))
    assert telegram.chat(CHAT)[-1].document == ("record.txt", b"1. 31: 3-1")
