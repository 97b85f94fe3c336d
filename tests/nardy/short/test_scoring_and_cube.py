"""Short nardy's score (single, gammon, backgammon; RULES.md §9) and the doubling cube."""

from __future__ import annotations

import pytest

from nardy.color import Color
from nardy.dice import ScriptedDice
from nardy.match import Match
from nardy.rules import Opening
from nardy.scoring import EndReason, GameResult, ResultKind
from nardy.short import (
    CrawfordMatch,
    Cube,
    CubeError,
    Game,
    ShortRules,
    loss_value,
    new_game,
    parse_turn,
)
from tests.nardy.short.builders import board

COLORS = pytest.mark.parametrize("loser", list(Color), ids=["white", "black"])
CUBE = ShortRules(cube=True)


@COLORS
def test_single_gammon_and_backgammon(loser: Color) -> None:
    # Built from the loser's side: his own 19..24 is the winner's home.
    assert loss_value(board(loser, {6: 14}, {}, mine_off=1, theirs_off=15), loser) == (
        ResultKind.OYN,
        1,
    )
    assert loss_value(board(loser, {18: 15}, {}, theirs_off=15), loser) == (ResultKind.MARS, 2)
    in_home = board(loser, {19: 1, 6: 14}, {}, theirs_off=15)
    assert loss_value(in_home, loser) == (ResultKind.KOKS, 3)
    on_bar = board(loser, {6: 14}, {}, mine_bar=1, theirs_off=15)
    assert loss_value(on_bar, loser) == (ResultKind.KOKS, 3)


def last_checker_game(rules: ShortRules = CUBE, cube: Cube | None = None) -> Game:
    """White bears off his last checker with 2-1; Black has a checker in White's home."""
    position = board(Color.WHITE, {1: 1}, {2: 1, 12: 14}, mine_off=14)
    return Game(rules, position, cube=cube or Cube())


def test_a_game_borne_off_is_scored_times_the_cube() -> None:
    game = last_checker_game().with_roll((2, 1)).play_turn(parse_turn("1/off"))
    assert game.result == GameResult(Color.WHITE, ResultKind.KOKS, 3, EndReason.BORNE_OFF)
    cubed = last_checker_game(cube=Cube(4, Color.WHITE)).with_roll((2, 1))
    assert cubed.play_turn(parse_turn("1/off")).result == GameResult(
        Color.WHITE, ResultKind.KOKS, 12, EndReason.BORNE_OFF
    )


def test_resigning_is_scored_from_the_position_times_the_cube() -> None:
    game = last_checker_game(cube=Cube(2, Color.BLACK)).resign(Color.BLACK)
    assert game.result == GameResult(Color.WHITE, ResultKind.KOKS, 6, EndReason.RESIGNED)


def test_the_cube_is_off_by_default() -> None:
    game = Game()
    assert not game.may_double()
    with pytest.raises(CubeError):
        game.double()


def test_double_take_and_ownership() -> None:
    game = Game(CUBE)
    assert game.may_double()
    offered = game.double()
    assert offered.cube == Cube(1, None, Color.WHITE)
    with pytest.raises(CubeError):
        offered.with_roll((3, 1))  # the answer comes first
    taken = offered.take()
    assert taken.cube == Cube(2, Color.BLACK)
    assert not taken.may_double()  # White no longer owns the cube
    after_turn = taken.with_roll((3, 1)).play_turn(parse_turn("8/5 6/5"))
    assert after_turn.to_move is Color.BLACK and after_turn.may_double()
    redoubled = after_turn.double().take()
    assert redoubled.cube == Cube(4, Color.WHITE)


def test_a_double_only_before_rolling() -> None:
    rolled = Game(CUBE).with_roll((3, 1))
    assert not rolled.may_double()
    with pytest.raises(CubeError):
        rolled.double()


def test_a_drop_loses_the_cubes_value_before_the_double() -> None:
    game = Game(CUBE, cube=Cube(2, Color.WHITE)).double().drop()
    assert game.result == GameResult(Color.WHITE, ResultKind.OYN, 2, EndReason.DROPPED)
    with pytest.raises(CubeError):
        Game(CUBE).take()  # no double to answer


def test_the_crawford_game_has_no_doubling() -> None:
    rules = ShortRules(Opening.REROLL, cube=True, match_length=5)  # the dice below: a reroll
    match = CrawfordMatch.for_rules(rules)
    three = GameResult(Color.WHITE, ResultKind.KOKS, 3, EndReason.BORNE_OFF)
    one = GameResult(Color.WHITE, ResultKind.OYN, 1, EndReason.BORNE_OFF)
    match = match.record(three, white_player=0)
    assert not match.crawford_next
    match = match.record(one, white_player=0)  # player 0 needs one point: next is Crawford
    assert match.match == Match(5, (4, 0), 2) and match.crawford_next
    _, crawford = new_game(rules, ScriptedDice([5, 2, 3, 1]), crawford=match.crawford_next)
    after_first = crawford.play_turn(parse_turn("8/5 6/5"))
    assert not after_first.may_double()
    match = match.record(one, white_player=1)  # player 1 wins the Crawford game
    assert match.match.score == (4, 1) and not match.crawford_next  # doubling is back
