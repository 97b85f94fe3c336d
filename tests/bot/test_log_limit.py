"""`LogLimit`: one line of a kind per period, the next one logged counting those left out."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.log_limit import LogLimit


async def test_one_line_a_period_and_then_the_count_of_those_left_out(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, "limited")
    logger = logging.getLogger("limited")
    limit = LogLimit(every=0.3)
    for n in range(5):
        limit.log(logger, logging.WARNING, "refused %d", n)
    limit.log(logger, logging.DEBUG, "below the level: neither logged nor counted")
    await asyncio.sleep(0.35)
    limit.log(logger, logging.WARNING, "refused %d", 5)
    limit.log(logger, logging.WARNING, "refused %d", 6)
    await asyncio.sleep(0.35)
    limit.log(logger, logging.WARNING, "refused %d", 7)
    assert [r.getMessage() for r in caplog.records] == [
        "refused 0",
        "refused 5 (and 4 more like it since the last one logged)",
        "refused 7 (and 1 more like it since the last one logged)",
    ]
    assert {r.funcName for r in caplog.records} == {
        "test_one_line_a_period_and_then_the_count_of_those_left_out"
    }
