"""`python -m bot` and the `nardy-bot` script: read the settings, then run the bot."""

from __future__ import annotations

import asyncio
import sys

from bot.config import SettingsError, configure_logging, load_settings


def main() -> None:
    """A bad setting stops start-up with one line naming it (exit status 2)."""
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        raise SystemExit(2) from None
    configure_logging(settings)
    from bot.app import run  # the heavy imports (aiogram, the AI, Pillow) only once configured

    asyncio.run(run(settings))


if __name__ == "__main__":
    main()
