"""The chat's "choosing a sticker…" while the bot thinks (or "sending a video…" while a replay
is made), best effort: an action Telegram does not take is a log line, and never holds up or
breaks the work it goes with.

The bot's choosing shows only once it has thought for `THINKING` seconds: most of its turns take
milliseconds, and an action, once sent, stays up to 5 s unless a new message clears it; the
board's edit that shows the bot's turn does not, so the chat would say the bot is choosing for
seconds after it has played.

aiogram's `ChatActionSender` is not used: an action Telegram refuses ends its task with an
exception nobody retrieves (a traceback in the log), and leaving it waits for a request in
flight, holding up the board that follows while Telegram is slow."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager

from aiogram import Bot
from aiogram.enums import ChatAction
from aiogram.exceptions import TelegramAPIError

from bot.tasks import running

log = logging.getLogger(__name__)

REPEAT = 4.5  # seconds: Telegram shows an action for 5 s
THINKING = 1.0  # seconds the bot thinks before the chat shows it choosing


@asynccontextmanager
async def showing(
    bot: Bot, chat_id: int, action: ChatAction, after: float = 0.0
) -> AsyncIterator[None]:
    """Shows `action` ("choosing a sticker…", "sending a video…") in `chat_id` while the body
    runs, from `after` seconds into it (it stops when the body ends, whatever request is in
    flight)."""

    async def keep_showing() -> None:
        await asyncio.sleep(after)
        while True:
            try:
                await bot.send_chat_action(chat_id=chat_id, action=action)
            except TelegramAPIError as exc:
                log.info("chat action in %s not shown: %s", chat_id, exc.message)
                return
            await asyncio.sleep(REPEAT)

    async with running(keep_showing()):
        yield


def choosing(bot: Bot, chat_id: int) -> AbstractAsyncContextManager[None]:
    """Shows the bot choosing in `chat_id` while the body runs, once it has run `THINKING`
    seconds."""
    return showing(bot, chat_id, ChatAction.CHOOSE_STICKER, THINKING)
