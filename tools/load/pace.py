"""Games at a person's pace under Telegram's limits: what a turn costs in messages and waits.

    python -m tools.load.pace [--think 2.0] [--duration 240] [--seed 1] [--root PATH]
    python -m tools.load.pace --brisk [--games 20] [--think 0.3] [--duration 60]

One bot process (`python -m bot` from the checkout, or from another tree with --root: an older
version of the bot, for a before-and-after) in polling mode with a media chat for the inline
boards' pictures, a throwaway Redis, and the fake Bot API over HTTP with Telegram's limits on:
20 messages a minute in a group or channel, 5 in 5 s in a private chat, 30 a second in all; an
inline message's edits count in the chat it was posted into. Its refusals (429) are counted by
the limit that refused, and so are its "message is not modified" answers.

Four games at once, each played by people who wait for the board to change and think THINK
seconds (uniform from half to one and a half of it) before each tap (`tools.load.players`):
two people in a group (long nardy by /play), two in another group (/play short), two in an
inline game posted in a third group, one person against the Easy bot in a private chat. For
DURATION seconds; then, for each, the turns played (both sides' in a game between people, the
person's against the bot, forced ones included: the bot plays those), the board's edits that
took effect per turn (and the media chat's posts per turn for the inline game), the wait from
a tap to its board showing it (p50, p95, max; against the bot without Done, whose wait is the
bot's thinking) and seconds per turn.

--brisk: GAMES inline games at once in private dialogs, a tap every THINK seconds, for
DURATION seconds: Telegram's overall limit under load. Prints the 429s by limit and the "not
modified" answers.

Leaves out: the real Telegram's own latency, webhook mode and several workers, faults (the
monkeys' and the load test's), and whole games: a game at this pace takes 15 to 30 minutes, so
a run measures the turns played within DURATION (the opening's turns weigh more than in a whole
game).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.service.table import Table as Stored
from bot.storage import RedisStore
from testkit.fakes.telegram import FakeTelegram
from tools.clock import RunClock
from tools.load.bot_process import ROOT, running_bot
from tools.load.players import (
    Person,
    Table,
    group_games,
    inline_games,
    private_games,
)

MEDIA = {"id": -100900, "type": "channel", "title": "Boards"}
GROUPS = {
    mode: {"id": -100901 - n, "type": "supergroup", "title": mode}
    for n, mode in enumerate(("group long", "group short", "inline in a group"))
}
EDITS = ("editMessageMedia", "editMessageCaption", "editMessageText", "editMessageReplyMarkup")


@dataclass
class Mode:
    """One kind of game the benchmark plays: its name, its players, how it is played."""

    name: str
    people: list[Person]
    play: Callable[[Table], Coroutine[Any, Any, None]]


def modes(rng: random.Random) -> list[Mode]:
    """The four games of a run, each with its own people."""
    ids = iter(range(30_000, 30_100))

    def pair() -> tuple[Person, Person]:
        return Person(next(ids)), Person(next(ids))

    long_pair, short_pair, inline_pair, alone = pair(), pair(), pair(), Person(next(ids))
    return [
        Mode(
            "group long",
            [*long_pair],
            lambda t: group_games(t, long_pair, GROUPS["group long"]),
        ),
        Mode(
            "group short",
            [*short_pair],
            lambda t: group_games(t, short_pair, GROUPS["group short"], "/play short"),
        ),
        Mode(
            "inline in a group",
            [*inline_pair],
            lambda t: inline_games(t, inline_pair, GROUPS["inline in a group"]),
        ),
        Mode("private vs bot", [alone], lambda t: private_games(t, alone)),
    ]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


async def turns_of(store: RedisStore, mode: Mode) -> int:
    """The turns played in `mode`'s games (a game against the bot: its person's)."""
    turns = 0
    for game_id in {tap.game for person in mode.people for tap in person.taps}:
        stored = await store.load_game(game_id)
        if stored is None:
            continue
        table = Stored.from_text(game_id, stored.version, stored.data)
        colors = {table.seat_of(person.user_id) for person in mode.people}
        turns += sum(turn.color in colors for turn in table.game.history)
    return turns


def edits_of(telegram: FakeTelegram, mode: Mode) -> int:
    """The edits that took effect of the boards `mode`'s people tapped."""
    targets = {tap.target for person in mode.people for tap in person.taps}
    count = 0
    for call in telegram.calls:
        if call.method not in EDITS or call.status != 200:
            continue
        params = call.params
        target = params.get("inline_message_id") or f"{params['chat_id']}:{params['message_id']}"
        count += target in targets
    return count


def waits_of(mode: Mode) -> list[float]:
    """Each tap's wait until its board showed it; against the bot, Done left out."""
    return [
        tap.shown - tap.made
        for person in mode.people
        for tap in person.taps
        if tap.shown is not None and not (tap.kind == "private" and tap.action == "d")
    ]


async def human_pace(args: argparse.Namespace) -> None:
    telegram = FakeTelegram()  # Telegram's limits, all of them
    for chat in (MEDIA, *GROUPS.values()):
        telegram.add_chat(chat)
    rng = random.Random(args.seed)
    table = Table(telegram, args.think, rng)
    played = modes(rng)
    env = {"MEDIA_CHAT_ID": str(MEDIA["id"]), "PERSON_LIMIT": "150/60"}
    async with running_bot(telegram, env, args.root) as bot:
        started = time.perf_counter()
        tasks = [asyncio.create_task(mode.play(table)) for mode in played]
        await asyncio.sleep(args.duration)
        table.running = False
        elapsed = time.perf_counter() - started
        await asyncio.wait(tasks, timeout=60)
        store = RedisStore(bot.redis_url)
        try:
            turns = {mode.name: await turns_of(store, mode) for mode in played}
        finally:
            await store.close()
        await bot.stop()
    posts = len([c for c in telegram.calls_of("sendPhoto") if c.params["chat_id"] == MEDIA["id"]])
    print(f"== {args.duration:.0f} s at {args.think} s thinking, the fake's limits on")
    print(
        f"{'game':<18} {'turns':>5} {'edits/turn':>10} {'wait p50':>8} {'p95':>6} {'max':>6}"
        f" {'s/turn':>7}"
    )
    for mode in played:
        count = max(turns[mode.name], 1)
        waits = waits_of(mode)
        print(
            f"{mode.name:<18} {turns[mode.name]:>5} {edits_of(telegram, mode) / count:>10.2f}"
            f" {percentile(waits, 0.5):>7.2f}s {percentile(waits, 0.95):>5.2f}s"
            f" {max(waits, default=0):>5.2f}s {elapsed / count:>6.1f}s"
        )
    inline_turns = max(turns["inline in a group"], 1)
    print(f"media chat posts per inline turn: {posts / inline_turns:.2f} ({posts} posts)")
    report_limits(telegram, table)


async def brisk(args: argparse.Namespace) -> None:
    telegram = FakeTelegram()
    telegram.add_chat(MEDIA)
    table = Table(telegram, args.think, random.Random(args.seed))
    people = [(Person(31_000 + 2 * n), Person(31_001 + 2 * n)) for n in range(args.games)]
    env = {"MEDIA_CHAT_ID": str(MEDIA["id"])}
    async with running_bot(telegram, env, args.root) as bot:
        tasks = [asyncio.create_task(inline_games(table, pair)) for pair in people]
        await asyncio.sleep(args.duration)
        table.running = False
        await asyncio.wait(tasks, timeout=60)
        await bot.stop()
    taps = sum(len(person.taps) for pair in people for person in pair)
    waits = [t.shown - t.made for pair in people for p in pair for t in p.taps if t.shown]
    print(f"== {args.games} inline games at once, a tap every {args.think} s, {args.duration} s")
    print(
        f"taps {taps}; tap → board p50 {statistics.median(waits or [0]):.2f} s,"
        f" p95 {percentile(waits, 0.95):.2f} s"
    )
    report_limits(telegram, table)


def report_limits(telegram: FakeTelegram, table: Table) -> None:
    floods = ", ".join(f"{limit} {n}" for limit, n in sorted(telegram.floods.items()))
    print(f"429s by limit: {floods or 'none'}; 'message is not modified': {telegram.not_modified}")
    if table.stuck:
        print("stuck:", *table.stuck[:5], sep="\n  ")


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.load.pace", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--think", type=float, default=None, help="mean think time per tap, s")
    parser.add_argument("--duration", type=float, default=None, help="seconds of play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--root", type=Path, default=ROOT, help="the bot's source tree")
    parser.add_argument("--brisk", action="store_true", help="many quick inline games")
    parser.add_argument("--games", type=int, default=20, help="with --brisk")
    args = parser.parse_args()
    clock = RunClock()
    if args.brisk:
        args.think = 0.3 if args.think is None else args.think
        args.duration = 60.0 if args.duration is None else args.duration
        asyncio.run(brisk(args))
    else:
        args.think = 2.0 if args.think is None else args.think
        args.duration = 240.0 if args.duration is None else args.duration
        asyncio.run(human_pace(args))
    print(clock.summary())


if __name__ == "__main__":
    main()
