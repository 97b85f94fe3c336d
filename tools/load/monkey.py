"""Monkey players against the real bot process: Telegram's passing faults, and a slow network.

    python -m tools.load.monkey faults [--games 30] [--rate 0.1] [--kinds html,500,...]
                                       [--parallel 10] [--seed 1]
    python -m tools.load.monkey lag [--games 10] [--delay 0.8] [--think 0.3] [--seed 1]
    python -m tools.load.monkey matches [--length 5] [--kinds long,short] [--languages ru,uk,en]
                                        [--parallel 4]

Both start a throwaway redis-server, the fake Bot API server (testkit/fakes) and `python -m bot`
against them, and play whole games against the Easy bot in private chats, each player tapping
a checker, its first destination, Done, until the game is over.

faults: every sendMessage, sendPhoto, edit, answerCallbackQuery and deleteMessage fails with
probability RATE, in one of KINDS drawn evenly (`testkit.fakes.telegram.FAULTS`; by default all:
a JSON 502 or 500, a 429 (retry after 1 s), nginx's HTML 502 page, its 504 page after the
request took effect, a connection closed before it took effect or after).
A careful player waits for each tap's answer (20 s at most) and for the board to change (15 s
at most) before the next tap. Reports games finished, apology messages, alerts, taps never
answered and taps answered twice.

lag: every board edit takes DELAY seconds to reach the chat. A quick player taps again THINK
seconds after each tap, on whatever the board shows by then (it waits only for the bot's
answer after Done); with --vary it taps a random checker or destination rather than the
first, so its taps on a board not yet redrawn are often different ones, not the same tap
again. Reports the taps, those refused as out of date, and doubled taps answered "already
done" (refused too, as the same tap twice).

matches: one match to LENGTH points against every level of each game (KINDS), in each
language (a player whose Telegram language it is), chosen on /play's menu as a person would
(the game, the length, then the level) and played carefully to its last game; short nardy's
player rolls without doubling and takes every double. Reports each match: finished, its
games, taps, and stalls (a tap answered whose board did not change within 60 s: the match
is left there).

Leaves out: the real Telegram (its own latency), several bot processes, games between
people; faults and lag play Easy only.
"""

from __future__ import annotations

import argparse
import asyncio
import random
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bot.i18n import Locale, Translator
from bot.ui.games import words
from bot.ui.names import level_name
from nardy.ai import Level
from nardy.long_variant import LONG
from nardy.variant import Variant
from nardy.variants import find_variant
from testkit.fakes.telegram import FAULTS, Chaos, FakeTelegram, Sent
from tools.clock import RunClock
from tools.load.bot_process import running_bot

TRANSLATOR = Translator()
EN = TRANSLATOR[Locale.EN]
STALE = EN.gettext("This board is out of date: the game has moved on.")
ALREADY = EN.gettext("Already done.")
APOLOGIES = {
    EN.gettext("Something went wrong on my side. Please try again."),
    EN.gettext("I can't reach my game storage right now. Please try again in a moment."),
}


@dataclass
class Player:
    """One user in a private chat with the bot."""

    telegram: FakeTelegram
    user_id: int
    choose: random.Random | None = None  # picks among the buttons of a kind; None: the first
    locale: Locale = Locale.EN  # the language of their Telegram, so of the bot's buttons
    taps: list[str] = field(default_factory=list)  # callback query ids, in order
    data: dict[str, str] = field(default_factory=dict)  # each tap's button data
    finished: bool = False
    stalls: int = 0  # taps answered whose board did not change in time (`matches`)

    @property
    def user(self) -> dict[str, Any]:
        language = self.locale.value
        return {"id": self.user_id, "is_bot": False, "first_name": "M", "language_code": language}

    def says(self, message: str) -> str:
        """`message` as the bot writes it to this player."""
        return TRANSLATOR[self.locale].gettext(message)

    def messages(self) -> list[Sent]:
        return self.telegram.chat(self.user_id)

    def board(self) -> Sent | None:
        boards = [m for m in self.messages() if m.photo_id is not None]
        return boards[-1] if boards else None

    async def send(self, text: str) -> None:
        await self.telegram.updates.put(self.telegram.text_update(self.user, text))

    def tap(self, sent: Sent, label: Callable[[str], bool]) -> str | None:
        """Tap the first button `label` accepts (a random one of them with `choose`); its query
        id (None: no such button)."""
        found = [b["callback_data"] for b in sent.buttons() if label(b["text"])]
        if not found:
            return None
        data = self.choose.choice(found) if self.choose is not None else found[0]
        update = self.telegram.tap_update(self.user, sent, data)
        self.telegram.updates.put_nowait(update)
        query_id: str = update["callback_query"]["id"]
        self.taps.append(query_id)
        self.data[query_id] = data
        return query_id

    async def open_game(self, choices: tuple[str, ...] = ("Easy",)) -> None:
        """/play, then each button of `choices` (labels as this player reads them) on its
        menu in turn, each once the menu offers it, and after a game or a length once the menu
        marks it chosen ("• Short •"); until the board is there."""
        await self.send("/play")
        for choice in choices:
            menu = await until(lambda: self._last_with(choice), 30)  # noqa: B023
            if menu is None:
                return
            self.tap(menu, lambda text: text == choice)  # noqa: B023
            if choice != choices[-1]:
                await until(lambda: self._last_with(f"• {choice} •"), 30)  # noqa: B023
        for _ in range(3):  # no board (its message lost on the way): tap the level again
            if await until(self.board, 20):
                return
            menu = self._last_with(choices[-1])
            if menu is not None:
                self.tap(menu, lambda text: text == choices[-1])

    def _last_with(self, label: str) -> Sent | None:
        found = [m for m in self.messages() if any(b["text"] == label for b in m.buttons())]
        return found[-1] if found else None

    def next_label(self, labels: list[str]) -> Callable[[str], bool] | None:
        """Done when offered, else the first destination, else the first checker; short
        nardy's Roll (not doubling) and Take; None once the game (or match) is over."""
        if self.says("🎲 Play again") in labels:
            return None
        done = self.says("✅ Done")
        if done in labels:
            return lambda text: text == done
        for cube in (self.says("🎲 Roll"), self.says("✅ Take")):
            if cube in labels:
                return lambda text: text == cube
        if any("→" in text for text in labels):
            return lambda text: "→" in text
        bar = self.says("bar")  # short nardy's hit checker, before any other
        return lambda text: text == bar or text.isdigit()


async def until(check: Callable[[], Any], seconds: float) -> Any:
    """`check()`'s first truthy value within `seconds` (polling), else None."""
    deadline = asyncio.get_running_loop().time() + seconds
    while asyncio.get_running_loop().time() < deadline:
        value = check()
        if value:
            return value
        await asyncio.sleep(0.02)
    return None


Pace = Callable[[Player, Callable[[str], bool], str | None, Callable[[], bool]], Awaitable[bool]]
"""What a player does after a tap: (player, the label tapped, its query id, a check that the
board has changed); False when the board is stuck (a stall: the player stops there)."""


async def play(
    player: Player, pace: Pace, choices: tuple[str, ...] = ("Easy",), max_taps: int = 3000
) -> None:
    """Open a game (or a match, by `choices`: `Player.open_game`), then tap (Done, a
    destination, a checker) at `pace` until it is over or stuck."""
    await player.open_game(choices)
    for _ in range(max_taps):
        board = player.board()
        if board is None:
            player.stalls += 1
            return
        label = player.next_label([b["text"] for b in board.buttons()])
        if label is None:
            player.finished = True
            return
        changed = board_changed(player, board)
        if not await pace(player, label, player.tap(board, label), changed):
            player.stalls += 1
            return


def careful(wait: float, stops: bool = False) -> Pace:
    """Wait for the tap's answer and for the board to change, `wait` seconds at most; with
    `stops`, a board that stays as it was that long is a stall, else the player taps on."""

    async def pace(
        player: Player,
        label: Callable[[str], bool],
        query_id: str | None,
        changed: Callable[[], bool],
    ) -> bool:
        if query_id is not None:
            await until(answered(player.telegram, query_id), 20)
        return bool(await until(changed, wait)) or not stops

    return pace


def match_choices(locale: Locale, kind: Variant, level: Level, length: int) -> tuple[str, ...]:
    """The buttons of /play's menu that start a match to `length` of `kind` at `level`, as a
    player reading `locale` sees them (the menu opens with long nardy and one game marked)."""
    texts = TRANSLATOR[locale]
    game = () if kind is LONG else (texts.gettext(words(kind).button),)
    points = (  # one game is marked at first too
        ()
        if length == 1
        else (texts.pgettext("a match length, on a short button", "to {n}", n=length),)
    )
    return (*game, *points, level_name(texts, level))


def quick(think: float) -> Pace:
    """Tap again `think` seconds later, on whatever the board shows by then; only after Done
    wait for the bot's move."""

    async def pace(
        player: Player,
        label: Callable[[str], bool],
        query_id: str | None,
        changed: Callable[[], bool],
    ) -> bool:
        await asyncio.sleep(think)
        if label(player.says("✅ Done")):
            await until(changed, 30)
        return True  # a quick player taps on, whatever the board shows

    return pace


def board_changed(player: Player, board: Sent) -> Callable[[], bool]:
    """A check that the player's board is another message or shows another picture, caption
    or buttons now."""

    def state() -> tuple[Any, ...]:
        return board.photo_id, board.caption, board.markup

    shown = state()
    return lambda: player.board() is not board or state() != shown


def answered(telegram: FakeTelegram, query_id: str) -> Callable[[], bool]:
    return lambda: query_id in telegram.answered


async def run_bot(
    telegram: FakeTelegram, games: list[Callable[[], Any]], parallel: int
) -> tuple[int, str]:
    """The bot process against `telegram` and a fresh Redis while `games` run, `parallel` at a
    time; its exit status and output."""
    async with running_bot(telegram) as bot:
        gate = asyncio.Semaphore(parallel)

        async def play(game: Callable[[], Any]) -> None:
            async with gate:
                await game()

        await asyncio.gather(*(play(game) for game in games))
        return await bot.stop()


def report(telegram: FakeTelegram, players: list[Player], status: int, output: str) -> None:
    answers = telegram.calls_of("answerCallbackQuery")
    answered = Counter(  # a tap answered although the answer to that was lost counts too
        str(c.params["callback_query_id"]) for c in answers if c.status == 200 or c.taken
    )
    taps = [query_id for player in players for query_id in player.taps]
    texts = {str(c.params["callback_query_id"]): c.params.get("text") for c in answers}
    alerts = {str(c.params["callback_query_id"]) for c in answers if c.params.get("show_alert")}
    apologies = [
        m for p in players for m in p.messages() if m.text is not None and m.text in APOLOGIES
    ]
    failed = Counter(c.status for c in telegram.calls if c.status >= 400)
    print(f"games finished: {sum(p.finished for p in players)} of {len(players)}")
    for player in players:
        if not player.finished:  # where it stopped: the last message and its buttons
            last = player.messages()[-1] if player.messages() else None
            shown = "no message" if last is None else repr(last.caption or last.text)
            buttons = [] if last is None else [b["text"] for b in last.buttons()]
            print(f"  player {player.user_id} stopped at: {shown}; {buttons}")
    print(f"taps: {len(taps)}; answered: {sum(1 for q in taps if answered[q])};")
    print(f"  never answered: {sum(1 for q in taps if not answered[q])}")
    print(f"  answered twice: {sum(1 for q in taps if answered[q] > 1)}")
    stale = [q for q in taps if texts.get(q) == STALE]
    share = 100 * len(stale) / max(len(taps), 1)
    kinds = Counter(_kind(p.data[q]) for p in players for q in p.taps if q in set(stale))
    print(f"  refused as out of date: {len(stale)} ({share:.2f}%), by button: {dict(kinds)}")
    doubled = sum(1 for q in taps if texts.get(q) == ALREADY)
    print(f"  doubled taps answered 'already done': {doubled}")
    alerted = Counter(
        f"{texts[q]} ({_kind(p.data[q])})" for p in players for q in p.taps if q in alerts
    )
    print(f"  alerts: {sum(alerted.values())} {dict(alerted)}")
    print(f"apology messages: {len(apologies)}")
    print(f"requests the fake Telegram failed: {dict(sorted(failed.items()))}")
    errors = [line for line in output.splitlines() if " ERROR " in line or "Traceback" in line]
    print(f"bot exit status {status}; ERROR lines or tracebacks in its log: {len(errors)}")
    for line in errors[:5]:
        print("   ", line)


def _kind(data: str) -> str:
    """A button's kind from its data: `t:<game>:<seq>:<action>:...` (see bot/ui/callbacks.py)."""
    parts = data.split(":")
    return f"{parts[0]}:{parts[3]}" if len(parts) > 3 else parts[0]


def run_matches(
    telegram: FakeTelegram,
    length: int,
    kinds: list[Variant],
    languages: list[Locale],
    parallel: int,
) -> None:
    """A match to `length` at each level of each of `kinds`, in each language; a line each,
    then `report`."""
    played = [
        (Player(telegram, 20_000 + i, locale=locale), kind, level)
        for i, (kind, level, locale) in enumerate(
            (kind, level, locale)
            for kind in kinds
            for level in kind.levels()
            for locale in languages
        )
    ]
    games: list[Callable[[], Any]] = [
        partial(
            play,
            player,
            careful(60, stops=True),
            match_choices(player.locale, kind, level, length),
            20_000,
        )
        for player, kind, level in played
    ]
    status, output = asyncio.run(run_bot(telegram, games, parallel))
    for player, kind, level in played:
        board = player.board()
        lines = (board.caption or "").splitlines() if board is not None else []
        told = next((line for line in lines if f" {length}: " in line), "no match line")
        finished = "finished" if player.finished else "NOT FINISHED"
        print(
            f"{kind.key} {level.value} {player.locale.value}: {finished},"
            f" {len(player.taps)} taps, {player.stalls} stalls; {told}"
        )
    report(telegram, [player for player, _, _ in played], status, output)


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.load.monkey", description=__doc__.splitlines()[0]
    )
    modes = parser.add_subparsers(dest="mode", required=True)
    faults = modes.add_parser("faults", help="random 5xx and 429 on every send, edit and answer")
    faults.add_argument("--games", type=int, default=30)
    faults.add_argument("--rate", type=float, default=0.1)
    faults.add_argument("--kinds", default=",".join(FAULTS), help="comma-separated, of FAULTS")
    faults.add_argument("--parallel", type=int, default=10)
    faults.add_argument("--seed", type=int, default=1)
    lag = modes.add_parser("lag", help="board edits reach the chat late; a quick player")
    lag.add_argument("--games", type=int, default=10)
    lag.add_argument("--delay", type=float, default=0.8)
    lag.add_argument("--think", type=float, default=0.3)
    lag.add_argument("--parallel", type=int, default=10)
    lag.add_argument("--seed", type=int, default=1)
    lag.add_argument(
        "--vary",
        action="store_true",
        help="tap a random checker or destination (not the first): different taps on a board"
        " not yet redrawn, not only the same tap again",
    )
    matches = modes.add_parser("matches", help="a match at every level, in every language")
    matches.add_argument("--length", type=int, default=5)
    matches.add_argument("--kinds", default="long,short", help="comma-separated: long, short")
    matches.add_argument("--languages", default="ru,uk,en", help="comma-separated locales")
    matches.add_argument("--parallel", type=int, default=4)
    args = parser.parse_args()
    clock = RunClock()
    telegram = FakeTelegram(private_limit=None)  # players tap at machine speed, not a person's
    if args.mode == "matches":
        languages = [Locale(language) for language in args.languages.split(",")]
        games_of = [find_variant(kind) for kind in args.kinds.split(",")]
        run_matches(telegram, args.length, games_of, languages, args.parallel)
        print(clock.summary())
        return
    vary = args.mode == "lag" and args.vary
    players = [
        Player(telegram, 10_000 + i, random.Random(args.seed + i) if vary else None)
        for i in range(args.games)
    ]
    games: list[Callable[[], Any]]
    if args.mode == "faults":
        kinds = tuple(k for k in args.kinds.split(",") if k)
        if unknown := set(kinds) - set(FAULTS):
            parser.error(f"unknown kinds: {', '.join(sorted(unknown))}")
        telegram.chaos = Chaos(args.rate, random.Random(args.seed), kinds=kinds)
        games = [partial(play, player, careful(15)) for player in players]
    else:
        telegram.latency = {"editMessageMedia": args.delay}
        games = [partial(play, player, quick(args.think)) for player in players]
    status, output = asyncio.run(run_bot(telegram, games, args.parallel))
    report(telegram, players, status, output)
    print(clock.summary())


if __name__ == "__main__":
    main()
