"""Every tap is answered exactly once: Telegram's client spins until it is, and refuses a second
answer ("query is too old").

`AnswerOnce`, a request middleware, keeps the ids of the taps answered lately, drops a second
answer, and never lets a failed answer (after `bot.runtime.retry` has tried again) stop the
action the tap asked for: the tap stops spinning by itself. `AnswerEveryTap` answers a tap that
its handler left unanswered.

The record is each process's own, on purpose. An update Telegram posts again to another worker
(the first died before its reply) is answered again there: if the first had answered, Telegram
refuses the second answer, which is logged and changes nothing. Kept in the store, the record
would cost a round trip per tap, and a worker that noted a tap and died before its answer
reached Telegram would leave the tap unanswered everywhere.

aiogram's `CallbackAnswerMiddleware` is not used: it answers after the handler whatever
happened, so the error handlers' alert would be the second answer, and it does not know of an
answer the handler gave itself (a move is answered before the bot thinks), answering again.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, cast

from aiogram import BaseMiddleware
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import TelegramAPIError
from aiogram.methods import AnswerCallbackQuery, Response
from aiogram.methods.base import TelegramType
from aiogram.types import CallbackQuery, TelegramObject

from bot.middleware import Handler

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.methods import TelegramMethod

log = logging.getLogger(__name__)


class AnsweredTaps:
    """The ids of the taps answered lately (the newest `remember` of them)."""

    def __init__(self, remember: int = 10_000) -> None:
        self._ids: OrderedDict[str, None] = OrderedDict()
        self._remember = remember

    def __contains__(self, query_id: str) -> bool:
        return query_id in self._ids

    def add(self, query_id: str) -> None:
        self._ids[query_id] = None
        if len(self._ids) > self._remember:
            self._ids.popitem(last=False)


class AnswerOnce(BaseRequestMiddleware):
    """Sends a tap's first answer only; a failed one is logged and counts as given."""

    def __init__(self, answered: AnsweredTaps) -> None:
        self._answered = answered

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        if not isinstance(method, AnswerCallbackQuery):
            return await make_request(bot, method)
        query_id = method.callback_query_id
        request = cast("TelegramMethod[TelegramType]", method)
        if query_id in self._answered:
            log.debug("tap %s is answered already", query_id)
            return cast("Response[TelegramType]", Response[bool](ok=True, result=False))
        self._answered.add(query_id)
        try:
            return await make_request(bot, request)
        except TelegramAPIError as exc:
            log.warning("tap %s not answered: %s", query_id, exc.message)
            return cast("Response[TelegramType]", Response[bool](ok=True, result=False))


class AnswerEveryTap(BaseMiddleware):
    """After a tap's handler returns, answers the tap if nothing did (a failing handler's tap
    is answered by the error handlers)."""

    def __init__(self, answered: AnsweredTaps) -> None:
        self._answered = answered

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        result = await handler(event, data)
        if isinstance(event, CallbackQuery) and event.id not in self._answered:
            await event.answer()
        return result
