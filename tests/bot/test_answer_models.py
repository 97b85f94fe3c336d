"""The models aiogram parses the Bot API's answers with outlive garbage collections once a bot
is made, so that answers do not rebuild them (pydantic caches them only weakly)."""

from __future__ import annotations

import gc
import weakref
from typing import Any

from aiogram.methods import AnswerCallbackQuery, EditMessageMedia, SendPhoto
from aiogram.methods.base import Response

from bot.answers import AnsweredTaps
from bot.app import create_bot
from bot.pacing import Pacer
from bot.storage import MemoryStore
from testkit.harness import settings


def test_answer_models_survive_a_garbage_collection() -> None:
    create_bot(settings(), AnsweredTaps(), Pacer(MemoryStore()))
    generic: Any = Response  # as aiogram parametrizes it, by a value
    models = [
        weakref.ref(generic[method.__returning__])
        for method in (EditMessageMedia, SendPhoto, AnswerCallbackQuery)
    ]
    gc.collect()
    assert all(model() is not None for model in models)
