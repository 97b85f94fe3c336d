"""How many inline board changes a second the bot sustains under Telegram's flood limits, and how
long a tap waits for its board, with 1 and with N inline games at once.

Each game is two people tapping as fast as their board answers (the first whole turn, else the
first move, else the first checker; a new game when one ends), through the in-process
dispatcher fed real Updates, with the real renderer and a real Redis, against the fake Bot API
with Telegram's limits on (`testkit.fakes.telegram`: 20 messages a minute in a channel, 30 a
second in all, and each game's edits in the chat its message was sent into, here a private
dialog: about one a second; the bot paces them as a group's, 20 a minute). Two ways to get an
inline board's picture (an inline edit cannot upload one):

* url: webhook mode; the picture is stored and its URL at WEBHOOK_URL/boards/ passed to
  editMessageMedia (`bot.ui.picture_urls`). Only the 30 a second in all bounds it.
* media: polling mode; the picture is posted to the media channel first for its file id, so
  the channel's 20 a minute bounds the pictures of every inline board of the bot at once
  (`bot.pacing` spends it evenly); a picture that would wait more than 3 s for its slot is not
  posted, the board's caption showing the text board meanwhile (a change too).

A change is an edit of an inline message that took effect; a tap's wait is from its update
entering the dispatcher to its handler's end (its board edited by then, or given up); how many
changes showed a new picture is printed too. Each run
lasts SECONDS; taps still waiting then are counted as waiting that long. Printed per way and
game count: changes a second, taps, the waits' p50, p90 and max, the 429s the fake answered;
then the whole run's CPU and wall time. Left out: Telegram's network and its fetch of the URL
(the in-process fake answers at once and fetches nothing), the players' clients, inline queries.

    python -m tools.bench.inline_rate [--games 1,20] [--seconds 30] [--mode url|media|both]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from contextlib import AsyncExitStack, suppress
from typing import Any

from bot.service import GameService, PoolBotPlayer, inline_game_id
from bot.storage import RedisStore
from renderer import warm_up as warm_up_renderer
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import Group, is_checker, is_move, is_whole_turn, make_group, user
from tools.bench.inline import new_game
from tools.clock import RunClock
from tools.throwaway_redis import throwaway_store

MEDIA = {"id": -100888, "type": "channel", "title": "media"}
SECRET = "bench-inline-rate-secret-0123456789"
WEBHOOK = {"bot_mode": "webhook", "webhook_url": "https://bot.example", "webhook_secret": SECRET}


class CountingTelegram(FakeTelegram):
    """Counts the inline edits that took effect, and those of them that showed a new picture
    (not the text board in a picture's caption, nor the text board of a game without one)."""

    changes: int = 0
    pictures: int = 0

    def handle(self, method: str, fields: dict[str, str], *rest: Any) -> tuple[int, str]:
        status, body = super().handle(method, fields, *rest)
        if method.startswith("editMessage") and "inline_message_id" in fields and status == 200:
            self.changes += 1
            self.pictures += method == "editMessageMedia"
        return status, body


async def players(
    room: Group, service: GameService, pair: int, waits: list[float], until: float
) -> None:
    """One pair's games, tapped as fast as the board answers until `until`."""
    first, second = user(6000 + 2 * pair), user(6001 + 2 * pair)
    people = {first["id"]: first, second["id"]: second}
    while time.perf_counter() < until:
        card = await asyncio.wait_for(new_game(room, first, second), until - time.perf_counter())
        assert card.inline_message_id is not None
        game_id = inline_game_id(card.inline_message_id)
        while time.perf_counter() < until:
            table = await service.load(game_id)
            if table.game.over:
                break
            mover = people[table.seats[table.game.to_move].user_id or 0]
            labels = [b["text"] for b in card.buttons()]
            kinds = ("✅ Done".__eq__, is_whole_turn, is_move, is_checker)  # in this order
            label = next(text for kind in kinds for text in labels if kind(text))
            start = time.perf_counter()
            try:
                await asyncio.wait_for(room.press(mover, card, label), until - start)
            finally:
                waits.append(time.perf_counter() - start)


def percentiles(waits: list[float]) -> str:
    if not waits:
        return "(none came to an end: the games were still starting)"
    ms = sorted(w * 1000 for w in waits)
    p90 = ms[min(len(ms) - 1, int(len(ms) * 0.9))]
    return f"p50 {statistics.median(ms):.0f} ms, p90 {p90:.0f} ms, max {ms[-1]:.0f} ms"


async def measure(
    store: RedisStore, service: GameService, mode: str, games: int, seconds: float
) -> str:
    await store.client.flushall()
    telegram = CountingTelegram()
    limits = {"group_limit": "20/60", "overall_limit": "30/1"}  # Telegram's, as the fake's
    if mode == "media":
        telegram.add_chat(MEDIA)
        room = make_group(telegram, store, service, media_chat_id=MEDIA["id"], **limits)
    else:
        room = make_group(telegram, store, service, **limits, **WEBHOOK)
    waits: list[float] = []
    began = time.perf_counter()
    until = began + seconds
    tasks = [
        asyncio.create_task(players(room, service, pair, waits, until)) for pair in range(games)
    ]
    for task in tasks:
        with suppress(TimeoutError):
            await task
    elapsed = time.perf_counter() - began
    refused = sum(1 for call in telegram.calls if call.status == 429)
    return (
        f"{mode}, {games} game(s): {telegram.changes / elapsed:.2f} changes/s"
        f" ({telegram.changes} in {elapsed:.0f} s, {telegram.pictures} with a new picture),"
        f" {len(waits)} taps waited"
        f" {percentiles(waits)}; {refused} answered 429"
    )


async def run(modes: list[str], counts: list[int], seconds: float) -> None:
    clock = RunClock()
    async with AsyncExitStack() as stack:
        store = await stack.enter_async_context(throwaway_store())
        player = PoolBotPlayer(1)  # never asked: both sides are people
        stack.callback(player.close)
        service = GameService(store, player)
        warm_up_renderer()
        for mode in modes:
            for games in counts:
                print(await measure(store, service, mode, games, seconds), flush=True)
    print(clock.summary())


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench.inline_rate", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", default="1,20", help="comma-separated game counts")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--mode", choices=("url", "media", "both"), default="both")
    arguments = parser.parse_args()
    modes = ["url", "media"] if arguments.mode == "both" else [arguments.mode]
    counts = [int(n) for n in arguments.games.split(",")]
    asyncio.run(run(modes, counts, arguments.seconds))


if __name__ == "__main__":
    main()
