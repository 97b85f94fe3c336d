"""A player's action on a game: checked (the player's seat and turn, the state the tap was made
on, the rules), carried out and saved with one compare-and-set, so of two simultaneous taps
exactly one counts. A human's Done is saved together with the bot's answer and the human's
next roll, so a crash while the bot thinks loses nothing; the player just taps Done again."""

from __future__ import annotations

import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from bot.service import telling
from bot.service.actions import (
    Action,
    ClaimWin,
    CubeAction,
    Deselect,
    Done,
    Double,
    Drop,
    Hint,
    Move,
    PlayTurn,
    Resign,
    Roll,
    Select,
    Take,
    Undo,
)
from bot.service.errors import (
    AlreadyDone,
    Busy,
    GameError,
    GameOver,
    InvalidAction,
    NobodyLeft,
    NoHints,
    NotYourTurn,
    OpponentsTurn,
    Stale,
)
from bot.service.events import Doubled, Event, Took
from bot.service.finisher import Finisher
from bot.service.flow import PlayOn
from bot.service.keeper import CONFLICT_RETRIES, GameKeeper
from bot.service.table import Table
from bot.storage import VersionConflict
from nardy import Color, IllegalMove
from nardy.chains import chain_to
from nardy.cube import CubeError
from nardy.scoring import EndReason
from nardy.variant import AnyGame
from nardy.variants import variant_of

OnAccepted = Callable[[bool], Awaitable[None]]
"""Called once, when an action is sure to be carried out: once saved, or, before the bot
thinks (the argument says so: the tap is answered before a long wait), once the change is
claimed (`GameStore.claim_change`), so that a second tap meanwhile is refused, not answered too."""

# How long a change that makes the bot think is claimed (`GameStore.claim_change`): far beyond a
# move's time, short enough that a process stopped while thinking holds the game up little.
CLAIM_TTL = 30.0


async def _nothing(bot_thinks: bool) -> None:
    """The default `OnAccepted`: nothing to do."""


def _what(action: Action, color: Color) -> str:
    """What the player of `color` tapped, as the table lists the moves and Done of a turn
    (`w:m24-18`, `b:d`) to tell a doubled tap from another player's same tap."""
    match action:
        case Move(src, dst):
            tapped = f"m{src}-{dst}"
        case PlayTurn(steps):
            tapped = "t" + ".".join(f"{src}-{die}" for src, die in steps)
        case Done():
            tapped = "d"
        case _:
            tapped = type(action).__name__.lower()
    return f"{color.label[0]}:{tapped}"


def _claimed_tap(claimant: str) -> str:
    """The tap a claimant (`process.token tap`, `MovePlayer.apply`) names."""
    return claimant.split(" ", 1)[1]


def _whole_turn(
    game: AnyGame, steps: tuple[tuple[int, int], ...], refused: type[GameError]
) -> AnyGame:
    """`game` with the whole turn `steps` ((own point, die) pairs) played from the turn's
    start, every step legal in its place and the turn complete (RULES.md §3); else `refused`."""
    if game.played:
        raise refused("steps of this turn are already played")
    for src, die in steps:
        step = next((s for s in game.next_steps() if (s.src, s.die) == (src, die)), None)
        if step is None:
            raise refused(f"no step {src} by {die}")
        game = game.play_step(step)
    if not game.turn_complete:
        raise refused("the turn is not complete")
    return game


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an action left: the game now, and the checker to show picked up, if any."""

    table: Table
    selected: int | None = None


class MovePlayer:
    """Carries out players' actions on games kept by `keeper`: play goes on to the next human
    decision through `flow`, and a change that may end the game is saved by `finisher`."""

    def __init__(
        self,
        keeper: GameKeeper,
        flow: PlayOn,
        finisher: Finisher,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._keeper = keeper
        self._flow = flow
        self._finisher = finisher
        self._clock = clock
        self._changing: dict[str, str] = {}  # game: what the tap whose change is under way did
        self._process = secrets.token_hex(4)  # names this process's claims (`_claim_change`)

    async def apply(
        self,
        table: Table,
        color: Color,
        action: Action,
        seq: int | None,
        on_accepted: OnAccepted = _nothing,
    ) -> Outcome:
        """Carry out `action` of the player of `color`, made on the game as it was at `seq`
        (None: as it is now, e.g. resigning to start anew).

        Raises a `GameError` and changes nothing when the action is not allowed now. A tap
        made on an earlier state of the same turn that picks or moves a checker still means
        what it meant (a quick player tapping a board not yet redrawn), so it is applied when
        the rules allow it now; the very same move from the very same state again is a doubled
        tap (`AlreadyDone`). Anything else made on another state is `Stale`. When another
        change was saved after `table` was read, the game is read again and the action
        checked again, so only a change to the game itself makes the tap stale.
        """
        accepted = False
        claimant = f"{self._process}.{secrets.token_hex(6)} {_what(action, color)}"  # each try

        async def accept_once(bot_thinks: bool) -> None:
            nonlocal accepted
            if not accepted:
                accepted = True
                await on_accepted(bot_thinks)

        for _ in range(CONFLICT_RETRIES):
            if table.out_of_time(self._clock()):  # the timer task is behind: lost on time
                try:
                    table = await self._finisher.time_out(table)
                except VersionConflict:
                    table = await self._keeper.load(table.game_id)
                    continue
            self._check(table, color, action, seq)
            if table.gone is not None and table.gone == table.seats[color].user_id:
                table = replace(table, gone=None)  # they play: they are here after all
            try:
                return await self._carry_out(table, color, action, seq, accept_once, claimant)
            except VersionConflict:
                table = await self._keeper.load(table.game_id)
        raise Stale(table.game_id)

    def _check(self, table: Table, color: Color, action: Action, seq: int | None) -> None:
        """Refuse what the player may not do now; the rules themselves are checked on play."""
        game = table.game
        if game.over:  # before the seq: every board of a finished game is older
            raise GameOver(table.game_id)
        if isinstance(action, Hint) and table.shared:  # no button offers it: forged
            raise NoHints(table.game_id)
        what = _what(action, color)
        if seq is not None and seq != table.seq:
            if (seq, what) in table.taps:
                raise AlreadyDone(table.game_id)
            if not (isinstance(action, Select | Deselect | Move) and table.turn_seq <= seq):
                raise Stale(table.game_id)
        if isinstance(action, ClaimWin):  # on either side's turn, from the one who stayed
            if table.gone is None or table.gone != table.seats[color.opponent].user_id:
                raise NobodyLeft(table.game_id)
            return
        if isinstance(action, Resign):
            return  # on either side's turn
        changing = self._changing.get(table.game_id)
        if changing is not None:  # a tap's change is under way: its board offers Undo, Done
            if changing == what:
                raise AlreadyDone(table.game_id)
            raise (Stale if table.shared else Busy)(table.game_id)
        not_yours = OpponentsTurn if table.shared else NotYourTurn
        if isinstance(action, Take | Drop):  # the doubler's opponent answers (RULES.md §9)
            if game.cube.offered_by is not color.opponent:
                raise not_yours(table.game_id)
            return
        before_roll = isinstance(action, Roll | Double)  # `_cube` checks the cube allows it
        if game.to_move is not color or (game.dice is None) is not before_roll:
            raise not_yours(table.game_id)

    async def _carry_out(
        self,
        table: Table,
        color: Color,
        action: Action,
        seq: int | None,
        on_accepted: OnAccepted,
        claimant: str,
    ) -> Outcome:
        """The change `action` made at `seq` makes, saved; `VersionConflict` when another got
        there first. What the rules forbid now is `InvalidAction`, or `Stale` for a tap made
        on an earlier state (it meant something then). A change the bot thinks over is
        claimed as `claimant` (`_claim_change`)."""
        game = table.game
        refused = InvalidAction if seq in (None, table.seq) else Stale
        match action:
            case Select(src):
                if src not in {step.src for step in game.next_steps()}:
                    raise refused(f"no move from {src}")
                await on_accepted(False)
                return Outcome(table, selected=src)
            case Deselect():
                await on_accepted(False)
                return Outcome(table)
            case Move(src, dst, confirm):
                chain = chain_to(game, src, dst)
                if chain is None:
                    raise refused(f"no move from {src} to {dst}")
                for step in chain:
                    game = game.play_step(step)
                tap = (table.seq if seq is None else seq, _what(action, color))
                if confirm and game.turn_complete:
                    return await self._end_turn(table, game, tap, on_accepted, claimant)
                return await self._saved(table.after_tap(game, tap), on_accepted)
            case PlayTurn(steps, confirm):
                game = _whole_turn(game, steps, refused)
                tap = (table.seq, _what(action, color))
                if confirm:
                    return await self._end_turn(table, game, tap, on_accepted, claimant)
                return await self._saved(table.after_tap(game, tap), on_accepted)
            case Undo():
                if not game.played:
                    raise InvalidAction("nothing to undo")
                undone = table.with_game(game.undo_step(), table.events)
                return await self._saved(undone, on_accepted)
            case Done():
                if not game.turn_complete:
                    raise InvalidAction("the turn is not complete")
                tap = (table.seq, _what(action, color))
                return await self._end_turn(table, game, tap, on_accepted, claimant)
            case Hint():
                return await self._hint(table, seq, on_accepted, claimant)
            case Roll() | Double() | Take() | Drop():
                return await self._cube(table, action, on_accepted, claimant)
            case Resign(whole_match):
                return await self._resign(table, color, whole_match, on_accepted)
            case ClaimWin():  # the one who left resigns the game and the match (RULES.md §7)
                left = replace(table, gone=None)
                return await self._resign(
                    left, color.opponent, True, on_accepted, EndReason.ABANDONED
                )

    async def _resign(
        self,
        table: Table,
        color: Color,
        whole_match: bool,
        on_accepted: OnAccepted,
        reason: EndReason = EndReason.RESIGNED,
    ) -> Outcome:
        """The player of `color` gives the game up for `reason`, and the match with it when
        `whole_match` (no next game follows)."""
        if whole_match and table.match is not None:
            table = replace(table, match=replace(table.match, given_up=True))
        try:
            game = table.game.resign(color, reason)
        except IllegalMove as exc:  # a side that has borne off waits for the last roll
            raise InvalidAction(str(exc)) from exc
        concluded = await self._finisher.conclude(table.with_game(game, ()))
        await on_accepted(False)
        return Outcome(concluded)

    async def _saved(self, table: Table, on_accepted: OnAccepted) -> Outcome:
        """`table` saved, then its tap accepted: a second tap that lost the save to it is
        refused for what it is (`AlreadyDone`, `Stale`), not answered as if it were played."""
        saved = await self._keeper.save(table)
        await on_accepted(False)
        return Outcome(saved)

    async def _claim_change(self, table: Table, claimant: str, what: str = "turn") -> None:
        """Claim the change `what` of the game as it is for `claimant` (`process.token tap`),
        across processes, before the tap is answered and the bot thinks: a second tap
        meanwhile, on any worker, is refused, as `AlreadyDone` when it is the same tap, else
        as `Busy`. A claim of this process's is stale (its change failed: `_check` refuses
        taps while one is under way here), and is claimed over."""
        name = f"{table.game_id}:{table.seq}:{what}"
        holder = await self._keeper.store.claim_change(name, claimant, CLAIM_TTL)
        if holder is not None and holder.startswith(f"{self._process}."):
            holder = await self._keeper.store.claim_change(name, claimant, CLAIM_TTL, stale=holder)
        if holder is not None:
            doubled = _claimed_tap(holder) == _claimed_tap(claimant)
            raise (AlreadyDone if doubled else Busy)(table.game_id)

    async def _hint(
        self, table: Table, seq: int | None, on_accepted: OnAccepted, claimant: str
    ) -> Outcome:
        """The strongest level's best turn and the next two for the roll, counted and kept with
        the turn (`Table.hint`). Only before the turn's first step, so the hint is always for
        the position on the board; a second ask in the same turn is a doubled tap."""
        game = table.game
        if not variant_of(game).hints:  # a forged tap: no hint button in this game
            raise NoHints(table.game_id)
        if table.hint:
            raise AlreadyDone(table.game_id)
        if game.played or game.dice is None:
            raise (InvalidAction if seq in (None, table.seq) else Stale)("steps already played")
        await self._claim_change(table, claimant, "hint")
        await on_accepted(False)
        away = table.away(table.seats[game.to_move])
        hint = await self._flow.bot.hint(game.position, game.dice, game.rules, away)
        if not hint.candidates:  # a real choice has some (`PlayOn.advance` plays the rest)
            raise InvalidAction("nothing to hint")
        hinted = replace(table, hints=table.hints + 1, hint=hint.candidates)
        return Outcome(await self._keeper.save(hinted))

    async def _cube(
        self, table: Table, action: CubeAction, on_accepted: OnAccepted, claimant: str
    ) -> Outcome:
        """A decision before the roll in a game with the cube (RULES.md §9): roll, double,
        or answer a double; play goes on to the next real choice in the same save (the bot
        answers a double, or rolls and plays, at once)."""
        game = table.game
        if not game.rules.cube:
            raise InvalidAction("no cube in this game")
        events: list[Event] = []
        try:
            match action:
                case Roll():
                    if not game.may_double():  # else the roll was made at once
                        raise InvalidAction("no roll to decide on")
                    return await self._play_on(
                        table, game, events, on_accepted, claimant, rolling=True
                    )
                case Double():
                    doubled = game.double()
                    doubler = telling.actor(table.seats[game.to_move])
                    events.append(Doubled(doubler, doubled.cube.value * 2))
                case Take():
                    doubled = game.take()
                    taker = telling.actor(table.seats[game.to_move.opponent])
                    events.append(Took(taker, doubled.cube.value))
                case Drop():
                    doubled = game.drop()
        except CubeError as exc:
            raise InvalidAction(str(exc)) from exc
        return await self._play_on(table, doubled, events, on_accepted, claimant)

    async def _end_turn(
        self,
        table: Table,
        game: AnyGame,
        tap: tuple[int, str],
        on_accepted: OnAccepted,
        claimant: str,
    ) -> Outcome:
        """End the human's complete turn (`tap` ended it); the bot answers and the human's next
        roll is made, all in one save."""
        played = telling.turn_played(table, game)
        after = game.end_turn()
        return await self._play_on(table, after, played, on_accepted, claimant, tap)

    async def _play_on(
        self,
        table: Table,
        game: AnyGame,
        events: list[Event],
        on_accepted: OnAccepted,
        claimant: str,
        tap: tuple[int, str] | None = None,
        rolling: bool = False,
    ) -> Outcome:
        """Play on from the human's decision that made `game` (`tap`, when it was a tap on the
        board; `rolling`: not to double, the roll to be made): the bot's turns and answers and
        the human's next roll, saved once. Against the bot the change is claimed as `claimant`
        and the tap answered before the bot thinks; between two people it is answered once
        saved. Meanwhile other taps in this process are refused (`_check`: nothing is awaited
        between it and this)."""
        self._changing[table.game_id] = _claimed_tap(claimant)
        try:
            if not table.shared:
                await self._claim_change(table, claimant)
                await on_accepted(True)
            ended = await self._flow.advance(table, game, events, tap, rolling)
            concluded = await self._finisher.conclude(ended)
            await on_accepted(False)  # between two people: answered once saved
            return Outcome(concluded)
        finally:
            self._changing.pop(table.game_id, None)
