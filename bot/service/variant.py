"""The two games the bot plays, long nardy and short nardy (RULES.md §9), and the one place
that knows where they differ: how a game starts, is stored, writes a turn and scores a
resignation. The rest of the bot asks the game itself (both share `nardy.turnflow.TurnFlow`);
a game's kind is the type of its rules, so a stored game or challenge from before short nardy
(long rules, long record) reads as long.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from nardy import Color, Rules, format_turn
from nardy.ai import AVAILABLE_LEVELS, Level
from nardy.dice import DiceSource
from nardy.game import Game as LongGame
from nardy.game import OpeningRoll
from nardy.game import new_game as new_long_game
from nardy.position import Position as LongPosition
from nardy.record import game_from_text as long_game_from_text
from nardy.record import game_to_text as long_game_to_text
from nardy.record import rules_from_text as long_rules_from_text
from nardy.record import rules_to_text as long_rules_to_text
from nardy.scoring import ResultKind
from nardy.scoring import loss_value as long_loss_value
from nardy.short import Game as ShortGame
from nardy.short import Position as ShortPosition
from nardy.short import ShortRules
from nardy.short import format_turn as format_short_turn
from nardy.short import loss_value as short_loss_value
from nardy.short import new_game as new_short_game
from nardy.short import record as short_record
from nardy.short.ai import SHORT_LEVELS
from nardy.steps import Step

AnyGame = LongGame | ShortGame
AnyRules = Rules | ShortRules
AnyPosition = LongPosition | ShortPosition


class Kind(StrEnum):
    """Which game: the value is what buttons, commands and statistics carry."""

    LONG = "long"
    SHORT = "short"


def kind_of(rules: AnyRules) -> Kind:
    """The game `rules` are the options of."""
    return Kind.SHORT if isinstance(rules, ShortRules) else Kind.LONG


def levels_of(kind: Kind) -> tuple[Level, ...]:
    """The levels the bot plays the game `kind` at."""
    return SHORT_LEVELS if kind is Kind.SHORT else AVAILABLE_LEVELS


def new_game(
    rules: AnyRules, dice: DiceSource, crawford: bool = False
) -> tuple[OpeningRoll, AnyGame]:
    """The opening roll (§2, the same in both) and the game ready for White's first turn;
    `crawford`: a short match's Crawford game, without the cube (§9)."""
    if isinstance(rules, ShortRules):
        return new_short_game(rules, dice, crawford)
    return new_long_game(rules, dice)


def placeholder(rules: AnyRules) -> AnyGame:
    """A game not begun under `rules`, which a session holds until its opening roll."""
    return ShortGame(rules) if isinstance(rules, ShortRules) else LongGame(rules)


def game_to_text(game: AnyGame) -> str:
    """The stored record of `game` (`nardy.record`, `nardy.short.record`)."""
    if isinstance(game, ShortGame):
        return short_record.game_to_text(game)
    return long_game_to_text(game)


def game_from_text(text: str) -> AnyGame:
    """Read either record back; `RecordError` for anything else."""
    if short_record.is_short_game(text):
        return short_record.game_from_text(text)
    return long_game_from_text(text)


def rules_to_text(rules: AnyRules) -> str:
    """Rules in a few letters, for storage and a button's data (`Srhn1` for short nardy's)."""
    if isinstance(rules, ShortRules):
        return short_record.rules_to_text(rules)
    return long_rules_to_text(rules)


def rules_from_text(text: str) -> AnyRules:
    if short_record.is_short_rules(text):
        return short_record.rules_from_text(text)
    return long_rules_from_text(text)


def turn_text(game: AnyGame, steps: Sequence[Step]) -> str:
    """`steps`, played from the start of the turn of `game`, in the game's notation (§10; short
    nardy's with `bar` and a `*` on hits)."""
    if isinstance(game, ShortGame):
        return format_short_turn(game.position, steps)
    return format_turn(steps)


def loss_value(game: AnyGame, loser: Color) -> tuple[ResultKind, int]:
    """What resigning now would cost `loser`, before the cube (§7, §9)."""
    if isinstance(game, ShortGame):
        return short_loss_value(game.position, loser)
    return long_loss_value(game.position, loser, game.rules)


def cube_value(game: AnyGame) -> int:
    """What the doubling cube multiplies the game's score by (1: no cube, long nardy)."""
    return game.cube.value if isinstance(game, ShortGame) else 1


def has_record(game: AnyGame) -> bool:
    """Whether `game` gets a game record (`nardy.transcript`): every game but one of short
    nardy stored, mid-game, before the doubles of its cube were kept (`doubles_complete`)."""
    return not isinstance(game, ShortGame) or game.doubles_complete


def cube_decider(game: AnyGame) -> Color | None:
    """Who decides before the roll with short nardy's cube (RULES.md §9): the opponent of a
    double offered (take or drop), or the side to move when it may double (roll or double);
    None when the dice are rolled, or nobody may double."""
    if not isinstance(game, ShortGame) or game.over or game.dice is not None:
        return None
    offered = game.cube.offered_by
    if offered is not None:
        return offered.opponent
    return game.to_move if game.may_double() else None


def to_act(game: AnyGame) -> Color:
    """The side the game waits for: the opponent of a double offered (RULES.md §9), else the
    side to move; its clock runs and it is reminded."""
    decider = cube_decider(game)
    return game.to_move if decider is None else decider  # White is 0: no `or`


def short_rules(rules: Rules, cube: bool = False) -> ShortRules:
    """Short nardy's options from a player's house rules: the opening and the higher-die rule,
    which §9 keeps, and the cube."""
    return ShortRules(rules.opening, rules.higher_die_rule, cube, rules.match_length)
