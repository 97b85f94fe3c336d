"""Few log lines of a kind that anyone on the network can cause (a webhook request without the
secret, a picture nobody saved, a request that is not HTTP): at most one per `EVERY` seconds,
the next one logged saying how many were left out, so that a flood of requests can neither
flood the log nor bury the other lines in it. Imports nothing of the bot's."""

from __future__ import annotations

import logging
import math
import time

EVERY = 60.0  # seconds: one line of a kind at most this often


class LogLimit:
    """One kind of line: the first is logged, then none for `every` seconds (only counted)."""

    def __init__(self, every: float = EVERY) -> None:
        self._every = every
        self._quiet_until = -math.inf  # time.monotonic()'s
        self._left_out = 0

    def admit(self) -> str | None:
        """None when this line is to be left out; otherwise what to end it with: how many were
        left out since the last one logged ("" when none)."""
        now = time.monotonic()
        if now < self._quiet_until:
            self._left_out += 1
            return None
        self._quiet_until = now + self._every
        left_out, self._left_out = self._left_out, 0
        return f" (and {left_out} more like it since the last one logged)" if left_out else ""

    def log(self, logger: logging.Logger, level: int, message: str, *args: object) -> None:
        """`logger.log(level, message, *args)`, unless this kind of line was logged lately."""
        if not logger.isEnabledFor(level):
            return
        note = self.admit()
        if note is not None:
            logger.log(level, message + "%s", *args, note, stacklevel=2)
