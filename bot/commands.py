"""The command menus Telegram shows, registered once per language at start-up (setMyCommands):
the private chat's (games against the bot), and the one in groups (challenges)."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import BotCommand, BotCommandScopeAllGroupChats

from bot.i18n import N_, Locale, Texts, Translator

COMMANDS = {
    "start": N_("Main menu"),
    "play": N_("Play against the bot"),
    "rules": N_("Rules of long and short nardy"),
    "resign": N_("Resign the current game"),
    "games": N_("Your games going"),
    "stats": N_("Your statistics and rating"),
    "top": N_("The best players"),
    "record": N_("Records of your finished games"),
    "help": N_("What the bot can do"),
    "lang": N_("Change the language"),
    "settings": N_("House rules and game settings"),
}
GROUP_COMMANDS = {
    "play": N_("Challenge someone here to a game"),
    "resign": N_("Resign your game here"),
    "games": N_("Your board here, at the bottom of the chat"),
    "stats": N_("Your statistics; as a reply, that person's"),
    "top": N_("The best players of this group"),
    "record": N_("Records of your finished games, sent to you privately"),
    "rules": N_("Rules of long and short nardy"),
    "settings": N_("This group's house rules and game settings"),
    "help": N_("What the bot can do"),
}


async def register_commands(bot: Bot, translator: Translator, default: Locale) -> None:
    """Each menu in `default` (for clients in other languages), then in each locale."""

    def commands(texts: Texts, menu: dict[str, str]) -> list[BotCommand]:
        return [
            BotCommand(command=command, description=texts.gettext(description))
            for command, description in menu.items()
        ]

    groups = BotCommandScopeAllGroupChats()
    for locale in (None, *Locale):
        texts = translator[locale or default]
        language = None if locale is None else locale.value
        await bot.set_my_commands(commands(texts, COMMANDS), language_code=language)
        await bot.set_my_commands(
            commands(texts, GROUP_COMMANDS), scope=groups, language_code=language
        )
