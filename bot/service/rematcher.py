"""A rematch of a finished game between two people: asked by one player, agreed by the other."""

from __future__ import annotations

import secrets
from dataclasses import replace

from bot.service.errors import InvalidAction, RematchAsked, RematchStarted, Stale
from bot.service.flow import PlayOn, new_match, placeholder
from bot.service.keeper import GameKeeper
from bot.service.session import Session
from bot.storage import VersionConflict
from nardy import Color


class Rematcher:
    """Rematches of games kept by `keeper`, the new game played on by `flow`."""

    def __init__(self, keeper: GameKeeper, flow: PlayOn) -> None:
        self._keeper = keeper
        self._flow = flow

    async def rematch(
        self, session: Session, color: Color, mix: str = ""
    ) -> tuple[Session, Session | None]:
        """The player of `color` asks for a rematch of the finished `session`: the first ask is
        saved, with the rematch's dice committed (the board shows it); the other player's
        agreement, whose tap's id is `mix`, clears it and gives the new game too, not saved
        yet (`Starter.open`), its colours drawn anew by the opening roll. Returns the finished
        game as saved and the new one, if agreed. Of two agreements at once one counts
        (`Stale`)."""
        user = session.seats[color].user_id
        if not session.game.over or not session.shared:
            raise InvalidAction("no rematch here")
        if session.next_game is not None:
            raise RematchStarted(session.game_id)
        if session.rematch == user:
            raise RematchAsked(session.game_id)
        agreed = session.rematch is not None
        new_id = secrets.token_urlsafe(6)
        if agreed:
            after = replace(session, rematch=None, rematch_dice=None, next_game=new_id)
        else:
            dice = self._flow.commit(f"{session.game_id}.rematch")
            after = replace(session, rematch=user, rematch_dice=dice)
        try:
            finished = await self._keeper.save(after)
        except VersionConflict:
            raise Stale(session.game_id) from None
        if not agreed:
            return finished, None
        first, second = session.seats[color.opponent], session.seats[color]
        length = 1 if session.match is None else session.match.match.length
        start = Session(new_id, placeholder(session.game.rules), (first, second), session.chat_id)
        start = replace(
            start,
            locale=session.locale,
            match=new_match(length, first, second),
            inline_id=session.inline_id,  # an inline game's next one takes its message
            instance=session.instance,
            turn_limit=session.turn_limit,
        )
        dice = session.rematch_dice
        mixed = None if dice is None else replace(dice, mix=mix)
        return finished, await self._flow.first_turns(start, dice=mixed)
