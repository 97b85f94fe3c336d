"""Coming back to a game: /games lists a person's running games in the private chat, and its
buttons bring a board back as a fresh message (in the game's own chat); in a group, /games
brings back the writer's board there."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.boards import Boards
from bot.handlers.throttle import GROUP_INFO
from bot.i18n import N_, Texts
from bot.service import GameError, GameService, Table, player_slot
from bot.ui.alerts import refuse
from bot.ui.callbacks import ShowGame
from bot.ui.running import running_list
from nardy import Color

NO_GAME_HERE = N_("You have no game in this chat. /play makes a challenge.")


async def games(message: Message, texts: Texts, service: GameService) -> None:
    """/games in the private chat: the writer's running games, wherever they are."""
    if message.from_user is None:
        return
    tables = await service.running(message.from_user.id)
    text, markup = running_list(texts, tables, message.from_user.id)
    await message.answer(text, reply_markup=markup)


async def game_here(
    message: Message, texts: Texts, service: GameService
) -> tuple[Table, Color, int] | None:
    """The writer's running game in this group, their colour and id (/games, /resign); None,
    once the writer is told they have none here."""
    user = message.from_user
    table = None
    if user is not None:
        table = await service.active_game(player_slot(message.chat.id, user.id))
    color = table.seat_of(user.id) if table is not None and user is not None else None
    if table is None or user is None or color is None:
        await message.reply(texts.gettext(NO_GAME_HERE))
        return None
    return table, color, user.id


async def group_games(
    message: Message, bot: Bot, texts: Texts, service: GameService, boards: Boards
) -> None:
    """/games in a group: the writer's board here, sent again at the bottom of the chat."""
    found = await game_here(message, texts, service)
    if found is not None:
        table, color, _user = found
        await boards.resend(bot, table, color, texts)


async def show_game(
    query: CallbackQuery,
    callback_data: ShowGame,
    bot: Bot,
    texts: Texts,
    service: GameService,
    boards: Boards,
) -> None:
    """A game of the list: its board sent again in its chat (an inline game's cannot be: the
    bot may not write in that chat, and the player is told where it is)."""
    try:
        table, color = await service.seat(callback_data.game, query.from_user.id)
    except GameError as refused:
        await refuse(query, texts, refused)
        return
    if table.game.over:
        await query.answer(texts.gettext("This game is over."), show_alert=True)
        return
    if table.inline_id is not None:
        where = N_("This game is played in an inline message: it is in the chat where it was sent.")
        await query.answer(texts.gettext(where), show_alert=True)
        return
    if table.shared:
        await query.answer(texts.gettext("Its board is sent again at the bottom of the group."))
    else:
        await query.answer()
    await boards.resend(bot, table, color, texts)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="resume")
    feature.message.register(games, Command("games"), F.chat.type == ChatType.PRIVATE)
    feature.message.register(group_games, Command("games"), flags={"cooldown": GROUP_INFO})
    feature.callback_query.register(show_game, ShowGame.filter())
    return feature
