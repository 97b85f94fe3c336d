"""Keeping a game's board message current: the screen through `bot.ui`, the record of which
message is the board through the service.

A tap is answered on the board it came from, which becomes the game's board if it was not (one
sent but never recorded, say, when the store failed in between). A board that is gone is
replaced by a new one, recorded with a compare-and-set on the old one: of two taps that both
found it gone, the second's new board is deleted again, so one board remains. A new game is
saved before its first board is sent, so that the board's first tap finds it, and forgotten
when that board cannot be sent.
"""

from __future__ import annotations

import logging

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError

from bot.i18n import Texts
from bot.service import GameService, Session
from bot.ui.delivery import delete_message, edit_board, send_board
from bot.ui.screens import Screen, build_screen
from nardy import Color

log = logging.getLogger(__name__)


class Boards:
    """Shows sessions to their human player."""

    def __init__(self, service: GameService) -> None:
        self._service = service

    async def show(
        self,
        bot: Bot,
        session: Session,
        viewer: Color,
        texts: Texts,
        selected: int | None = None,
        tapped: int | None = None,
    ) -> None:
        """Show `session` on the tapped board message (`tapped`), else on the game's; send a
        new board when neither is there any more."""
        screen = build_screen(session, viewer, texts, selected)
        recorded = session.message_id
        for target in dict.fromkeys(m for m in (tapped, recorded) if m is not None):
            if await edit_board(bot, session, target, screen):
                if target != recorded:
                    await self._service.set_board(session.game_id, recorded, target)
                return
        await self._send(bot, session, screen)

    async def open(self, bot: Bot, session: Session, viewer: Color, texts: Texts) -> None:
        """A new game saved (`GameService.open`), then its first board sent and recorded. A
        board that cannot be sent leaves no game: a player must never have a game they cannot
        see (though /play can always bring a board back)."""
        session = await self._service.open(session)
        try:
            await self._send(bot, session, build_screen(session, viewer, texts))
        except TelegramAPIError:
            await self._service.abandon(session)
            raise

    async def resend(self, bot: Bot, session: Session, viewer: Color, texts: Texts) -> None:
        """The game's board sent anew, at the bottom of the chat, the old one deleted (asked
        for by /play or a menu during the game, when the board is far up or gone)."""
        await self._send(bot, session, build_screen(session, viewer, texts))
        if session.message_id is not None:
            await delete_message(bot, session.chat_id, session.message_id)

    async def _send(self, bot: Bot, session: Session, screen: Screen) -> None:
        message_id = await send_board(bot, session, screen)
        if not await self._service.set_board(session.game_id, session.message_id, message_id):
            log.info("game %s already has a new board; deleting a second", session.game_id)
            await delete_message(bot, session.chat_id, message_id)
