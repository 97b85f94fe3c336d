"""/stats and /top: a player's statistics and ratings, and the leaderboards (a group's own, or
everyone's with the reader's place; `/top short` short nardy's)."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.enums import ChatType, ParseMode
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.handlers.replies import replied_author
from bot.handlers.throttle import GROUP_INFO
from bot.i18n import Texts
from bot.service import GameService
from bot.storage import GLOBAL_BOARD
from bot.ui.names import person_name
from bot.ui.stats import TOP_COUNT, stats_text, top_text
from bot.ui.terms import read_game


async def stats(message: Message, texts: Texts, service: GameService) -> None:
    """/stats: the writer's statistics; as a reply to someone's message, that person's."""
    writer = message.from_user
    person = replied_author(message) or writer
    if person is None:
        return
    record = await service.results.record(person.id)
    own = writer is not None and person.id == writer.id
    text = stats_text(texts, person_name(person, texts), record, own)
    await message.answer(text, parse_mode=ParseMode.HTML)


async def top(
    message: Message, command: CommandObject, bot: Bot, texts: Texts, service: GameService
) -> None:
    """/top: in a group, the best of those who played there; in a private chat, the best of
    all and the reader's place; long nardy's, or short nardy's with `/top short`."""
    game = read_game(command.args or "")
    group = message.chat.type != ChatType.PRIVATE
    board = str(message.chat.id) if group else GLOBAL_BOARD
    leaders = await service.results.leaders(board, TOP_COUNT, game)
    mine = None
    if not group and message.from_user is not None:
        mine = await service.results.place(GLOBAL_BOARD, message.from_user.id, game)
    me = await bot.me()
    text = top_text(texts, leaders, group, mine, me.username or "", game)
    await message.answer(text, parse_mode=ParseMode.HTML)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="stats")
    feature.message.register(stats, Command("stats"), flags={"cooldown": GROUP_INFO})
    feature.message.register(top, Command("top"), flags={"cooldown": GROUP_INFO})
    return feature
