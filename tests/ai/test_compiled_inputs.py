"""The compiled network inputs (nardy/ai/_inputs.c) against the numpy reference, bit for bit:
the training run and every evaluation must not change by a single float when they are used.
The test command builds the extension, so it must be in use here unless NARDY_PURE_PYTHON=1."""

from __future__ import annotations

import numpy as np
import pytest

from nardy import Color, Rules
from nardy.ai import network
from nardy.ai.board import encode
from nardy.compiled import PURE_PYTHON
from tests.ai.positions import random_positions

pytestmark = pytest.mark.skipif(PURE_PYTHON, reason="NARDY_PURE_PYTHON=1: nothing compiled")


def same_bits(boards: np.ndarray) -> bool:
    compiled, reference = network.inputs(boards), network.reference_inputs(boards)
    assert compiled.shape == reference.shape == (len(boards), network.INPUTS)
    assert compiled.dtype == reference.dtype == np.float32
    return bool((compiled.view(np.uint32) == reference.view(np.uint32)).all())


def test_the_compiled_inputs_are_built_and_in_use() -> None:
    assert network._COMPILED is not None


def test_positions_of_play_give_the_same_bits_for_both_viewers() -> None:
    positions = list(random_positions(seed=11, rules=Rules(), games=12, stride=1))
    assert len(positions) > 1000
    boards = np.concatenate([encode(positions, viewer) for viewer in Color])
    assert same_bits(boards)
    assert same_bits(boards[:1]) and same_bits(boards[::-7])  # any batch size, any order


def test_any_counts_give_the_same_bits() -> None:
    """Counts that no game reaches too: stacks of 15, both sides on a point, all borne off."""
    rng = np.random.default_rng(3)
    boards = rng.integers(0, 16, size=(5000, 2, 25), dtype=np.int64)
    boards[::3] *= rng.random((len(boards[::3]), 2, 25)) < 0.2  # sparse, races, empty rows
    boards[::5, :, 0] = 15
    assert same_bits(boards)


def test_no_boards_give_no_inputs() -> None:
    assert network.inputs(np.zeros((0, 2, 25), dtype=np.int64)).shape == (0, network.INPUTS)
