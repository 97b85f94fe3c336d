"""Starting games and matches against the bot and getting back to one: /play, the Play, level
and match length buttons, Play again, /resign's question.

Games against the bot are played in private chats, one game per chat. With a game going, a
menu or level button from an older message brings that game's board back instead of starting
anything; /play asks whether to go back to it or resign it.
"""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, InaccessibleMessage, Message

from bot.boards import Boards
from bot.handlers.filters import OwnPrivateChat
from bot.i18n import N_, Texts
from bot.prefs import Prefs
from bot.service import MATCH_LENGTHS, GameInProgress, GameService, Table
from bot.ui.alerts import NOT_VALID
from bot.ui.callbacks import (
    MARKS,
    STARTS,
    MarkGame,
    Menu,
    MenuAction,
    PickGame,
    PickLength,
    PickLevel,
    PickMatch,
    PickShort,
    ShortLength,
)
from bot.ui.chat_action import choosing
from bot.ui.keyboards import level_menu
from bot.ui.names import seat_for
from bot.ui.screens import new_game_question, resign_question
from bot.ui.terms import read_game
from nardy.ai import Level
from nardy.long_variant import LONG
from nardy.variant import Variant
from nardy.variants import find_variant

ChatMessage = Message | InaccessibleMessage
PLAY = "play"  # the deep link payload that opens the level choice: t.me/<bot>?start=play
GAME_GOING = N_("You have a game going: here is its board.")


async def play(
    message: Message, command: CommandObject, texts: Texts, prefs: Prefs, service: GameService
) -> None:
    """/play (/play short): the level choice with that game marked, or, with a game going,
    back to it or resign it."""
    table = await service.active_game(message.chat.id)
    if table is None:
        game = read_game(command.args or "")
        await offer_levels(message, texts, prefs.settings.length, game)
        return
    user = message.from_user.id if message.from_user is not None else message.chat.id
    text, markup = new_game_question(texts, table, user)
    await message.answer(text, reply_markup=markup)


async def start_play(
    message: Message,
    bot: Bot,
    texts: Texts,
    prefs: Prefs,
    service: GameService,
    boards: Boards,
) -> None:
    """`/start play` from a deep link: the level choice, or the game going."""
    table = await service.active_game(message.chat.id)
    if table is None:
        await offer_levels(message, texts, prefs.settings.length)
    else:
        await _board_again(bot, table, message.chat.id, texts, boards)


async def offer_levels(
    message: ChatMessage, texts: Texts, length: int, game: Variant = LONG
) -> None:
    """The level choice, `length` marked as the match length (the player's setting, until
    they tap another) and `game` as the game (long nardy, until they tap another)."""
    markup = level_menu(texts, length, game)
    await message.answer(texts.gettext("Choose the bot's level:"), reply_markup=markup)


async def play_button(
    query: CallbackQuery,
    chat_message: ChatMessage,
    bot: Bot,
    texts: Texts,
    prefs: Prefs,
    service: GameService,
    boards: Boards,
) -> None:
    table = await service.active_game(chat_message.chat.id)
    if table is not None:
        await _back_to(query, table, bot, texts, boards)
        return
    await query.answer()
    await offer_levels(chat_message, texts, prefs.settings.length)


async def pick_length(
    query: CallbackQuery,
    callback_data: MarkGame | PickLength | ShortLength,
    chat_message: ChatMessage,
    texts: Texts,
) -> None:
    """A match length or a game tapped on the level choice: that message's buttons mark it
    (and its levels start such games); a message too old to edit gives way to a new choice."""
    mark = callback_data if isinstance(callback_data, MarkGame) else callback_data.as_mark()
    length, game = mark.length, _game(mark.game)
    if length not in MATCH_LENGTHS or game is None:
        await query.answer(texts.gettext(NOT_VALID), show_alert=True)
        return
    await query.answer()
    if isinstance(chat_message, InaccessibleMessage):
        await offer_levels(chat_message, texts, length, game)
        return
    markup, shown = level_menu(texts, length, game), chat_message.reply_markup
    if shown is None or shown.model_dump() != markup.model_dump():  # else nothing changes
        await chat_message.edit_reply_markup(reply_markup=markup)


async def pick_level(
    query: CallbackQuery,
    callback_data: PickGame | PickLevel | PickMatch | PickShort,
    chat_message: ChatMessage,
    bot: Bot,
    texts: Texts,
    prefs: Prefs,
    service: GameService,
    boards: Boards,
) -> None:
    """A level tapped (on the level choice or Play again): one game or a match of the game it
    names starts, under the player's house rules (/settings)."""
    pick = callback_data if isinstance(callback_data, PickGame) else callback_data.as_pick()
    try:
        level = Level(pick.level)
    except ValueError:
        level = None
    length, game = pick.length, _game(pick.game)
    if game is None or level not in game.levels() or length not in MATCH_LENGTHS:
        await query.answer(texts.gettext(NOT_VALID), show_alert=True)
        return
    chat_id, user_id = chat_message.chat.id, query.from_user.id
    running = await service.active_game(chat_id)
    if running is not None:  # a level choice from an older message
        await _back_to(query, running, bot, texts, boards)
        return
    await query.answer()  # before the bot's first turn, which may take a while
    try:
        async with choosing(bot, chat_id):
            name = seat_for(query.from_user, texts).name
            rules = prefs.settings.rules_for(game)
            table = await service.new_vs_bot(chat_id, user_id, level, length, rules, name)
        viewer = table.seat_of(user_id)
        assert viewer is not None
        await boards.open(bot, table, viewer, texts)
    except GameInProgress:  # a doubled tap opened one meanwhile: it shows that one
        running = await service.active_game(chat_id)
        if running is not None:
            await _board_again(bot, running, user_id, texts, boards)


def _game(key: str) -> Variant | None:
    """The game a button names; None for a name no game has (forged)."""
    try:
        return find_variant(key)
    except KeyError:
        return None


async def _back_to(
    query: CallbackQuery, table: Table, bot: Bot, texts: Texts, boards: Boards
) -> None:
    """A menu tapped during a game: say so, and bring the game's board back."""
    await query.answer(texts.gettext(GAME_GOING))
    await _board_again(bot, table, query.from_user.id, texts, boards)


async def _board_again(bot: Bot, table: Table, user_id: int, texts: Texts, boards: Boards) -> None:
    viewer = table.seat_of(user_id)
    if viewer is not None:
        await boards.resend(bot, table, viewer, texts)


async def resign(message: Message, texts: Texts, service: GameService) -> None:
    table = await service.active_game(message.chat.id)
    user = message.from_user
    color = table.seat_of(user.id) if table is not None and user is not None else None
    if table is None or user is None or color is None:
        await message.answer(texts.gettext("There is no game in progress. /play starts one."))
        return
    text, markup = resign_question(texts, table, color, user.id)
    await message.answer(text, reply_markup=markup)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    private = F.chat.type == ChatType.PRIVATE
    feature = Router(name="play")
    feature.message.register(
        start_play, CommandStart(deep_link=True, magic=F.args == PLAY), private
    )
    feature.message.register(play, Command("play"), private)
    feature.message.register(resign, Command("resign"), private)
    own_chat = OwnPrivateChat()
    feature.callback_query.register(play_button, Menu.filter(F.action == MenuAction.PLAY), own_chat)
    for mark in MARKS:
        feature.callback_query.register(pick_length, mark.filter(), own_chat)
    for start in STARTS:
        feature.callback_query.register(pick_level, start.filter(), own_chat)
    return feature
