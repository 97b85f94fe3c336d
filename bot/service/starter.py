"""A game against the bot begun in a private chat, and any new game made its players' game
once saved (or forgotten when its first board could not be sent)."""

from __future__ import annotations

import logging
import secrets

from bot.service.errors import InvalidAction
from bot.service.flow import PlayOn, new_match, placeholder
from bot.service.keeper import GameKeeper
from bot.service.table import MATCH_LENGTHS, STANDARD_RULES, Seat, Table
from bot.storage import VersionConflict
from nardy.ai import Level
from nardy.variant import AnyRules
from nardy.variants import variant_of

log = logging.getLogger(__name__)


class Starter:
    """Begins games kept by `keeper`, played on to the first human decision by `flow`."""

    def __init__(self, keeper: GameKeeper, flow: PlayOn) -> None:
        self._keeper = keeper
        self._flow = flow

    async def new_vs_bot(
        self,
        chat_id: int,
        user_id: int,
        level: Level,
        length: int = 1,
        rules: AnyRules = STANDARD_RULES,
        name: str = "",
    ) -> Table:
        """A new game in the chat, or the first of a match to `length` points, under `rules`,
        opening roll done and the bot's first turn played if it starts; not saved yet (`open`).
        `name` is the person's, for the game's record. Raises `InvalidAction` for a level the
        bot does not offer or a length not offered, `GameInProgress`."""
        if level not in variant_of(rules).levels():
            raise InvalidAction(f"no level {level.value}")
        if length not in MATCH_LENGTHS:
            raise InvalidAction(f"no match to {length}")
        await self._keeper.check_free(chat_id)
        human, bot = Seat(user_id=user_id, name=name), Seat(level=level)
        match = new_match(length, human, bot)
        game_id = secrets.token_urlsafe(6)
        start = Table(game_id, placeholder(rules), (human, bot), chat_id, match=match)
        return await self._flow.first_turns(start)

    async def open(self, table: Table) -> Table:
        """Save a new game and make it its players' game (`Table.slots`), before its first
        board is sent (so a tap on that board finds it); `GameInProgress` when another game
        took a slot meanwhile. A write the store client sent again after a lost answer (the
        slot already ours, the game already saved: its id is random) counts as done."""
        await self._keeper.claim(table)
        try:
            saved = await self._keeper.save(table)
        except VersionConflict:
            saved = await self._keeper.load(table.game_id)
        await self._keeper.note_running(saved, True)
        log.info("game %s started", saved.game_id)
        return saved

    async def abandon(self, table: Table) -> None:
        """Forget a new game whose first board could not be sent: it never reached the player,
        so it must not hold the chat. Not if a board was recorded for it meanwhile (another tap
        brought it back): that one did reach the player."""
        if not await self._keeper.store.delete_game(table.game_id, table.version):
            log.info("game %s kept: a board reached its player meanwhile", table.game_id)
            return
        await self._keeper.release(table)
        await self._keeper.note_running(table, False)
        log.info("game %s abandoned: its board could not be sent", table.game_id)
