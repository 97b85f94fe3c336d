"""The short-nardy bot's cube decisions (RULES.md §9: the cube is an option), money play, by
cubeful equity.

Every level reads the side on roll's cubeless chances before it rolls from the learned network
(`nardy.short.ai.expert.odds_on_roll`), whatever evaluation plays its checkers: two levels that
misjudged the same position in opposite ways would double and take each other without end (a
cube of 8,192 in a Medium-Expert arena game when Medium read the static evaluation). Medium,
Hard and the Expert turn them into cubeful equities (`nardy.short.ai.cubeful`).

* No double: the equity with the cube where it is. Double, take: twice the equity with the
  cube owned by the opponent. Double, pass: one point.
* The side doubles when the take and the pass are both worth more than not doubling, so not
  when it is too good (playing on for the gammon beats the pass's point); the other side takes
  when the take costs it less than the pass's point.

Easy keeps a rule of thumb on the same chances: double at `EASY_DOUBLE_WIN`, take at
`EASY_TAKE_WIN`, gammons ignored. Match scores are not taken into account (no short-nardy match
equity table); a Crawford game never gets here (`Game.may_double`).
"""

from __future__ import annotations

from nardy.ai.levels import Level
from nardy.short.ai.cubeful import Owner, cube_action
from nardy.short.ai.expert import odds_on_roll
from nardy.short.game import Game

EASY_DOUBLE_WIN = 0.75
EASY_TAKE_WIN = 0.25


def wants_double(game: Game, level: Level) -> bool:
    """Does `level`, the side to move, double now, before rolling?"""
    if not game.may_double():
        return False
    odds = odds_on_roll(game.position)
    if Level(level) is Level.EASY:
        return odds.win >= EASY_DOUBLE_WIN
    return cube_action(odds, Owner.of(game.cube, game.to_move)).double


def takes(game: Game, level: Level) -> bool:
    """Does `level`, offered a double by the side to move, take it?"""
    odds = odds_on_roll(game.position)
    if Level(level) is Level.EASY:
        return 1.0 - odds.win >= EASY_TAKE_WIN
    return cube_action(odds, Owner.of(game.cube, game.to_move)).take
