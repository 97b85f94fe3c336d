"""/lang and the language buttons: the choice is saved per user and used from the next answer."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.i18n import Texts, Translator
from bot.prefs import LANG
from bot.storage import GameStore
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
    query: CallbackQuery, callback_data: PickLanguage, translator: Translator, store: GameStore
) -> None:
    await store.set_user_pref(query.from_user.id, LANG, callback_data.locale.value)
    chosen = translator[callback_data.locale]
    await query.answer(chosen.gettext("The language is now English."))


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="language")
    feature.message.register(lang, Command("lang"))
    feature.callback_query.register(lang_button, Menu.filter(F.action == MenuAction.LANGUAGE))
    feature.callback_query.register(pick, PickLanguage.filter())
    return feature
