"""What no other handler took: text or an unknown command in a private chat gets a hint (never
silence: the way back to the game going, else /play); a button we cannot read gets an alert,
and on the board of the chat's game the board is shown afresh with buttons that work (one
from an older release, say)."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.types import CallbackQuery, Message

from bot.boards import Boards
from bot.i18n import Texts
from bot.service import GameService
from bot.ui.alerts import NOT_VALID
from bot.ui.screens import game_going


async def hint(message: Message, texts: Texts, service: GameService) -> None:
    """Where to go from here: back to the game going in this chat, else /play."""
    table = await service.active_game(message.chat.id)
    user = message.from_user
    if table is None or user is None or table.seat_of(user.id) is None:
        await message.answer(texts.gettext("To play, send /play. /help lists what I can do."))
        return
    text, markup = game_going(texts, table, user.id)
    await message.answer(text, reply_markup=markup)


async def unknown(
    query: CallbackQuery, bot: Bot, texts: Texts, service: GameService, boards: Boards
) -> None:
    await query.answer(texts.gettext(NOT_VALID), show_alert=True)
    message = query.message
    if message is None:
        return
    table = await service.active_game(message.chat.id)
    seat = table.seat_of(query.from_user.id) if table is not None else None
    if table is not None and seat is not None and table.message_id == message.message_id:
        await boards.show(bot, table, seat, texts, tapped=message.message_id)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher); tried last."""
    feature = Router(name="fallback")
    feature.message.register(hint, F.chat.type == ChatType.PRIVATE)
    feature.callback_query.register(unknown)
    return feature
