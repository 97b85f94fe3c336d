"""Latency of a tap in an inline game between two people, with the real renderer and a real Redis.

Two users play whole inline games (@bot, the one-game card, Join) through the in-process
dispatcher, fed real Updates; each whole-turn, move, select and Done tap is timed from its
update entering the dispatcher to the inline message's edit request leaving the bot. With a
media chat (`--mode media`) that includes rendering the board and the sendPhoto to the media
chat that gets the file id (a render seen before reuses its id), then editMessageMedia; on the
text board (`--mode text`, no media chat) it is editMessageText. Tap latency is wall time (what
a user waits); the whole run's CPU time (this process, redis-server once ended) and wall time
close the output. Left out: Telegram's network and its handling of the upload (an in-process
fake API answers at once; Telegram's flood limits are off, and the bot's pacing of the media
chat too: `tools.bench.inline_rate` measures under them), the users' clients, start-up (the
renderer's warm-up included), the inline query and Join.

    python -m tools.bench.inline [--taps 600] [--mode media|text|both]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Callable
from contextlib import AsyncExitStack
from typing import Any

from bot.service import GameService, PoolBotPlayer, inline_game_id
from renderer import warm_up as warm_up_renderer
from testkit.fakes.telegram import FakeTelegram, Sent
from testkit.harness import (
    Group,
    card_id,
    is_checker,
    is_move,
    is_play,
    is_whole_turn,
    make_group,
    user,
)
from tools.clock import RunClock
from tools.throwaway_redis import throwaway_store

ALICE, BOB = user(4001), user(4002)
MEDIA = {"id": -100888, "type": "channel", "title": "media"}
KINDS = ("turn", "move", "select", "done")
UNPACED = "1000000/1"  # a budget no run here spends: the media chat's posts are not paced
TITLES = {
    "media": "media chat (render, sendPhoto there, then editMessageMedia by file id)",
    "text": "text board (editMessageText)",
}


class TimedTelegram(FakeTelegram):
    """Notes when each inline edit request arrives, and counts the pictures sent."""

    edit_sent_at: float = 0.0
    pictures: int = 0

    def handle(self, method: str, fields: dict[str, str], *rest: Any) -> tuple[int, str]:
        if method.startswith("editMessage") and "inline_message_id" in fields:
            self.edit_sent_at = time.perf_counter()
        elif method == "sendPhoto":
            self.pictures += 1
        return super().handle(method, fields, *rest)


async def new_game(
    room: Group, first: dict[str, Any] = ALICE, second: dict[str, Any] = BOB
) -> Sent:
    """`first` offers a game inline, sends the one-game card, `second` joins: the inline
    message."""
    telegram = room.telegram
    query = telegram.inline_query_update(first)
    await room.feed(query)
    chosen = telegram.choose_inline_result(
        first, query["inline_query"]["id"], card_id(telegram, query["inline_query"]["id"], "1")
    )
    await room.feed(chosen)
    card = telegram.inline_messages[chosen["chosen_inline_result"]["inline_message_id"]]
    await room.press(second, card, "🎲 Join")
    if not any(is_play(b["text"]) for b in card.buttons()):
        raise AssertionError(f"the game did not start: {room.answers()[-1]}")
    return card


async def timed_tap(
    room: Group,
    telegram: TimedTelegram,
    person: dict[str, Any],
    card: Sent,
    label: Callable[[str], bool],
    samples: list[float],
) -> None:
    """`person` taps the first button `label` accepts; the time until its edit left the bot."""
    data = next(b["callback_data"] for b in card.buttons() if label(b["text"]))
    start = time.perf_counter()
    await room.tap(person, card, data)
    if telegram.edit_sent_at < start:
        raise AssertionError(f"the tap {data} edited nothing")
    samples.append(telegram.edit_sent_at - start)


async def play(room: Group, service: GameService, taps: int) -> tuple[dict[str, list[float]], int]:
    """Whole games, the player to move tapping the first whole turn, else the first move, else
    the first checker and its first destination (and Done, on a board from before), until
    `taps` are timed; the samples by kind and the number of games begun."""
    telegram = room.telegram
    assert isinstance(telegram, TimedTelegram)
    samples: dict[str, list[float]] = {kind: [] for kind in KINDS}
    games = 0
    while sum(map(len, samples.values())) < taps:
        card = await new_game(room)
        games += 1
        assert card.inline_message_id is not None
        game_id = inline_game_id(card.inline_message_id)
        while sum(map(len, samples.values())) < taps:
            table = await service.load(game_id)
            if table.game.over:
                break
            moving = table.seats[table.game.to_move].user_id
            mover = ALICE if moving == ALICE["id"] else BOB
            labels = [b["text"] for b in card.buttons()]
            if "✅ Done" in labels:
                kind, label = "done", lambda text: text == "✅ Done"
            elif any(map(is_whole_turn, labels)):
                kind, label = "turn", is_whole_turn
            elif any(map(is_move, labels)):
                kind, label = "move", is_move
            else:
                kind, label = "select", is_checker
            await timed_tap(room, telegram, mover, card, label, samples[kind])
    return samples, games


def figures(name: str, samples: list[float]) -> str:
    """One line of percentiles, in milliseconds."""
    ms = sorted(s * 1000 for s in samples)
    if not ms:
        return f"  {name}: none"

    def at(q: float) -> float:
        return ms[min(len(ms) - 1, int(len(ms) * q))]

    return (
        f"  {name} ({len(ms)}): p50 {statistics.median(ms):.1f} ms, p90 {at(0.9):.1f} ms,"
        f" p99 {at(0.99):.1f} ms, max {ms[-1]:.1f} ms"
    )


async def run(taps: int, modes: list[str]) -> None:
    clock = RunClock()
    async with AsyncExitStack() as stack:
        # Each resource is released however a later step fails, newest first.
        store = await stack.enter_async_context(throwaway_store())
        player = PoolBotPlayer(1)  # never asked: both sides are people
        stack.callback(player.close)
        service = GameService(store, player)
        warm_up_renderer()  # as the bot does at start-up: no first render builds layers
        for mode in modes:
            await store.client.flushall()  # no game left running from the mode before
            telegram = TimedTelegram(limited=False)  # the bot's own latency: no flood limits
            if mode == "media":
                telegram.add_chat(MEDIA)
                room = make_group(
                    telegram, store, service, media_chat_id=MEDIA["id"], group_limit=UNPACED
                )
            else:
                room = make_group(telegram, store, service, group_limit=UNPACED)
            samples, games = await play(room, service, taps)
            if telegram.schema_problems:
                raise AssertionError(telegram.schema_problems)
            pictures = f"{telegram.pictures} pictures sent (the cards' included)"
            print(f"{TITLES[mode]}: {games} games begun, {pictures}")
            print("tap -> inline edit request:")
            for kind in KINDS:
                print(figures(kind, samples[kind]))
            print(figures("all", [s for kind in KINDS for s in samples[kind]]))
    print(clock.summary())


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench.inline", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--taps", type=int, default=600, help="taps timed per mode")
    parser.add_argument("--mode", choices=("media", "text", "both"), default="both")
    arguments = parser.parse_args()
    modes = ["media", "text"] if arguments.mode == "both" else [arguments.mode]
    asyncio.run(run(arguments.taps, modes))


if __name__ == "__main__":
    main()
