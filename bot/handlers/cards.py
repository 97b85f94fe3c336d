"""What a Join or Cancel on a challenge card (a group's or an inline one) does when the service
refuses it: a card gone (withdrawn, expired) says so on itself; a game already started is
shown again to a player of it (its first board may never have arrived); anything else gets
its alert."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiogram import Bot
from aiogram.types import CallbackQuery

from bot.boards import Boards
from bot.i18n import Texts
from bot.service import AlreadyStarted, ChallengeGone, GameError
from bot.ui.alerts import refuse, refuse_challenge


async def card_refused(
    query: CallbackQuery,
    error: GameError,
    game_id: str,
    bot: Bot,
    texts: Texts,
    boards: Boards,
    close: Callable[[], Awaitable[None]],
) -> None:
    """Answer the tap on the card of the challenge (and game) `game_id` that `error` refused;
    `close` edits the card to say it expired."""
    if isinstance(error, ChallengeGone):
        await refuse(query, texts, error)
        await close()
    elif isinstance(error, AlreadyStarted) and await boards.show_to_player(
        bot, game_id, query.from_user.id, texts
    ):
        await query.answer()
    else:
        await refuse_challenge(query, texts, error)
