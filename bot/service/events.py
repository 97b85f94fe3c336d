"""What happened in a game since a player last looked, as typed events kept with the game: a
turn played, a double, a game of a match won… The service records facts about players; the UI
phrases each for its audience (`bot.ui.events`): "You double" to the person against the bot,
"Ann doubles" on a board two people share.

Kept as compact JSON lists, `[name, field…]`, each field in its declared order: a class's name
and its fields' order are the stored format, so a new field goes last, with a default (games
kept before it read with the default), and an event renamed is a new one."""

from __future__ import annotations

import enum
import typing
from dataclasses import dataclass, fields
from typing import Any, TypeAlias

from nardy.scoring import EndReason, ResultKind


@dataclass(frozen=True, slots=True)
class Actor:
    """Who did something: a person, by the name the other player reads, or the bot."""

    name: str = ""
    bot: bool = False


BOT = Actor(bot=True)


@dataclass(frozen=True, slots=True)
class DiceCommitted:
    """A game with provably fair dice (`nardy.fair`) begins: its commitment, before any roll."""

    commitment: str


@dataclass(frozen=True, slots=True)
class OpeningRolled:
    """One throw of the opening roll (RULES.md §2): `first` (the one who asked first, or the
    person against the bot) threw `a`, `second` threw `b`; a `tie` is thrown again."""

    first: Actor
    a: int
    second: Actor
    b: int
    tie: bool


@dataclass(frozen=True, slots=True)
class Started:
    """The opening roll's winner plays white and starts."""

    player: Actor


@dataclass(frozen=True, slots=True)
class TurnPlayed:
    """`player` rolled `dice` and played `turn`, written in the notation of its mover, the
    colour `by` (an interchange name), to be shown in each reader's own numbers; `forced`:
    the only way to play the roll, played for them."""

    player: Actor
    dice: str
    turn: str
    by: str
    forced: bool = False


@dataclass(frozen=True, slots=True)
class TurnPassed:
    """`player` rolled `dice` and could not move: the turn passes."""

    player: Actor
    dice: str


@dataclass(frozen=True, slots=True)
class Doubled:
    """`player` offered the cube at `value` (RULES.md §9)."""

    player: Actor
    value: int


@dataclass(frozen=True, slots=True)
class Took:
    """`player` took the double: the cube is at `value`, theirs."""

    player: Actor
    value: int


@dataclass(frozen=True, slots=True)
class Dropped:
    """`player` dropped the double and lost the game at the cube's value."""

    player: Actor


@dataclass(frozen=True, slots=True)
class MatchGameWon:
    """Game `number` of a match went to `winner` from `loser`, who lost it for `reason`; the
    kind of win, `kind`, scores it (RULES.md §7). The next game begins on the same board."""

    number: int
    winner: Actor
    loser: Actor
    reason: EndReason
    kind: ResultKind


@dataclass(frozen=True, slots=True)
class Summary:
    """The game that ended: `turns` played, `a` checkers borne off by `first` (white), `b` by
    `second`."""

    turns: int
    first: Actor
    a: int
    second: Actor
    b: int


@dataclass(frozen=True, slots=True)
class RatingsChanged:
    """The ended game's rating changes (Glicko-2): `a` for `first` (white), `b` for `second`."""

    first: Actor
    a: float
    second: Actor
    b: float


@dataclass(frozen=True, slots=True)
class MatchScore:
    """The match's score after a game, `a` for `first` (the one who asked first, or the person
    against the bot) and `b` for `second`; the next game begins."""

    first: Actor
    a: int
    second: Actor
    b: int


@dataclass(frozen=True, slots=True)
class CameBack:
    """`player` came back to the group their game is played in: the game goes on."""

    player: Actor


Event: TypeAlias = (
    DiceCommitted
    | OpeningRolled
    | Started
    | TurnPlayed
    | TurnPassed
    | Doubled
    | Took
    | Dropped
    | MatchGameWon
    | Summary
    | RatingsChanged
    | MatchScore
    | CameBack
)

KINDS: dict[str, type[Event]] = {kind.__name__: kind for kind in typing.get_args(Event)}
# Each kind's field types, in order, to read its JSON back.
FIELD_TYPES: dict[str, tuple[Any, ...]] = {
    name: tuple(typing.get_type_hints(kind)[f.name] for f in fields(kind))
    for name, kind in KINDS.items()
}


def encode_event(event: Event) -> list[Any]:
    """`event` as JSON: its name, then each field (an actor as its name, or None for the bot;
    an enum as its value)."""
    return [type(event).__name__, *(_encode(getattr(event, f.name)) for f in fields(event))]


def decode_event(data: list[Any]) -> Event:
    """The event `encode_event` gave, in this version or an earlier one (fields it lacks take
    their defaults); ValueError for one this version cannot read (a later version's)."""
    name, *values = data
    kind = KINDS.get(name)
    if kind is None or len(values) > len(FIELD_TYPES[name]):
        raise ValueError(f"unknown event {data!r}")
    try:
        hints = FIELD_TYPES[name]  # as many as the values, or more: those take their defaults
        return kind(*(_decode(hint, value) for hint, value in zip(hints, values, strict=False)))
    except TypeError as exc:  # a field without a default missing
        raise ValueError(f"unreadable event {data!r}") from exc


def _encode(value: object) -> object:
    if isinstance(value, Actor):
        return None if value.bot else value.name
    if isinstance(value, enum.Enum):
        return value.value
    return value


def _decode(hint: Any, value: Any) -> Any:
    if hint is Actor:
        return BOT if value is None else Actor(value)
    return hint(value)  # an enum from its value, a number, a string
