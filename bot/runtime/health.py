"""The container health check: the running bot touches a heartbeat file, a checker reads its age.

The bot runs `heartbeat(health_file(), INTERVAL)` as a task on its event loop, so the file stays
fresh only while that loop turns: a stuck or stopped loop lets it age.
`python -m bot.runtime.health` (the Docker HEALTHCHECK) exits 0 when the file was touched within
the last MAX_AGE seconds, else prints one line saying why and exits 1. The file's path comes
from `HEALTH_FILE`.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

logger = logging.getLogger(__name__)

DEFAULT_FILE = Path("/tmp/nardy-bot.alive")
INTERVAL = 15.0  # seconds between touches
MAX_AGE = 60.0  # four missed touches: unhealthy


def health_file() -> Path:
    """The heartbeat file: `HEALTH_FILE` from the environment, else DEFAULT_FILE."""
    return Path(os.environ.get("HEALTH_FILE") or DEFAULT_FILE)


async def heartbeat(path: Path, interval: float = INTERVAL) -> None:
    """Touches `path` every `interval` seconds until cancelled. A file it cannot write is logged
    once as a warning and tried again on every beat; it never stops the bot."""
    warned = False
    while True:
        try:
            path.touch()
        except OSError as exc:
            if not warned:
                logger.warning(
                    "cannot touch the heartbeat file %s (%s); the health check will fail",
                    path,
                    exc,
                )
                warned = True
        await asyncio.sleep(interval)


def problem(path: Path, max_age: float) -> str | None:
    """Why the bot counts as unhealthy, in one line; None when `path` is fresh enough."""
    try:
        age = time.time() - path.stat().st_mtime
    except FileNotFoundError:
        return (
            f"unhealthy: no heartbeat file {path} (the bot is not running, or HEALTH_FILE differs)"
        )
    except OSError as exc:
        return f"unhealthy: cannot read the heartbeat file {path}: {exc.strerror or exc}"
    if age > max_age:
        return (
            f"unhealthy: the heartbeat file {path} was last touched {age:.0f} s ago"
            f" (more than {max_age:g} s): the bot's event loop is stuck or stopped"
        )
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.runtime.health",
        description="Exit 0 when the running bot touched its heartbeat file recently, else 1.",
    )
    parser.add_argument(
        "--file",
        type=Path,
        default=None,
        help=f"the heartbeat file (default: $HEALTH_FILE, else {DEFAULT_FILE})",
    )
    parser.add_argument(
        "--max-age",
        type=float,
        default=MAX_AGE,
        metavar="SECONDS",
        help=f"the oldest heartbeat that still counts as healthy (default: {MAX_AGE:g})",
    )
    args = parser.parse_args(argv)
    line = problem(args.file or health_file(), args.max_age)
    if line is not None:
        print(line, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
