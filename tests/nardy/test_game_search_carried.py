"""`Game` hands one turn's search on from step to step, without it being part of its value."""

from __future__ import annotations

from dataclasses import replace

import pytest

import nardy
from nardy import Color, IllegalMove, Position, Step, Violation
from nardy.game import Game


def test_the_steps_of_a_turn_share_one_search() -> None:
    game = Game().with_roll((6, 5))
    legal = game.legal
    stepped = game.play_step(Step(24, 6))
    assert stepped.legal is legal
    assert stepped.undo_step().legal is legal
    assert stepped.play_step(Step(18, 5)).legal is legal


def test_a_new_roll_or_turn_searches_afresh() -> None:
    game = Game().with_roll((6, 5))
    after = game.play_turn((Step(24, 6), Step(18, 5)))
    assert after._legal is None
    rolled = after.with_roll((3, 1))
    assert rolled.legal is not game.legal
    assert rolled.legal.dice == (3, 1) and rolled.legal.position == after.position


def test_a_carried_search_of_another_position_or_roll_is_not_used() -> None:
    game = Game().with_roll((6, 5)).play_step(Step(24, 6))
    other_roll = replace(game, played=(), dice=(2, 1))
    assert other_roll.legal.dice == (2, 1)
    black = Position.start().with_turn_passed()
    other_position = replace(game, played=(), position=black)
    assert other_position.legal.position == black
    assert other_position.next_steps()[0].src == 24


def test_the_carried_search_is_not_part_of_equality_hash_or_repr() -> None:
    stepped = Game().with_roll((6, 5)).play_step(Step(24, 6))
    built = Game(dice=(6, 5), played=(Step(24, 6),))
    assert stepped._legal is not None and built._legal is None
    assert stepped == built and hash(stepped) == hash(built)
    assert repr(stepped) == repr(built) and "_legal" not in repr(stepped)


def test_a_resigned_game_has_no_legal_turns() -> None:
    game = Game().with_roll((6, 5)).play_step(Step(24, 6))
    over = game.resign(Color.WHITE)
    with pytest.raises(IllegalMove) as err:
        _ = over.legal
    assert err.value.violation is Violation.GAME_OVER


def test_game_and_new_game_are_exported_like_position() -> None:
    assert nardy.Game is Game and nardy.new_game is nardy.game.new_game
    assert {"Game", "new_game", "Position"} <= set(nardy.__all__)
