"""/lang and the language buttons: the choice is saved per user, used from the next answer,
and the board of the user's game is redrawn in it."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.boards import Boards
from bot.handlers.throttle import GROUP_INFO
from bot.i18n import Texts, Translator
from bot.prefs import Preferences
from bot.service import GameService
from bot.ui.callbacks import Menu, MenuAction, PickLanguage
from bot.ui.keyboards import language_menu


async def lang(message: Message, texts: Texts, translator: Translator) -> None:
    menu = language_menu(translator)
    await message.answer(texts.gettext("Choose the language:"), reply_markup=menu)


async def lang_button(query: CallbackQuery, texts: Texts, translator: Translator) -> None:
    await query.answer()
    if isinstance(query.message, Message):
        await lang(query.message, texts, translator)


async def pick(
    query: CallbackQuery,
    callback_data: PickLanguage,
    bot: Bot,
    translator: Translator,
    preferences: Preferences,
    service: GameService,
    boards: Boards,
) -> None:
    """Save the choice, say so in the new language where the picker was (its buttons gone),
    and show the user's board in it."""
    await preferences.set_language(query.from_user.id, callback_data.locale)
    chosen = translator[callback_data.locale]
    # Translators: said in the language just chosen: name your own language.
    said = chosen.gettext("The language is now English.")
    if isinstance(query.message, Message):
        await query.answer()
        await query.message.edit_text(said, reply_markup=None)
    else:  # a picker too old to edit
        await query.answer(said)
    table = await service.active_game(query.from_user.id)  # the user's private chat
    seat = table.seat_of(query.from_user.id) if table is not None else None
    if table is not None and seat is not None:
        await boards.show(bot, table, seat, chosen)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="language")
    feature.message.register(lang, Command("lang"), flags={"cooldown": GROUP_INFO})
    feature.callback_query.register(lang_button, Menu.filter(F.action == MenuAction.LANGUAGE))
    feature.callback_query.register(pick, PickLanguage.filter())
    return feature
