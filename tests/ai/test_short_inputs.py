"""Short nardy's compiled network inputs (nardy/short/ai/_inputs.c) against the numpy reference,
bit for bit: self-play and every evaluation must not change by a single float when they are
used. The test command builds the extension, so it must be in use here unless
NARDY_PURE_PYTHON=1 (then only the hand-checked values below run, on the numpy code)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from nardy.color import Color
from nardy.compiled import PURE_PYTHON
from nardy.short.ai import network
from nardy.short.ai.boards import COLUMNS, encode
from nardy.short.position import BAR
from testkit.short_selfplay import random_game_positions
from tests.nardy.short.positions import random_position

compiled = pytest.mark.skipif(PURE_PYTHON, reason="NARDY_PURE_PYTHON=1: nothing compiled")


def same_bits(boards: np.ndarray) -> bool:
    result, reference = network.inputs(boards), network.reference_inputs(boards)
    assert result.shape == reference.shape == (len(boards), network.INPUTS)
    assert result.dtype == reference.dtype == np.float32
    return np.array_equal(result.view(np.uint32), reference.view(np.uint32))


def empty(count: int = 1) -> np.ndarray:
    return np.zeros((count, 2, COLUMNS), dtype=np.int64)


@compiled
def test_the_compiled_inputs_are_built_and_in_use() -> None:
    assert network._COMPILED is not None


@compiled
def test_positions_of_play_give_the_same_bits_for_both_viewers() -> None:
    positions = random_game_positions(30, random.Random(11))
    assert len(positions) > 1000
    boards = np.concatenate([encode(positions, viewer) for viewer in Color])
    assert same_bits(boards)
    assert same_bits(boards[:1]) and same_bits(boards[::-7])  # any batch size, any order


@compiled
def test_random_spreads_give_the_same_bits() -> None:
    """Blots, checkers on the bar and bear-offs in any mix (`random_position`)."""
    rng = random.Random(5)
    positions = [random_position(rng) for _ in range(2000)]
    boards = np.concatenate([encode(positions, viewer) for viewer in Color])
    assert (boards[:, :, BAR] > 0).any() and (boards[:, :, 0] > 0).any()
    assert same_bits(boards)


@compiled
def test_any_counts_give_the_same_bits() -> None:
    """Counts that no game reaches too: stacks of 15, both sides on a point, all on the bar."""
    rng = np.random.default_rng(3)
    boards = rng.integers(0, 16, size=(5000, 2, COLUMNS), dtype=np.int64)
    boards[::3] *= rng.random((len(boards[::3]), 2, COLUMNS)) < 0.2  # sparse: blots, no contact
    boards[::4] = (rng.random((len(boards[::4]), 2, COLUMNS)) < 0.3).astype(np.int64)  # blots
    edges = empty(4)
    edges[0, :, BAR] = 15  # all on the bar
    edges[1, :, 0] = 15  # all borne off
    edges[2, 0, 0] = 15  # the viewer all off, the opponent all on his bar
    edges[2, 1, BAR] = 15
    assert same_bits(np.concatenate([boards, edges]))


@compiled
def test_no_boards_give_no_inputs() -> None:
    assert network.inputs(empty(0)).shape == (0, network.INPUTS)


@compiled
def test_other_integer_arrays_and_strided_views_give_the_same_bits() -> None:
    positions = random_game_positions(3, random.Random(2))
    boards = encode(positions, Color.WHITE)
    expected = network.reference_inputs(boards)
    assert np.array_equal(network.inputs(boards.astype(np.int32)), expected)
    assert np.array_equal(network.inputs(boards[::2]), expected[::2])
    assert np.array_equal(network.inputs(np.asfortranarray(boards)), expected)


@compiled
def test_boards_of_another_shape_are_refused_cleanly() -> None:
    with pytest.raises(ValueError, match="shape"):
        network.inputs(np.zeros((3, 2, COLUMNS - 1), dtype=np.int64))  # long nardy's boards
    with pytest.raises(ValueError, match="shape"):
        network.inputs(np.zeros((3, 2 * COLUMNS), dtype=np.int64))  # the same bytes
    assert network._COMPILED is not None
    with pytest.raises(ValueError, match="2 x 26 int64"):
        network._COMPILED(empty(3), 4)  # more boards than the buffer holds
    with pytest.raises(ValueError):
        network._COMPILED(empty(3), -1)
    with pytest.raises(ValueError, match="contiguous"):
        network._COMPILED(empty(6)[::2], 3)  # numpy refuses the buffer
    with pytest.raises(TypeError):
        network._COMPILED([0] * 2 * COLUMNS, 1)  # type: ignore[arg-type]


def test_a_blot_before_the_bar_and_a_race_read_as_counted_by_hand() -> None:
    """Compiled or not: the viewer's blot on his 3 faces the opponent's bar (the viewer's 0),
    hit by the 11 rolls with a 3, 1-2, 2-1 and 1-1: 14 of 36. Stacks, bar and pips too."""
    boards = empty(2)
    boards[0, 0, 3], boards[0, 0, 6], boards[0, 0, 0] = 1, 7, 7  # viewer: 3 + 42 pips
    boards[0, 1, BAR], boards[0, 1, 1] = 2, 13  # opponent: 50 + 13 pips
    boards[1, 0, 1], boards[1, 1, 1] = 15, 15  # a race: no shots, no contact
    result = network.inputs(boards)
    side = network.INPUTS // 2 - 1
    viewer, opponent = result[0, :side], result[0, side : 2 * side]
    assert list(viewer[8:12]) == [1, 0, 0, 0]  # the blot on 3
    assert list(viewer[20:24]) == [1, 1, 1, 2]  # 7 on 6: (7 - 3) / 2
    assert list(viewer[-3:]) == [0, np.float32(7) / 15, np.float32(45) / 100]
    assert list(opponent[-3:]) == [1, 0, np.float32(63) / 100]  # two on the bar: 2 / 2
    assert result[0, -2] == np.float32(14) / 36 and result[0, -1] == 1
    assert result[1, -2] == 0 and result[1, -1] == 0
