"""Putting a game's board in the chat: edit the message in place, or send it anew when there is
none or it cannot be edited any more (the user deleted it, say). "Not modified" is ignored;
429s are handled by `RetryAfterOnce`."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import BufferedInputFile, InputMediaPhoto

from bot.board_view import Screen, ScreenBuilder
from bot.i18n import Locale
from bot.service import GameService, Session, Stale
from nardy import Color
from renderer import render

log = logging.getLogger(__name__)

PHOTO_NAME = "board.jpg"
# Telegram's answers to an edit of a board that is no longer there to edit: a new one is sent.
GONE = ("message to edit not found", "message_id_invalid", "message can't be edited")


def _is(error: TelegramBadRequest, *phrases: str) -> bool:
    return any(phrase in error.message.lower() for phrase in phrases)


def is_not_modified(error: TelegramBadRequest) -> bool:
    """Telegram's answer to an edit that would leave the message as it is (a doubled tap)."""
    return _is(error, "message is not modified")


class Boards:
    """Shows sessions to their human player."""

    def __init__(self, service: GameService, screens: ScreenBuilder) -> None:
        self._service = service
        self._screens = screens

    async def show(
        self, bot: Bot, session: Session, viewer: Color, locale: Locale, selected: int | None = None
    ) -> None:
        """Edit the board message to show `session` (send one when there is none any more)."""
        if session.message_id is None:
            await self.send_new(bot, session, viewer, locale, selected)
            return
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
            if is_not_modified(error):
                return
            if not _is(error, *GONE):
                raise
            log.info(
                "board of game %s cannot be edited (%s); sending a new one",
                session.game_id,
                error.message,
            )
            await self.send_new(bot, session, viewer, locale, selected)

    async def send_new(
        self, bot: Bot, session: Session, viewer: Color, locale: Locale, selected: int | None = None
    ) -> None:
        """Send a fresh board message and remember it; its buttons carry the version that
        remembering it creates. Of two taps that both found the board gone, the second one's
        message loses the compare-and-set and is deleted again."""
        ahead = replace(session, version=session.version + 1)
        screen = self._screens.build(ahead, viewer, locale, selected)
        photo = await self._picture(session, screen)
        message = await bot.send_photo(
            chat_id=session.chat_id, photo=photo, caption=screen.caption, reply_markup=screen.markup
        )
        try:
            await self._service.attach_message(session, message.message_id)
        except Stale:
            log.info("game %s already has a new board message; dropping a second", session.game_id)
            await bot.delete_message(chat_id=session.chat_id, message_id=message.message_id)

    @staticmethod
    async def _picture(session: Session, screen: Screen) -> BufferedInputFile:
        jpeg = await asyncio.to_thread(render, session.game.board, screen.view)
        return BufferedInputFile(jpeg, PHOTO_NAME)
