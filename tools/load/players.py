"""Simulated players of the load test (`tools.load.test`): people who play whole games
through the fake Telegram by tapping the buttons it holds for their message, with think times,
and who log every tap they made and whether they saw it take effect.

Three kinds of game: a person against the Easy bot in a private chat, two people in an inline
message (through the media chat), and two people in a group (a challenge card, then Join)."""

from __future__ import annotations

import asyncio
import operator
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bot.i18n import Locale, Translator
from bot.ui.callbacks import unpack_turn
from testkit.fakes.telegram import FakeTelegram, Sent
from testkit.harness import card_id

EN = Translator()[Locale.EN]
DONE, AGAIN = EN.gettext("✅ Done"), EN.gettext("🎲 Play again")
JOIN, REMATCH = EN.gettext("🎲 Join"), EN.gettext("🔁 Rematch")
TURN = re.compile(r"^Turn: (.+)$", re.MULTILINE)
# How long a player waits for a tap to show before tapping the same button again (a person
# whose tap seems lost taps again), and for a game to start.
PATIENCE, START_PATIENCE = 20.0, 60.0


@dataclass
class Tap:
    """One tap on a board: the button's data (`t:<game>:<seq>:<action>[:src[:dst]]`), when its
    update was made, its update id, and the `seq` the board showed once the tap had shown
    (None: it never did)."""

    data: str
    update_id: int
    made: float
    kind: str  # the player's game kind: private, inline, group
    target: str  # the board's message: its inline message id, or "<chat id>:<message id>"
    query: str  # the callback query's id
    seen_seq: int | None = None
    shown: float | None = None  # when the board showed it (`time.perf_counter`)
    refused: bool = False  # its answer, as Telegram took it, had a text: the tap took no effect

    @property
    def fields(self) -> list[str]:
        return self.data.split(":")

    @property
    def game(self) -> str:
        return self.fields[1]

    @property
    def seq(self) -> int:
        return int(self.fields[2])

    @property
    def action(self) -> str:
        return self.fields[3]

    @property
    def moves(self) -> list[tuple[int, int]]:
        """(src, dst) of each checker's move a move or whole-turn tap makes, the mover's own
        points (0: off); none for any other tap."""
        rest = [*self.fields[4:], "0", "0"]
        if self.action == "m":
            return [(int(rest[0]), int(rest[1]))]
        if self.action == "a":
            return [(src, max(src - die, 0)) for src, die in unpack_turn(int(rest[0]))]
        return []


@dataclass
class Person:
    user_id: int
    taps: list[Tap] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"P{self.user_id}"

    @property
    def user(self) -> dict[str, Any]:
        return {"id": self.user_id, "is_bot": False, "first_name": self.name, "language_code": "en"}


@dataclass
class Table:
    """What the players share: the fake Telegram, the think time, the random source, whether
    to go on starting games, and the games' tallies."""

    telegram: FakeTelegram
    think: float
    rng: random.Random
    running: bool = True  # people go on tapping
    starting: bool = True  # people start a new game once theirs is over
    finished: dict[str, int] = field(default_factory=dict)  # kind -> games finished
    stuck: list[str] = field(default_factory=list)  # what a player gave up waiting for

    async def pause(self) -> None:
        """A person's think time: uniform between half and one and a half of `think`."""
        await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))


async def until(check: Callable[[], Any], seconds: float) -> Any:
    """`check()`'s first truthy value within `seconds` (looking every 20 ms), else None."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value or time.monotonic() > deadline:
            return value
        await asyncio.sleep(0.02)


def board_buttons(sent: Sent) -> list[dict[str, Any]]:
    return [b for b in sent.buttons() if str(b.get("callback_data", "")).startswith("t:")]


def target(sent: Sent) -> str:
    """How the fake's edit requests name the message `sent`."""
    return sent.inline_message_id or f"{sent.chat_id}:{sent.message_id}"


def pick(table: Table, buttons: list[dict[str, Any]]) -> dict[str, Any] | None:
    """What a plain player taps: Done when offered, else a whole turn, else a move (a
    checker's destination), else a checker (at random); never Undo, Back, Hint or Resign."""
    by_action: dict[str, list[dict[str, Any]]] = {}
    for button in buttons:
        by_action.setdefault(str(button["callback_data"]).split(":")[3], []).append(button)
    for action in ("d", "a", "m", "s"):
        if action in by_action:
            return table.rng.choice(by_action[action])
    return None


def over(sent: Sent) -> bool:
    return any(b["text"] in (AGAIN, REMATCH) for b in sent.buttons())


async def tap(table: Table, person: Person, sent: Sent, data: str, kind: str) -> Tap:
    """`person` taps the button `data` of `sent`, then waits until the board shows other
    buttons (their seq noted), tapping again once after PATIENCE seconds of nothing."""
    telegram = table.telegram
    shown = changed(sent)
    for _ in range(2):
        update = telegram.tap_update(person.user, sent, data)
        query = str(update["callback_query"]["id"])
        logged = Tap(data, update["update_id"], time.perf_counter(), kind, target(sent), query)
        person.taps.append(logged)
        await telegram.updates.put(update)
        if await until(shown, PATIENCE):
            logged.shown = time.perf_counter()
            seqs = [int(str(b["callback_data"]).split(":")[2]) for b in board_buttons(sent)]
            logged.seen_seq = max(seqs, default=logged.seq + 1)
            return logged
    queries = {t.query for t in person.taps[-2:]}
    answers = [
        call.params.get("text", "")
        for call in telegram.calls_of("answerCallbackQuery")
        if str(call.params["callback_query_id"]) in queries
    ]
    table.stuck.append(f"{kind} tap {data} never showed (answered: {answers})")
    return logged


async def play_board(
    table: Table, board: Sent, movers: Callable[[Sent], Person | None], kind: str
) -> bool:
    """Tap the board's buttons, each time as the person `movers` names, until the game is over
    (True) or the table stops (False)."""
    while table.running:
        if over(board):
            table.finished[kind] = table.finished.get(kind, 0) + 1
            return True
        buttons = board_buttons(board)
        person = movers(board)
        choice = pick(table, buttons)
        if person is None or choice is None:  # the bot's turn, or a board being redrawn
            if not await until(changed(board), PATIENCE * 3):
                table.stuck.append(f"{kind} board never changed: {board.caption!r}")
                return False
            continue
        await table.pause()
        await tap(table, person, board, str(choice["callback_data"]), kind)
    return False


async def private_games(table: Table, person: Person) -> None:
    """Games against the Easy bot, one after another, while the table runs."""
    telegram = table.telegram

    def latest_board() -> Sent | None:
        boards = [m for m in telegram.chat(person.user_id) if board_buttons(m) or over(m)]
        return boards[-1] if boards else None

    def new_board(before: Sent | None) -> Sent | None:
        board = latest_board()
        return board if board is not before else None

    while table.running and table.starting:
        before = latest_board()
        await telegram.updates.put(telegram.text_update(person.user, "/play"))
        levels = await until(lambda: _last_with(telegram.chat(person.user_id), "Easy"), 60)
        if levels is None:
            table.stuck.append("private: no level choice")
            return
        data = next(b["callback_data"] for b in levels.buttons() if b["text"] == "Easy")
        await telegram.updates.put(telegram.tap_update(person.user, levels, data))
        board = await until(partial(new_board, before), START_PATIENCE)
        if board is None:
            table.stuck.append("private: no board")
            return

        def me(sent: Sent) -> Person | None:
            return person if board_buttons(sent) else None

        if not await play_board(table, board, me, "private"):
            return


def _last_with(messages: list[Sent], label: str) -> Sent | None:
    found = [m for m in messages if any(b["text"] == label for b in m.buttons())]
    return found[-1] if found else None


def new_card(telegram: FakeTelegram, chat_id: int, known: set[int]) -> Sent | None:
    """The latest message in the chat that is none of the `known`."""
    fresh = [m for m in telegram.chat(chat_id) if m.message_id not in known]
    return fresh[-1] if fresh else None


def changed(sent: Sent) -> Callable[[], bool]:
    """A check that `sent` shows other buttons than it does now (each edit sets new ones)."""
    shown = sent.markup
    return lambda: sent.markup is not shown


def shared_mover(people: tuple[Person, Person]) -> Callable[[Sent], Person | None]:
    """The person a shared board names as the one to move ("Turn: P123")."""
    by_name = {person.name: person for person in people}

    def mover(sent: Sent) -> Person | None:
        found = TURN.search(sent.caption or sent.text or "")
        return by_name.get(found.group(1)) if found else None

    return mover


async def join(table: Table, card: Sent, joiner: Person, kind: str) -> bool:
    """`joiner` taps Join on a challenge card; whether the first board came."""
    data = next((b["callback_data"] for b in card.buttons() if b["text"] == JOIN), None)
    if data is None:
        table.stuck.append(f"{kind}: no Join button")
        return False
    await table.pause()
    await table.telegram.updates.put(table.telegram.tap_update(joiner.user, card, data))
    if not await until(lambda: TURN.search(card.caption or card.text or ""), START_PATIENCE):
        table.stuck.append(f"{kind}: no first board after Join")
        return False
    return True


async def inline_games(
    table: Table, people: tuple[Person, Person], chat: dict[str, Any] | None = None
) -> None:
    """Games between two people in inline messages: the first offers one by @bot and sends it
    into `chat` (by default a private dialog of theirs), the second joins; one after another
    while the table runs."""
    telegram = table.telegram
    host, guest = people
    while table.running and table.starting:
        query = telegram.inline_query_update(host.user)
        query_id = query["inline_query"]["id"]
        await telegram.updates.put(query)
        if not await until(
            partial(operator.contains, telegram.inline_answers, query_id), START_PATIENCE
        ):
            table.stuck.append("inline: no answer to the inline query")
            return
        chosen = telegram.choose_inline_result(
            host.user, query_id, card_id(telegram, query_id, "1"), chat
        )
        await telegram.updates.put(chosen)
        card = telegram.inline_messages[chosen["chosen_inline_result"]["inline_message_id"]]
        if not await join(table, card, guest, "inline"):
            return
        if not await play_board(table, card, shared_mover(people), "inline"):
            return
        host, guest = guest, host


async def group_games(
    table: Table, people: tuple[Person, Person], group: dict[str, Any], command: str = "/play"
) -> None:
    """Games between two people in a group: the first challenges with `command` (/play, /play
    short), the second joins; one after another while the table runs."""
    telegram = table.telegram
    host, guest = people
    while table.running and table.starting:
        known = {m.message_id for m in telegram.chat(group["id"])}
        await telegram.updates.put(telegram.text_update(host.user, command, group))
        card = await until(partial(new_card, telegram, group["id"], known), START_PATIENCE)
        if card is None:
            table.stuck.append("group: no challenge card")
            return
        if not await join(table, card, guest, "group"):
            return
        if not await play_board(table, card, shared_mover(people), "group"):
            return
        host, guest = guest, host
