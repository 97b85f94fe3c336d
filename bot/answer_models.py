"""aiogram's models of the Bot API's answers, kept alive for the life of the process, and the
lighter answer a board's edit is read as (`EditMedia`).

aiogram parses every answer with `Response[<the method's result type>]`, a pydantic generic
model made on demand; pydantic caches such a model only weakly, so each full garbage collection
frees it and the next answer builds it again (some milliseconds of CPU each time, a dozen
times a minute under load, which showed in the load test's profile and p99). Holding one
of each here makes every answer after start-up find it cached."""

from __future__ import annotations

from functools import cache
from typing import Any

from aiogram import methods
from aiogram.methods import EditMessageMedia
from aiogram.methods.base import Response, TelegramMethod
from aiogram.types import TelegramObject
from pydantic import BaseModel


class Edited(TelegramObject):
    """A message's edit as the bot reads Telegram's answer: which message, nothing more.
    Telegram answers with the whole message, which nothing reads; aiogram would build each of
    its parts (its photo's sizes, every button of its keyboard) as a model: some 70 µs of the
    event loop on every tap."""

    message_id: int | None = None


class EditMedia(EditMessageMedia):
    """`editMessageMedia`, its answer read as `Edited` (True for an inline message): for
    the board's edit on every tap, whose answer only says that it went through."""

    __returning__ = Edited | bool


@cache
def answer_models() -> tuple[type[BaseModel], ...]:
    """The answer model of every Bot API method and of `EditMedia` (42 result types: 0.2 s
    of CPU, once)."""
    results: dict[str, Any] = {}
    for method in [*(getattr(methods, name) for name in methods.__all__), EditMedia]:
        if isinstance(method, type) and issubclass(method, TelegramMethod):
            returning = getattr(method, "__returning__", None)
            if returning is not None and not isinstance(returning, property):
                results.setdefault(repr(returning), returning)
    generic: Any = Response  # parametrized by values, which a type checker cannot follow
    return tuple(generic[returning] for returning in results.values())
