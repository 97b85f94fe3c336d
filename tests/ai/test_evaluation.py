"""The evaluations prefer obviously better positions in hand-made pairs; the network, widened,
values boards as before."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from nardy import Color, Position, Rules
from nardy.ai.board import encode
from nardy.ai.evaluation import Evaluator, chances, equity
from nardy.ai.expert import expert_chances
from nardy.ai.heuristic import heuristic_chances
from nardy.ai.network import WEIGHTS, inputs, shipped
from tests.ai.positions import random_positions


def position(white: dict[int, int], black: dict[int, int]) -> Position:
    """White to have just moved (Black on roll); keys are absolute points."""
    signed = {**white, **{point: -n for point, n in black.items()}}
    points = tuple(signed.get(point, 0) for point in range(1, 25))
    off = (15 - sum(white.values()), 15 - sum(black.values()))
    return Position(points, off, Color.BLACK, (False, False))


def white_equity(evaluator: Evaluator, pos: Position) -> float:
    return float(equity(chances(evaluator, encode([pos], Color.WHITE)))[0])


def pips(pos: Position) -> int:
    return pos.pip_count(Color.WHITE)


BLACK_AT_HEAD = {12: 15}


def test_a_block_in_front_of_the_opponent_beats_scattered_checkers() -> None:
    # Five White points on absolute 6..10 face Black's head; the same pips scattered do not.
    black = {12: 8, 14: 7}  # eight still on the head, seven home: about as many pips as White
    block = position({6: 2, 7: 2, 8: 2, 9: 2, 10: 2, 24: 5}, black)
    scattered = position({1: 3, 3: 3, 16: 2, 18: 2, 24: 5}, black)
    assert pips(block) == pips(scattered)
    assert white_equity(heuristic_chances, block) > white_equity(heuristic_chances, scattered)


def test_fewer_pips_win_a_race() -> None:
    black = {14: 5, 15: 5, 16: 5}  # Black's own 2, 3, 4: home, no contact left
    ahead = position({1: 5, 2: 5, 3: 5}, black)
    behind = position({4: 5, 5: 5, 6: 5}, black)
    for evaluator in (heuristic_chances, expert_chances):
        assert white_equity(evaluator, ahead) > white_equity(evaluator, behind)


def test_a_race_with_checkers_outside_home_prefers_fewer_pips() -> None:
    black = {13: 5, 14: 5, 20: 5}  # Black's own 1, 2, 8
    ahead = position({1: 5, 2: 5, 8: 5}, black)
    behind = position({1: 5, 2: 5, 11: 5}, black)
    assert white_equity(heuristic_chances, ahead) > white_equity(heuristic_chances, behind)


def test_stacking_everything_on_one_point_is_worse_than_spreading() -> None:
    stacked = position({18: 10, 24: 5}, BLACK_AT_HEAD)
    spread = position({16: 2, 17: 2, 18: 2, 19: 2, 20: 2, 24: 5}, BLACK_AT_HEAD)
    assert pips(stacked) == pips(spread)
    assert white_equity(heuristic_chances, spread) > white_equity(heuristic_chances, stacked)


def test_the_side_that_has_borne_off_everything_has_won() -> None:
    done = position({}, {13: 15})
    assert white_equity(heuristic_chances, done) == 2.0  # a mars: Black bore off nothing


def test_every_evaluation_runs_in_float32() -> None:
    # float64 weights, inputs or chances would upcast every batch the search evaluates after
    # them: twice the memory traffic on each move the Expert searches.
    race = position({1: 5, 2: 5, 3: 5}, {13: 5, 14: 5, 15: 5})  # the bear-off database's part
    played = list(itertools.islice(random_positions(3, Rules(), games=2, stride=3), 20))
    boards = encode([*played, race], Color.WHITE)
    net = shipped()
    assert {getattr(net, name).dtype for name in WEIGHTS} == {np.dtype(np.float32)}
    assert inputs(boards).dtype == np.float32
    for evaluator in (heuristic_chances, expert_chances):
        assert evaluator(boards).dtype == np.float32


def test_a_widened_network_values_every_board_as_before() -> None:
    """More hidden units, starting silent: the same chances, to float32 rounding; never fewer."""
    net = shipped()
    boards = encode(list(random_positions(seed=3, rules=Rules(), games=2, stride=3)), Color.WHITE)
    hidden = len(net.b1) + 16
    wider = net.widened(hidden, np.random.default_rng(0))
    assert wider.w1.shape[1] == len(wider.b1) == wider.w2.shape[0] == hidden
    assert np.abs(wider.w1[:, len(net.b1) :]).max() > 0  # the new units see the inputs
    np.testing.assert_allclose(wider.chances(boards), net.chances(boards), atol=1e-6)
    assert net.widened(len(net.b1), np.random.default_rng(0)) is net
    with pytest.raises(ValueError, match="fewer than"):
        net.widened(len(net.b1) - 1, np.random.default_rng(0))
