"""A game as the bot keeps it, its `Table`: the nardy `Game`, the two seats, the board message,
recent events; and a challenge to a game between two people, kept under the id the game will
have.

Stored as compact JSON around `nardy.record`'s game text (a long game stays well under 2 KB).
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
from dataclasses import dataclass, field, replace
from typing import Any

from bot.service.events import Event, decode_event, encode_event
from bot.storage import RatingChange, Slot
from nardy import Color, Rules
from nardy.ai import Candidate, Level
from nardy.fair import FairDice, commitment
from nardy.game import OpeningRoll
from nardy.long_variant import LONG
from nardy.match import Match
from nardy.scoring import EndReason, GameResult, ResultKind
from nardy.short import CrawfordMatch
from nardy.variant import AnyGame, AnyRules, Variant
from nardy.variants import find_variant, game_from_text, rules_from_text, variant_of

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Seat:
    """A player slot: a Telegram user (with the name shown to others in a game between two
    people, and the language of the messages addressed to them alone, such as a reminder),
    or the bot at a level."""

    user_id: int | None = None
    level: Level | None = None
    name: str = ""
    locale: str = ""  # a `bot.i18n.Locale` value; "" in games stored before seats kept one

    def to_text(self) -> str:
        if self.level is not None:
            return f"b:{self.level.value}"
        person = f"{self.user_id}@{self.locale}" if self.locale else str(self.user_id)
        return f"u:{person}:{self.name}" if self.name else f"u:{person}"

    @classmethod
    def from_text(cls, text: str) -> Seat:
        kind, _, value = text.partition(":")
        if kind == "b":
            return cls(level=Level(value))
        person, _, name = value.partition(":")
        user_id, _, locale = person.partition("@")
        return cls(user_id=int(user_id), name=name, locale=locale)


BOT_PLAYER = 0
"""The bot's player id in a match (people's are their Telegram user ids, never 0)."""


def match_player(seat: Seat) -> int:
    """The id a match knows the player of `seat` by: the person's user id, or `BOT_PLAYER`."""
    return BOT_PLAYER if seat.user_id is None else seat.user_id


@dataclass(frozen=True, slots=True)
class MatchPlay:
    """A match to `match.length` points (RULES.md §7) between its player 0 (the challenger, or
    the person playing the bot) and player 1, whose colours each game's opening roll draws
    anew; `players` are their ids (`match_player`). `given_up` once player 0 left the match
    against the bot to start anew, or a player left the group (`ClaimWin`): no next game
    follows."""

    match: Match
    players: tuple[int, int]
    given_up: bool = False
    crawford_played: bool = False  # short nardy's Crawford game was played (RULES.md §9)

    @property
    def crawford_next(self) -> bool:
        """Whether the next game is the match's Crawford game, played without the cube."""
        return CrawfordMatch(self.match, self.crawford_played).crawford_next

    @property
    def over(self) -> bool:
        """Whether no game of this match follows: it has a winner, or was given up."""
        return self.match.over or self.given_up

    def away(self, seat: Seat) -> tuple[int, int]:
        """The points the player of `seat` still needs to win the match, then his opponent's."""
        me = self.players.index(match_player(seat))
        length, score = self.match.length, self.match.score
        return length - score[me], length - score[1 - me]

    def after(self, table: Table) -> MatchPlay:
        """The score once `table`'s game (over) is counted."""
        result = table.game.result
        assert result is not None
        white_player = self.players.index(match_player(table.seats[Color.WHITE]))
        played = self.crawford_played or table.game.crawford
        return replace(self, match=self.match.record(result, white_player), crawford_played=played)

    def seats(self, seats: tuple[Seat, Seat]) -> tuple[Seat, Seat]:
        """The seats of player 0 and player 1 among a game's `seats`."""
        first, second = (
            next(seat for seat in seats if match_player(seat) == player) for player in self.players
        )
        return first, second

    def to_list(self) -> list[int]:
        match = self.match
        flags = int(self.given_up) | int(self.crawford_played) << 1
        return [match.length, *match.score, match.games, *self.players, *([flags] if flags else [])]

    @classmethod
    def from_list(cls, values: list[int]) -> MatchPlay:
        length, first, second, games, player0, player1, *flags = values
        match = Match(length, (first, second), games)
        flag = flags[0] if flags else 0  # older matches: [1] when given up, else nothing
        return cls(match, (player0, player1), bool(flag & 1), bool(flag & 2))


# How a stored `Ended` names its game: long nardy's by nothing and short nardy's by "s", as
# they were stored before there were others (so that a worker of the version before reads
# them alike), any other game by its key.
MARKS = {"short": "s"}


@dataclass(frozen=True, slots=True)
class Ended:
    """The game of a table that ended last, kept with it to be counted in its players'
    statistics (`bot.service.results`): game `number` of its match (1 for a single game), the
    seats as they were, the result and, between two people, each colour's rating change
    (computed once, when the game ended, so that counting it again changes nothing); `counted`
    once it is."""

    number: int
    seats: tuple[Seat, Seat]
    result: GameResult
    ratings: tuple[RatingChange, RatingChange] | None = None
    counted: bool = False
    record: str = ""  # the game's record (`bot.service.records`), kept here until counted
    game: Variant = LONG  # which game it was: each is counted apart

    def mark(self, game_id: str) -> str:
        """The name this game is counted under, once per player."""
        return f"{game_id}.{self.number}"

    def to_list(self) -> list[Any]:
        result = self.result
        winner = "" if result.winner is None else result.winner.label
        data: list[Any] = [
            self.number,
            int(self.counted),
            *(s.to_text() for s in self.seats),
            winner,
        ]
        data += [result.kind.value, result.points, result.reason.value]
        for change in self.ratings or ():
            data.append([change.delta, change.deviation, change.volatility])
        if self.game is not LONG:
            data.append(MARKS.get(self.game.key, self.game.key))
        return data

    @classmethod
    def from_list(cls, data: list[Any], record: str = "") -> Ended:
        number, counted, white, black, winner, kind, points, reason, *rest = data
        ratings = [item for item in rest if isinstance(item, list)]
        marks = [item for item in rest if isinstance(item, str)]
        mark = marks[0] if marks else LONG.key
        key = next((key for key, old in MARKS.items() if old == mark), mark)
        result = GameResult(
            None if winner == "" else Color.parse(winner),
            ResultKind(kind),
            points,
            EndReason(reason),
        )
        changes = [RatingChange(*change) for change in ratings]
        return cls(
            number,
            (Seat.from_text(white), Seat.from_text(black)),
            result,
            (changes[0], changes[1]) if changes else None,
            bool(counted),
            record,
            _game_named(key),
        )


def _game_named(key: str) -> Variant:
    """The game an `Ended` names; long nardy's for a game this version does not have (one a
    later version added), so that its table still reads and the game is counted somewhere."""
    try:
        return find_variant(key)
    except KeyError:
        log.warning("a finished game of %r, which this version does not have, counted as long", key)
        return LONG


@dataclass(frozen=True, slots=True)
class Committed:
    """The provably fair dice of the game in play (`nardy.fair`): the secret `seed`, shown to
    nobody until the game's record reveals it, committed to under `name` (`<game id>.<game
    number>`, or what a card or rematch committed it under); `mix`, the value from the other
    side that the seed was committed before ("" when none); `rolled`, the dice rolled so far;
    and the game's opening roll (RULES.md §2), for the record."""

    seed: bytes = field(repr=False)
    name: str
    mix: str = ""
    rolled: int = 0
    opening: OpeningRoll | None = None

    @property
    def commitment(self) -> str:
        """What the players are shown before the first roll."""
        return commitment(self.seed, self.name)

    def dice(self) -> FairDice:
        """The dice from the next one on."""
        return FairDice(self.seed, self.name, self.mix, self.rolled)

    def after(self, dice: FairDice) -> Committed:
        """These dice once `dice` (from `dice()`) rolled on."""
        return replace(self, rolled=dice.dice_rolled)

    def to_list(self) -> list[Any]:
        data = [self.seed.hex(), self.name, self.mix, self.rolled]
        if self.opening is not None:
            pairs = [list(pair) for pair in self.opening.rolls]
            data += [pairs, self.opening.white_player, list(self.opening.first_dice)]
        return data

    @classmethod
    def from_list(cls, data: list[Any]) -> Committed:
        seed, name, mix, rolled, *opened = data
        opening = None
        if opened:
            pairs, white_player, (a, b) = opened
            opening = OpeningRoll(tuple((x, y) for x, y in pairs), white_player, (a, b))
        return cls(bytes.fromhex(seed), name, mix, rolled, opening)


# The time limits per turn a challenge may carry, by the name players write (/play 5m), in
# seconds; 0: none.
TURN_LIMITS = {"off": 0, "1m": 60, "5m": 300, "1h": 3600, "24h": 86400}
# The lengths of the matches players may ask for (1: one game), RULES.md §7.
MATCH_LENGTHS = (1, 3, 5, 7)
# The house rules of a game whose players chose none: RULES.md §8's defaults.
STANDARD_RULES = Rules()


@dataclass(frozen=True, slots=True)
class Terms:
    """What a challenge offers: a match to `length` points (1: one game), and `turn_limit`
    seconds per turn (0: no limit)."""

    length: int = 1
    turn_limit: int = 0

    @property
    def offered(self) -> bool:
        """Whether players may ask for these terms."""
        return self.length in MATCH_LENGTHS and self.turn_limit in TURN_LIMITS.values()


# How many taps a table remembers to tell a doubled tap: more than a turn's moves, Done and
# a few undone moves (a doubled tap comes within a second or two).
TAPS_KEPT = 12


def _read_events(game_id: str, kept: list[list[Any]]) -> tuple[Event, ...]:
    """The events kept with a game; one this version cannot read (a later version's, during an
    upgrade) is left out with a warning, and the game still reads."""
    events = []
    for data in kept:
        try:
            events.append(decode_event(data))
        except ValueError as exc:
            log.warning("game %s: %s left out", game_id, exc)
    return tuple(events)


@dataclass(frozen=True, slots=True)
class Table:
    """One stored game, as at a table: the seats, the game on it (of a match, if one is played),
    its board message, what happened since a player last looked, its clock and fair dice.

    `seq` counts the changes to the game itself (steps, undos, turns, the end): buttons carry
    it, so a tap made on an older state of the game is recognised. `turn_seq` is the `seq` at
    which the turn in progress began, and `taps` lists the taps that changed the game in this
    turn and the one before, as (the `seq` each was made at, what it did: `m24-18`, `d`), so
    that a doubled tap is told from a quick player's next move. `version` is
    the store's compare-and-set counter (0 before the first save); it also changes when only
    the board message does, and never leaves the service.
    """

    game_id: str
    game: AnyGame  # of any variant (`nardy.variants`)
    seats: tuple[Seat, Seat]  # indexed by Color
    chat_id: int
    message_id: int | None = None
    events: tuple[Event, ...] = ()  # what happened since the player to move last looked
    seq: int = 0
    turn_seq: int = 0
    taps: tuple[tuple[int, str], ...] = ()
    locale: str | None = None
    rematch: int | None = None
    match: MatchPlay | None = None
    inline_id: str | None = None
    instance: str | None = None
    next_game: str | None = None  # the rematch that followed this finished game
    rematch_dice: Committed | None = None  # the rematch's, committed when the first asked
    ended: Ended | None = None  # the game that ended last, to count (the match's latest)
    turn_limit: int = 0  # seconds a player of a game between two people has per turn; 0: none
    deadline: float | None = None  # when the turn in progress runs out (Unix time)
    reminded: bool = False  # whether the player to move was told half the time is gone
    hints: int = 0  # hints the person asked for in this game (against the bot)
    hint: tuple[Candidate, ...] = ()  # the hint for this turn's start, best first, once asked
    fair: Committed | None = None  # None: dice not committed (tests' dice, older games)
    gone: int | None = None  # a player who left the group of this game, its win offered
    version: int = 0

    @property
    def shared(self) -> bool:
        """Whether two people play, both on one board message (in a group, or an inline
        message): the board then speaks of the players by name, in the game's `locale`, to
        whoever is to move."""
        return all(seat.level is None for seat in self.seats)

    def slots(self) -> tuple[Slot, ...]:
        """Where this game is the one game its players may have running (`GameStore` slots):
        the private chat of a game against the bot, each player in the group of a game
        between two, or in the chat of an inline game (known only by its `instance`)."""
        if not self.shared:
            return (self.chat_id,)
        chat = self.chat_id if self.inline_id is None else inline_chat(self.instance or "")
        return tuple(player_slot(chat, seat.user_id or 0) for seat in self.seats)

    def out_of_time(self, now: float) -> bool:
        """Whether the side to move has used up its time for this turn."""
        return self.deadline is not None and not self.game.over and now >= self.deadline

    def slot_of(self, user_id: int) -> Slot:
        """The slot of the player `user_id` (in a game between two people)."""
        return self.slots()[0 if self.seats[0].user_id == user_id else 1]

    def timer_due(self) -> float | None:
        """When the timer task next needs to look at the game: at once while a game that ended
        is not counted yet (`ended`); then the half-time reminder, then the deadline; None
        without a limit or once the game is over."""
        if self.ended is not None and not self.ended.counted:
            return 0.0
        if not self.turn_limit or self.deadline is None or self.game.over:
            return None
        return self.deadline if self.reminded else self.deadline - self.turn_limit / 2

    def away(self, seat: Seat) -> tuple[int, int] | None:
        """In a match, the points the player of `seat` still needs, then his opponent's; None
        for a single game."""
        return None if self.match is None else self.match.away(seat)

    def seat_of(self, user_id: int) -> Color | None:
        """The colour `user_id` plays, or None for someone outside the game."""
        for color in Color:
            if self.seats[color].user_id == user_id:
                return color
        return None

    def seat_now(self, before: Table, color: Color) -> Color:
        """The colour the player of `color` in `before` plays here: the same, unless this is the
        next game of their match, whose opening roll drew the colours anew (RULES.md §2)."""
        player = match_player(before.seats[color])
        return next((c for c in Color if match_player(self.seats[c]) == player), color)

    def with_game(self, game: AnyGame, events: tuple[Event, ...]) -> Table:
        """The table after a change to the game: `events` tell what happened meanwhile."""
        return replace(self, game=game, events=events, seq=self.seq + 1)

    def after_tap(self, game: AnyGame, tap: tuple[int, str]) -> Table:
        """The table after `tap` (made at, what it did) changed the game in this turn; only
        the latest `TAPS_KEPT` are kept (a turn of moves and undos has no end)."""
        taps = (*self.taps, tap)[-TAPS_KEPT:]
        return replace(self.with_game(game, self.events), taps=taps)

    def next_turn(
        self, game: AnyGame, events: tuple[Event, ...], ended_by: tuple[int, str] | None = None
    ) -> Table:
        """The table when a new turn begins (or the game ends), after `events`; the taps of
        the turn that ended, `ended_by` the last, are kept, the older ones dropped."""
        kept = tuple(tap for tap in self.taps if tap[0] >= self.turn_seq)
        taps = (kept if ended_by is None else (*kept, ended_by))[-TAPS_KEPT:]
        after = self.with_game(game, events)
        return replace(after, turn_seq=after.seq, taps=taps, hint=())

    def to_text(self) -> str:
        data: dict[str, Any] = {
            "g": variant_of(self.game).game_to_text(self.game),
            "s": [seat.to_text() for seat in self.seats],
            "c": self.chat_id,
            "m": self.message_id,
            "v": [encode_event(event) for event in self.events],
            "q": self.seq,
            "t": self.turn_seq,
            "d": [list(tap) for tap in self.taps],
        }
        if self.locale is not None:
            data["l"] = self.locale
        if self.rematch is not None:
            data["r"] = self.rematch
        if self.match is not None:
            data["x"] = self.match.to_list()
        if self.inline_id is not None:
            data["i"], data["h"] = self.inline_id, self.instance
        if self.turn_limit:
            data["T"], data["D"], data["R"] = self.turn_limit, self.deadline, self.reminded
        if self.next_game is not None:
            data["z"] = self.next_game
        if self.rematch_dice is not None:
            data["F"] = self.rematch_dice.to_list()
        if self.ended is not None:
            data["e"] = self.ended.to_list()
            if self.ended.record:
                data["E"] = self.ended.record
        if self.hints:
            data["H"] = self.hints
        if self.hint:
            data["A"] = [[_hint_text(self.game, c), c.equity, c.win] for c in self.hint]
        if self.fair is not None:
            data["f"] = self.fair.to_list()
        if self.gone is not None:
            data["G"] = self.gone
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_text(cls, game_id: str, version: int, text: str) -> Table:
        data = json.loads(text)
        white, black = (Seat.from_text(seat) for seat in data["s"])
        game = game_from_text(data["g"])
        return cls(
            game_id=game_id,
            game=game,
            seats=(white, black),
            chat_id=data["c"],
            message_id=data["m"],
            # Games saved before events were typed kept message keys ("n"), not read: what
            # they told since the last move is not told again.
            events=_read_events(game_id, data.get("v", [])),
            # Games saved before these fields existed start counting at 0.
            seq=data.get("q", 0),
            turn_seq=data.get("t", 0),
            taps=tuple((made_at, what) for made_at, what in data.get("d", [])),
            locale=data.get("l"),
            rematch=data.get("r"),
            match=MatchPlay.from_list(data["x"]) if "x" in data else None,
            inline_id=data.get("i"),
            instance=data.get("h"),
            next_game=data.get("z"),
            rematch_dice=Committed.from_list(data["F"]) if "F" in data else None,
            ended=Ended.from_list(data["e"], data.get("E", "")) if "e" in data else None,
            turn_limit=data.get("T", 0),
            deadline=data.get("D"),
            reminded=data.get("R", False),
            hints=data.get("H", 0),
            hint=tuple(  # a hint is kept only while its roll is on the board
                Candidate(variant_of(game).parse_turn(turn, game.dice), equity, win)
                for turn, equity, win in data.get("A", [])
            ),
            fair=Committed.from_list(data["f"]) if "f" in data else None,
            gone=data.get("G"),
            version=version,
        )


def _hint_text(game: AnyGame, candidate: Candidate) -> str:
    """A hinted turn as its game writes it in the mover's own numbers (RULES.md §10; short
    nardy's `bar/22`), so that the game's own `parse_turn` reads it back."""
    mover = game.to_move
    return variant_of(game).turn_text_for(candidate.steps, mover, mover, "off", "bar")


def player_slot(chat: int | str, user_id: int) -> Slot:
    """The `GameStore` slot of one player in a group (or the chat of an inline message,
    `inline_chat`): at most one running game each."""
    return f"{chat}:{user_id}"


def inline_chat(instance: str) -> str:
    """How the chat of an inline message is named in slots: Telegram tells the bot only its
    `chat_instance`, the same for every message in one chat."""
    return f"i{instance}"


@dataclass(frozen=True, slots=True)
class Challenge:
    """A game offered in a group by `challenger`, to anyone or to one person (`invited_name`,
    their name as shown; `invited_id` when known, else the name is `@username` as /play @name
    gave it); the first other person allowed who joins gets the game on its `terms` and house
    `rules` (the group's settings when it was made), stored under the same id (`Table`). It
    was made at `made_at` (Unix time) and posted as the card `message_id`, which says so when
    it expires. Its game's `dice` are committed with it, the card showing the commitment, so
    that the id of the tap that joins can be mixed in (`nardy.fair`)."""

    challenge_id: str
    chat_id: int
    challenger: Seat
    locale: str
    invited_id: int | None = None
    invited_name: str | None = None
    terms: Terms = Terms()
    made_at: float = 0.0
    message_id: int | None = None
    version: int = 0
    rules: AnyRules = STANDARD_RULES
    dice: Committed | None = None

    def invites(self, user_id: int, username: str | None) -> bool:
        """Whether the person `user_id` (@`username`) may join."""
        if self.invited_id is not None:
            return user_id == self.invited_id
        if self.invited_name is not None:
            return username is not None and f"@{username}".lower() == self.invited_name.lower()
        return True

    def to_text(self) -> str:
        data: dict[str, Any] = {
            "k": "c",
            "c": self.chat_id,
            "s": self.challenger.to_text(),
            "l": self.locale,
            "i": self.invited_id,
            "n": self.invited_name,
            "x": self.terms.length,
            "t": self.terms.turn_limit,
            "a": self.made_at,
            "m": self.message_id,
        }
        if self.rules != STANDARD_RULES:
            data["r"] = variant_of(self.rules).rules_to_text(self.rules)
        if self.dice is not None:
            data["f"] = self.dice.to_list()
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_text(cls, challenge_id: str, version: int, text: str) -> Challenge:
        data = json.loads(text)
        if data.get("k") != "c":
            raise ValueError("not a challenge")
        return cls(
            challenge_id=challenge_id,
            chat_id=data["c"],
            challenger=Seat.from_text(data["s"]),
            locale=data["l"],
            invited_id=data["i"],
            invited_name=data["n"],
            terms=Terms(data.get("x", 1), data.get("t", 0)),
            made_at=data.get("a", 0.0),
            message_id=data.get("m"),
            version=version,
            rules=rules_from_text(data["r"]) if "r" in data else STANDARD_RULES,
            dice=Committed.from_list(data["f"]) if "f" in data else None,
        )


def is_challenge(text: str) -> bool:
    """Whether stored data is a `Challenge` (else a `Table`)."""
    return text.startswith('{"k":"c"')


@dataclass(frozen=True, slots=True)
class InlineCard:
    """A challenge sent through inline mode, as its Join or Cancel tap tells it: the inline
    message, its chat's `instance`, the challenger, their language, when the card was offered
    (Unix seconds), its terms and house rules, and the bot's seal on them (`CardSeal`)."""

    inline_id: str
    instance: str
    challenger: Seat
    locale: str
    made_at: float
    terms: Terms
    rules: AnyRules = STANDARD_RULES
    seal: str = ""


def card_dice_name(seal: str) -> str:
    """What the dice of the game of an inline card (sealed `seal`) are committed under: the
    card shows the commitment before anyone joins, when the game's id is not known yet."""
    return f"c{seal}"


def inline_game_id(inline_id: str) -> str:
    """The id of the game played in an inline message, the same for every tap on it."""
    digest = hashlib.sha256(inline_id.encode()).digest()
    return "i" + base64.urlsafe_b64encode(digest).decode()[:10]
