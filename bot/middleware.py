"""What an aiogram middleware of the bot's dispatcher is handed to go on with: the next handler
(or middleware), called with the update's event and the data handlers may ask for."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiogram.types import TelegramObject

Handler = Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]]
