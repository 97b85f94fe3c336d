"""Latency of a tap and size of a stored game, with the real renderer and a real Redis.

Measures the time from a tap's update entering the dispatcher to the board's edit request
leaving the bot (select and move taps; Done taps are played but not timed, since they include
the bot's thinking), and the Redis bytes of each stored game (`STRLEN`, `MEMORY USAGE`).
Tap latency is wall time (what a user waits); the whole run's CPU time (this process, the AI
worker and redis-server once ended) and wall time close the output. Left out: Telegram's
network and flood limits (an in-process fake API, its limits off), start-up, the AI pool's
warm-up and the bot's thinking.

    python -m tools.bench.bot [--taps 600]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from contextlib import AsyncExitStack
from typing import Any

from bot.service import GameService, PoolBotPlayer
from bot.storage.redis import game_key
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import Chat, is_checker, make_chat
from tools.clock import RunClock
from tools.throwaway_redis import throwaway_store


class TimedTelegram(FakeTelegram):
    """Notes when each board edit request arrives."""

    edit_sent_at: float = 0.0

    def handle(self, method: str, fields: dict[str, str], *rest: Any) -> tuple[int, str]:
        if method == "editMessageMedia":
            self.edit_sent_at = time.perf_counter()
        return super().handle(method, fields, *rest)


async def timed_tap(chat: Chat, telegram: TimedTelegram, label: str, samples: list[float]) -> None:
    data = next(b["callback_data"] for b in chat.board.buttons() if b["text"] == label)
    start = time.perf_counter()
    await chat.tap(chat.board, data)
    samples.append(telegram.edit_sent_at - start)


async def run(taps: int) -> None:
    clock = RunClock()
    samples: list[float] = []
    sizes: list[tuple[int, int]] = []
    async with AsyncExitStack() as stack:
        # Each resource is released however a later step fails (a server that does not start,
        # a warm-up that raises, Ctrl-C), newest first.
        store = await stack.enter_async_context(throwaway_store())
        player = PoolBotPlayer(1)
        stack.callback(player.close)
        await player.warm_up()
        telegram = TimedTelegram(limited=False)
        chat = make_chat(telegram, store, GameService(store, player))
        while len(samples) < taps:
            await chat.send("/play")
            await chat.press(chat.last, "Easy")
            game_id = (await store.chat_game(chat.user["id"])) or ""
            while len(samples) < taps:
                labels = [b["text"] for b in chat.board.buttons()]
                if "🎲 Play again" in labels:  # the game is over
                    break
                if "✅ Done" in labels:
                    await chat.press(chat.board, "✅ Done")
                else:
                    checker = next(label for label in labels if is_checker(label))
                    await timed_tap(chat, telegram, checker, samples)
                    move = next(b["text"] for b in chat.board.buttons() if "→" in b["text"])
                    await timed_tap(chat, telegram, move, samples)
                key = game_key(game_id)
                strlen = await store.client.strlen(key)
                usage = await store.client.memory_usage(key) or 0
                sizes.append((strlen, usage))
    ms = sorted(s * 1000 for s in samples)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"taps timed: {len(ms)}")
    print(
        f"tap -> edit request: p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms,"
        f" max {ms[-1]:.1f} ms"
    )
    print(
        f"stored game: STRLEN max {max(s for s, _ in sizes)} B,"
        f" MEMORY USAGE max {max(u for _, u in sizes)} B"
    )
    print(clock.summary())


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench.bot", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--taps", type=int, default=600)
    asyncio.run(run(parser.parse_args().taps))


if __name__ == "__main__":
    main()
