"""Serving timers: a task beside polling asks the store which timers are due, has the service
serve each (a reminder at half time, the game lost on time at the deadline, a challenge nobody
joined expired) and shows the result on the game's board or the challenge's card; in a group,
the player to move also gets a reminder message that notifies them.

Deadlines live in the store, so they survive a restart. Of several bot processes, the one
holding the background lease runs this task (`bot.runtime.lease`); should two ever serve a timer at
once, each change is still the service's compare-and-set, made once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from aiogram import Bot
from aiogram.enums import ParseMode
from aiogram.exceptions import TelegramAPIError
from aiogram.types import ReplyParameters

from bot.boards import Boards
from bot.i18n import SOURCE, Translator, locale_for
from bot.service import Challenge, GameService, Table
from bot.storage import StoreUnavailable, TimersStore
from bot.ui.delivery import close_card
from bot.ui.screens import reminder

log = logging.getLogger(__name__)

POLL_SECONDS = 1.0  # how often due timers are looked for: a deadline is met within this


class TurnTimers:
    """The timer task's work; `tick` serves what is due now, `run` keeps doing so."""

    def __init__(
        self,
        store: TimersStore,
        service: GameService,
        boards: Boards,
        translator: Translator,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._store = store
        self._service = service
        self._boards = boards
        self._translator = translator
        self._clock = clock
        self._showing: set[asyncio.Task[None]] = set()

    async def tick(self, bot: Bot, wait: bool = True) -> int:
        """Serve every timer due now; how many games or challenges it changed. What changed is
        shown each in a task of its own, so a group's flood wait holds up no other chat; with
        `wait` the shows are awaited (tests), else left running (`run`)."""
        changed = 0
        for game_id in await self._store.due_timers(self._clock()):
            try:
                served = await self._service.on_timer(game_id)
            except StoreUnavailable:
                raise
            except Exception:
                log.exception("turn timers: serving %s failed", game_id)
                continue
            if served is not None:
                changed += 1
                show = asyncio.create_task(self._shown(bot, served))
                self._showing.add(show)
                show.add_done_callback(self._showing.discard)
        if wait:
            await asyncio.gather(*self._showing)
        return changed

    async def run(self, bot: Bot) -> None:
        """`tick` every `POLL_SECONDS` until cancelled. A store failure is a warning, and the
        timers are served on a later tick (they stay due); a change served whose board could
        not be shown reaches the board on its next tap (the catch-up of `handlers.game`)."""
        while True:
            try:
                await self.tick(bot, wait=False)
            except StoreUnavailable as exc:
                log.warning("turn timers: the store is unavailable (%s)", exc)
            except Exception:
                log.exception("turn timers: a tick failed")
            await asyncio.sleep(POLL_SECONDS)

    async def _shown(self, bot: Bot, served: Table | Challenge) -> None:
        """Show what a timer changed; a failure is a log line (the task goes on)."""
        try:
            if isinstance(served, Challenge):
                await self._close(bot, served)
            else:
                await self._show(bot, served)
        except TelegramAPIError as exc:
            log.warning("turn timers: could not show %s (%s)", _id(served), exc.message)
        except Exception:
            log.exception("turn timers: showing %s failed", _id(served))

    async def _close(self, bot: Bot, challenge: Challenge) -> None:
        """An expired challenge's card says so."""
        if challenge.message_id is not None:
            texts = self._translator[locale_for(challenge.locale, SOURCE)]
            expired = texts.gettext("This challenge has expired.")
            await close_card(bot, challenge.chat_id, challenge.message_id, expired)

    async def _show(self, bot: Bot, table: Table) -> None:
        texts = self._translator[locale_for(table.locale, SOURCE)]
        await self._boards.show(bot, table, table.game.to_move, texts)
        board = table.message_id
        if not table.reminded or table.game.over or board is None:
            return  # an inline game's board is all there is to show it on
        seat = table.seats[table.game.to_act]
        called = self._translator[locale_for(seat.locale, texts.locale)]  # the reminded's own
        await bot.send_message(
            table.chat_id,
            reminder(called, seat.user_id or 0, seat.name),
            parse_mode=ParseMode.HTML,
            reply_parameters=ReplyParameters(message_id=board, allow_sending_without_reply=True),
        )


def _id(served: Table | Challenge) -> str:
    return served.challenge_id if isinstance(served, Challenge) else served.game_id
