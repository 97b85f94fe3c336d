"""The bot's dispatcher driven by real `Update` objects, talking to a `FakeTelegram`."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.types import Update
from pydantic import SecretStr

from bot.answers import AnsweredTaps
from bot.app import create_bot, create_dispatcher
from bot.pacing import Pacer
from bot.runtime.config import Settings
from bot.service import Action, BotPlayer, Done, GameService, Move, Roll, Table
from bot.service.results import RATED_TURNS
from bot.storage import UNFINISHED_TTL, GameStore
from bot.ui.callbacks import MarkGame, PickGame
from bot.ui.inline import SEAL_MARK
from nardy import Color, Position
from nardy.fair import SEED_BYTES
from nardy.game import Game, TurnRecord
from nardy.summary import summarize
from nardy.variant import AnyGame
from testkit.fakes.session import FakeSession
from testkit.fakes.telegram import FakeTelegram, Sent

TOKEN = "123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-00"


# Telegram's 20 messages a group, but per half a second rather than a minute (the fake's
# `telegram` fixture has the same), so that whole games meet the limit and the bot's pacing.
GROUP_LIMIT = "20/0.5"
OVERALL_LIMIT = "30/0.0083"  # the fake's 30 in 1/120 s too


# These tests tap at machine speed, far beyond a person's limit (`bot.handlers.throttle`).
PERSON_LIMIT = "1000000/1"


def settings(**values: Any) -> Settings:
    limits = {
        "group_limit": GROUP_LIMIT,
        "overall_limit": OVERALL_LIMIT,
        "person_limit": PERSON_LIMIT,
    }
    return Settings(bot_token=SecretStr(TOKEN), **(limits | values))


def card_kinds(telegram: FakeTelegram, query_id: str) -> list[str]:
    """The kinds of the cards ("1", "short3": `bot.ui.inline.card_result`) the bot answered the
    inline query `query_id` with, in order."""
    results = telegram.inline_answers[query_id]["results"]
    return [str(result["id"]).partition(SEAL_MARK)[0] for result in results]


def card_id(telegram: FakeTelegram, query_id: str, kind: str) -> str:
    """The result id of the card of `kind` the bot answered the inline query `query_id` with."""
    results = telegram.inline_answers[query_id]["results"]
    return next(str(r["id"]) for r in results if str(r["id"]).partition(SEAL_MARK)[0] == kind)


def user(user_id: int, language: str = "en") -> dict[str, Any]:
    return {"id": user_id, "is_bot": False, "first_name": f"U{user_id}", "language_code": language}


@dataclass
class Chat:
    """One user's private chat with the bot."""

    telegram: FakeTelegram
    dispatcher: Dispatcher
    bot: Bot
    user: dict[str, Any]

    async def send(self, text: str, chat: dict[str, Any] | None = None) -> None:
        await self.feed(self.telegram.text_update(self.user, text, chat))

    async def tap(self, sent: Sent, data: str, inaccessible: bool = False) -> None:
        await self.feed(self.telegram.tap_update(self.user, sent, data, inaccessible))

    async def start_game(self, level: str = "Easy") -> None:
        """/play, then the level's button."""
        await self.send("/play")
        await self.press(self.last, level)

    async def start(self, game: str, level: str = "easy", length: int = 1) -> None:
        """/play, then the buttons that mark `game` and `length`, then `level`'s."""
        await self.send("/play")
        await self.pick(MarkGame(game=game, length=1).pack())
        if length != 1:
            await self.pick(MarkGame(game=game, length=length).pack())
        await self.pick(PickGame(game=game, level=level, length=length).pack())

    async def pick(self, data: str) -> None:
        """Tap the button with `data` on the latest message, which must carry it."""
        assert data in [button.get("callback_data") for button in self.last.buttons()], data
        await self.tap(self.last, data)

    async def tap_older(self, sent: Sent, data: str) -> None:
        """Tap `data` on `sent` as an older version of the bot sent it: with a button that
        carries `data` (such messages stay in chats after an update)."""
        older = replace(sent, markup={"inline_keyboard": [[{"text": "…", "callback_data": data}]]})
        await self.tap(older, data)

    async def press(self, sent: Sent, label: str | Callable[[str], bool]) -> None:
        """Tap the button whose text is `label` (or satisfies it)."""
        fits = label if callable(label) else (lambda text: text == label)
        data = next(b["callback_data"] for b in sent.buttons() if fits(b["text"]))
        await self.tap(sent, data)

    async def feed(self, update: dict[str, Any]) -> None:
        await self.dispatcher.feed_update(
            self.bot, Update.model_validate(update, context={"bot": self.bot})
        )

    @property
    def messages(self) -> list[Sent]:
        return self.telegram.chat(self.user["id"])

    @property
    def last(self) -> Sent:
        return self.messages[-1]

    @property
    def board(self) -> Sent:
        return [m for m in self.messages if m.photo_id is not None][-1]

    def alerts(self) -> list[str]:
        """The texts of the modal alerts that answered taps."""
        return [
            call.params["text"]
            for call in self.telegram.calls_of("answerCallbackQuery")
            if call.params.get("show_alert")
        ]

    def toasts(self) -> list[str]:
        """The texts of the passing notices (not alerts) that answered taps."""
        return [
            call.params["text"]
            for call in self.telegram.calls_of("answerCallbackQuery")
            if call.params.get("text") and not call.params.get("show_alert")
        ]


def make_chat(
    telegram: FakeTelegram,
    store: GameStore,
    service: GameService,
    user_id: int = 1001,
    language: str = "en",
    **configured: Any,
) -> Chat:
    """One user's private chat with the bot, the bot's settings `configured` as given."""
    config = settings(**configured)
    answered = AnsweredTaps()
    pacer = Pacer(store, config.group_budget, config.overall_budgets)
    bot = create_bot(config, answered, pacer, session=FakeSession(telegram))
    dispatcher = create_dispatcher(config, store, service, answered, pacer)
    return Chat(telegram, dispatcher, bot, user(user_id, language))


def last_checker(game: AnyGame, mover: Color) -> Game:
    """`game` (long nardy's) as if near its end, to win one quickly: `mover` to move with 6-5
    and one checker left, on their point 1; the other side with one checker borne off (so an
    oyn)."""
    assert isinstance(game, Game)
    mine = [14, 1] + [0] * 23  # own_counts: index 0 borne off, then points 1..24
    theirs = [1] + [0] * 23 + [14]
    start = Position.start().with_checkers(mover, mine).with_checkers(mover.opponent, theirs)
    position = replace(start, to_move=mover, first_turn=(False, False))
    return Game(game.rules, position).with_roll((6, 5))


async def win_this_game(
    chat: Chat, store: GameStore, service: GameService, history: tuple[TurnRecord, ...] = ()
) -> None:
    """Stand the person's running game near its end (`last_checker`, with `history` as its
    turns so far: how it got there is not what these tests are about), bring its board back
    with /play, and bear off."""
    table = await service.active_game(chat.user["id"])
    assert table is not None
    me = table.seat_of(chat.user["id"])
    assert me is not None
    near_end = table.with_game(replace(last_checker(table.game, me), history=history), ())
    await store.save_game(table.game_id, table.version, near_end.to_text(), UNFINISHED_TTL)
    await chat.send("/play")
    await chat.press(chat.last, "🎲 Back to my game")
    await chat.press(chat.board, "1")
    await chat.press(chat.board, "1 → off")
    await chat.press(chat.board, "✅ Done")


async def play_turns(service: GameService, table: Table, turns: int = RATED_TURNS) -> Table:
    """Play on in a game between two people until each has played `turns` turns (a rated
    game's least, `RATED_TURNS`), each step the first legal one, a short nardy player who may
    double rolling: the game itself is not what the tests that call this are about."""
    while min(summarize(table.game).turns) < turns and not table.game.over:
        game = table.game
        mover = game.to_move
        if game.dice is None:
            action: Action = Roll()
        elif game.turn_complete:
            action = Done()
        else:
            step = game.next_steps()[0]
            action = Move(step.src, step.dst)
        table = (await service.apply(table, mover, action, table.seq)).table
    return table


class SteeredDice:
    """Rolls without doubles, in a cycle; the values in `next` come first (a chosen opening
    roll, a double for the bot)."""

    def __init__(self) -> None:
        self.next: list[int] = []
        self._cycle = itertools.cycle([6, 1, 4, 3, 5, 2])

    def roll_one(self) -> int:
        return self.next.pop(0) if self.next else next(self._cycle)

    def roll(self) -> tuple[int, int]:
        return self.roll_one(), self.roll_one()


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def is_checker(text: str) -> bool:
    """A checker's button: its point, or short nardy's bar."""
    return text == "bar" or re.fullmatch(r"\d{1,2}", text) is not None


def is_whole_turn(text: str) -> bool:
    """A whole turn's button, in move notation: `24/18 13/10`."""
    return "/" in text


def is_move(text: str) -> bool:
    """One checker's move: `24 → 18`."""
    return "→" in text


def is_play(text: str) -> bool:
    """A button that plays: a whole turn, a move, or a checker to pick."""
    return is_whole_turn(text) or is_move(text) or is_checker(text)


async def play_one_turn(chat: Chat) -> None:
    """Roll when asked (a game with the cube), then tap the first whole turn, or the first
    move (or the first checker, then its first destination) until Done, then Done; nothing
    once the game is over."""
    while True:
        board = chat.board
        shown = [b["text"] for b in board.buttons()]
        if "✅ Done" in shown:
            await chat.press(board, "✅ Done")
            return
        if "🎲 Roll" in shown:
            await chat.press(board, "🎲 Roll")
            continue
        if any(is_whole_turn(label) for label in shown):
            await chat.press(board, is_whole_turn)
        elif any(is_move(label) for label in shown):
            await chat.press(board, is_move)
        elif any(is_checker(label) for label in shown):
            await chat.press(board, next(filter(is_checker, shown)))
            await chat.press(chat.board, is_move)
        else:
            return  # the game is over


async def press_next(group: Group, mover: dict[str, Any], board: Sent) -> None:
    """`mover` taps Done on `board`, else its first whole turn, else its first move, else its
    first checker."""
    shown = [b["text"] for b in board.buttons()]
    if "✅ Done" in shown:
        await group.press(mover, board, "✅ Done")
    elif any(is_whole_turn(label) for label in shown):
        await group.press(mover, board, is_whole_turn)
    elif any(is_move(label) for label in shown):
        await group.press(mover, board, is_move)
    else:
        await group.press(mover, board, next(filter(is_checker, shown)))


@dataclass
class Group:
    """A group chat with the bot and several people, all through one dispatcher."""

    telegram: FakeTelegram
    dispatcher: Dispatcher
    bot: Bot
    chat: dict[str, Any]

    async def send(
        self, person: dict[str, Any], text: str, reply_to: dict[str, Any] | None = None
    ) -> None:
        """`person` writes `text` in the group, as a reply to `reply_to` (a message) if given."""
        update = self.telegram.text_update(person, text, self.chat)
        if reply_to is not None:
            update["message"]["reply_to_message"] = reply_to
        await self.feed(update)

    async def tap(self, person: dict[str, Any], sent: Sent, data: str) -> None:
        await self.feed(self.telegram.tap_update(person, sent, data))

    async def press(
        self, person: dict[str, Any], sent: Sent, label: str | Callable[[str], bool]
    ) -> None:
        """`person` taps the button of `sent` whose text is `label` (or satisfies it)."""
        fits = label if callable(label) else (lambda text: text == label)
        data = next(b["callback_data"] for b in sent.buttons() if fits(b["text"]))
        await self.tap(person, sent, data)

    async def membership(
        self,
        person: dict[str, Any],
        present: bool,
        by: dict[str, Any] | None = None,
        told: slice = slice(None),
    ) -> None:
        """`person` leaves the group (or joins it, `present`), or is removed or added `by`
        someone: Telegram's service message and member update, those `told` (both by default)
        fed in turn."""
        for update in self.telegram.membership_updates(person, self.chat, present, by)[told]:
            await self.feed(update)

    async def feed(self, update: dict[str, Any]) -> None:
        await self.dispatcher.feed_update(
            self.bot, Update.model_validate(update, context={"bot": self.bot})
        )

    @property
    def messages(self) -> list[Sent]:
        return self.telegram.chat(self.chat["id"])

    @property
    def last(self) -> Sent:
        return self.messages[-1]

    def answers(self) -> list[tuple[str, bool]]:
        """Every tap's answer text (empty when silent) and whether it was an alert."""
        return [
            (call.params.get("text", ""), bool(call.params.get("show_alert")))
            for call in self.telegram.calls_of("answerCallbackQuery")
        ]


GROUP_CHAT = {"id": -100500, "type": "supergroup", "title": "Friends"}


def make_group(
    telegram: FakeTelegram, store: GameStore, service: GameService, **configured: Any
) -> Group:
    """A group (or any chat: inline messages are tapped through it too), the bot's settings
    `configured` as given."""
    config = settings(**configured)
    answered = AnsweredTaps()
    pacer = Pacer(store, config.group_budget, config.overall_budgets)
    bot = create_bot(config, answered, pacer, session=FakeSession(telegram))
    dispatcher = create_dispatcher(config, store, service, answered, pacer)
    telegram.add_chat(dict(GROUP_CHAT))
    return Group(telegram, dispatcher, bot, dict(GROUP_CHAT))


def fair_service(
    store: GameStore, bot_player: BotPlayer, clock: Clock, rng: random.Random | None = None
) -> GameService:
    """The service as the bot runs it: no dice given, so each game has its own fair dice; the
    seeds from a seeded generator (`rng`, shared by the services of one test), so a failure
    can be replayed."""
    seeds = rng or random.Random(20261201)
    return GameService(store, bot_player, clock=clock, seeds=lambda: seeds.randbytes(SEED_BYTES))
