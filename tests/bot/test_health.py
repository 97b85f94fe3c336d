"""The container health check: the heartbeat task on real files, `python -m bot.runtime.health`
as a real process."""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.runtime.health import heartbeat

ROOT = Path(__file__).resolve().parents[2]


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Waits until `condition()` holds; fails the test after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.005)


def aged(path: Path, seconds: float) -> None:
    """Makes `path` look last touched `seconds` ago."""
    then = time.time() - seconds
    os.utime(path, (then, then))


def check(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.runtime.health", *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_heartbeat_keeps_touching_the_file(tmp_path: Path) -> None:
    path = tmp_path / "alive"
    task = asyncio.create_task(heartbeat(path, 0.01))
    try:
        await until(path.exists)
        aged(path, 3600)
        await until(lambda: time.time() - path.stat().st_mtime < 60)  # touched again
    finally:
        task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_an_unwritable_file_warns_once_and_the_beat_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "missing-directory" / "alive"
    caplog.set_level(logging.WARNING, logger="bot.runtime.health")
    task = asyncio.create_task(heartbeat(path, 0.001))

    def warnings() -> list[logging.LogRecord]:
        return [r for r in caplog.records if r.name == "bot.runtime.health"]

    try:
        await until(lambda: bool(warnings()))
        await asyncio.sleep(0.05)  # more failed beats: still one warning
        assert not task.done()
        path.parent.mkdir()
        await until(path.exists)  # it kept trying
    finally:
        task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert [r.levelno for r in warnings()] == [logging.WARNING]
    assert str(path) in warnings()[0].getMessage()


def test_a_fresh_heartbeat_is_healthy(tmp_path: Path) -> None:
    path = tmp_path / "alive"
    path.touch()
    result = check("--file", str(path))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_an_old_heartbeat_is_unhealthy_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "alive"
    path.touch()
    aged(path, 120)
    result = check("--file", str(path))
    assert result.returncode == 1
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert str(path) in result.stderr and "more than 60 s" in result.stderr
    assert check("--file", str(path), "--max-age", "300").returncode == 0


def test_a_missing_heartbeat_is_unhealthy_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "alive"
    result = check(env={"HEALTH_FILE": str(path)})  # the path from the environment
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 1
    assert f"no heartbeat file {path}" in result.stderr
    path.touch()
    assert check(env={"HEALTH_FILE": str(path)}).returncode == 0


def test_help_writes_nothing(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot.runtime.health", "--help"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0
    assert "--max-age" in result.stdout and result.stderr == ""
    assert list(tmp_path.iterdir()) == []
