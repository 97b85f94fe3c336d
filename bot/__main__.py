"""`python -m bot` and the `nardy-bot` script: read the settings, then run the bot.

Every failure an operator can expect ends in one line and a non-zero status, never a traceback:
a bad setting (2), a failed start-up check (1), Ctrl-C before polling began (130).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from bot.runtime.config import SettingsError, configure_logging, load_settings

log = logging.getLogger("bot")


def main() -> None:
    """Load the settings, configure logging, run the bot until a signal stops it."""
    # Ctrl-C stops start-up even when the parent ignored it, as a non-interactive shell does
    # for a job it starts in the background; once polling runs, aiogram handles it anyway.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        raise SystemExit(2) from None
    configure_logging(settings)
    try:
        # The heavy imports (aiogram, the AI, Pillow) only once configured.
        from bot.app import run
        from bot.runtime.startup import StartupFailed

        try:
            asyncio.run(run(settings))
        except StartupFailed as exc:
            log.error("%s", exc)
            raise SystemExit(1) from None
    except KeyboardInterrupt:  # once polling runs, aiogram takes Ctrl-C and stops cleanly
        log.warning("interrupted (Ctrl-C) while starting; stopped")
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
