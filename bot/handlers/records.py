"""Game records: the Game record button under a finished game and /record's list send a
record's text file to the tapper's private chat (a group or inline chat gets no files)."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.exceptions import TelegramForbiddenError
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.i18n import Texts
from bot.service import GameService
from bot.ui.callbacks import RecordTap
from bot.ui.records import RECORD_DAYS, record_caption, record_file, records_list


async def records(message: Message, texts: Texts, service: GameService) -> None:
    """/record: the writer's latest records, a button each."""
    if message.from_user is None:
        return
    latest = await service.records.latest(message.from_user.id)
    text, markup = records_list(texts, latest)
    await message.answer(text, reply_markup=markup)


async def send_record(
    query: CallbackQuery, callback_data: RecordTap, bot: Bot, texts: Texts, service: GameService
) -> None:
    """Send the record asked for to the tapper's private chat; say so when the tap came from
    another chat, or why it cannot be sent."""
    name = callback_data.name
    text = await service.records.text(name)
    if text is None:
        gone = texts.ngettext(
            "This game has no record any more: records are kept {n} day.",
            "This game has no record any more: records are kept {n} days.",
            RECORD_DAYS,
        )
        await query.answer(gone, show_alert=True)
        return
    user = query.from_user.id
    try:
        await bot.send_document(user, record_file(name, text), caption=record_caption(texts))
    except TelegramForbiddenError:  # the person never started the bot, or blocked it
        me = await bot.me()
        await query.answer(
            texts.gettext(
                "I can't write to you yet: open a chat with @{bot}, press Start, then tap again.",
                bot=me.username or "",
            ),
            show_alert=True,
        )
        return
    message = query.message
    here = message is not None and message.chat.id == user
    await query.answer(None if here else texts.gettext("The record is in our private chat."))


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="records")
    feature.message.register(records, Command("record"))
    feature.callback_query.register(send_record, RecordTap.filter())
    return feature
