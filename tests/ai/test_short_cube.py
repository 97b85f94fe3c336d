"""The short-nardy bot's cube decisions on clear positions (RULES.md §9, the cube option)."""

from __future__ import annotations

import random

import pytest

from nardy.ai import Level
from nardy.color import Color
from nardy.short import Cube, Game, Position, ShortRules
from nardy.short.ai import SHORT_LEVELS, takes, wants_double
from testkit.short_selfplay import random_game_positions
from tests.nardy.short.builders import board

CUBE = ShortRules(cube=True)


def before_roll(position: Position) -> Game:
    """A game with the cube on, `position.to_move` about to roll."""
    return Game(CUBE, position=position)


@pytest.mark.parametrize("mover", Color)
@pytest.mark.parametrize("level", SHORT_LEVELS)
def test_a_won_race_doubles_and_the_other_side_drops(mover: Color, level: Level) -> None:
    # Four checkers on our 1- and 2-points against nine still to bear off: no gammon (they
    # have six off), so doubling wins the game now.
    game = before_roll(board(mover, {1: 2, 2: 2}, {21: 3, 20: 3, 19: 3}, theirs_off=6))
    assert wants_double(game, level)
    assert not takes(game.double(), level)


@pytest.mark.parametrize("mover", Color)
@pytest.mark.parametrize("level", SHORT_LEVELS)
def test_the_opening_position_is_no_double_and_a_take(mover: Color, level: Level) -> None:
    start = {24: 2, 13: 5, 8: 3, 6: 5}
    game = before_roll(board(mover, start, {1: 2, 12: 5, 17: 3, 19: 5}))
    assert not wants_double(game, level)
    assert takes(game.double(), level)


@pytest.mark.parametrize("mover", Color)
@pytest.mark.parametrize("level", [Level.MEDIUM, Level.HARD])
def test_too_good_to_double_plays_on_for_the_gammon(mover: Color, level: Level) -> None:
    # Three of theirs on the bar against our closed board, none off: the gammon is likely, so
    # a double (which they would drop) would give away points; Easy does not see that.
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3}
    game = before_roll(board(mover, closed, {12: 5, 19: 3, 20: 2, 17: 2}, theirs_bar=3))
    assert not wants_double(game, level)
    assert not takes(game.double(), level)
    assert wants_double(game, Level.EASY)


def test_no_double_where_the_cube_is_not_ours_to_turn() -> None:
    won = board(Color.WHITE, {1: 2, 2: 2}, {21: 3, 20: 3, 19: 3}, theirs_off=6)
    assert wants_double(Game(CUBE, position=won), Level.HARD)
    assert not wants_double(Game(ShortRules(), position=won), Level.HARD)  # the cube is off
    assert not wants_double(Game(CUBE, position=won, crawford=True), Level.HARD)
    theirs = Game(CUBE, position=won, cube=Cube(2, Color.BLACK))
    assert not wants_double(theirs, Level.HARD)
    assert not wants_double(Game(CUBE, position=won).with_roll((2, 1)), Level.HARD)  # rolled


def test_every_level_but_easy_judges_the_cube_alike() -> None:
    """The cube reads one evaluation for every level, so two bots never take each other's
    doubles in a war neither believes in (a Medium that read the static evaluation ran an
    arena game's cube up to 8,192 against the Expert)."""
    judged = [Level.MEDIUM, Level.HARD, Level.EXPERT]
    seen_double = seen_take = False
    for position in random_game_positions(2, random.Random(6))[::3]:
        if position.winner() is not None:
            continue
        game = before_roll(position)
        doubles = {wants_double(game, level) for level in judged}
        assert len(doubles) == 1
        answers = {takes(game.double(), level) for level in judged}
        assert len(answers) == 1
        seen_double |= doubles.pop()
        seen_take |= answers.pop()
    assert seen_double and seen_take
