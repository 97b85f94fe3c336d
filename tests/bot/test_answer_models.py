"""The models aiogram parses the Bot API's answers with outlive garbage collections once a bot
is made, so that answers do not rebuild them (pydantic caches them only weakly); a board's
edit reads its answer as the message's id alone."""

from __future__ import annotations

import gc
import weakref
from typing import Any

from aiogram.methods import AnswerCallbackQuery, EditMessageMedia, SendPhoto
from aiogram.methods.base import Response

from bot.answer_models import Edited, EditMedia
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
        for method in (EditMessageMedia, SendPhoto, AnswerCallbackQuery, EditMedia)
    ]
    gc.collect()
    assert all(model() is not None for model in models)


def test_a_board_edit_reads_the_edited_message_as_its_id_alone() -> None:
    generic: Any = Response
    answer = generic[EditMedia.__returning__]
    photo = [{"file_id": "f", "file_unique_id": "u", "width": 960, "height": 666}]
    keyboard = {"inline_keyboard": [[{"text": "13", "callback_data": "b:g:1:0:13:0"}]]}
    message = {
        "message_id": 7,
        "date": 1,
        "chat": {"id": 5, "type": "private"},
        "photo": photo,
        "caption": "Your turn",
        "reply_markup": keyboard,
    }
    read = answer.model_validate({"ok": True, "result": message}).result
    assert isinstance(read, Edited) and read.message_id == 7
    assert answer.model_validate({"ok": True, "result": True}).result is True  # inline
    assert EditMedia.__api_method__ == EditMessageMedia.__api_method__
