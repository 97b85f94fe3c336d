"""The short-nardy bot's cube decisions (RULES.md §9: the cube is an option), money play, by
cubeful equity.

The side on roll's cubeless chances before it rolls — the Expert's and Hard's from the learned
network, Medium's from the static evaluation — become cubeful equities
(`nardy.short.ai.cubeful`).

* No double: the equity with the cube where it is. Double, take: twice the equity with the
  cube owned by the opponent. Double, pass: one point.
* The side doubles when the take and the pass are both worth more than not doubling, so not
  when it is too good (playing on for the gammon beats the pass's point); the other side takes
  when the take costs it less than the pass's point.

Easy keeps its rule of thumb: double at `EASY_DOUBLE_WIN`, take at `EASY_TAKE_WIN`, gammons
ignored. Match scores are not taken into account (no short-nardy match equity table); a
Crawford game never gets here (`Game.may_double`).
"""

from __future__ import annotations

from nardy.ai.levels import Level
from nardy.color import Color
from nardy.short.ai.cubeful import Odds, Owner, cube_action
from nardy.short.ai.evaluation import before_roll
from nardy.short.ai.expert import odds_on_roll
from nardy.short.game import Game

EASY_DOUBLE_WIN = 0.75
EASY_TAKE_WIN = 0.25


def _owner(game: Game, side: Color) -> Owner:
    owner = game.cube.owner
    return Owner.CENTRED if owner is None else Owner.MINE if owner is side else Owner.THEIRS


def odds_before_roll(game: Game, level: Level) -> Odds:
    """The side on roll's chances as `level` sees them."""
    if Level(level) in (Level.HARD, Level.EXPERT):
        return odds_on_roll(game.position)
    chances = before_roll(game.position)
    return Odds(chances.win, chances.gammon_win, 0.0, chances.gammon_loss, 0.0)


def wants_double(game: Game, level: Level) -> bool:
    """Does `level`, the side to move, double now, before rolling?"""
    if not game.may_double():
        return False
    odds = odds_before_roll(game, level)
    if Level(level) is Level.EASY:
        return odds.win >= EASY_DOUBLE_WIN
    return cube_action(odds, _owner(game, game.to_move)).double


def takes(game: Game, level: Level) -> bool:
    """Does `level`, offered a double by the side to move, take it?"""
    odds = odds_before_roll(game, level)
    if Level(level) is Level.EASY:
        return 1.0 - odds.win >= EASY_TAKE_WIN
    return cube_action(odds, _owner(game, game.to_move)).take
