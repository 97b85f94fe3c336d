"""Example tests of each short-nardy rule of RULES.md §9, for both colours."""

from __future__ import annotations

import pytest

from nardy.color import Color
from nardy.errors import IllegalMove, Violation
from nardy.short import (
    BAR,
    Game,
    Position,
    ShortRules,
    Step,
    format_turn,
    legal_turns,
    parse_turn,
    to_absolute,
)
from tests.nardy.short.builders import after, board, results

COLORS = pytest.mark.parametrize("mover", list(Color), ids=["white", "black"])


def test_the_start_is_2_5_3_5_for_each_side_facing_each_other() -> None:
    start = Position.start()
    for color in Color:
        counts = start.own_counts(color)
        assert {q: n for q, n in enumerate(counts) if n} == {24: 2, 13: 5, 8: 3, 6: 5}
        assert start.pip_count(color) == 167
    # White's 24-point is Black's 1-point: the sides move towards each other.
    assert start.points[23] == 2 and start.points[0] == -2
    assert to_absolute(Color.BLACK, 24) == 1 and to_absolute(Color.BLACK, 1) == 24


@COLORS
def test_a_double_is_four_steps_in_the_movers_direction(mover: Color) -> None:
    start = Position.start()
    position = start if mover is Color.WHITE else start.with_turn_passed()
    turns = legal_turns(position, (6, 6))
    assert turns.max_steps == 4
    assert after(position, "24/18 24/18 13/7 13/7") <= results(position, (6, 6))


@COLORS
def test_checkers_on_the_bar_enter_before_any_other_move(mover: Color) -> None:
    position = board(mover, {13: 14}, {6: 2}, mine_bar=1)
    legal = legal_turns(position, (3, 1))
    assert all(turn.steps[0].src == BAR for turn in legal.turns)
    assert legal.next_steps() == (Step(BAR, 3), Step(BAR, 1))
    with pytest.raises(IllegalMove) as caught:
        legal.next_steps([Step(13, 3)])
    assert caught.value.violation is Violation.BAR
    # Entering is into the opponent's home: the mover's own points 19..24.
    assert after(position, "bar/22 13/12", "bar/22 22/21", "bar/24 13/10") <= results(
        position, (3, 1)
    )


@COLORS
def test_two_on_the_bar_both_enter_before_anything_else(mover: Color) -> None:
    # The opponent holds the mover's 19 (a 6 cannot enter): one enters with the 5, nothing more.
    position = board(mover, {13: 13}, {19: 2}, mine_bar=2)
    legal = legal_turns(position, (6, 5))
    assert legal.max_steps == 1
    assert results(position, (6, 5)) == after(position, "bar/20")


@COLORS
def test_a_blocked_entry_passes_the_turn(mover: Color) -> None:
    closed = {q: 2 for q in range(19, 25)}
    position = board(mover, {13: 14}, closed, mine_bar=1)
    for dice in [(6, 6), (6, 1), (3, 2)]:
        assert legal_turns(position, dice).passes
    game = Game(position=position).with_roll((6, 5)).pass_turn()
    assert game.to_move is mover.opponent and game.position == position.with_turn_passed()


@COLORS
def test_a_lone_checker_is_hit_to_the_bar(mover: Color) -> None:
    position = board(mover, {24: 1, 13: 14}, {18: 1, 1: 14})
    turn = next(
        t for t in legal_turns(position, (6, 5)).turns if t.steps == parse_turn("24/18 18/13")
    )
    assert turn.result.bar[mover.opponent] == 1
    assert turn.result.points[to_absolute(mover, 18) - 1] == 0  # nobody is left on it
    assert format_turn(position, turn.steps) == "24/18* 18/13"
    # Hit in passing: the checker goes on, the hit one stays on the bar.
    assert turn.result.count_at(mover, 13) == 15


@COLORS
def test_two_or_more_opponent_checkers_close_a_point(mover: Color) -> None:
    position = board(mover, {24: 1, 1: 14}, {18: 2, 12: 13})
    legal = legal_turns(position, (6, 5))
    assert Step(24, 6) not in legal.next_steps()
    with pytest.raises(IllegalMove) as caught:
        legal.next_steps([Step(24, 6)])
    assert caught.value.violation is Violation.CLOSED


@COLORS
def test_a_higher_die_bears_off_from_the_highest_point(mover: Color) -> None:
    position = board(mover, {3: 1, 2: 1}, {24: 15})
    assert results(position, (6, 5)) == after(position, "3/off 2/off")
    # With a checker higher than the die's point, the die moves inside home instead.
    higher = board(mover, {5: 1, 2: 1}, {24: 15})
    assert Step(2, 4) not in legal_turns(higher, (4, 4)).next_steps()
    with pytest.raises(IllegalMove) as caught:
        legal_turns(higher, (4, 4)).next_steps([Step(2, 4)])
    assert caught.value.violation is Violation.OVERPAY


@COLORS
def test_bearing_off_needs_every_checker_home_and_none_on_the_bar(mover: Color) -> None:
    outside = board(mover, {7: 1, 6: 14}, {24: 15})
    with pytest.raises(IllegalMove) as caught:
        legal_turns(outside, (6, 1)).next_steps([Step(6, 6)])
    assert caught.value.violation is Violation.NOT_HOME
    # Once the last checker comes home, the rest of the roll may bear off.
    assert after(outside, "7/6 6/off") <= results(outside, (6, 1))
    on_bar = board(mover, {6: 14}, {1: 15}, mine_bar=1)
    assert all(turn.result.off[mover] == 0 for turn in legal_turns(on_bar, (6, 6)).turns)


@COLORS
def test_the_roll_must_be_used_as_fully_as_possible(mover: Color) -> None:
    # 13/7 9/4 uses both dice; 13/8 first leaves the 6 unplayable (8/2 and 9/3 are closed).
    position = board(mover, {13: 1, 9: 1, 1: 13}, {2: 2, 3: 2, 20: 11})
    assert results(position, (6, 5)) == after(position, "13/7 9/4")
    with pytest.raises(IllegalMove) as caught:
        legal_turns(position, (6, 5)).next_steps([Step(13, 5)])
    assert caught.value.violation is Violation.MAXIMAL_USE


@COLORS
def test_when_only_one_die_can_be_played_it_is_the_higher(mover: Color) -> None:
    # From 13 a 6 (to 7) or a 5 (to 8) may be played, but never both: 7/2 and 8/2 are closed.
    position = board(mover, {13: 1, 1: 14}, {2: 2, 3: 13})
    assert results(position, (6, 5)) == after(position, "13/7")
    with pytest.raises(IllegalMove) as caught:
        legal_turns(position, (6, 5)).next_steps([Step(13, 5)])
    assert caught.value.violation is Violation.HIGHER_DIE
    free = ShortRules(higher_die_rule=False)
    assert results(position, (6, 5), free) == after(position, "13/7", "13/8")


def test_the_game_ends_when_the_last_checker_is_off() -> None:
    position = board(Color.WHITE, {1: 1}, {24: 1, 19: 13}, theirs_off=1)
    game = Game(position=position).with_roll((2, 1)).play_turn(parse_turn("1/off"))
    assert game.over and game.result is not None
    assert game.result.winner is Color.WHITE and game.result.points == 1


@pytest.mark.parametrize("src", [-10, 0, 26, 99])
def test_a_step_from_no_point_is_refused_naming_the_rule(src: int) -> None:
    legal = legal_turns(Position.start(), (3, 1))
    with pytest.raises(IllegalMove) as caught:
        legal.next_steps([Step(src, 3)])
    assert caught.value.violation is Violation.NO_CHECKER
