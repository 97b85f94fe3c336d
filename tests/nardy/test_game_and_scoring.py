"""RULES.md §2 (who starts), §7 (end of game, score, resignation, last roll, match)."""

from __future__ import annotations

import pytest

from nardy import Color, IllegalMove, Opening, Rules, Scoring, Step, Violation
from nardy.dice import ScriptedDice
from nardy.game import Game, new_game, roll_opening
from nardy.match import Match
from nardy.scoring import EndReason, ResultKind, loss_value
from tests.nardy.builders import board, sides

BOTH = pytest.mark.parametrize("mover", list(Color))
EXTENDED = Rules(scoring=Scoring.EXTENDED)


def test_opening_rerolls_ties_and_the_higher_die_plays_white() -> None:
    opening = roll_opening(ScriptedDice([3, 3, 2, 5, 6, 6]), Rules())
    assert opening.rolls == ((3, 3), (2, 5))
    assert opening.white_player == 1
    assert opening.first_dice == (6, 6)  # default: White rolls afresh and may get a double


def test_opening_roll_played_as_the_first_turn() -> None:
    rules = Rules(opening=Opening.PLAY_OPENING_ROLL)
    opening, game = new_game(rules, ScriptedDice([4, 4, 5, 2]))
    assert opening.white_player == 0
    assert opening.first_dice == (5, 2) and game.dice == (5, 2)
    assert game.to_move is Color.WHITE


def test_a_turn_played_step_by_step_with_undo() -> None:
    game = Game().with_roll((6, 5))
    assert game.next_steps() == (Step(24, 6), Step(24, 5))
    game = game.play_step(Step(24, 6))
    assert not game.turn_complete
    assert game.board.count_at(Color.WHITE, 18) == 1
    game = game.undo_step().play_step(Step(24, 5)).play_step(Step(19, 6))
    assert game.turn_complete
    game = game.end_turn()
    assert game.to_move is Color.BLACK and game.dice is None
    assert game.position.count_at(Color.WHITE, 13) == 1
    assert game.position.first_turn == (False, True)
    assert game.last_turn is not None and game.last_turn.steps == (Step(24, 5), Step(19, 6))


def test_ending_an_unfinished_turn_names_the_rule() -> None:
    game = Game().with_roll((6, 5)).play_step(Step(24, 6))
    with pytest.raises(IllegalMove) as err:
        game.end_turn()
    assert err.value.violation is Violation.INCOMPLETE


def test_moves_without_dice_or_after_the_end_are_refused() -> None:
    with pytest.raises(IllegalMove) as err:
        Game().next_steps()
    assert err.value.violation is Violation.NO_DICE
    over = Game().resign(Color.WHITE)
    with pytest.raises(IllegalMove) as err:
        over.with_roll((1, 2))
    assert err.value.violation is Violation.GAME_OVER


@BOTH
def test_bearing_off_the_last_checker_wins_oyn(mover: Color) -> None:
    position = board(mover, {1: 1}, {6: 5}, theirs_off=10)
    game = Game(position=position).with_roll((2, 1)).play_turn((Step(1, 1),))
    assert game.result is not None
    assert (game.result.winner, game.result.kind, game.result.points) == (mover, ResultKind.OYN, 1)
    assert game.result.reason is EndReason.BORNE_OFF


@BOTH
def test_mars_when_the_loser_bore_off_nothing(mover: Color) -> None:
    position = board(mover, {1: 1}, {6: 15}, mine_off=14)
    game = Game(position=position).with_roll((2, 1)).play_turn((Step(1, 1),))
    assert game.result is not None and (game.result.kind, game.result.points) == (
        ResultKind.MARS,
        2,
    )


@BOTH
@pytest.mark.parametrize(
    ("loser", "loser_off", "classic", "extended"),
    [
        ({6: 5}, 10, (ResultKind.OYN, 1), (ResultKind.OYN, 1)),
        ({6: 14, 20: 1}, 0, (ResultKind.MARS, 2), (ResultKind.KOKS, 3)),  # one in 19..24
        ({6: 15}, 0, (ResultKind.MARS, 2), (ResultKind.HOME_MARS, 4)),  # all fifteen home
        ({6: 14, 10: 1}, 0, (ResultKind.MARS, 2), (ResultKind.MARS, 2)),
    ],
)
def test_every_scoring_outcome(
    mover: Color,
    loser: dict[int, int],
    loser_off: int,
    classic: tuple[ResultKind, int],
    extended: tuple[ResultKind, int],
) -> None:
    """`loser` is in the loser's own numbering; the winner has one checker left on his 1."""
    if mover is Color.WHITE:
        position = sides(mover, {1: 1}, loser, white_off=14, black_off=loser_off)
    else:
        position = sides(mover, loser, {1: 1}, white_off=loser_off, black_off=14)
    assert loss_value(position, mover.opponent, Rules()) == classic
    assert loss_value(position, mover.opponent, EXTENDED) == extended
    game = Game(rules=EXTENDED, position=position).with_roll((1, 1)).play_turn((Step(1, 1),))
    assert game.result is not None
    assert (game.result.winner, game.result.kind, game.result.points) == (mover, *extended)


@BOTH
def test_resignation_is_scored_from_the_position(mover: Color) -> None:
    start = Game(rules=EXTENDED)
    result = start.resign(mover).result
    assert result is not None
    assert (result.winner, result.kind, result.points) == (mover.opponent, ResultKind.KOKS, 3)
    timeout = Game().resign(mover, EndReason.TIMEOUT).result
    assert timeout is not None and (timeout.kind, timeout.reason) == (
        ResultKind.MARS,
        EndReason.TIMEOUT,
    )


def last_roll_game(black: dict[int, int], black_off: int) -> Game:
    """White bears off his last checker with 2-1; Black (own numbering `black`) answers."""
    position = sides(Color.WHITE, {1: 1}, black, white_off=14, black_off=black_off)
    game = Game(rules=Rules(last_roll=True), position=position)
    return game.with_roll((2, 1)).play_turn((Step(1, 1),))


def test_last_roll_black_answers_and_draws() -> None:
    game = last_roll_game({1: 1}, 14)
    assert game.result is None and game.last_roll_pending and game.to_move is Color.BLACK
    game = game.with_roll((3, 1)).play_turn((Step(1, 1),))
    assert game.result is not None
    assert (game.result.winner, game.result.kind, game.result.points) == (None, ResultKind.DRAW, 0)


def test_last_roll_white_wins_scored_after_blacks_turn() -> None:
    game = last_roll_game({6: 1, 5: 1}, 13)
    game = game.with_roll((6, 1)).play_turn((Step(6, 6), Step(5, 1)))
    assert game.result is not None
    assert (game.result.winner, game.result.kind) == (Color.WHITE, ResultKind.OYN)
    # With no checker off before and none borne off in his answer, Black loses a mars.
    game = last_roll_game({20: 1, 6: 14}, 0).with_roll((1, 2))
    game = game.play_turn(game.legal.turns[0].steps)
    assert game.result is not None and game.result.kind is ResultKind.MARS


def test_without_last_roll_white_wins_at_once() -> None:
    position = board(Color.WHITE, {1: 1}, {13: 1}, theirs_off=14)
    game = Game(position=position).with_roll((2, 1)).play_turn((Step(1, 1),))
    assert game.result is not None and game.result.winner is Color.WHITE


def test_black_finishing_first_wins_even_with_last_roll() -> None:
    position = board(Color.BLACK, {1: 1}, {13: 1}, theirs_off=14)
    game = Game(rules=Rules(last_roll=True), position=position)
    game = game.with_roll((2, 1)).play_turn((Step(1, 1),))
    assert game.result is not None and game.result.winner is Color.BLACK


def test_match_to_three_points() -> None:
    match = Match(length=3)
    mars = Game().resign(Color.BLACK).result  # White wins a mars
    oyn_black = Game(position=sides(Color.BLACK, {1: 1}, {1: 1}, white_off=14, black_off=14))
    black_win = oyn_black.with_roll((1, 1)).play_turn((Step(1, 1),)).result
    assert mars is not None and black_win is not None
    match = match.record(mars, white_player=1)  # player 1 had White: +2
    assert match.score == (0, 2) and not match.over
    match = match.record(black_win, white_player=0)  # player 1 had Black: +1
    assert match.score == (0, 3) and match.winner == 1 and match.games == 2
    with pytest.raises(ValueError):
        match.record(mars, white_player=0)


def test_a_side_that_has_borne_off_cannot_resign_while_black_plays_the_last_roll() -> None:
    game = last_roll_game({1: 1}, 14)
    with pytest.raises(IllegalMove) as err:
        game.resign(Color.WHITE)
    assert err.value.violation is Violation.GAME_OVER
    result = game.resign(Color.BLACK).result
    assert result is not None and result.winner is Color.WHITE


@pytest.mark.parametrize("dice", [(True, 2), (0, 3), (7, 1), (2.0, 3)])
def test_a_roll_is_two_whole_dice(dice: tuple[int, int]) -> None:
    with pytest.raises(ValueError):
        Game().with_roll(dice)


def test_a_whole_turn_cannot_be_played_over_steps_already_played() -> None:
    game = Game().with_roll((6, 5)).play_step(Step(24, 6))
    with pytest.raises(ValueError, match="already played"):
        game.play_turn((Step(24, 5), Step(19, 6)))
