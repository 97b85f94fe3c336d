"""One log line and the metrics of each update, through the real dispatcher: its type, the game
its button names, its outcome (ok, refused), and never a message's text; Bot API failures
counted by kind; board pictures timed."""

from __future__ import annotations

import logging

import pytest
from aiogram.types import Update
from prometheus_client import REGISTRY

from bot.runtime.observe import game_of
from bot.ui.callbacks import BoardAction, BoardTap
from testkit.fakes.telegram import FakeTelegram, Sent
from testkit.harness import Chat, is_checker


def sample(name: str, **labels: str) -> float:
    """A metric's value now (0 before it was first counted)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0


def update_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "bot.runtime.observe"]


async def test_each_update_is_one_line_and_counted(
    chat: Chat, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    ok = sample("nardy_updates_total", type="message", outcome="ok")
    timed = sample("nardy_update_seconds_count", type="message")
    await chat.send("/start my secret words")
    (line,) = update_lines(caplog)
    assert line.startswith("update=") and " type=message outcome=ok ms=" in line, line
    assert "secret" not in caplog.text
    assert sample("nardy_updates_total", type="message", outcome="ok") == ok + 1
    assert sample("nardy_update_seconds_count", type="message") == timed + 1


async def test_a_refused_tap_names_its_game_and_counts_as_refused(
    chat: Chat, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    before = sample("nardy_updates_total", type="callback_query", outcome="refused")
    await chat.send("/start")
    forged = BoardTap(game="gone42", seq=3, action=BoardAction.SELECT, src=24).pack()
    await chat.tap(chat.last, forged)  # no such game: refused with an alert
    assert chat.alerts()
    line = update_lines(caplog)[-1]
    assert " type=callback_query game=gone42 outcome=refused ms=" in line, line
    after = sample("nardy_updates_total", type="callback_query", outcome="refused")
    assert after == before + 1


async def test_board_pictures_and_telegram_failures_are_measured(
    chat: Chat, telegram: FakeTelegram
) -> None:
    rendered = sample("nardy_render_seconds_count")
    await chat.start_game()
    assert sample("nardy_render_seconds_count") > rendered

    not_modified = sample("nardy_telegram_errors_total", kind="not_modified")
    flood = sample("nardy_telegram_errors_total", kind="flood")
    telegram.not_modified_next()
    await chat.press(chat.board, is_checker)  # the board shows the pick, Telegram says
    telegram.flood_next("editMessageMedia", retry_after=1)
    await chat.press(chat.board, lambda text: "→" in text)  # retried after the 429
    assert sample("nardy_telegram_errors_total", kind="not_modified") == not_modified + 1
    assert sample("nardy_telegram_errors_total", kind="flood") == flood + 1


def test_only_buttons_that_name_a_game_give_one(chat: Chat, telegram: FakeTelegram) -> None:
    board = Sent(message_id=1, chat_id=chat.user["id"])

    def tapped(data: str) -> str | None:
        return game_of(Update.model_validate(telegram.tap_update(chat.user, board, data)))

    assert tapped(BoardTap(game="ab12", seq=1, action=BoardAction.DONE).pack()) == "ab12"
    assert tapped("g:cd34") == "cd34"  # /games: bring a board back
    for data in ("menu:p", "t:broken", "nonsense"):
        assert tapped(data) is None
    assert game_of(Update.model_validate(telegram.text_update(chat.user, "/start"))) is None
