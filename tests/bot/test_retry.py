"""Which failed requests are tried again: a lost connection is, except for a new message,
which may have arrived (a second board would follow); a 5xx or a 429 always is."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from aiogram.exceptions import TelegramNetworkError, TelegramRetryAfter, TelegramServerError
from aiogram.methods import EditMessageReplyMarkup, SendChatAction, SendMessage, TelegramMethod

from bot.runtime.retry import RetryTransient


class Failing:
    """The rest of the request chain: fails `times` times with `error`, then answers."""

    def __init__(self, times: int, error: Callable[..., Exception]) -> None:
        self.times = times
        self.error = error
        self.calls = 0

    async def __call__(self, bot: Any, method: TelegramMethod[Any]) -> Any:
        self.calls += 1
        if self.calls <= self.times:
            raise self.error(method=method, message="lost")
        return "answered"


async def attempt(method: TelegramMethod[Any], failing: Failing) -> object:
    retry = RetryTransient(first_pause=0.0)
    try:
        return await retry(failing, None, method)  # type: ignore[arg-type]
    except (TelegramNetworkError, TelegramServerError) as exc:
        return exc


async def test_a_passing_failure_is_tried_again_up_to_eight_times_within_15_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seven 5xx in a row (as 15% failures give once in four million requests) still end
    answered, after pauses doubling to 2 s; an eighth is given up. Flood waits of 4 s are
    waited out three times: a fourth would pass 15 s of waiting in all."""
    pauses: list[float] = []

    async def sleep(seconds: float) -> None:
        pauses.append(seconds)

    monkeypatch.setattr("bot.runtime.retry.asyncio.sleep", sleep)
    retry = RetryTransient()
    method = EditMessageReplyMarkup(chat_id=1, message_id=2)
    answered: object = await retry(Failing(7, TelegramServerError), None, method)  # type: ignore[arg-type]
    assert answered == "answered"
    assert pauses == [0.5, 1, 2, 2, 2, 2, 2]
    given_up = Failing(8, TelegramServerError)
    with pytest.raises(TelegramServerError):
        await retry(given_up, None, method)  # type: ignore[arg-type]
    assert given_up.calls == 8
    pauses.clear()
    flooded = Failing(9, partial(TelegramRetryAfter, retry_after=4))
    with pytest.raises(TelegramRetryAfter):
        await retry(flooded, None, method)  # type: ignore[arg-type]
    assert pauses == [4, 4, 4] and flooded.calls == 4


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
