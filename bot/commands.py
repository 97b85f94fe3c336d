"""The command menu Telegram shows, registered once per language at start-up (setMyCommands)."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import BotCommand

from bot.i18n import Locale, Translator

COMMANDS = ("start", "play", "rules", "resign", "help", "lang")


async def register_commands(bot: Bot, texts: Translator, default: Locale) -> None:
    """The default list in `default`, plus one list per locale for clients in that language."""

    def commands(locale: Locale) -> list[BotCommand]:
        return [BotCommand(command=c, description=texts.text(locale, f"cmd_{c}")) for c in COMMANDS]

    await bot.set_my_commands(commands(default))
    for locale in Locale:
        await bot.set_my_commands(commands(locale), language_code=locale.value)
