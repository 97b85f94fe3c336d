"""What an operator sees of the running bot: one log line and the metrics of each update (its
type, game, outcome and latency; never the token nor a message's text), failed Bot API requests
counted by kind, and the census of active games.

`ObserveUpdates` is the dispatcher's outermost middleware of our own, so it also knows which
updates are in flight: a graceful stop waits for them (`drained`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from aiogram import BaseMiddleware
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.dispatcher.event.bases import UNHANDLED
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.filters.callback_data import CallbackData
from aiogram.methods.base import TelegramType
from aiogram.types import TelegramObject, Update

from bot.metrics import (
    ACTIVE_GAMES,
    TELEGRAM_ERRORS,
    UPDATE_SECONDS,
    UPDATES,
    UPDATES_IN_FLIGHT,
    Outcome,
    current_outcome,
)
from bot.middleware import Handler
from bot.storage import GamesStore, StoreUnavailable
from bot.ui.callbacks import BoardTap, ChallengeTap, Question, Rematch, ShowGame
from bot.ui.delivery import is_not_modified

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.methods import Response, TelegramMethod

log = logging.getLogger(__name__)

# The buttons whose data names a game, by their prefix.
_NAMING_A_GAME: dict[str, type[CallbackData]] = {
    kind.__prefix__: kind for kind in (BoardTap, ShowGame, ChallengeTap, Rematch, Question)
}
CENSUS_SECONDS = 60.0  # how often the active games are counted


def game_of(update: Update) -> str | None:
    """The game a button's data names, when it names one."""
    query = update.callback_query
    if query is None or query.data is None:
        return None
    kind = _NAMING_A_GAME.get(query.data.partition(":")[0])
    if kind is None:
        return None
    try:
        game: str = getattr(kind.unpack(query.data), "game")  # noqa: B009  # every kind has it
    except (TypeError, ValueError):  # an old or forged button: its handler says so
        return None
    return game


class ObserveUpdates(BaseMiddleware):
    """Times each update, then logs one line of `key=value` fields ("update=12
    type=callback_query game=ab12 outcome=ok ms=8.1") and counts it; keeps the number in
    flight. Outcomes: ok, refused, error (raised: the errors router answers it), unhandled."""

    def __init__(self) -> None:
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self.last_update_id: int | None = None  # the newest update handled or being handled

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        assert isinstance(event, Update)
        kind = event.event_type
        self.last_update_id = max(event.update_id, self.last_update_id or 0)
        outcome = Outcome()
        token = current_outcome.set(outcome)
        self._in_flight += 1
        self._idle.clear()
        UPDATES_IN_FLIGHT.inc()
        began = time.perf_counter()
        ended = "error"  # unless the handler returns
        try:
            result = await handler(event, data)
            ended = "unhandled" if result is UNHANDLED else "ok"
            return result
        finally:
            seconds = time.perf_counter() - began
            current_outcome.reset(token)
            if ended == "ok" and outcome.refused:
                ended = "refused"
            UPDATES.labels(kind, ended).inc()
            UPDATE_SECONDS.labels(kind).observe(seconds)
            UPDATES_IN_FLIGHT.dec()
            self._in_flight -= 1
            if self._in_flight == 0:
                self._idle.set()
            game = game_of(event)
            where = "" if game is None else f" game={game}"
            log.info(
                "update=%d type=%s%s outcome=%s ms=%.1f",
                event.update_id,
                kind,
                where,
                ended,
                seconds * 1e3,
            )

    @property
    def in_flight(self) -> int:
        return self._in_flight

    async def drained(self, timeout: float) -> bool:
        """Wait until no update is in flight, at most `timeout` seconds; whether none is."""
        try:
            async with asyncio.timeout(timeout):
                await self._idle.wait()
        except TimeoutError:
            return False
        return True


def telegram_error_kind(error: TelegramAPIError) -> str:
    """The label a failed Bot API request is counted under."""
    if isinstance(error, TelegramRetryAfter):
        return "flood"
    if isinstance(error, TelegramServerError):
        return "server"
    if isinstance(error, TelegramNetworkError):
        return "network"
    if isinstance(error, TelegramBadRequest) and is_not_modified(error):
        return "not_modified"
    return "other"


class CountTelegramErrors(BaseRequestMiddleware):
    """Counts every failed try of a Bot API request (innermost: retries count one each)."""

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        try:
            return await make_request(bot, method)
        except TelegramAPIError as error:
            TELEGRAM_ERRORS.labels(telegram_error_kind(error)).inc()
            raise


async def count_active_games(store: GamesStore, every: float = CENSUS_SECONDS) -> None:
    """Set the active games gauge every `every` seconds until cancelled (then back to 0: the
    worker that runs this next reports them)."""
    try:
        while True:
            try:
                ACTIVE_GAMES.set(await store.active_games())
            except StoreUnavailable as exc:
                log.warning("cannot count the active games: the store is unavailable (%s)", exc)
            except Exception:
                log.exception("counting the active games failed")
            await asyncio.sleep(every)
    finally:
        ACTIVE_GAMES.set(0)
