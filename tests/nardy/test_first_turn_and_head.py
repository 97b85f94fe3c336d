"""RULES.md §4 (the head rule) and §3 (doubles give four steps), for both colours."""

from __future__ import annotations

import pytest

from nardy import (
    Color,
    HeadException,
    IllegalMove,
    Position,
    Rules,
    Step,
    Violation,
    legal_turns,
)
from tests.nardy.builders import after, board, results

BOTH = pytest.mark.parametrize("mover", list(Color))


def opening(mover: Color) -> Position:
    """The start seen from `mover`: his 15 on his head, the opponent's head is his point 12."""
    return board(mover, {24: 15}, {12: 15}, first_turn=(True, True))


# Expected first turns by head option (RULES.md §4). One step a token, in the mover's numbering.
DEFAULT = {
    (6, 6): ["24/18 24/18"],  # the other two sixes are lost: 18/12 is the opponent's head
    (4, 4): ["24/20 20/16 24/20 20/16"],
    (3, 3): ["24/21 21/18 18/15 24/21", "24/21 21/18 24/21 21/18"],
    (5, 5): ["24/19 19/14 14/9 9/4"],
    (2, 2): ["24/22 22/20 20/18 18/16"],
    (1, 1): ["24/23 23/22 22/21 21/20"],
}
ANY_DOUBLE = {
    **DEFAULT,
    (5, 5): ["24/19 19/14 14/9 9/4", "24/19 19/14 14/9 24/19", "24/19 19/14 24/19 19/14"],
    (2, 2): ["24/22 22/20 20/18 18/16", "24/22 22/20 20/18 24/22", "24/22 22/20 24/22 22/20"],
    (1, 1): ["24/23 23/22 22/21 21/20", "24/23 23/22 22/21 24/23", "24/23 23/22 24/23 23/22"],
}
NONE = {
    **DEFAULT,
    (6, 6): ["24/18"],
    (4, 4): ["24/20 20/16"],
    (3, 3): ["24/21 21/18 18/15"],
}
CASES = [
    (option, dice, turns)
    for option, table in (
        (HeadException.DOUBLES_346, DEFAULT),
        (HeadException.ANY_DOUBLE, ANY_DOUBLE),
        (HeadException.NONE, NONE),
    )
    for dice, turns in table.items()
]


@BOTH
@pytest.mark.parametrize(("option", "dice", "turns"), CASES)
def test_first_turn_doubles(
    mover: Color, option: HeadException, dice: tuple[int, int], turns: list[str]
) -> None:
    position = opening(mover)
    rules = Rules(head_exception=option)
    assert results(position, dice, rules) == after(position, *turns)
    assert legal_turns(position, dice, rules).max_steps == max(len(t.split()) for t in turns)


@BOTH
def test_second_player_first_turn_may_take_two_from_head(mover: Color) -> None:
    # The opponent has played 24/18 24/18 (his numbering): two of his checkers on our point 6.
    position = board(mover, {24: 15}, {12: 13, 6: 2}, first_turn=(True, False))
    assert results(position, (6, 6)) == after(position, "24/18 24/18")
    assert results(position, (4, 4)) == after(position, "24/20 20/16 24/20 20/16")


@BOTH
def test_after_the_first_turn_only_one_checker_leaves_the_head(mover: Color) -> None:
    position = board(mover, {24: 13, 18: 2}, {12: 13, 6: 2}, first_turn=(False, False))
    turns = legal_turns(position, (6, 6))
    assert all(sum(1 for s in t.steps if s.src == 24) <= 1 for t in turns.turns)
    with pytest.raises(IllegalMove) as err:
        turns.next_steps([Step(24, 6), Step(24, 6)])
    assert err.value.violation is Violation.HEAD


@BOTH
def test_non_double_never_takes_two_from_head_even_on_first_turn(mover: Color) -> None:
    position = opening(mover)
    assert results(position, (6, 5)) == after(position, "24/18 18/13")
    with pytest.raises(IllegalMove) as err:
        legal_turns(position, (6, 5)).next_steps([Step(24, 6), Step(24, 5)])
    assert err.value.violation is Violation.HEAD


@BOTH
def test_head_exception_does_not_depend_on_what_stops_the_single_checker(mover: Color) -> None:
    # [003] would allow the second checker only when the opponent's *head* stops the first.
    # The engine pins the simpler reading of the default: on the first turn, 6-6, 4-4 and 3-3
    # always allow two. Here the opponent has left his head (our 12) and our 8 stops 4-4.
    position = board(mover, {24: 15}, {8: 15}, first_turn=(True, False))
    assert results(position, (4, 4)) == after(
        position, "24/20 20/16 16/12 24/20", "24/20 20/16 24/20 20/16"
    )
