"""An aiogram session that hands requests to a `FakeTelegram` in-process, encoded exactly as
`AiohttpSession` would put them on the wire, so handler tests check the real requests, and
reads the answers as the bot's own session does (`bot.telegram_session.PagesAsFailures`)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramNetworkError
from aiogram.methods import TelegramMethod
from aiogram.methods.base import TelegramType

from bot.telegram_session import PagesAsFailures
from testkit.fakes.telegram import FakeTelegram


class FakeSession(PagesAsFailures):
    """Every request goes to `telegram.handle`; its answer is read like a real response."""

    def __init__(self, telegram: FakeTelegram) -> None:
        super().__init__()
        self.telegram = telegram

    async def make_request(
        self, bot: Bot, method: TelegramMethod[TelegramType], timeout: int | None = None
    ) -> TelegramType:
        files: dict[str, Any] = {}
        fields: dict[str, str] = {}
        for key, value in method.model_dump(warnings=False).items():
            prepared = self.prepare_value(value, bot=bot, files=files)
            if prepared:
                fields[key] = prepared
        await asyncio.sleep(self.telegram.latency.get(method.__api_method__, 0.0))
        gate = self.telegram.gates.pop(method.__api_method__, None)
        if gate is not None:
            await gate.wait()
        contents = {
            name: (upload.filename or name, b"".join([chunk async for chunk in upload.read(bot)]))
            for name, upload in files.items()
        }
        status, body = self.telegram.handle(method.__api_method__, fields, set(files), contents)
        if status == 0:  # the connection dropped, as AiohttpSession reports it
            raise TelegramNetworkError(method, "ServerDisconnectedError: Server disconnected")
        response = self.check_response(bot, method, status, body)
        return response.result  # type: ignore[return-value]

    async def stream_content(
        self,
        url: str,
        headers: dict[str, Any] | None = None,
        timeout: int = 30,
        chunk_size: int = 65536,
        raise_for_status: bool = True,
    ) -> AsyncGenerator[bytes, None]:
        raise NotImplementedError("the bot downloads no files")
        yield b""

    async def close(self) -> None:
        """Nothing to release."""
