"""Outside a user's private chat with the bot (until games between people exist): /start,
/play and /resign in a group answer with a button that opens the private chat, and menu or
level buttons there start nothing and change no one's menu."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandStart, or_f
from aiogram.types import CallbackQuery, Message
from aiogram.utils.deep_linking import create_start_link

from bot.handlers.filters import OwnPrivateChat
from bot.handlers.play import PLAY
from bot.i18n import N_, Texts
from bot.ui.callbacks import Menu, PickLevel
from bot.ui.keyboards import open_private_chat

PRIVATE_ONLY = N_("You can play against me only in a private chat.")


async def in_group(message: Message, bot: Bot, texts: Texts) -> None:
    link = await create_start_link(bot, PLAY)
    await message.answer(texts.gettext(PRIVATE_ONLY), reply_markup=open_private_chat(texts, link))


async def not_here(query: CallbackQuery, texts: Texts) -> None:
    await query.answer(texts.gettext(PRIVATE_ONLY), show_alert=True)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="elsewhere")
    feature.message.register(
        in_group, or_f(CommandStart(), Command("play", "resign")), F.chat.type != ChatType.PRIVATE
    )
    feature.callback_query.register(
        not_here, or_f(Menu.filter(), PickLevel.filter()), ~OwnPrivateChat()
    )
    return feature
