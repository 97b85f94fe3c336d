"""The game service: starts games against the bot, applies taps, plays the bot's turns.

Every change is one compare-and-set on the stored version, so a stale or doubled tap changes
nothing. A human's Done is saved together with the bot's answer and the human's next roll: a
crash while the bot thinks loses nothing, the player just taps Done again.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from dataclasses import replace

from bot.service.bot_player import BotPlayer
from bot.service.errors import (
    Busy,
    GameInProgress,
    GameOver,
    InvalidAction,
    NoGame,
    NotYourGame,
    NotYourTurn,
    Stale,
)
from bot.service.session import Note, Seat, Session
from bot.storage import FINISHED_TTL, GameStore, VersionConflict
from nardy import IllegalMove, Rules, Step, format_turn
from nardy.ai import Level
from nardy.dice import DiceSource, SystemDice
from nardy.game import Game, new_game
from nardy.record import RecordError

log = logging.getLogger(__name__)


def dice_text(dice: tuple[int, int]) -> str:
    """A roll as players say it, higher die first: `6-5`."""
    return f"{max(dice)}-{min(dice)}"


class GameService:
    """Games between a user and the bot in a private chat; one game per chat."""

    def __init__(
        self,
        store: GameStore,
        bot: BotPlayer,
        dice: DiceSource | None = None,
        rules: Rules | None = None,
    ) -> None:
        self._store = store
        self._bot = bot
        self._dice = dice or SystemDice()
        self._rules = rules or Rules()
        self._thinking: set[str] = set()

    # -- reading ----------------------------------------------------------------------------

    async def load(self, game_id: str) -> Session:
        stored = await self._store.load_game(game_id)
        if stored is None:
            raise NoGame(game_id)
        try:
            return Session.from_text(game_id, stored.version, stored.data)
        except (RecordError, ValueError, KeyError, TypeError) as exc:
            raise NoGame(game_id) from exc

    async def active_game(self, chat_id: int) -> Session | None:
        """The chat's unfinished game, if it has one."""
        game_id = await self._store.chat_game(chat_id)
        return None if game_id is None else await self._unfinished(game_id)

    async def _unfinished(self, game_id: str) -> Session | None:
        try:
            session = await self.load(game_id)
        except NoGame:
            return None
        return None if session.game.over else session

    async def for_move(self, game_id: str, version: int, user_id: int) -> Session:
        """The game as of the tapped board, if `user_id` may act on it now."""
        session = await self.load(game_id)
        color = session.seat_of(user_id)
        if color is None:
            raise NotYourGame(game_id)
        if session.game.over:  # before the version: every board of a finished game is older
            raise GameOver(game_id)
        if session.version != version:
            raise Stale(game_id)
        if game_id in self._thinking:  # the board still offers Undo and Done
            raise Busy(game_id)
        if session.game.to_move is not color:
            raise NotYourTurn(game_id)
        return session

    # -- starting and ending ----------------------------------------------------------------

    async def start_vs_bot(self, chat_id: int, user_id: int, level: Level) -> Session:
        """A new game in the chat, opening roll done and the bot's first turn played if it
        starts; saved with no board message yet. Raises `GameInProgress`."""
        previous = await self._store.chat_game(chat_id)
        if previous is not None and await self._unfinished(previous) is not None:
            raise GameInProgress(previous)
        opening, game = new_game(self._rules, self._dice)
        human, bot = Seat(user_id=user_id), Seat(level=level)
        seats = (human, bot) if opening.white_player == 0 else (bot, human)
        notes = [
            Note.of("opening_tie", you=str(you), bot=str(them)) for you, them in opening.rolls[:-1]
        ]
        you, them = opening.rolls[-1]
        notes.append(Note.of("opening", you=str(you), bot=str(them)))
        notes.append(Note.of("you_start" if opening.white_player == 0 else "bot_starts"))
        game_id = secrets.token_urlsafe(6)
        session = Session(game_id, game, seats, chat_id)
        session = await self._advance(session, game, notes)
        if not await self._store.swap_chat_game(chat_id, previous, game_id):
            raise GameInProgress(await self._store.chat_game(chat_id) or "")
        log.info("game %s started against the bot (%s)", game_id, level.value)
        return await self._save(session)

    async def attach_message(self, session: Session, message_id: int) -> Session:
        """Remember the board message (a new game's, or one sent after the old was deleted)."""
        return await self._save(replace(session, message_id=message_id))

    async def resign(self, game_id: str, user_id: int, version: int | None = None) -> Session:
        """`user_id` gives the game up, scored from the position now (RULES.md §7); with a
        `version`, only if the game is still as it was then (`Stale` otherwise)."""
        session = await self.load(game_id)
        color = session.seat_of(user_id)
        if color is None:
            raise NotYourGame(game_id)
        if session.game.over:
            raise GameOver(game_id)
        if version is not None and session.version != version:
            raise Stale(game_id)
        try:
            game = session.game.resign(color)
        except IllegalMove as exc:  # e.g. the side has borne off and waits for the last roll
            raise InvalidAction(str(exc)) from exc
        return await self._save(session.with_game(game, ()))

    # -- the human's turn -------------------------------------------------------------------

    async def play(self, session: Session, steps: Sequence[Step]) -> Session:
        """Play `steps` (one checker's one or more dice) of the current turn."""
        game = session.game
        try:
            for step in steps:
                game = game.play_step(step)
        except IllegalMove as exc:
            raise InvalidAction(str(exc)) from exc
        return await self._save(session.with_game(game, session.notes))

    async def undo(self, session: Session) -> Session:
        if not session.game.played:
            raise InvalidAction("nothing to undo")
        return await self._save(session.with_game(session.game.undo_step(), session.notes))

    async def done(self, session: Session) -> Session:
        """End the human's complete turn; the bot answers and the human's next roll is made, all
        in one save. A second Done while the bot thinks raises `Busy`."""
        if not session.game.turn_complete:
            raise InvalidAction("the turn is not complete")
        if session.game_id in self._thinking:
            raise Busy(session.game_id)
        self._thinking.add(session.game_id)
        try:
            return await self._save(await self._advance(session, session.game.end_turn(), []))
        finally:
            self._thinking.discard(session.game_id)

    # -- the flow between human decisions ---------------------------------------------------

    async def _advance(self, session: Session, game: Game, notes: list[Note]) -> Session:
        """Roll and play on until a human has a real choice or the game ends: the bot's turns,
        and a human's forced turn or pass, each leaving a note."""
        while not game.over:
            if game.dice is None:
                game = game.with_roll(self._dice.roll())
            assert game.dice is not None
            seat = session.seats[game.to_move]
            dice = dice_text(game.dice)
            if seat.level is not None:
                steps = await self._bot.choose(game.position, game.dice, game.rules, seat.level)
                if steps:
                    notes.append(Note.of("bot_played", dice=dice, turn=format_turn(steps)))
                    game = game.play_turn(steps)
                else:
                    notes.append(Note.of("bot_no_moves", dice=dice))
                    game = game.pass_turn()
            elif game.legal.passes:
                notes.append(Note.of("no_moves", dice=dice))
                game = game.pass_turn()
            elif len(game.legal.turns) == 1:
                steps = game.legal.turns[0].steps
                notes.append(Note.of("forced", dice=dice, turn=format_turn(steps)))
                game = game.play_turn(steps)
            else:
                break
        return session.with_game(game, tuple(notes))

    async def _save(self, session: Session) -> Session:
        """Compare-and-set on the version; a finished game expires later and frees its chat."""
        ttl = FINISHED_TTL if session.game.over else None
        try:
            version = await self._store.save_game(
                session.game_id, session.version, session.to_text(), ttl
            )
        except VersionConflict:
            raise Stale(session.game_id) from None
        if session.game.over:
            await self._store.swap_chat_game(session.chat_id, session.game_id, None)
            log.info("game %s over: %s", session.game_id, session.game.result)
        return replace(session, version=version)
