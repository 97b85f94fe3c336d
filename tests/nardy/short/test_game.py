"""Short nardy's game flow: the opening roll, a turn step by step with undo, passes, the end."""

from __future__ import annotations

import pytest

from nardy.chains import chains_from
from nardy.color import Color
from nardy.dice import ScriptedDice
from nardy.errors import IllegalMove, Violation
from nardy.rules import Opening
from nardy.short import BAR, Game, Position, ShortRules, Step, new_game, parse_turn
from tests.nardy.short.builders import board


def test_a_new_game_starts_from_the_set_up_with_the_opening_roll() -> None:
    """By default the opening roll is the first turn (§9: never a double); rolling again is
    the house option."""
    rerolled = ShortRules(opening=Opening.REROLL)
    opening, game = new_game(rerolled, ScriptedDice([4, 4, 2, 5, 6, 3]))
    assert opening.rolls == ((4, 4), (2, 5)) and opening.white_player == 1
    assert game.position == Position.start() and game.dice == (6, 3)
    assert ShortRules().opening is Opening.PLAY_OPENING_ROLL
    assert new_game(ShortRules(), ScriptedDice([5, 2]))[1].dice == (5, 2)


def test_a_turn_step_by_step_with_undo() -> None:
    position = board(Color.BLACK, {13: 14}, {22: 1, 6: 14}, mine_bar=1)
    game = Game(position=position).with_roll((3, 2))
    assert game.next_steps() == (Step(BAR, 3), Step(BAR, 2))
    with pytest.raises(IllegalMove) as caught:
        game.play_step(Step(13, 3))
    assert caught.value.violation is Violation.BAR
    entered = game.play_step(Step(BAR, 3))
    assert entered.board.bar[Color.WHITE] == 1  # the blot on 22 is hit, drawn at once
    assert not entered.turn_complete and entered.used_dice() == (3,)
    assert entered.undo_step() == game
    done = entered.play_step(Step(22, 2))
    assert done.turn_complete
    after = done.end_turn()
    assert after.to_move is Color.WHITE and after.dice is None
    assert after.position.bar == (1, 0) and after.history[-1].steps == parse_turn("bar/22 22/20")


def test_a_blocked_entry_is_passed_and_nothing_else_is() -> None:
    closed = {q: 2 for q in range(19, 25)}
    blocked = board(Color.WHITE, {13: 14}, closed, mine_bar=1, theirs_off=3)
    game = Game(position=blocked).with_roll((6, 6)).pass_turn()
    assert game.to_move is Color.BLACK and game.history[-1].steps == ()
    with pytest.raises(IllegalMove):
        Game().with_roll((6, 6)).pass_turn()


def test_no_roll_after_the_end() -> None:
    game = Game().resign(Color.WHITE)
    assert game.result is not None and game.result.winner is Color.BLACK
    # Scored from the position (§7): White's two back checkers stand in Black's home.
    assert game.result.points == 3
    with pytest.raises(IllegalMove):
        game.with_roll((1, 2))


def test_one_checkers_chains_come_in_from_the_bar() -> None:
    position = board(Color.WHITE, {13: 14}, {22: 1, 6: 14}, mine_bar=1)
    game = Game(position=position).with_roll((3, 2))
    assert [tuple(map(str, c)) for c in chains_from(game, BAR)] == [
        ("bar/22",),
        ("bar/23",),
        ("bar/22", "22/20"),
    ]
    assert chains_from(game, 13) == ()  # the bar first
