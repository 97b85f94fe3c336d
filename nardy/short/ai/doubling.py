"""The short-nardy bot's cube decisions (RULES.md §9: the cube is an option), money-game style.

Both read the side's cubeless chances before the roll: Easy the static evaluation of the
position, Medium and Hard the average over the 36 rolls of the best 1-ply turn.

* Double when the win chance is at least `DOUBLE_MIN_WIN` (68%) and the game is not "too good":
  when playing on is worth a full point or more (gammons), the bot keeps the cube and plays
  for them. Easy doubles at `EASY_DOUBLE_WIN` (75%), ignoring gammons.
* Take when the cubeless equity is at least `TAKE_MIN_EQUITY` (−0.5): the taker then loses
  less, on average, with the cube at twice the value than the drop's one point (25% wins
  without gammons; gammons on either side move the point). Easy takes at `EASY_TAKE_WIN` (25%).

Match scores are not taken into account (no match equity table); a Crawford game never gets
here (`Game.may_double`).
"""

from __future__ import annotations

from nardy.ai.levels import Level
from nardy.short.ai.evaluation import Chances, before_roll
from nardy.short.ai.search import on_roll_equity
from nardy.short.game import Game

DOUBLE_MIN_WIN = 0.68
TOO_GOOD_EQUITY = 1.0  # cubeless equity at or above a dropped double's one point: play on
TAKE_MIN_EQUITY = -0.5
EASY_DOUBLE_WIN = 0.75
EASY_TAKE_WIN = 0.25


def wants_double(game: Game, level: Level) -> bool:
    """Does `level`, the side to move, double now, before rolling?"""
    if not game.may_double():
        return False
    chances = before_roll(game.position)
    if Level(level) is Level.EASY:
        return chances.win >= EASY_DOUBLE_WIN
    equity = on_roll_equity(game.position, game.rules)
    return _win_at(chances, equity) >= DOUBLE_MIN_WIN and equity < TOO_GOOD_EQUITY


def takes(game: Game, level: Level) -> bool:
    """Does `level`, offered a double by the side to move, take it?"""
    chances = before_roll(game.position).flipped()
    if Level(level) is Level.EASY:
        return chances.win >= EASY_TAKE_WIN
    return -on_roll_equity(game.position, game.rules) >= TAKE_MIN_EQUITY


def _win_at(chances: Chances, equity: float) -> float:
    """The win chance the roll-averaged `equity` implies, with the static gammon estimates:
    equity = 2·win − 1 + gammon win − gammon loss."""
    win = (equity + 1.0 - chances.gammon_win + chances.gammon_loss) / 2.0
    return min(max(win, 0.0), 1.0)
