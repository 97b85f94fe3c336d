"""Which failed requests are tried again: a lost connection is, except for a new message,
which may have arrived (a second board would follow); a 5xx or a 429 always is."""

from __future__ import annotations

from typing import Any

import pytest
from aiogram.exceptions import TelegramNetworkError, TelegramServerError
from aiogram.methods import EditMessageReplyMarkup, SendChatAction, SendMessage, TelegramMethod

from bot.retry import RetryTransient


class Failing:
    """The rest of the request chain: fails `times` times with `error`, then answers."""

    def __init__(self, times: int, error: type[Exception]) -> None:
        self.times = times
        self.error = error
        self.calls = 0

    async def __call__(self, bot: Any, method: TelegramMethod[Any]) -> Any:
        self.calls += 1
        if self.calls <= self.times:
            raise self.error(method=method, message="lost")  # type: ignore[call-arg]
        return "answered"


async def attempt(method: TelegramMethod[Any], failing: Failing) -> object:
    retry = RetryTransient(first_pause=0.0)
    try:
        return await retry(failing, None, method)  # type: ignore[arg-type]
    except (TelegramNetworkError, TelegramServerError) as exc:
        return exc


async def test_a_passing_failure_is_tried_again_up_to_eight_times() -> None:
    """Seven 5xx in a row (as 15% failures give once in four million requests) still end
    answered; an eighth is given up."""
    method = EditMessageReplyMarkup(chat_id=1, message_id=2)
    assert await attempt(method, Failing(7, TelegramServerError)) == "answered"
    given_up = Failing(8, TelegramServerError)
    assert isinstance(await attempt(method, given_up), TelegramServerError)
    assert given_up.calls == 8


@pytest.mark.parametrize(
    ("method", "error", "tries", "answered"),
    [
        (EditMessageReplyMarkup(chat_id=1, message_id=2), TelegramNetworkError, 3, True),
        (SendMessage(chat_id=1, text="hi"), TelegramServerError, 3, True),
        (SendMessage(chat_id=1, text="hi"), TelegramNetworkError, 1, False),
        (SendChatAction(chat_id=1, action="typing"), TelegramServerError, 1, False),
    ],
)
async def test_what_is_tried_again(
    method: TelegramMethod[Any], error: type[Exception], tries: int, answered: bool
) -> None:
    failing = Failing(2, error)
    result = await attempt(method, failing)
    assert failing.calls == tries
    assert (result == "answered") is answered
