"""A player leaving the group their game is played in (or coming back): the game offers the
other player the win, or takes the offer back."""

from __future__ import annotations

from dataclasses import replace

from bot.service.events import CameBack
from bot.service.keeper import CONFLICT_RETRIES, GameKeeper
from bot.service.table import Table, player_slot
from bot.service.telling import actor
from bot.storage import VersionConflict
from nardy import IllegalMove
from nardy.scoring import EndReason


class Presence:
    """Players' comings and goings in groups, for the games kept by `keeper`."""

    def __init__(self, keeper: GameKeeper) -> None:
        self._keeper = keeper

    async def change(
        self, chat_id: int, user_id: int, present: bool, by: int | None = None
    ) -> Table | None:
        """Telegram said `user_id` left the group `chat_id` (or came back, `present`), by the
        hand of `by` (themselves, or whoever removed them): their running game there offers the
        win to the other player (`ClaimWin`), or takes the offer back. Not offered to a player
        who removed their opponent, nor from a side that cannot lose now (it has borne off
        every checker, awaiting the last roll). The game so changed, to be shown; None when
        there was nothing to change (no game, or told already: Telegram may tell it twice, as
        a service message and a member update). An inline game has no group to leave."""
        for _ in range(CONFLICT_RETRIES):
            table = await self._keeper.active_game(player_slot(chat_id, user_id))
            if table is None or not table.shared or table.inline_id is not None:
                return None
            color = table.seat_of(user_id)
            assert color is not None  # the slot is theirs
            if present:
                if table.gone != user_id:
                    return None
                back = CameBack(actor(table.seats[color]))
                changed = replace(table.with_game(table.game, (*table.events, back)), gone=None)
            else:
                if table.gone is not None or by == table.seats[color.opponent].user_id:
                    return None
                try:
                    table.game.resign(color, EndReason.ABANDONED)
                except IllegalMove:
                    return None
                # While they are gone the board says so (`ui.screens`).
                changed = replace(table.with_game(table.game, table.events), gone=user_id)
            try:  # a new state of the board (`seq`): its buttons change
                return await self._keeper.save(changed)
            except VersionConflict:
                continue
        return None
