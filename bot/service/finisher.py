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
from bot.service.session import Session
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

    async def conclude(self, session: Session) -> Session:
        """Save a change that may end the game (a turn, a resignation, a timeout). A game that
        ended is kept to be counted (`Results.ended`) with its record (`records.record_text`,
        stored as it is counted), its match scored and the match's next game begun, and
        counted once saved. A game of the match that ended before and is not counted yet (its
        count cut short) is counted first: the new one takes its place."""
        if not session.game.over:
            return await self._keeper.save(session)
        if session.ended is not None and not session.ended.counted:
            await self._tally(session)
        ended = await self._results.ended(session)
        assert ended.ended is not None
        record = record_text(session, self._clock())
        ended = replace(ended, ended=replace(ended.ended, record=record))
        return await self._save_ended(await self._next_of_match(ended))

    async def time_out(self, session: Session) -> Session:
        """The game (out of time) lost on time by the side it waits for (`to_act`), scored from
        the position (RULES.md §7), saved; the next game of a match begun. `session` as it was
        when that side cannot lose (it has borne off everything, awaiting the last roll)."""
        try:
            game = session.game.resign(session.game.to_act, EndReason.TIMEOUT)
        except IllegalMove:
            return session
        return await self.conclude(session.with_game(game, ()))

    async def count(self, session: Session) -> Session:
        """Count the game that ended last in `session` (`Results.count`, once however often
        asked), then save it counted; a change saved meanwhile is read again, and whatever
        game it holds uncounted is counted. The session as saved. A screen that shows the
        players' record counts a game another process is still counting (once, however many
        do) rather than show the record without it."""
        while session.ended is not None and not session.ended.counted:
            await self._tally(session)
            counted = replace(session, ended=replace(session.ended, counted=True, record=""))
            try:
                return await self._keeper.save(counted)
            except VersionConflict:
                session = await self._keeper.load(session.game_id)
        return session

    async def _save_ended(self, session: Session) -> Session:
        """Save a game that ended (`conclude`'s): the players' slots are freed when nothing
        more is to be played, and the game counted (`count`). Until it is counted the timer
        index has it due at once, so that the timer task counts it when this process cannot."""
        saved = await self._keeper.save(session)
        if session.game.over:
            await self._keeper.release(session)
            await self._keeper.note_running(session, False)
            log.info("game %s over: %s", session.game_id, session.game.result)
        try:
            saved = await self.count(saved)
        except StoreUnavailable as exc:  # the index still has it due: counted later
            log.warning("game %s is counted later: %s", session.game_id, exc)
        return saved

    async def _tally(self, session: Session) -> None:
        """Keep the record of the game that ended last in `session` and count it into its
        players' statistics: both once, however often done."""
        assert session.ended is not None
        if session.ended.record:  # kept before the count: it is saved counted without it
            await self._records.keep(session.game_id, session.ended)
        await self._results.count(session)

    async def _next_of_match(self, session: Session) -> Session:
        """After a game of a match: the score counted and, unless the match is over, the next
        game begun on the same board (its first events tell how the last one ended)."""
        if not session.game.over or session.match is None:
            return session
        played = session.match.after(session)
        counted = replace(session, match=played)
        if played.over:
            return counted
        told = telling.game_of_match(session, played)
        told[-1:-1] = telling.summary(session)  # before the score
        seats = played.seats(session.seats)
        return await self._flow.first_turns(replace(counted, seats=seats, hints=0), told)
