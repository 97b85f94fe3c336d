"""A game's timer, served when due (`GameStore.due_timers`): a reminder at half time, a loss on
time at the deadline, a challenge nobody joined closed, a game a crash left uncounted counted."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from bot.service.challenges import Challenges
from bot.service.errors import NoGame
from bot.service.finisher import Finisher
from bot.service.keeper import GameKeeper
from bot.service.table import Challenge, Table, is_challenge
from bot.storage import VersionConflict


class Deadlines:
    """Serves the timers of games kept by `keeper` (ended by `finisher`) and of `challenges`."""

    def __init__(
        self,
        keeper: GameKeeper,
        finisher: Finisher,
        challenges: Challenges,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._keeper = keeper
        self._finisher = finisher
        self._challenges = challenges
        self._clock = clock

    async def serve(self, game_id: str) -> Table | Challenge | None:
        """Serve the timer of a game or challenge, due now (`GameStore.due_timers`): at half
        time the player to move is to be reminded, at the deadline the game is lost on time,
        scored from the position (RULES.md §7); a challenge nobody joined expires; a game that
        ended and was not counted (a crash cut the count short, `Finisher.conclude`) is
        counted. Returns the game so changed, or the challenge so closed, to be shown; None
        when nothing was due after all (a stale index entry, rescheduled), nothing is to be
        shown (a count) or another process served it first: each change is a compare-and-set,
        so it happens once however many serve."""
        stored = await self._keeper.store.load_game(game_id)
        if stored is not None and is_challenge(stored.data):
            return await self._challenges.expire(game_id, stored.version, stored.data)
        try:
            table = await self._keeper.load(game_id)
        except NoGame:
            await self._keeper.store.set_timer(game_id, None)
            return None
        if table.ended is not None and not table.ended.counted:
            await self._finisher.count(table)  # its save puts the timer's next due on the index
            return None
        due = table.timer_due()
        now = self._clock()
        if due is None or due > now:
            await self._keeper.store.set_timer(game_id, due)
            latest = await self._keeper.store.load_game(game_id)
            if latest is None or latest.version != table.version:
                # Changed while this looked: a game-ending save may have put its count on
                # the index just before this took it off; look again soon.
                await self._keeper.store.set_timer(game_id, now, earlier_only=True)
            return None
        try:
            if not table.out_of_time(now):
                return await self._keeper.save(replace(table, reminded=True))
            timed_out = await self._finisher.time_out(table)
        except VersionConflict:
            return None  # a move or another process got there first: its save set the timer
        if timed_out is table:  # it cannot lose on time now: nothing more to serve
            await self._keeper.store.set_timer(game_id, None)
            return None
        return timed_out
