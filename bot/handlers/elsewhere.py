"""Outside a user's private chat with the bot: /start in a group answers with a button that
opens the private chat (games against the bot are played there; games between people in the
group start with /play, `bot.handlers.group`), and menu or level buttons shown or forwarded
there start nothing and change no one's menu."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import CommandStart, or_f
from aiogram.types import CallbackQuery, Message
from aiogram.utils.deep_linking import create_start_link

from bot.handlers.filters import OwnPrivateChat
from bot.handlers.play import PLAY
from bot.handlers.throttle import GROUP_INFO
from bot.i18n import N_, Texts
from bot.ui.callbacks import MARKS, STARTS, Menu
from bot.ui.keyboards import open_private_chat

PRIVATE_ONLY = N_("You can play against me only in a private chat.")
IN_GROUP = N_("You can play against me only in a private chat. Here, /play challenges the others.")


async def in_group(message: Message, bot: Bot, texts: Texts) -> None:
    link = await create_start_link(bot, PLAY)
    await message.answer(texts.gettext(IN_GROUP), reply_markup=open_private_chat(texts, link))


async def not_here(query: CallbackQuery, texts: Texts) -> None:
    await query.answer(texts.gettext(PRIVATE_ONLY), show_alert=True)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="elsewhere")
    feature.message.register(
        in_group, CommandStart(), F.chat.type != ChatType.PRIVATE, flags={"cooldown": GROUP_INFO}
    )
    feature.callback_query.register(
        not_here,
        or_f(Menu.filter(), *(data.filter() for data in (*STARTS, *MARKS))),
        ~OwnPrivateChat(),
    )
    return feature
