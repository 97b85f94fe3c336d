"""/settings and its buttons: in a private chat the player's own settings (games against the
bot, games they offer through inline mode), in a group the group's (games challenged there with
/play), which only its administrators may change. Every tap edits the settings message in
place; what the settings mean is `bot.settings`, how they read `bot.ui.settings`."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatMemberStatus, ChatType
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Chat, InaccessibleMessage, InlineKeyboardMarkup, Message

from bot.boards import Boards
from bot.handlers.filters import OwnPrivateChat
from bot.handlers.throttle import GROUP_INFO
from bot.i18n import N_, Locale, Texts, Translator
from bot.prefs import Preferences
from bot.service import GameService, Terms
from bot.settings import BY_KEY, THEME, Option, options
from bot.ui.alerts import NOT_VALID
from bot.ui.callbacks import Menu, MenuAction, ResetSettings, SetSetting, SettingsPage
from bot.ui.settings import settings_list, settings_page

GROUPS = {ChatType.GROUP, ChatType.SUPERGROUP}
ADMINS = {ChatMemberStatus.CREATOR, ChatMemberStatus.ADMINISTRATOR}
ADMINS_ONLY = N_("Only the group's administrators can change its settings.")


def _personal(chat: Chat) -> bool:
    """Whether `chat`'s settings are a player's (a private chat's id is its user's)."""
    return chat.type == ChatType.PRIVATE


async def _screen(
    bot: Bot,
    texts: Texts,
    preferences: Preferences,
    chat: Chat,
    option: Option | None,
    default: Terms,
) -> tuple[str, InlineKeyboardMarkup]:
    """The settings message's text and buttons: the list, or `option`'s page."""
    settings = await preferences.settings(chat.id, _personal(chat))
    if option is not None:
        return settings_page(texts, settings, option, default)
    me = await bot.me()
    return settings_list(texts, settings, _personal(chat), default, me.username or "")


async def show_settings(
    message: Message, bot: Bot, texts: Texts, preferences: Preferences, default_terms: Terms
) -> None:
    """/settings: the list of this chat's settings."""
    text, markup = await _screen(bot, texts, preferences, message.chat, None, default_terms)
    await message.answer(text, reply_markup=markup)


async def settings_button(
    query: CallbackQuery,
    chat_message: Message | InaccessibleMessage,
    bot: Bot,
    texts: Texts,
    preferences: Preferences,
    default_terms: Terms,
) -> None:
    """The main menu's Settings (an old menu's auto-confirm toggle too): the list, as a new
    message under the menu."""
    await query.answer()
    chat = chat_message.chat
    text, markup = await _screen(bot, texts, preferences, chat, None, default_terms)
    await bot.send_message(chat.id, text, reply_markup=markup)


def _where(query: CallbackQuery) -> Chat | None:
    """The chat whose settings a tap is about: the tapper's own private chat, or a group; None
    for a settings message anywhere else (forwarded, or data forged onto another message)."""
    message = query.message
    if message is None:
        return None
    chat = message.chat
    own = _personal(chat) and chat.id == query.from_user.id
    return chat if own or chat.type in GROUPS else None


def _option(chat: Chat, key: str) -> Option | None:
    """The option `key` names, if `chat`'s settings have it."""
    option = BY_KEY.get(key)
    return option if option in options(_personal(chat)) else None


async def _may_change(query: CallbackQuery, bot: Bot, texts: Texts, chat: Chat) -> bool:
    """Whether the tapper may change `chat`'s settings (or turn its message's pages): their own,
    or a group they administer (asked of Telegram at each tap, so a demoted administrator
    cannot); else the tap is answered why not."""
    if _personal(chat):
        return True
    member = await bot.get_chat_member(chat.id, query.from_user.id)
    if member.status in ADMINS:
        return True
    await query.answer(texts.gettext(ADMINS_ONLY), show_alert=True)
    return False


def _written_in(chat: Chat, texts: Texts, translator: Translator, locale: Locale) -> Texts:
    """The language a tapped settings message goes on in: a player's own (`texts`), or in a
    group the `locale` it was posted in, so that it does not change with whoever taps."""
    return texts if _personal(chat) else translator[locale]


async def _edit(
    query: CallbackQuery,
    bot: Bot,
    texts: Texts,
    preferences: Preferences,
    chat: Chat,
    option: Option | None,
    default: Terms,
) -> None:
    """The tapped settings message shows the list, or `option`'s page, as stored now, in
    `texts` (`_written_in`); one Telegram no longer lets the bot edit (an old one) gives way
    to a new message."""
    text, markup = await _screen(bot, texts, preferences, chat, option, default)
    if isinstance(query.message, Message):
        await query.message.edit_text(text, reply_markup=markup)
    else:
        await bot.send_message(chat.id, text, reply_markup=markup)


async def open_page(
    query: CallbackQuery,
    callback_data: SettingsPage,
    bot: Bot,
    texts: Texts,
    translator: Translator,
    preferences: Preferences,
    default_terms: Terms,
) -> None:
    """An option's page (its explanation and values), or Back to the list. In a group only its
    administrators turn the pages: the message is the group's, and each edit spends the
    messages its games need (anyone reads the list and the values on its buttons)."""
    chat = _where(query)
    option = None if chat is None else _option(chat, callback_data.option)
    if chat is None or (callback_data.option and option is None):
        await query.answer(texts.gettext(NOT_VALID), show_alert=True)
        return
    if not await _may_change(query, bot, texts, chat):
        return
    await query.answer()
    written = _written_in(chat, texts, translator, callback_data.locale)
    await _edit(query, bot, written, preferences, chat, option, default_terms)


async def choose(
    query: CallbackQuery,
    callback_data: SetSetting,
    bot: Bot,
    texts: Texts,
    translator: Translator,
    preferences: Preferences,
    service: GameService,
    boards: Boards,
    default_terms: Terms,
) -> None:
    """A value chosen: saved for new games, the page showing it marked. A new board theme
    redraws the player's running game against the bot at once (it changes no rules)."""
    chat = _where(query)
    option = None if chat is None else _option(chat, callback_data.option)
    if chat is None or option is None or callback_data.value not in option.values:
        await query.answer(texts.gettext(NOT_VALID), show_alert=True)
        return
    if not await _may_change(query, bot, texts, chat):
        return
    await preferences.set_setting(chat.id, _personal(chat), option.key, callback_data.value)
    await query.answer(texts.gettext("Saved."))
    written = _written_in(chat, texts, translator, callback_data.locale)
    await _edit(query, bot, written, preferences, chat, option, default_terms)
    if option is THEME and _personal(chat):
        table = await service.active_game(chat.id)
        seat = None if table is None else table.seat_of(chat.id)
        if table is not None and seat is not None:
            await boards.show(bot, table, seat, texts)


async def reset(
    query: CallbackQuery,
    callback_data: ResetSettings,
    bot: Bot,
    texts: Texts,
    translator: Translator,
    preferences: Preferences,
    default_terms: Terms,
) -> None:
    """Every option back to its default, the list showing them."""
    chat = _where(query)
    if chat is None:
        await query.answer(texts.gettext(NOT_VALID), show_alert=True)
        return
    if not await _may_change(query, bot, texts, chat):
        return
    for option in options(_personal(chat)):
        await preferences.set_setting(chat.id, _personal(chat), option.key, None)
    await query.answer(texts.gettext("Back to the defaults."))
    written = _written_in(chat, texts, translator, callback_data.locale)
    await _edit(query, bot, written, preferences, chat, None, default_terms)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="settings")
    chats = F.chat.type.in_({ChatType.PRIVATE, *GROUPS})
    feature.message.register(
        show_settings, Command("settings"), chats, flags={"cooldown": GROUP_INFO}
    )
    feature.callback_query.register(
        settings_button, Menu.filter(F.action == MenuAction.SETTINGS), OwnPrivateChat()
    )
    feature.callback_query.register(open_page, SettingsPage.filter())
    feature.callback_query.register(choose, SetSetting.filter())
    feature.callback_query.register(reset, ResetSettings.filter())
    return feature
