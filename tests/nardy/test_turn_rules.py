"""RULES.md §3: landing, the intermediate point, maximal use, the higher die, passing."""

from __future__ import annotations

import pytest

from nardy import BlockCheck, Color, IllegalMove, Rules, Step, Violation, legal_turns
from nardy.game import Game
from tests.nardy.builders import after, board, results

BOTH = pytest.mark.parametrize("mover", list(Color))


@BOTH
@pytest.mark.parametrize("check", list(BlockCheck))
def test_higher_die_must_be_played_when_only_one_die_can_be(
    mover: Color, check: BlockCheck
) -> None:
    # Our head is stuck (23 and 18 held by the opponent); the checker on 10 can take the 6
    # (10/4) or the 1 (10/9) but never both (4/3 and 9/3 are held too).
    position = board(mover, {24: 14, 10: 1}, {23: 5, 18: 5, 3: 5})
    rules = Rules(block_check=check)
    assert results(position, (6, 1), rules) == after(position, "10/4")
    assert results(position, (1, 6), rules) == after(position, "10/4")
    with pytest.raises(IllegalMove) as err:
        legal_turns(position, (6, 1), rules).next_steps([Step(10, 1)])
    assert err.value.violation is Violation.HIGHER_DIE


@BOTH
def test_without_the_higher_die_rule_either_die_may_be_played(mover: Color) -> None:
    position = board(mover, {24: 14, 10: 1}, {23: 5, 18: 5, 3: 5})
    rules = Rules(higher_die_rule=False)
    assert results(position, (6, 1), rules) == after(position, "10/4", "10/9")


@BOTH
@pytest.mark.parametrize("check", list(BlockCheck))
def test_maximal_use_forbids_a_turn_that_leaves_a_die_playable(
    mover: Color, check: BlockCheck
) -> None:
    # 10/5 would strand the 6 (5 is too far from off, 24/18 is held), while 24/19 19/13
    # plays both dice: so 10/5 is illegal although it is a legal single step.
    position = board(mover, {24: 14, 10: 1}, {18: 5, 4: 5, 23: 5})
    rules = Rules(block_check=check)
    turns = legal_turns(position, (6, 5), rules)
    assert turns.max_steps == 2
    assert results(position, (6, 5), rules) == after(position, "24/19 19/13")
    with pytest.raises(IllegalMove) as err:
        Game(rules, position, (6, 5)).play_turn((Step(10, 5),))
    assert err.value.violation is Violation.MAXIMAL_USE


@BOTH
def test_a_step_never_lands_on_an_opponent_point(mover: Color) -> None:
    position = board(mover, {24: 15}, {18: 15})
    with pytest.raises(IllegalMove) as err:
        legal_turns(position, (6, 1)).next_steps([Step(24, 6)])
    assert err.value.violation is Violation.OCCUPIED


@BOTH
def test_both_dice_by_one_checker_need_an_open_intermediate_point(mover: Color) -> None:
    # 24/19/13 needs 19 open; 24/18/13 needs 18 open. With 19 held only the 6 goes first.
    position = board(mover, {24: 15}, {19: 15})
    assert results(position, (6, 5)) == after(position, "24/18 18/13")
    position = board(mover, {24: 15}, {19: 7, 18: 8})
    assert legal_turns(position, (6, 5)).passes


@BOTH
def test_no_legal_step_passes_the_turn(mover: Color) -> None:
    position = board(mover, {24: 15}, {18: 5, 19: 5, 1: 5})
    turns = legal_turns(position, (6, 5))
    assert turns.passes and turns.max_steps == 0
    game = Game(position=position, dice=(6, 5)).pass_turn()
    assert game.position.to_move is mover.opponent
    assert game.history[-1].steps == ()


@BOTH
def test_cannot_pass_when_a_step_can_be_played(mover: Color) -> None:
    position = board(mover, {24: 15}, {12: 15})
    with pytest.raises(IllegalMove) as err:
        Game(position=position, dice=(6, 5)).pass_turn()
    assert err.value.violation is Violation.MAXIMAL_USE


@BOTH
def test_a_double_plays_as_many_of_its_four_steps_as_it_can(mover: Color) -> None:
    # 24/20/16/12 stops at 12 (held), so only two 4s are playable by the one head checker.
    position = board(mover, {24: 14, 2: 1}, {12: 15})
    turns = legal_turns(position, (4, 4))
    assert turns.max_steps == 2
    assert results(position, (4, 4)) == after(position, "24/20 20/16")
