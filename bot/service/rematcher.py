"""A rematch of a finished game between two people: asked by one player, agreed by the other."""

from __future__ import annotations

import secrets
from dataclasses import replace

from bot.service.errors import InvalidAction, RematchAsked, RematchStarted, Stale
from bot.service.flow import PlayOn, new_match, placeholder
from bot.service.keeper import GameKeeper
from bot.service.table import Table
from bot.storage import VersionConflict
from nardy import Color


class Rematcher:
    """Rematches of games kept by `keeper`, the new game played on by `flow`."""

    def __init__(self, keeper: GameKeeper, flow: PlayOn) -> None:
        self._keeper = keeper
        self._flow = flow

    async def rematch(
        self, table: Table, color: Color, mix: str = ""
    ) -> tuple[Table, Table | None]:
        """The player of `color` asks for a rematch of the finished `table`: the first ask is
        saved, with the rematch's dice committed (the board shows it); the other player's
        agreement, whose tap's id is `mix`, clears it and gives the new game too, not saved
        yet (`Starter.open`), its colours drawn anew by the opening roll. Returns the finished
        game as saved and the new one, if agreed. Of two agreements at once one counts
        (`Stale`)."""
        user = table.seats[color].user_id
        if not table.game.over or not table.shared:
            raise InvalidAction("no rematch here")
        if table.next_game is not None:
            raise RematchStarted(table.game_id)
        if table.rematch == user:
            raise RematchAsked(table.game_id)
        agreed = table.rematch is not None
        new_id = secrets.token_urlsafe(6)
        if agreed:
            after = replace(table, rematch=None, rematch_dice=None, next_game=new_id)
        else:
            dice = self._flow.commit(f"{table.game_id}.rematch")
            after = replace(table, rematch=user, rematch_dice=dice)
        try:
            finished = await self._keeper.save(after)
        except VersionConflict:
            raise Stale(table.game_id) from None
        if not agreed:
            return finished, None
        first, second = table.seats[color.opponent], table.seats[color]
        length = 1 if table.match is None else table.match.match.length
        start = Table(new_id, placeholder(table.game.rules), (first, second), table.chat_id)
        start = replace(
            start,
            locale=table.locale,
            match=new_match(length, first, second),
            inline_id=table.inline_id,  # an inline game's next one takes its message
            instance=table.instance,
            turn_limit=table.turn_limit,
        )
        dice = table.rematch_dice
        mixed = None if dice is None else replace(dice, mix=mix)
        return finished, await self._flow.first_turns(start, dice=mixed)
