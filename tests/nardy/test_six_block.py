"""RULES.md §5: six points in a row are allowed only with an opponent checker ahead of them."""

from __future__ import annotations

import pytest

from nardy import (
    BlockCheck,
    Color,
    IllegalMove,
    InvalidPosition,
    Rules,
    Step,
    Violation,
    legal_turns,
)
from tests.nardy.builders import after, board, results

BOTH = pytest.mark.parametrize("mover", list(Color))
# Our 11, 10, 9, 7 and two on 8: 8/6 makes 11..6, six in a row in front of the opponent's head
# (our 12). In the opponent's numbering that is his 23..18, and his checkers are all behind it.
FRONT_OF_HEAD = {11: 1, 10: 1, 9: 1, 8: 2, 7: 1, 24: 9}


def forms_block(mover: Color, theirs: dict[int, int], theirs_off: int | None = None) -> bool:
    """Is 8/6 (die 2) legal in the FRONT_OF_HEAD setup against `theirs`?"""
    position = board(mover, FRONT_OF_HEAD, theirs, theirs_off=theirs_off)
    return Step(8, 2) in legal_turns(position, (2, 1)).next_steps()


@BOTH
def test_block_in_front_of_the_head_with_nobody_ahead_is_illegal(mover: Color) -> None:
    assert not forms_block(mover, {12: 15})
    position = board(mover, FRONT_OF_HEAD, {12: 15})
    with pytest.raises(IllegalMove) as err:
        legal_turns(position, (2, 1)).next_steps([Step(8, 2)])
    assert err.value.violation is Violation.BLOCK


@BOTH
def test_block_is_legal_with_one_opponent_checker_ahead(mover: Color) -> None:
    assert forms_block(mover, {12: 14, 3: 1})  # our 3 is his 15, ahead of his 18..23


@BOTH
def test_block_is_legal_once_an_opponent_checker_is_off(mover: Color) -> None:
    assert forms_block(mover, {12: 14}, theirs_off=1)


@BOTH
def test_seven_in_a_row_with_nobody_ahead_is_illegal_too(mover: Color) -> None:
    mine = {11: 1, 10: 1, 9: 1, 8: 2, 7: 1, 5: 1, 24: 8}
    position = board(mover, mine, {12: 15})
    assert Step(8, 2) not in legal_turns(position, (2, 1)).next_steps()


@BOTH
def test_block_across_our_own_seam_counts(mover: Color) -> None:
    # Our 3, 2, 1, 24, 23, 22 are his 15..10: consecutive on his path.
    mine = {2: 1, 1: 1, 24: 1, 23: 1, 22: 10, 7: 1}
    illegal = board(mover, mine, {12: 15})
    with pytest.raises(IllegalMove) as err:
        legal_turns(illegal, (4, 1)).next_steps([Step(7, 4)])
    assert err.value.violation is Violation.BLOCK
    legal = board(mover, mine, {12: 14, 20: 1})  # our 20 is his 8: ahead of his 10..15
    assert Step(7, 4) in legal_turns(legal, (4, 1)).next_steps()


@BOTH
def test_points_across_the_opponents_seam_are_not_a_block(mover: Color) -> None:
    # Our 16..10 are his 4, 3, 2, 1 and then 24, 23, 22: no six in a row on his path.
    mine = {16: 1, 15: 1, 14: 1, 13: 1, 11: 1, 10: 1, 18: 9}
    position = board(mover, mine, {5: 15})
    assert Step(18, 6) in legal_turns(position, (6, 1)).next_steps()


@BOTH
def test_forming_then_breaking_a_block_differs_between_the_check_options(mover: Color) -> None:
    # 13/7 completes 11..6 with nobody ahead; 7/6 then breaks it. The alternative order
    # 13/12 is impossible (his head), so the final position is reachable only through the block.
    mine = {11: 1, 10: 1, 9: 1, 8: 1, 6: 1, 13: 1, 24: 9}
    position = board(mover, mine, {12: 15})
    through_block = after(position, "13/7 7/6")
    every_step = results(position, (6, 1), Rules(block_check=BlockCheck.EVERY_STEP))
    end_of_turn = results(position, (6, 1), Rules(block_check=BlockCheck.END_OF_TURN))
    assert not through_block & every_step
    assert through_block <= end_of_turn
    # With the end-of-turn check a block left standing at the end is still illegal.
    assert not after(position, "13/7 24/23") & end_of_turn


@BOTH
def test_end_of_turn_check_names_the_block_rule(mover: Color) -> None:
    mine = {11: 1, 10: 1, 9: 1, 8: 1, 6: 1, 13: 1, 24: 9}
    position = board(mover, mine, {12: 15})
    turns = legal_turns(position, (6, 1), Rules(block_check=BlockCheck.END_OF_TURN))
    after_block = turns.next_steps([Step(13, 6)])
    assert Step(7, 1) in after_block and Step(11, 1) in after_block  # each breaks 11..6
    assert Step(24, 1) not in after_block
    with pytest.raises(IllegalMove) as err:
        turns.play([Step(13, 6), Step(24, 1)])
    assert err.value.violation is Violation.BLOCK


@BOTH
@pytest.mark.parametrize("check", list(BlockCheck))
def test_a_position_already_holding_an_illegal_block_is_refused(
    mover: Color, check: BlockCheck
) -> None:
    # No legal game reaches it: a block is only formed with an opponent checker ahead, and
    # checkers ahead stay ahead. Generating turns from it would mean guessing a rule.
    position = board(mover, {6: 2, 5: 2, 4: 2, 3: 3, 2: 3, 1: 2, 24: 1}, {12: 15})
    with pytest.raises(InvalidPosition, match="six points in a row"):
        legal_turns(position, (2, 1), Rules(block_check=check))
