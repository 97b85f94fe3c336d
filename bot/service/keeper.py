"""The games as stored, for every game verb (`bot.service.mover`, `finisher`, `starter`…): each
read parsed, each write one compare-and-set on the stored version (of two simultaneous changes
exactly one counts), and the slots (a private chat, a player in a group) pointing at games."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.service.errors import GameInProgress, NoGame, NotYourGame, Watching
from bot.service.parsed import ParsedGames
from bot.service.table import Table
from bot.storage import (
    FINISHED_TTL,
    UNFINISHED_TTL,
    GameStore,
    Slot,
    TapRead,
    VersionConflict,
    Versioned,
)
from nardy import Color
from nardy.record import RecordError

# How often an action is tried again when another change to the game (say, its board message
# being replaced) was saved between reading the game and writing it.
CONFLICT_RETRIES = 3


class GameKeeper:
    """Reads and saves games in `store`, keeping the last ones parsed (`ParsedGames`)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        """The store itself, for what a verb keeps besides games (claims, timers, seeds)."""
        self._parsed = ParsedGames()

    # -- reading ----------------------------------------------------------------------------

    async def load(self, game_id: str) -> Table:
        """The stored game; `NoGame` when there is none (never was, expired, unreadable)."""
        return self._parse(game_id, await self.store.load_game(game_id))

    def _parse(self, game_id: str, stored: Versioned | None) -> Table:
        """The game as read; `NoGame` when there is none or it cannot be read."""
        if stored is None:
            raise NoGame(game_id)
        try:
            return self._parsed.parse(game_id, stored.version, stored.data)
        except (RecordError, ValueError, KeyError, TypeError) as exc:
            raise NoGame(game_id) from exc

    async def seat(
        self, game_id: str, user_id: int, read: TapRead | None = None
    ) -> tuple[Table, Color]:
        """The game and the colour `user_id` plays in it; `NoGame` or `NotYourGame` otherwise.
        The game is taken from `read` (the tap's first read, with the user's preferences)
        when that read it, else read now."""
        if read is not None and read.game_id == game_id:
            table = self._parse(game_id, read.game)
        else:
            table = await self.load(game_id)
        color = table.seat_of(user_id)
        if color is None:
            raise (Watching if table.shared else NotYourGame)(game_id)
        return table, color

    async def unfinished(self, game_id: str) -> Table | None:
        """The game if it is stored and not over."""
        try:
            table = await self.load(game_id)
        except NoGame:
            return None
        return None if table.game.over else table

    async def active_game(self, slot: Slot) -> Table | None:
        """The unfinished game of `slot` (a private chat, or a player in a group: `player_slot`),
        if it has one."""
        game_id = await self.store.chat_game(slot)
        return None if game_id is None else await self.unfinished(game_id)

    async def running(self, user_id: int) -> list[Table]:
        """The games `user_id` plays that are still running (/games), the index cleared of
        those that ended or expired meanwhile."""
        games = []
        for game_id in await self.store.running_games(user_id):
            table = await self.unfinished(game_id)
            if table is None or table.seat_of(user_id) is None:
                await self.store.note_running(user_id, game_id, False)
            else:
                games.append(table)
        return games

    # -- writing ----------------------------------------------------------------------------

    async def save(self, table: Table) -> Table:
        """Compare-and-set on the version (`VersionConflict` when it moved on). Every save
        renews the game's time to live (storage.UNFINISHED_TTL, FINISHED_TTL) and puts when
        its timer is next due on the timer index."""
        ttl = FINISHED_TTL if table.game.over else UNFINISHED_TTL
        due = table.timer_due()
        timed = bool(table.turn_limit) or table.ended is not None
        if timed:  # sooner before the save (a crash then leaves an entry too early, which the
            # timer task corrects), exact after it; a lost save changes neither
            await self.store.set_timer(table.game_id, due, earlier_only=True)
        text = table.to_text()
        version = await self.store.save_game(table.game_id, table.version, text, ttl)
        saved = replace(table, version=version)
        self._parsed.note(saved, text)
        if timed:
            await self.store.set_timer(table.game_id, due)
        return saved

    async def note_running(self, table: Table, running: bool) -> None:
        """Note the game among its players' running games (`running`), or take it off."""
        for seat in table.seats:
            if seat.user_id is not None:
                await self.store.note_running(seat.user_id, table.game_id, running)

    async def set_board(self, game_id: str, expected: int | None, message_id: int) -> bool:
        """Record `message_id` as the game's board message if the board is still `expected`;
        False when another board was recorded meanwhile (or the game is gone). Recording the
        board already recorded succeeds: a tap on a new board can record it first. A save that
        lost to another change is read again until the answer is known."""
        while True:
            try:
                table = await self.load(game_id)
            except NoGame:
                return False
            if table.message_id == message_id:
                return True
            if table.message_id != expected:
                return False
            try:
                await self.save(replace(table, message_id=message_id))
            except VersionConflict:
                continue
            return True

    # -- the slots pointing at games --------------------------------------------------------

    async def check_free(self, slot: Slot, user_id: int | None = None) -> str | None:
        """The slot's last game id, which may be replaced; `GameInProgress` while it runs."""
        previous = await self.store.chat_game(slot)
        if previous is not None and await self.unfinished(previous) is not None:
            raise GameInProgress(previous, user_id)
        return previous

    async def claim(self, table: Table, shared: Slot | None = None) -> None:
        """Point every slot of `table` at it; `GameInProgress` (naming the player in a group)
        when another game runs in one, and then those it pointed are given back, but for
        `shared`: the challenger's slot, which another joiner of the same challenge (so of the
        same game id) may be counting on."""
        claimed: list[Slot] = []
        try:
            for slot, seat in zip(table.slots(), table.seats, strict=False):
                user = seat.user_id if table.shared else None
                if await self.store.chat_game(slot) != table.game_id:
                    previous = await self.check_free(slot, user)
                    if not await self.store.swap_chat_game(slot, previous, table.game_id):
                        taken = await self.store.chat_game(slot)
                        if taken != table.game_id:
                            raise GameInProgress(taken or "", user)
                claimed.append(slot)
        except GameInProgress:
            await self.release(table, shared, claimed)
            raise

    async def release(
        self, table: Table, kept: Slot | None = None, slots: Sequence[Slot] | None = None
    ) -> None:
        """The slots (of `table`, or those given) that point at it point at nothing, but for
        `kept`. A slot left pointing at a game id that is not a running game is free anyway."""
        for slot in table.slots() if slots is None else slots:
            if slot != kept:
                await self.store.swap_chat_game(slot, table.game_id, None)
