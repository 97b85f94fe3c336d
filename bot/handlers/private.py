"""Answers that go to a person's private chat with the bot rather than to a group, where they
would spend the messages its games need (a record's list, the rules' six photos)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiogram import Bot
from aiogram.exceptions import TelegramForbiddenError
from aiogram.types import Message

from bot.i18n import Texts


async def start_me(bot: Bot, texts: Texts) -> str:
    """Why the bot cannot write to someone: they have not started it."""
    me = await bot.me()
    return texts.gettext(
        "I can't write to you yet: open a chat with @{bot}, press Start, then ask again.",
        bot=me.username or "",
    )


async def send_privately(
    message: Message, bot: Bot, texts: Texts, send: Callable[[int], Awaitable[object]]
) -> None:
    """`send` the answer to `message` to its writer's private chat (`send` gets the chat's id),
    and say so, or why not, in a reply."""
    user = message.from_user
    if user is None:
        return
    try:
        await send(user.id)
    except TelegramForbiddenError:  # the person never started the bot, or blocked it
        await message.reply(await start_me(bot, texts))
        return
    await message.reply(texts.gettext("Sent to our private chat."))
