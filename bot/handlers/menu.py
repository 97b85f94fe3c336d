"""/start, /help, /rules and the main-menu buttons."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandStart
from aiogram.types import CallbackQuery, Message

from bot.i18n import Translator
from bot.prefs import AUTO_CONFIRM, Prefs
from bot.storage import GameStore
from bot.ui.callbacks import Menu, MenuAction
from bot.ui.keyboards import main_menu


async def start(message: Message, texts: Translator, prefs: Prefs) -> None:
    await message.answer(texts.text(prefs.locale, "welcome"), reply_markup=main_menu(texts, prefs))


async def help_(message: Message, texts: Translator, prefs: Prefs) -> None:
    await message.answer(texts.text(prefs.locale, "help"))


async def rules(message: Message, texts: Translator, prefs: Prefs) -> None:
    await message.answer(texts.text(prefs.locale, "rules"), parse_mode="HTML")


async def rules_button(query: CallbackQuery, texts: Translator, prefs: Prefs) -> None:
    await query.answer()
    if isinstance(query.message, Message):
        await rules(query.message, texts, prefs)


async def toggle_auto_confirm(
    query: CallbackQuery, texts: Translator, prefs: Prefs, store: GameStore
) -> None:
    turned_on = not prefs.auto_confirm
    await store.set_user_pref(query.from_user.id, AUTO_CONFIRM, "1" if turned_on else "0")
    await query.answer(texts.text(prefs.locale, "auto_on" if turned_on else "auto_off"))
    if isinstance(query.message, Message):
        menu = main_menu(texts, Prefs(prefs.locale, turned_on))
        await query.message.edit_reply_markup(reply_markup=menu)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="menu")
    feature.message.register(start, CommandStart())
    feature.message.register(help_, Command("help"))
    feature.message.register(rules, Command("rules"))
    feature.callback_query.register(rules_button, Menu.filter(F.action == MenuAction.RULES))
    feature.callback_query.register(
        toggle_auto_confirm, Menu.filter(F.action == MenuAction.AUTO_CONFIRM)
    )
    return feature
