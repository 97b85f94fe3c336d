"""A game as the bot keeps it: the nardy `Game`, the two seats, the board message, recent events.

Stored as compact JSON around `nardy.record`'s game text (a long game stays well under 2 KB).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from nardy import Color
from nardy.ai import Level
from nardy.game import Game
from nardy.record import game_from_text, game_to_text


@dataclass(frozen=True, slots=True)
class Seat:
    """A player slot: a Telegram user, or the bot at a level."""

    user_id: int | None = None
    level: Level | None = None

    def to_text(self) -> str:
        return f"b:{self.level.value}" if self.level is not None else f"u:{self.user_id}"

    @classmethod
    def from_text(cls, text: str) -> Seat:
        kind, _, value = text.partition(":")
        return cls(level=Level(value)) if kind == "b" else cls(user_id=int(value))


@dataclass(frozen=True, slots=True)
class Note:
    """Something that happened since the player's last move, e.g. the bot's turn; `key` is a
    message key and `values` its placeholders, language-neutral: dice, and a turn in the
    notation of its mover (`by`, a colour's interchange name), to be shown in each reader's."""

    key: str
    values: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, key: str, **values: str) -> Note:
        return cls(key, tuple(sorted(values.items())))


# How many taps a session remembers to tell a doubled tap: more than a turn's moves, Done and
# a few undone moves (a doubled tap comes within a second or two).
TAPS_KEPT = 12


@dataclass(frozen=True, slots=True)
class Session:
    """One stored game.

    `seq` counts the changes to the game itself (steps, undos, turns, the end): buttons carry
    it, so a tap made on an older state of the game is recognised. `turn_seq` is the `seq` at
    which the turn in progress began, and `taps` lists the taps that changed the game in this
    turn and the one before, as (the `seq` each was made at, what it did: `m24-18`, `d`), so
    that a doubled tap is told from a quick player's next move. `version` is
    the store's compare-and-set counter (0 before the first save); it also changes when only
    the board message does, and never leaves the service.
    """

    game_id: str
    game: Game
    seats: tuple[Seat, Seat]  # indexed by Color
    chat_id: int
    message_id: int | None = None
    notes: tuple[Note, ...] = ()
    seq: int = 0
    turn_seq: int = 0
    taps: tuple[tuple[int, str], ...] = ()
    version: int = 0

    def seat_of(self, user_id: int) -> Color | None:
        """The colour `user_id` plays, or None for someone outside the game."""
        for color in Color:
            if self.seats[color].user_id == user_id:
                return color
        return None

    def with_game(self, game: Game, notes: tuple[Note, ...]) -> Session:
        """The session after a change to the game: `notes` tell what happened meanwhile."""
        return replace(self, game=game, notes=notes, seq=self.seq + 1)

    def after_tap(self, game: Game, tap: tuple[int, str]) -> Session:
        """The session after `tap` (made at, what it did) changed the game in this turn; only
        the latest `TAPS_KEPT` are kept (a turn of moves and undos has no end)."""
        taps = (*self.taps, tap)[-TAPS_KEPT:]
        return replace(self.with_game(game, self.notes), taps=taps)

    def next_turn(
        self, game: Game, notes: tuple[Note, ...], ended_by: tuple[int, str] | None = None
    ) -> Session:
        """The session when a new turn begins (or the game ends), after `notes`; the taps of
        the turn that ended, `ended_by` the last, are kept, the older ones dropped."""
        kept = tuple(tap for tap in self.taps if tap[0] >= self.turn_seq)
        taps = (kept if ended_by is None else (*kept, ended_by))[-TAPS_KEPT:]
        after = self.with_game(game, notes)
        return replace(after, turn_seq=after.seq, taps=taps)

    def to_text(self) -> str:
        data: dict[str, Any] = {
            "g": game_to_text(self.game),
            "s": [seat.to_text() for seat in self.seats],
            "c": self.chat_id,
            "m": self.message_id,
            "n": [[note.key, dict(note.values)] for note in self.notes],
            "q": self.seq,
            "t": self.turn_seq,
            "d": [list(tap) for tap in self.taps],
        }
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_text(cls, game_id: str, version: int, text: str) -> Session:
        data = json.loads(text)
        white, black = (Seat.from_text(seat) for seat in data["s"])
        return cls(
            game_id=game_id,
            game=game_from_text(data["g"]),
            seats=(white, black),
            chat_id=data["c"],
            message_id=data["m"],
            notes=tuple(Note.of(key, **values) for key, values in data["n"]),
            # Games saved before these fields existed start counting at 0.
            seq=data.get("q", 0),
            turn_seq=data.get("t", 0),
            taps=tuple((made_at, what) for made_at, what in data.get("d", [])),
            version=version,
        )
