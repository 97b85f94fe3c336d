"""Game flow: opening roll, turns played step by step, passes, end of game (RULES.md §2–3, §7)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Protocol

from nardy.color import Color
from nardy.cube import NoCube
from nardy.dice import DiceSource
from nardy.errors import IllegalMove, Violation
from nardy.movegen import LegalTurns, move
from nardy.position import CHECKERS, Position
from nardy.rules import Opening, Rules
from nardy.scoring import EndReason, GameResult, draw, win
from nardy.steps import Step
from nardy.turnflow import TurnFlow, reuse


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """A turn as played: who, with which roll, which steps (none for a pass)."""

    color: Color
    dice: tuple[int, int]
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class OpeningRoll:
    """The opening roll of RULES.md §2: one die each until they differ; the higher plays White."""

    rolls: tuple[tuple[int, int], ...]  # (player 0's die, player 1's die), ties included
    white_player: int  # 0 or 1
    first_dice: tuple[int, int]  # White's first roll: the opening dice or a fresh roll (§2)


class OpeningRule(Protocol):
    """Any game's options that say how the first turn is rolled (long `Rules`, `ShortRules`)."""

    @property
    def opening(self) -> Opening: ...


def roll_opening(dice: DiceSource, rules: OpeningRule) -> OpeningRoll:
    """Roll for the start; `opening` decides whether the two dice are White's first turn (§2)."""
    rolls = []
    while True:
        pair = (dice.roll_one(), dice.roll_one())
        rolls.append(pair)
        if pair[0] != pair[1]:
            break
    white_player = 0 if pair[0] > pair[1] else 1
    first = (max(pair), min(pair)) if rules.opening is Opening.PLAY_OPENING_ROLL else dice.roll()
    return OpeningRoll(tuple(rolls), white_player, first)


@dataclass(frozen=True)
class Game(TurnFlow, NoCube):
    """One game: the position at the start of the current turn, the roll, the steps played so
    far this turn, the turns before, and the result once it is over. Every change returns a
    new `Game`; illegal changes raise `IllegalMove` naming the rule. Steps, undo, passes and
    the roll are `TurnFlow`'s; the long game has no doubling cube (`NoCube`)."""

    rules: Rules = field(default_factory=Rules)
    position: Position = field(default_factory=Position.start)
    dice: tuple[int, int] | None = None
    played: tuple[Step, ...] = ()
    history: tuple[TurnRecord, ...] = ()
    result: GameResult | None = None
    # The search of this position and roll, handed on by the steps of one turn so it is not
    # redone after each; not part of the game's value (equality, hash, repr ignore it).
    _legal: LegalTurns | None = field(default=None, compare=False, repr=False)

    @property
    def to_move(self) -> Color:
        return self.position.to_move

    @property
    def to_act(self) -> Color:
        """The side the game waits for: the side to move, as there is no cube to answer."""
        return self.position.to_move

    @property
    def last_turn(self) -> TurnRecord | None:
        return self.history[-1] if self.history else None

    @property
    def last_roll_pending(self) -> bool:
        """White has borne off and Black plays the last roll (RULES.md §7 `last_roll`)."""
        return self.result is None and self.position.off[Color.WHITE] == CHECKERS

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

    def _commit(self, steps: tuple[Step, ...]) -> Game:
        """Hand the dice over or end the game (§3, §7)."""
        after = self.legal.play(steps)
        assert self.dice is not None  # `legal` has checked it
        mover = self.to_move
        record = TurnRecord(mover, self.dice, steps)
        result = self._result_after(after, mover)
        return Game(self.rules, after, None, (), (*self.history, record), result)

    def _result_after(self, after: Position, mover: Color) -> GameResult | None:
        white_done = after.off[Color.WHITE] == CHECKERS
        if mover is Color.BLACK and white_done:
            # §7 last_roll: Black's answering turn is over — draw if he bore off too.
            if after.off[Color.BLACK] == CHECKERS:
                return draw()
            return win(after, Color.WHITE, self.rules, EndReason.BORNE_OFF)
        if after.off[mover] != CHECKERS:
            return None
        if mover is Color.WHITE and self.rules.last_roll:
            return None  # Black still plays one more turn (§7 last_roll)
        return win(after, mover, self.rules, EndReason.BORNE_OFF)

    def resign(self, color: Color, reason: EndReason = EndReason.RESIGNED) -> Game:
        """`color` gives up (or runs out of time), scored from the position at the start of
        this turn: steps played but not confirmed do not count (§7)."""
        if self.result is not None or self.position.off[color] == CHECKERS:
            raise IllegalMove(Violation.GAME_OVER)  # nor may a side that has borne off resign
        result = win(self.position, color.opponent, self.rules, reason)
        return replace(self, dice=None, played=(), result=result, _legal=None)


def new_game(rules: Rules, dice: DiceSource) -> tuple[OpeningRoll, Game]:
    """The opening roll and the game ready for White's first turn (RULES.md §2)."""
    opening = roll_opening(dice, rules)
    return opening, Game(rules).with_roll(opening.first_dice)
