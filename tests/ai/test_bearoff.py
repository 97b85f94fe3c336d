"""The bear-off database against hand-computed values and an exhaustive search that plays
every roll through the real rules core; Expert's bear-off plays against the same search."""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import pytest

from nardy import Color, Position, Rules, legal_turns
from nardy.ai import Level, choose_turn
from nardy.ai.bearoff import home_positions, key_of, shipped
from nardy.dice import ROLLS
from tests.nardy.builders import board

BLACK_HOME = 13  # absolute: Black's point 1, so no contact with White is left


def white_home(counts: tuple[int, ...]) -> Position:
    points = [0] * 24
    points[:6] = counts
    points[BLACK_HOME - 1] = -15
    return Position(tuple(points), (15 - sum(counts), 0), Color.WHITE, (False, False))


def db_rolls(counts: tuple[int, ...]) -> float:
    side = np.zeros((1, 25), dtype=np.int64)
    side[0, 1:7] = counts
    side[0, 0] = 15 - sum(counts)
    return float(shipped().expected_rolls(side)[0])


@cache
def exhaustive(counts: tuple[int, ...]) -> float:
    """Expected rolls to bear off with the best play, by the rules core's own move lists."""
    if not any(counts):
        return 0.0
    total = 0.0
    for dice, weight in ROLLS:
        turns = legal_turns(white_home(counts), dice, Rules()).turns
        total += weight * min(exhaustive(tuple(t.result.points[:6])) for t in turns)
    return 1.0 + total / 36


def small_positions(most: int) -> list[tuple[int, ...]]:
    return [c for c in itertools.product(range(most + 1), repeat=6) if 0 < sum(c) <= most]


def test_the_database_covers_every_home_position() -> None:
    positions = home_positions()
    assert len(positions) == 54_264 == len(set(positions))  # 15 + 6 choose 6
    assert all(len(c) == 6 and sum(c) <= 15 and min(c) >= 0 for c in positions)
    keys = [key_of(c) for c in positions]
    assert keys == sorted(keys)
    assert shipped().means.shape == (54_264,)


@pytest.mark.parametrize(
    ("counts", "rolls"),
    [
        ((1, 0, 0, 0, 0, 0), 1.0),  # one checker on point 1
        ((2, 0, 0, 0, 0, 0), 1.0),
        ((0, 0, 0, 0, 0, 1), 1.25),  # fails only with 1-1, 2-1, 3-1, 4-1, 3-2: 9 of 36
        ((4, 0, 0, 0, 0, 0), 1 + 30 / 36),  # only a double takes four off at once
    ],
)
def test_known_small_cases(counts: tuple[int, ...], rolls: float) -> None:
    assert db_rolls(counts) == pytest.approx(rolls, abs=1e-5)


def test_every_position_of_up_to_four_checkers_matches_exhaustive_search() -> None:
    for counts in small_positions(4):
        assert db_rolls(counts) == pytest.approx(exhaustive(counts), abs=1e-4), counts


def test_expert_bears_off_with_the_fewest_expected_rolls() -> None:
    for counts in small_positions(4)[::7]:
        for dice, _ in ROLLS:
            position = white_home(counts)
            legal = legal_turns(position, dice, Rules())
            best = min(exhaustive(tuple(t.result.points[:6])) for t in legal.turns)
            played = legal.play(choose_turn(position, dice, Rules(), Level.EXPERT))
            assert exhaustive(tuple(played.points[:6])) == pytest.approx(best, abs=1e-9)


def test_the_expert_saves_a_mars_rather_than_racing() -> None:
    # Fifteen on our 6-point, none off; Black's last checker on his 1-point (our 13): with 2-2
    # the fastest turn (6/4 four times) loses a mars (§7), 6/4 4/2 2/off 6/4 bears one off.
    position = board(Color.WHITE, {6: 15}, {13: 1}, theirs_off=14)
    legal = legal_turns(position, (2, 2), Rules())
    played = legal.play(choose_turn(position, (2, 2), Rules(), Level.EXPERT))
    assert played.off[Color.WHITE] == 1
