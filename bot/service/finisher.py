"""A game's end: a change that may end it saved, the ended game kept with its record and counted
into its players' statistics (once, however many processes try), its match scored and the
match's next game begun; and a game lost on time."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import replace

from bot.service import telling
from bot.service.flow import PlayOn
from bot.service.keeper import GameKeeper
from bot.service.records import Records, record_text
from bot.service.results import Results
from bot.service.table import Table
from bot.storage import StoreUnavailable, VersionConflict
from nardy import IllegalMove
from nardy.scoring import EndReason

log = logging.getLogger(__name__)


class Finisher:
    """Ends and counts games kept by `keeper`; a match's next game is played on by `flow`."""

    def __init__(
        self,
        keeper: GameKeeper,
        flow: PlayOn,
        results: Results,
        records: Records,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._keeper = keeper
        self._flow = flow
        self._results = results
        self._records = records
        self._clock = clock

    async def conclude(self, table: Table) -> Table:
        """Save a change that may end the game (a turn, a resignation, a timeout). A game that
        ended is kept to be counted (`Results.ended`) with its record (`records.record_text`,
        stored as it is counted), its match scored and the match's next game begun, and
        counted once saved. A game of the match that ended before and is not counted yet (its
        count cut short) is counted first: the new one takes its place."""
        if not table.game.over:
            return await self._keeper.save(table)
        if table.ended is not None and not table.ended.counted:
            await self._tally(table)
        ended = await self._results.ended(table)
        assert ended.ended is not None
        record = record_text(table, self._clock())
        ended = replace(ended, ended=replace(ended.ended, record=record))
        return await self._save_ended(await self._next_of_match(ended))

    async def time_out(self, table: Table) -> Table:
        """The game (out of time) lost on time by the side it waits for (`to_act`), scored from
        the position (RULES.md §7), saved; the next game of a match begun. `table` as it was
        when that side cannot lose (it has borne off everything, awaiting the last roll)."""
        try:
            game = table.game.resign(table.game.to_act, EndReason.TIMEOUT)
        except IllegalMove:
            return table
        return await self.conclude(table.with_game(game, ()))

    async def count(self, table: Table) -> Table:
        """Count the game that ended last in `table` (`Results.count`, once however often
        asked), then save it counted; a change saved meanwhile is read again, and whatever
        game it holds uncounted is counted. The table as saved. A screen that shows the
        players' record counts a game another process is still counting (once, however many
        do) rather than show the record without it."""
        while table.ended is not None and not table.ended.counted:
            await self._tally(table)
            counted = replace(table, ended=replace(table.ended, counted=True, record=""))
            try:
                return await self._keeper.save(counted)
            except VersionConflict:
                table = await self._keeper.load(table.game_id)
        return table

    async def _save_ended(self, table: Table) -> Table:
        """Save a game that ended (`conclude`'s): the players' slots are freed when nothing
        more is to be played, and the game counted (`count`). Until it is counted the timer
        index has it due at once, so that the timer task counts it when this process cannot."""
        saved = await self._keeper.save(table)
        if table.game.over:
            await self._keeper.release(table)
            await self._keeper.note_running(table, False)
            log.info("game %s over: %s", table.game_id, table.game.result)
        try:
            saved = await self.count(saved)
        except StoreUnavailable as exc:  # the index still has it due: counted later
            log.warning("game %s is counted later: %s", table.game_id, exc)
        return saved

    async def _tally(self, table: Table) -> None:
        """Keep the record of the game that ended last in `table` and count it into its
        players' statistics: both once, however often done."""
        assert table.ended is not None
        if table.ended.record:  # kept before the count: it is saved counted without it
            await self._records.keep(table.game_id, table.ended)
        await self._results.count(table)

    async def _next_of_match(self, table: Table) -> Table:
        """After a game of a match: the score counted and, unless the match is over, the next
        game begun on the same board (its first events tell how the last one ended)."""
        if not table.game.over or table.match is None:
            return table
        played = table.match.after(table)
        counted = replace(table, match=played)
        if played.over:
            return counted
        told = telling.game_of_match(table, played)
        told[-1:-1] = telling.summary(table)  # before the score
        seats = played.seats(table.seats)
        return await self._flow.first_turns(replace(counted, seats=seats, hints=0), told)
