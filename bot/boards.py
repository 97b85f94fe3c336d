"""Putting a game's board in the chat: edit the message in place, or send it anew when there is
none or the user deleted it. "Not modified" is ignored; 429s are handled by `RetryAfterOnce`."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import BufferedInputFile, InputMediaPhoto

from bot.board_view import Screen, ScreenBuilder
from bot.i18n import Locale
from bot.service import GameService, Session
from nardy import Color
from renderer import render

log = logging.getLogger(__name__)

PHOTO_NAME = "board.jpg"


def _is(error: TelegramBadRequest, *phrases: str) -> bool:
    return any(phrase in error.message.lower() for phrase in phrases)


class Boards:
    """Shows sessions to their human player."""

    def __init__(self, service: GameService, screens: ScreenBuilder) -> None:
        self._service = service
        self._screens = screens

    async def show(
        self, bot: Bot, session: Session, viewer: Color, locale: Locale, selected: int | None = None
    ) -> Session:
        """Edit the board message to show `session`; returns the session as now stored."""
        if session.message_id is None:
            return await self.send_new(bot, session, viewer, locale, selected)
        screen = self._screens.build(session, viewer, locale, selected)
        photo = await self._picture(session, screen)
        try:
            await bot.edit_message_media(
                chat_id=session.chat_id,
                message_id=session.message_id,
                media=InputMediaPhoto(media=photo, caption=screen.caption),
                reply_markup=screen.markup,
            )
        except TelegramBadRequest as error:
            if _is(error, "message is not modified"):
                return session
            if not _is(error, "message to edit not found", "message_id_invalid"):
                raise
            log.info("board message of game %s is gone; sending a new one", session.game_id)
            return await self.send_new(bot, session, viewer, locale, selected)
        return session

    async def send_new(
        self, bot: Bot, session: Session, viewer: Color, locale: Locale, selected: int | None = None
    ) -> Session:
        """Send a fresh board message and remember it; its buttons carry the version that
        remembering it creates."""
        ahead = replace(session, version=session.version + 1)
        screen = self._screens.build(ahead, viewer, locale, selected)
        photo = await self._picture(session, screen)
        message = await bot.send_photo(
            chat_id=session.chat_id, photo=photo, caption=screen.caption, reply_markup=screen.markup
        )
        return await self._service.attach_message(session, message.message_id)

    @staticmethod
    async def _picture(session: Session, screen: Screen) -> BufferedInputFile:
        jpeg = await asyncio.to_thread(render, session.game.board, screen.view)
        return BufferedInputFile(jpeg, PHOTO_NAME)
