"""Game records: a finished game's transcript (`nardy.transcript`), with its dice seed revealed,
made when the game ends and kept by the store for its players (/record, the Game record
button); anyone can check one with `python -m nardy verify RECORD`."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from bot.service.table import Ended, Seat, Table, match_player
from bot.storage import RecordsStore
from nardy import Color
from nardy.ai import Level
from nardy.transcript import MatchPlace, Transcript, TranscriptError, from_game, parse, to_text

log = logging.getLogger(__name__)

BOT_NAME = "Nardy bot"


def player_name(seat: Seat) -> str:
    """How a record names a player: the person's name, or the bot with its level (language-
    neutral: a record is read by programs too)."""
    if seat.level is not None:
        return f"{BOT_NAME} ({seat.level.value})"
    return seat.name or f"Player {seat.user_id}"


def bot_level(name: str) -> Level | None:
    """The level of the bot a record names `name` (`player_name`); None for a person."""
    for level in Level:
        if name == f"{BOT_NAME} ({level.value})":
            return level
    return None


def person_against_bot(players: tuple[str, str]) -> Color | None:
    """The colour of the person in a game against the bot, whose side a record is seen from
    (their board, their numbers); None in a game between two people."""
    bots = [color for color in Color if bot_level(players[color]) is not None]
    return bots[0].opponent if len(bots) == 1 else None


def match_place(table: Table) -> tuple[int, MatchPlace] | None:
    """In a match, its length and where `table`'s game, just ended and not yet scored,
    stands in it (`nardy.transcript.MatchPlace`); None for a single game."""
    if table.match is None:
        return None
    match, players = table.match.match, table.match.players
    white = players.index(match_player(table.seats[Color.WHITE]))
    score = (match.score[white], match.score[1 - white])
    return match.length, MatchPlace(match.games + 1, score)


def transcript_of(table: Table, ended_at: float) -> Transcript | None:
    """The transcript of `table`'s game, just ended at the time `ended_at`; None when its
    dice were not committed (a game begun before provably fair dice, or dice a test chose), or
    its doubles were not all kept (`doubles_complete`)."""
    fair, game = table.fair, table.game
    if fair is None or fair.opening is None or game.result is None or not game.doubles_complete:
        return None
    players = (player_name(table.seats[Color.WHITE]), player_name(table.seats[Color.BLACK]))
    # Only a person playing the bot asks for hints (`Table.hints`).
    hints = tuple(
        table.hints if seat.level is None and not table.shared else 0 for seat in table.seats
    )
    return from_game(
        game,
        fair.opening,
        players,
        game_id=fair.name,
        seed=fair.seed,
        mix=fair.mix,
        hints=(hints[0], hints[1]),
        date=datetime.fromtimestamp(ended_at, UTC).date().isoformat(),
        match=match_place(table),
    )


def record_text(table: Table, ended_at: float) -> str:
    """The record of `table`'s game, just ended at the time `ended_at`, as a text file
    holds it; "" when it has none (`transcript_of`)."""
    transcript = transcript_of(table, ended_at)
    return "" if transcript is None else to_text(transcript)


def readable(text: str) -> Transcript | None:
    """The record `text` read; None when it does not read (a format this version does not
    know)."""
    try:
        return parse(text)
    except TranscriptError:
        return None


class Records:
    """The records of finished games, as the store keeps them (`RECORD_TTL`)."""

    def __init__(self, store: RecordsStore) -> None:
        self._store = store

    async def keep(self, game_id: str, ended: Ended) -> None:
        """Store the record of the game `ended` (of the table `game_id`) for its players;
        keeping it again changes nothing."""
        players = [seat.user_id for seat in ended.seats if seat.user_id is not None]
        await self._store.save_record(ended.mark(game_id), ended.record, players)

    async def text(self, name: str, reader: int) -> str | None:
        """The record of the game `name` (`Ended.mark`) for `reader`, one of its players; None
        when it is gone, was never made, or is another's (a game against the bot is its
        player's own; anyone may have played in a group)."""
        stored = await self._store.record(name)
        if stored is None or reader not in stored[1]:
            return None
        return stored[0]

    async def kept_review(self, name: str) -> str | None:
        """The Expert's review kept with the record `name` (`keep_review`), if any."""
        return await self._store.review(name)

    async def keep_review(self, name: str, review: str) -> None:
        """Keep the Expert's `review` with the record `name`, as long as the record is kept."""
        await self._store.save_review(name, review)

    async def latest(self, user_id: int) -> list[tuple[str, Transcript]]:
        """The user's latest records still kept, latest first: name and transcript; one that
        does not read (a format this version does not know) is left out."""
        found = []
        for name in await self._store.records(user_id):
            text = await self.text(name, user_id)
            try:
                if text is not None:
                    found.append((name, parse(text)))
            except TranscriptError as exc:
                log.warning("record %s does not read: %s", name, exc)
        return found
