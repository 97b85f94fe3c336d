"""Board messages on Telegram: render a screen, send it, edit it in place, delete a message.

"Message is not modified" counts as shown; a board Telegram will not edit any more (deleted,
too old) is reported as gone, so the caller can send a new one. Passing failures are tried
again by `bot.retry.RetryTransient`.
"""

from __future__ import annotations

import asyncio
import logging

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import BufferedInputFile, InputMediaPhoto

from bot.service import Session
from bot.ui.screens import Screen
from renderer import render

log = logging.getLogger(__name__)

PHOTO_NAME = "board.jpg"
# Telegram's answers to an edit of a message that is no longer there to edit.
GONE = ("message to edit not found", "message_id_invalid", "message can't be edited")


def _says(error: TelegramBadRequest, *phrases: str) -> bool:
    return any(phrase in error.message.lower() for phrase in phrases)


def is_not_modified(error: TelegramBadRequest) -> bool:
    """Telegram's answer to an edit that would leave the message as it is (a doubled tap)."""
    return _says(error, "message is not modified")


async def edit_board(bot: Bot, session: Session, message_id: int, screen: Screen) -> bool:
    """Show `screen` on the board message `message_id`; False when that message is gone."""
    photo = await _picture(screen)
    try:
        await bot.edit_message_media(
            chat_id=session.chat_id,
            message_id=message_id,
            media=InputMediaPhoto(media=photo, caption=screen.caption),
            reply_markup=screen.markup,
        )
    except TelegramBadRequest as error:
        if is_not_modified(error):
            return True
        if not _says(error, *GONE):
            raise
        log.info("board %s of game %s is gone (%s)", message_id, session.game_id, error.message)
        return False
    return True


async def send_board(bot: Bot, chat_id: int, screen: Screen) -> int:
    """Send `screen` as a new board message (or challenge card) in `chat_id`; its message id."""
    photo = await _picture(screen)
    message = await bot.send_photo(
        chat_id=chat_id, photo=photo, caption=screen.caption, reply_markup=screen.markup
    )
    return message.message_id


async def close_card(bot: Bot, chat_id: int, message_id: int, text: str) -> None:
    """A challenge card that can no longer be taken: its caption says why, its buttons go (the
    picture stays). One already closed, or gone, is left as it is."""
    try:
        await bot.edit_message_caption(chat_id=chat_id, message_id=message_id, caption=text)
    except TelegramBadRequest as error:
        log.info("card %s not closed: %s", message_id, error.message)


async def delete_message(bot: Bot, chat_id: int, message_id: int) -> None:
    """Delete a message of the bot's; one Telegram will not delete any more (older than two
    days) is left where it is."""
    try:
        await bot.delete_message(chat_id=chat_id, message_id=message_id)
    except TelegramBadRequest as error:
        log.info("message %s not deleted: %s", message_id, error.message)


async def _picture(screen: Screen) -> BufferedInputFile:
    """The board picture, rendered off the event loop."""
    jpeg = await asyncio.to_thread(render, screen.position, screen.view)
    return BufferedInputFile(jpeg, PHOTO_NAME)
