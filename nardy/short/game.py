"""Short-nardy game flow: turns played step by step, passes, the cube, end of game (RULES.md §9).

Shaped like the long game's `nardy.game.Game` (the same step API for the buttons), with the
doubling cube when `ShortRules.cube` is on. The opening roll is the long game's (§2), by
`nardy.game.roll_opening`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from nardy.color import Color
from nardy.cube import Cube, CubeError, Double
from nardy.dice import DiceSource
from nardy.errors import IllegalMove, Violation
from nardy.game import OpeningRoll, TurnRecord, roll_opening
from nardy.position import CHECKERS
from nardy.scoring import EndReason, GameResult, ResultKind
from nardy.short.movegen import LegalTurns, move
from nardy.short.notation import Step, hits
from nardy.short.position import Position
from nardy.short.rules import ShortRules
from nardy.short.scoring import win
from nardy.steps import Step as AnyStep  # a long-game Step of the same src and die will do
from nardy.turnflow import TurnFlow, reuse


@dataclass(frozen=True)
class Game(TurnFlow):
    """One game: the position at the start of the current turn, the roll, the steps played so
    far this turn, the turns before, the cube, and the result once it is over. Every change
    returns a new `Game`; illegal steps raise `IllegalMove` naming the rule, refused cube
    actions `CubeError`. `crawford` marks a match's Crawford game: no doubling in it;
    `doubles` the doubles answered so far, so that a record replays the cube; `last_hits`
    which steps of the last turn hit (`notation.hits`; empty when none did), for its
    notation's `*` (§10) once the position before it is gone. Steps, undo, passes and the
    roll are `TurnFlow`'s."""

    rules: ShortRules = field(default_factory=ShortRules)
    position: Position = field(default_factory=Position.start)
    dice: tuple[int, int] | None = None
    played: tuple[Step, ...] = ()
    history: tuple[TurnRecord, ...] = ()
    result: GameResult | None = None
    cube: Cube = field(default_factory=Cube)
    crawford: bool = False
    doubles: tuple[Double, ...] = ()
    last_hits: tuple[bool, ...] = ()
    # The search of this position and roll, handed on by the steps of one turn so it is not
    # redone after each; not part of the game's value (equality, hash, repr ignore it).
    _legal: LegalTurns | None = field(default=None, compare=False, repr=False)

    @property
    def to_move(self) -> Color:
        return self.position.to_move

    @cached_property
    def legal(self) -> LegalTurns:
        """The legal turns of the current roll (searched once per position and roll)."""
        self._require_roll()
        assert self.dice is not None
        return reuse(self._legal, self.position, self.dice, self.rules, LegalTurns)

    @property
    def board(self) -> Position:
        """The position with this turn's steps so far applied, for drawing."""
        return move(self.position, self.played) if self.played else self.position

    def with_roll(self, dice: tuple[int, int]) -> Game:
        """The side to move has rolled `dice`; a double offered must be answered first."""
        if self.cube.offered_by is not None and self.result is None:
            raise CubeError("a double waits for its answer: take or drop")
        return super().with_roll(dice)

    def _commit(self, steps: tuple[AnyStep, ...]) -> Game:
        """Hand the dice over or end the game."""
        after = self.legal.play(steps)
        assert self.dice is not None  # `legal` has checked it
        mover = self.to_move
        record = TurnRecord(mover, self.dice, steps)
        result = (
            win(after, mover, self.cube.value, EndReason.BORNE_OFF)
            if after.off[mover] == CHECKERS
            else None
        )
        history = (*self.history, record)
        marks = hits(self.position, steps)
        return replace(
            self,
            position=after,
            dice=None,
            played=(),
            history=history,
            result=result,
            last_hits=marks if any(marks) else (),
            _legal=None,
        )

    def resign(self, color: Color, reason: EndReason = EndReason.RESIGNED) -> Game:
        """`color` gives up (or runs out of time), scored from the position at the start of
        this turn, times the cube: resigning costs what the position would (§7, §9)."""
        if self.result is not None:
            raise IllegalMove(Violation.GAME_OVER)
        result = win(self.position, color.opponent, self.cube.value, reason)
        return replace(self, dice=None, played=(), result=result, _legal=None)

    # -- the cube ---------------------------------------------------------------------------

    def may_double(self) -> bool:
        """May the side to move double now: the cube on, not the Crawford game, its own turn
        before rolling, the cube in the middle or its own."""
        return (
            self.rules.cube
            and not self.crawford
            and self.result is None
            and self.dice is None
            and self.cube.may_double(self.to_move)
        )

    def double(self) -> Game:
        """The side to move doubles; the opponent must take or drop before the roll."""
        if not self.may_double():
            raise CubeError(
                "no double now: the cube is off, yours is not the turn before"
                " rolling, the opponent owns the cube, or this is the Crawford game"
            )
        return replace(self, cube=self.cube.offered(self.to_move))

    def take(self) -> Game:
        """The opponent takes: the cube doubles and is his; the doubler then rolls."""
        self._require_offer()
        return replace(self, cube=self.cube.taken(), doubles=self._answered(taken=True))

    def drop(self) -> Game:
        """The opponent drops: the doubler wins the cube's value before the double."""
        self._require_offer()
        doubler = self.to_move
        result = GameResult(doubler, ResultKind.OYN, self.cube.value, EndReason.DROPPED)
        cube = Cube(self.cube.value, self.cube.owner)
        return replace(self, cube=cube, result=result, doubles=self._answered(taken=False))

    def cube_decider(self) -> Color | None:
        """Who decides before the roll: the opponent of a double offered (take or drop), or the
        side to move when it may double (roll or double); None when the dice are rolled, or
        nobody may double (§9)."""
        if self.result is not None or self.dice is not None:
            return None
        offered = self.cube.offered_by
        if offered is not None:
            return offered.opponent
        return self.to_move if self.may_double() else None

    @property
    def to_act(self) -> Color:
        """The side the game waits for: the opponent of a double offered, else the side to
        move; its clock runs and it is reminded."""
        offered = self.cube.offered_by
        return self.to_move if offered is None or self.result is not None else offered.opponent

    def _answered(self, taken: bool) -> tuple[Double, ...]:
        """`doubles` with the double offered now, taken or dropped."""
        return (*self.doubles, Double(len(self.history), self.to_move, taken))

    @property
    def doubles_complete(self) -> bool:
        """Whether `doubles` accounts for the cube's value: not in a game stored, mid-game,
        before the doubles were kept (its record could not replay the cube)."""
        taken = sum(1 for double in self.doubles if double.taken)
        return self.cube.value == 1 << taken

    def _require_offer(self) -> None:
        if self.result is not None:
            raise IllegalMove(Violation.GAME_OVER)
        if self.cube.offered_by is None:
            raise CubeError("there is no double to answer")


def new_game(
    rules: ShortRules, dice: DiceSource, crawford: bool = False
) -> tuple[OpeningRoll, Game]:
    """The opening roll (§2, as in the long game) and the game ready for White's first turn.

    With the cube on, the first turn's roll is already made, so White can double only from
    his second turn on.
    """
    opening = roll_opening(dice, rules)
    return opening, Game(rules, crawford=crawford).with_roll(opening.first_dice)
