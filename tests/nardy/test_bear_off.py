"""RULES.md §6: bearing off, overpaying, and the end of the turn on the last checker."""

from __future__ import annotations

import pytest

from nardy import Color, IllegalMove, Step, Violation, legal_turns
from tests.nardy.builders import after, board, results

BOTH = pytest.mark.parametrize("mover", list(Color))
FAR = {20: 15}  # the opponent, far from our home


@BOTH
def test_overpay_is_forbidden_while_a_checker_stands_higher(mover: Color) -> None:
    # 3/off with the 4 would overpay: the checker on 5 stands higher, so the 4 moves 5/1.
    position = board(mover, {5: 1, 3: 1}, FAR)
    assert results(position, (4, 1)) == after(position, "5/1 1/off", "5/1 3/2")
    with pytest.raises(IllegalMove) as err:
        legal_turns(position, (4, 1)).next_steps([Step(3, 4)])
    assert err.value.violation is Violation.OVERPAY


@BOTH
def test_overpay_bears_off_the_highest_checker_when_none_stands_higher(mover: Color) -> None:
    position = board(mover, {3: 1, 2: 1}, FAR)
    turns = legal_turns(position, (6, 5))
    assert {t.result.off[mover] for t in turns.turns} == {15}
    with pytest.raises(IllegalMove) as err:
        turns.next_steps([Step(2, 6)])  # the checker on 3 stands higher than 2
    assert err.value.violation is Violation.OVERPAY


@BOTH
def test_no_bearing_off_until_all_fifteen_are_home(mover: Color) -> None:
    position = board(mover, {8: 1, 6: 4, 5: 5, 4: 5}, FAR)
    turns = legal_turns(position, (6, 2))
    with pytest.raises(IllegalMove) as err:
        turns.next_steps([Step(6, 6)])
    assert err.value.violation is Violation.NOT_HOME


@BOTH
def test_the_last_checker_entering_home_lets_the_rest_of_the_turn_bear_off(mover: Color) -> None:
    position = board(mover, {8: 1, 6: 4, 5: 5, 4: 5}, FAR)
    turns = legal_turns(position, (6, 2))
    assert Step(6, 6) in turns.next_steps([Step(8, 2)])  # 8/6 then 6/off
    assert Step(2, 2) in turns.next_steps([Step(8, 6)])  # 8/2 then 2/off
    assert after(position, "8/2 2/off") <= results(position, (6, 2))


@BOTH
def test_bearing_off_is_not_compulsory(mover: Color) -> None:
    position = board(mover, {6: 2, 5: 1}, FAR)
    assert after(position, "6/off 5/4") | after(position, "6/off 6/5") <= results(position, (6, 1))


@BOTH
def test_bearing_off_the_last_checker_ends_the_turn_and_voids_the_other_dice(
    mover: Color,
) -> None:
    position = board(mover, {1: 1}, FAR)
    turns = legal_turns(position, (4, 4))
    assert [list(map(str, t.steps)) for t in turns.turns] == [["1/off"]]
    assert turns.turns[0].result.winner() is mover
