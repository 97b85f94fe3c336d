"""Starting and ending games against the bot: /play and the level buttons, /resign, Play again.

Games against the bot are played in private chats, one game per chat.
"""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import CallbackQuery, InaccessibleMessage, Message
from aiogram.utils.chat_action import ChatActionSender

from bot.boards import Boards
from bot.i18n import N_, Texts
from bot.service import GameInProgress, GameService
from bot.ui.alerts import NOT_VALID
from bot.ui.callbacks import Answer, Menu, MenuAction, PickLevel
from bot.ui.keyboards import level_menu, question_menu
from bot.ui.screens import resign_question
from nardy.ai import AVAILABLE_LEVELS, Level

PRIVATE_ONLY = N_("Games against the bot are played in a private chat with me.")


async def offer_levels(
    message: Message | InaccessibleMessage, texts: Texts, service: GameService
) -> None:
    """The level choice, or, with a game going, the offer to resign it first."""
    session = await service.active_game(message.chat.id)
    if session is None:
        markup = level_menu(texts)
        await message.answer(texts.gettext("Choose the bot's level:"), reply_markup=markup)
        return
    yes = texts.gettext("🏳 Resign and start anew")
    markup = question_menu(texts, session, Answer.NEW_GAME, yes)
    text = texts.gettext("You already have a game in this chat. Resign it and start a new one?")
    await message.answer(text, reply_markup=markup)


async def not_private(message: Message, texts: Texts) -> None:
    await message.answer(texts.gettext(PRIVATE_ONLY))


def _own_chat(query: CallbackQuery) -> Message | InaccessibleMessage | None:
    """The tapped message when it is in the tapper's private chat with the bot (a private
    chat's id is its user's id); not for a message forwarded elsewhere, nor in a group. It may
    be one Telegram no longer shows the bot (an old one): its chat is all that is needed."""
    message = query.message
    if message is not None and message.chat.type == ChatType.PRIVATE:
        return message if message.chat.id == query.from_user.id else None
    return None


async def play_button(query: CallbackQuery, texts: Texts, service: GameService) -> None:
    message = _own_chat(query)
    if message is None:
        await query.answer(texts.gettext(PRIVATE_ONLY), show_alert=True)
        return
    await query.answer()
    await offer_levels(message, texts, service)


async def pick_level(
    query: CallbackQuery,
    callback_data: PickLevel,
    bot: Bot,
    texts: Texts,
    service: GameService,
    boards: Boards,
) -> None:
    try:
        level = Level(callback_data.level)
    except ValueError:
        level = None
    if level not in AVAILABLE_LEVELS:
        await query.answer(texts.gettext(NOT_VALID), show_alert=True)
        return
    message = _own_chat(query)
    if message is None:
        await query.answer(texts.gettext(PRIVATE_ONLY), show_alert=True)
        return
    await query.answer()  # before the bot's first turn, which may take a while
    try:
        async with ChatActionSender.choose_sticker(bot=bot, chat_id=message.chat.id):
            session = await service.new_vs_bot(message.chat.id, query.from_user.id, level)
        viewer = session.seat_of(query.from_user.id)
        assert viewer is not None
        await boards.open(bot, session, viewer, texts)
    except GameInProgress:
        await offer_levels(message, texts, service)


async def resign(message: Message, texts: Texts, service: GameService) -> None:
    session = await service.active_game(message.chat.id)
    user = message.from_user
    color = session.seat_of(user.id) if session is not None and user is not None else None
    if session is None or color is None:
        await message.answer(texts.gettext("There is no game in progress. /play starts one."))
        return
    text, markup = resign_question(texts, session, color)
    await message.answer(text, reply_markup=markup)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="play")
    feature.message.register(offer_levels, Command("play"), F.chat.type == ChatType.PRIVATE)
    feature.message.register(
        not_private, Command("play", "resign"), F.chat.type != ChatType.PRIVATE
    )
    feature.callback_query.register(play_button, Menu.filter(F.action == MenuAction.PLAY))
    feature.callback_query.register(pick_level, PickLevel.filter())
    feature.message.register(resign, Command("resign"), F.chat.type == ChatType.PRIVATE)
    return feature
