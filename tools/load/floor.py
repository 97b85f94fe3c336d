"""The floor under issue 13's one-worker goal: what aiogram and aiohttp alone cost per board tap
on this machine, with no game, no Redis and no rendering.

    python -m tools.load.floor [--rates 50,100,150,200] [--duration 20] [--chats 60]

A bare aiogram bot (this script with `--worker`) serves a webhook in its own process, as
`python -m bot` does in webhook mode (aiogram's `SimpleRequestHandler`, the secret token
checked, the update handled before the answer). Its one handler does what every accepted board
tap of the real bot does at least: the callback data parsed by a `CallbackData` filter, the tap
answered (answerCallbackQuery), and the board edited (editMessageMedia uploading a real board
JPEG, rendered once at start, with a keyboard of eight buttons like a board's). Its Bot API is
the fake of testkit/fakes over HTTP, in this process, every request checked against the schema,
as in the load test (`tools.load.test`).

For each rate this process posts taps on CHATS boards to the webhook at that rate for DURATION
seconds (after 3 s of warming up), at most 40 at a time as Telegram does; a tap that waits for
one of the 40 waits on the clock. Printed: the taps answered per second, a tap's latency from
its due time to the webhook's answer (p50, p99), and the worker's CPU per tap (its event loop's
thread and its other threads, from /proc).

Left out: everything of the product above aiogram (middlewares, Redis, the game service, the
render: the real bot adds all of it, see docs/FIGURES.md, "Load test"), the front of
the load test (one hop less), HTTPS, Telegram's flood limits (off in the fake). The fake and
this driver share the machine's two cores with the worker, as the load test's do; this
process's garbage collector is off while it measures (`tools.load.collector`), as the load
test's is.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import ClientSession, ClientTimeout, web

from bot.ui.callbacks import BoardAction, BoardTap
from testkit.fakes.server import make_app
from testkit.fakes.telegram import FakeTelegram, Sent
from testkit.redis_server import free_port
from tools.clock import RunClock
from tools.load.collector import collector_aside
from tools.load.test import ROOT, SECRET_HEADER, Cpu, answering, cpu_split

TOKEN = "123456:FLOOR-TOKEN-FLOOR-TOKEN-FLOOR-TOKEN-0"
SECRET = "floor-benchmark-webhook-secret-0123"
IN_FLIGHT = 40  # setWebhook's max_connections by default
WARM_UP = 3.0


def board_jpeg() -> bytes:
    """A real board picture: the renderer's, of a position from a seeded sample game."""
    from renderer import BoardView, Texts
    from renderer.game_view import game_view
    from renderer.render import render
    from renderer.samples import random_games

    states = random_games(1, seed=7)[0]
    base = BoardView(names=("Алиса", "Bob"), texts=Texts(pips="pips", status="to move"))
    return render(*game_view(states[len(states) // 2], base))


def run_worker(api: str, port: int, answer_only: bool) -> None:
    """The bare aiogram bot: one handler, answer and edit (or only answer), behind aiogram's
    webhook handler."""
    from aiogram import Bot, Dispatcher, Router
    from aiogram.client.session.aiohttp import AiohttpSession
    from aiogram.client.telegram import TelegramAPIServer
    from aiogram.types import (
        BufferedInputFile,
        CallbackQuery,
        InlineKeyboardButton,
        InlineKeyboardMarkup,
        InputMediaPhoto,
    )
    from aiogram.webhook.aiohttp_server import SimpleRequestHandler

    jpeg = board_jpeg()
    router = Router()

    @router.callback_query(BoardTap.filter())
    async def tap(query: CallbackQuery, callback_data: BoardTap, bot: Bot) -> None:
        await query.answer()
        if answer_only:
            return
        assert query.message is not None
        taps = [
            BoardTap(game=callback_data.game, seq=callback_data.seq + 1,
                     action=BoardAction.SELECT, src=src).pack()
            for src in (24, 19, 17, 13, 12, 8)
        ]  # fmt: skip
        buttons = [
            InlineKeyboardButton(text=f"{n}", callback_data=data) for n, data in enumerate(taps)
        ]
        undo, done = (
            InlineKeyboardButton(
                text=text,
                callback_data=BoardTap(game=callback_data.game, seq=1, action=action).pack(),
            )
            for text, action in (("Undo", BoardAction.UNDO), ("Done", BoardAction.DONE))
        )
        markup = InlineKeyboardMarkup(inline_keyboard=[buttons[:4], buttons[4:], [undo, done]])
        await bot.edit_message_media(
            chat_id=query.message.chat.id,
            message_id=query.message.message_id,
            media=InputMediaPhoto(
                media=BufferedInputFile(jpeg, "board.jpg"), caption="White to move"
            ),
            reply_markup=markup,
        )

    async def serve() -> None:
        session = AiohttpSession()
        session.api = TelegramAPIServer.from_base(api)
        bot = Bot(TOKEN, session=session)
        dispatcher = Dispatcher()
        dispatcher.include_router(router)
        handler = SimpleRequestHandler(
            dispatcher, bot, handle_in_background=False, secret_token=SECRET
        )
        app = web.Application()
        app.router.add_post("/telegram", handler.handle)
        runner = web.AppRunner(app)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        try:
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()
            await session.close()

    asyncio.run(serve())


Seat = tuple[dict[str, Any], Sent]  # a player and their board message


def boards(telegram: FakeTelegram, chats: int) -> list[Seat]:
    """A board message in each of `chats` private chats, and the player of each."""
    seated = []
    for n in range(chats):
        chat = 7000 + n
        user = {"id": chat, "is_bot": False, "first_name": f"Player {n}"}
        fields = {"chat_id": str(chat), "photo": "https://example.org/b.jpg"}
        status, _ = telegram.handle("sendPhoto", fields, set())
        assert status == 200
        seated.append((user, telegram.chat(chat)[-1]))
    return seated


@dataclass
class Driver:
    """Telegram's side: posts taps of the `seated` players to the webhook at `url`."""

    telegram: FakeTelegram
    seated: list[Seat]
    url: str
    http: ClientSession

    async def taps_at(self, rate: float, seconds: float) -> list[tuple[float, float, int]]:
        """Post a tap every 1/rate s for `seconds`, at most IN_FLIGHT at a time: (due, answered,
        HTTP status) of each."""
        slots = asyncio.Semaphore(IN_FLIGHT)
        results: list[tuple[float, float, int]] = []
        data = BoardTap(game="g4Kx9QpZ", seq=1, action=BoardAction.SELECT, src=13).pack()
        headers = {SECRET_HEADER: SECRET}

        async def post(due: float) -> None:
            user, sent = random.choice(self.seated)
            update = self.telegram.tap_update(user, sent, data)
            async with slots, self.http.post(self.url, json=update, headers=headers) as answer:
                await answer.read()
                results.append((due, time.perf_counter(), answer.status))

        start = time.perf_counter()
        posts = []
        for k in range(int(rate * seconds)):
            due = start + k / rate
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            posts.append(asyncio.create_task(post(due)))
        await asyncio.gather(*posts)
        return results


def report(rate: float, results: list[tuple[float, float, int]], cpu: Cpu) -> str:
    """One line for one rate: taps answered per second, latency, the worker's CPU per tap."""
    ok = [(due, done) for due, done, status in results if status == 200]
    latencies = sorted((done - due) * 1000 for due, done in ok)
    span = max(done for _, done in ok) - min(due for due, _ in ok)
    p99 = latencies[int(0.99 * (len(latencies) - 1))]
    loop, threads = (max(0.0, seconds) * 1000 / len(ok) for seconds in (cpu.loop, cpu.threads))
    return (
        f"rate {rate:4.0f}/s: answered {len(ok) / span:6.1f}/s ({len(results) - len(ok)} not 200)"
        f"   latency p50 {statistics.median(latencies):6.1f} ms, p99 {p99:7.1f} ms"
        f"   worker CPU/tap {loop + threads:5.2f} ms (loop {loop:.2f}, other threads {threads:.2f})"
    )


async def bench(rates: list[float], seconds: float, chats: int, answer_only: bool) -> None:
    """Start the fake and the worker, then measure each rate in turn."""
    telegram = FakeTelegram(limited=False)
    seated = boards(telegram, chats)
    runner = web.AppRunner(make_app(telegram))
    await runner.setup()
    api_port, port = free_port(), free_port()
    await web.TCPSite(runner, "127.0.0.1", api_port).start()
    api = f"http://127.0.0.1:{api_port}"
    argv = [sys.executable, "-m", "tools.load.floor", "--worker", api, str(port)]
    worker = subprocess.Popen([*argv, str(int(answer_only))], cwd=ROOT)
    url = f"http://127.0.0.1:{port}/telegram"
    try:
        async with ClientSession(timeout=ClientTimeout(total=70)) as http:
            await answering(http, url, worker)  # a GET is refused: 405
            driver = Driver(telegram, seated, url, http)
            for rate in rates:
                await driver.taps_at(rate, WARM_UP)
                before = cpu_split(worker.pid)
                with collector_aside():
                    results = await driver.taps_at(rate, seconds)
                print(report(rate, results, cpu_split(worker.pid) - before), flush=True)
    finally:
        worker.terminate()
        worker.wait()
        await runner.cleanup()
    assert not telegram.schema_problems, telegram.schema_problems[:3]


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        api, port, answer_only = sys.argv[2:5]
        run_worker(api, int(port), answer_only == "1")
        return
    parser = argparse.ArgumentParser(
        prog="python -m tools.load.floor", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--rates", default="50,100,150,200", help="taps per second, in turn")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds measured per rate")
    parser.add_argument("--chats", type=int, default=60)
    parser.add_argument(
        "--answer-only", action="store_true", help="the handler answers the tap, edits nothing"
    )
    args = parser.parse_args()
    clock = RunClock()
    random.seed(1)
    what = "answer" if args.answer_only else "answer and edit"
    print(
        f"a bare aiogram worker ({what}), taps on {args.chats} boards, {args.duration:.0f} s a rate"
    )
    rates = [float(rate) for rate in args.rates.split(",")]
    asyncio.run(bench(rates, args.duration, args.chats, args.answer_only))
    print(clock.summary())


if __name__ == "__main__":
    main()
