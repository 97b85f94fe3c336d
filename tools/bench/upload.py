"""What a board's upload costs the bot's event loop: editMessageMedia with a real board JPEG,
the whole call through aiogram (its request middlewares aside), by the bot's session
(`bot.telegram_session.TelegramSession`, the form as one body) and by aiogram's own
(`AiohttpSession`, which streams the file in chunks), in turn.

    python -m tools.bench.upload [--edits 2000] [--rounds 3]

The fake Bot API (`testkit.fakes`, every request checked against the schema) serves over HTTP
in a child process, so that only the client's CPU is measured here (`time.process_time`, this
process's threads; the kernel's loopback work for what the client sends is counted with it, as
in the bot). Printed per session: the CPU per edit in each round, then the median; and the run's
CPU and wall time. Left out: HTTPS (the real Bot API's TLS adds to both alike), the network,
the render (`tools.bench.render`), the answers' retries and pacing middlewares.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
from typing import Any

from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.session.base import BaseSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import BufferedInputFile, InputMediaPhoto
from aiohttp import ClientSession, web

from bot.telegram_session import TelegramSession
from testkit.fakes.server import make_app
from testkit.fakes.telegram import FakeTelegram
from testkit.redis_server import free_port
from tools.clock import RunClock
from tools.load.floor import board_jpeg
from tools.load.test import ROOT, answering

TOKEN = "123456:UPLOAD-BENCH-UPLOAD-BENCH-UPLOAD-BEN"
CHAT = 7000  # a private chat
WARM_UP = 100  # edits before each round's clock starts (connections, caches)


class Forgetful(FakeTelegram):
    """The fake, forgetting each upload once answered (it keeps every one, for the tests)."""

    def handle(self, method: str, fields: dict[str, str], *rest: Any) -> tuple[int, str]:
        answer = super().handle(method, fields, *rest)
        self.uploaded.clear()
        return answer


def serve(port: int) -> None:
    """The fake Bot API over HTTP."""
    web.run_app(make_app(Forgetful(limited=False)), host="127.0.0.1", port=port, print=None)


async def edits(api: str, session: BaseSession, jpeg: bytes, count: int) -> float:
    """CPU seconds per edit over `count` edits of the board, after `WARM_UP`."""
    session.api = TelegramAPIServer.from_base(api)
    bot = Bot(TOKEN, session=session)
    try:
        board = await bot.send_photo(CHAT, BufferedInputFile(jpeg, "board.jpg"))
        for n in range(WARM_UP + count):
            if n == WARM_UP:
                began = time.process_time()
            media = InputMediaPhoto(media=BufferedInputFile(jpeg, "board.jpg"), caption=f"{n}")
            await bot.edit_message_media(media, chat_id=CHAT, message_id=board.message_id)
        return (time.process_time() - began) / count
    finally:
        await session.close()


async def bench(api: str, server: subprocess.Popen[bytes], count: int, rounds: int) -> None:
    async with ClientSession() as http:
        await answering(http, api, server)  # its root: 404
    jpeg = board_jpeg()
    print(f"editMessageMedia with a {len(jpeg) / 1000:.0f} KB board JPEG, {count} edits a round")
    found: dict[str, list[float]] = {"TelegramSession": [], "AiohttpSession": []}
    sessions: list[tuple[str, type[BaseSession]]] = [
        ("TelegramSession", TelegramSession),
        ("AiohttpSession", AiohttpSession),
    ]
    for _ in range(rounds):
        for name, make in sessions:
            found[name].append(await edits(api, make(), jpeg, count))
        sessions.reverse()  # each goes first in turn
    for name, each in found.items():
        rounds_ms = ", ".join(f"{seconds * 1000:.3f}" for seconds in each)
        median = statistics.median(each) * 1000
        print(f"{name:16s} CPU per edit: median {median:.3f} ms (rounds: {rounds_ms})")


def main() -> None:
    if sys.argv[1:2] == ["--serve"]:
        serve(int(sys.argv[2]))
        return
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench.upload", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--edits", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.edits < 1 or args.rounds < 1:
        parser.error("--edits and --rounds take 1 or more")
    clock = RunClock()
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "tools.bench.upload", "--serve", str(port)], cwd=ROOT
    )
    try:
        asyncio.run(bench(f"http://127.0.0.1:{port}", server, args.edits, args.rounds))
    finally:
        server.terminate()
        server.wait()
    print(clock.summary())


if __name__ == "__main__":
    main()
