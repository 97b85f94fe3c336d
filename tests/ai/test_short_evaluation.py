"""The short-nardy evaluation orders hand-made positions as backgammon strategy says (RULES.md
§9), and counts the shots at a blot as backgammon's tables do."""

from __future__ import annotations

import pytest

from nardy.ai import Level
from nardy.color import Color
from nardy.short import Position, ShortRules, format_turn, legal_turns, move, parse_turn
from nardy.short.ai import choose_turn
from nardy.short.ai.evaluation import evaluate, hitting_rolls, shape
from tests.nardy.short.builders import board

START_MINE = {24: 2, 13: 5, 8: 3, 6: 5}
START_THEIRS = {1: 2, 12: 5, 17: 3, 19: 5}  # the opponent's set-up in the mover's numbering


def equity_after(position: Position, dice: tuple[int, int], turn: str) -> float:
    """The mover's evaluated equity after playing `turn`, which must be legal."""
    steps = parse_turn(turn)
    assert legal_turns(position, dice).is_complete(steps), turn
    return evaluate(move(position, steps).with_turn_passed()).equity


def played(position: Position, dice: tuple[int, int], level: Level) -> str:
    return format_turn(position, choose_turn(position, dice, ShortRules(), level, seed=1))


@pytest.mark.parametrize("mover", Color)
def test_a_safe_hit_is_preferred(mover: Color) -> None:
    # The opponent has slipped a checker onto our 5-point: 3-1 hits it and makes the point.
    position = board(mover, START_MINE, START_THEIRS | {19: 4, 5: 1})
    hit = equity_after(position, (3, 1), "8/5 6/5")
    for quiet in ("24/21 24/23", "13/10 8/7", "6/5 5/2", "13/10 6/5"):
        assert hit > equity_after(position, (3, 1), quiet)
    assert played(position, (3, 1), Level.MEDIUM) == "8/5* 6/5"
    assert played(position, (3, 1), Level.HARD) == "8/5* 6/5"


@pytest.mark.parametrize("mover", Color)
def test_making_a_point_beats_leaving_blots(mover: Color) -> None:
    position = board(mover, START_MINE, START_THEIRS)
    point = equity_after(position, (3, 1), "8/5 6/5")
    for loose in ("13/10 8/7", "24/23 13/10", "6/5 24/21"):
        assert point > equity_after(position, (3, 1), loose)
    assert played(position, (3, 1), Level.MEDIUM) == "8/5 6/5"


@pytest.mark.parametrize("mover", Color)
def test_a_prime_is_worth_more_than_the_same_points_spread(mover: Color) -> None:
    # Two opponent checkers trapped on our 1-point; the same pips in a six-prime or scattered.
    theirs = {1: 2, 24: 5, 23: 4, 22: 4}
    prime = board(mover, {4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 13: 3}, theirs)
    spread = board(mover, {2: 2, 4: 2, 6: 2, 7: 2, 9: 2, 11: 2, 13: 3}, theirs)
    assert prime.pip_count(mover) == spread.pip_count(mover)
    assert evaluate(prime.with_turn_passed()).equity > evaluate(spread.with_turn_passed()).equity


@pytest.mark.parametrize("mover", Color)
def test_bearing_off_takes_the_most_checkers(mover: Color) -> None:
    position = board(mover, {6: 3, 5: 3, 4: 2, 1: 1}, {24: 3, 20: 3, 19: 4})
    assert equity_after(position, (6, 5), "6/off 5/off") > equity_after(
        position, (6, 5), "6/off 6/1"
    )
    for level in (Level.MEDIUM, Level.HARD):
        assert played(position, (6, 5), level) == "6/off 5/off"
        assert played(position, (2, 1), level) == "5/3 1/off"  # one off, no gap left


def test_a_won_race_and_a_lost_one() -> None:
    ahead = board(Color.WHITE, {1: 2, 2: 2}, {21: 3, 20: 3, 19: 3}, theirs_off=6)
    chances = evaluate(ahead.with_turn_passed())
    assert chances.win > 0.99 and chances.gammon_win == 0.0
    assert evaluate(ahead).win < 0.01  # the same race seen by the side behind


@pytest.mark.parametrize(
    ("distance", "shots"),
    # Backgammon's shot table for a lone blot with nothing in between: 11 rolls hit it one
    # pip away, 17 six away (every 6, 5-1, 4-2, 3-3, 2-2), 6 at seven or eight, 2 at eleven.
    [(1, 11), (2, 12), (3, 14), (4, 15), (5, 15), (6, 17), (7, 6), (8, 6), (11, 2), (12, 3)],
)
def test_shots_at_a_blot_match_the_table(distance: int, shots: int) -> None:
    # Our blot on 13, the opponent's lone runner `distance` pips behind it (our 13 − distance).
    position = board(Color.WHITE, {13: 1, 14: 14}, {13 - distance: 1, 24: 14})
    mine, theirs = shape(position, Color.WHITE), shape(position, Color.BLACK)
    assert hitting_rolls(mine, theirs) == shots


def test_made_points_in_between_block_indirect_shots() -> None:
    # Six away, but our points 9 and 11 stand on the 4-2 and 2-2 paths and 10 on the 3-3 path.
    position = board(Color.WHITE, {13: 1, 11: 2, 10: 2, 9: 2, 6: 8}, {7: 1, 24: 14})
    mine, theirs = shape(position, Color.WHITE), shape(position, Color.BLACK)
    assert hitting_rolls(mine, theirs) == 11 + 2  # every 6, and 5-1 (via 8 or 12)


def test_a_blot_no_opponent_checker_can_reach_is_safe() -> None:
    position = board(Color.WHITE, {3: 1, 6: 14}, {5: 1, 24: 14})  # their runner is past it
    mine, theirs = shape(position, Color.WHITE), shape(position, Color.BLACK)
    assert hitting_rolls(mine, theirs) == 0
