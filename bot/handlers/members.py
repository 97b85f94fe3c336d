"""A player who leaves the group of their running game: Telegram says so with a service
message (`left_chat_member`) and, where the bot is an administrator, a member update; the
board then offers the other player the win (`ClaimWin`), until the one who left comes back
(`new_chat_members`, or a member update again). A group that hides its service messages and
has not made the bot an administrator tells nothing: the turn timer then ends the game."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.types import (
    ChatMemberBanned,
    ChatMemberLeft,
    ChatMemberRestricted,
    ChatMemberUpdated,
    Message,
    User,
)

from bot.boards import Boards
from bot.i18n import SOURCE, Translator, locale_for
from bot.service import GameService
from bot.storage import StoreUnavailable

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Change:
    """People who left the chat `chat_id` or came back (`present`), and by whose hand (`by`:
    themselves, or whoever removed or added them)."""

    chat_id: int
    people: list[User]
    present: bool
    by: int | None


async def service_message(
    message: Message, bot: Bot, translator: Translator, service: GameService, boards: Boards
) -> None:
    """ "X left the group" or "X joined the group", as the chat shows it."""
    by = message.from_user.id if message.from_user is not None else None
    if message.left_chat_member is not None:
        change = Change(message.chat.id, [message.left_chat_member], False, by)
    else:
        change = Change(message.chat.id, message.new_chat_members or [], True, by)
    await _tell(bot, change, translator, service, boards)


async def member_update(
    update: ChatMemberUpdated,
    bot: Bot,
    translator: Translator,
    service: GameService,
    boards: Boards,
) -> None:
    """A member's status changed (left, was removed, joined, came back)."""
    member = update.new_chat_member
    if isinstance(member, ChatMemberRestricted):
        present = member.is_member
    else:
        present = not isinstance(member, ChatMemberLeft | ChatMemberBanned)
    change = Change(update.chat.id, [member.user], present, update.from_user.id)
    await _tell(bot, change, translator, service, boards)


async def _tell(
    bot: Bot, change: Change, translator: Translator, service: GameService, boards: Boards
) -> None:
    """Each person's running game in the chat told they left (or came back), its board shown.
    With the store down the news is lost, said in a warning: the turn timer still ends a game
    nobody plays."""
    for user in change.people:
        if user.is_bot:
            continue
        try:
            table = await service.presence(change.chat_id, user.id, change.present, change.by)
        except StoreUnavailable as exc:
            log.warning(
                "chat %s: could not note that %s left or came back (%s)",
                change.chat_id,
                user.id,
                exc,
            )
            continue
        if table is not None:
            texts = translator[locale_for(table.locale, SOURCE)]
            await boards.show(bot, table, table.game.to_move, texts)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    group = F.chat.type.in_({ChatType.GROUP, ChatType.SUPERGROUP})
    feature = Router(name="members")
    feature.message.register(service_message, F.left_chat_member | F.new_chat_members, group)
    feature.chat_member.register(member_update, group)
    return feature
