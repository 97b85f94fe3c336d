"""The command menu Telegram shows, registered once per language at start-up (setMyCommands)."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import BotCommand

from bot.i18n import N_, Locale, Texts, Translator

COMMANDS = {
    "start": N_("Main menu"),
    "play": N_("Play against the bot"),
    "rules": N_("Rules of long nardy"),
    "resign": N_("Resign the current game"),
    "help": N_("What the bot can do"),
    "lang": N_("Change the language"),
}


async def register_commands(bot: Bot, translator: Translator, default: Locale) -> None:
    """The default list in `default`, plus one list per locale for clients in that language."""

    def commands(texts: Texts) -> list[BotCommand]:
        return [
            BotCommand(command=command, description=texts.gettext(description))
            for command, description in COMMANDS.items()
        ]

    await bot.set_my_commands(commands(translator[default]))
    for locale in Locale:
        await bot.set_my_commands(commands(translator[locale]), language_code=locale.value)
