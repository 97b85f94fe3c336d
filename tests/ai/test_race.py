"""The exact two-sided race table against a slow search by the rules core itself, and the
Expert's races played by it."""

from __future__ import annotations

import itertools
import random
from functools import cache

import numpy as np
import pytest

from nardy import Color, Position, Rules, legal_turns
from nardy.ai import Level, choose_turn
from nardy.ai.bearoff import Counts
from nardy.ai.board import encode
from nardy.ai.evaluation import MARS_LOSS, MARS_WIN, WIN
from nardy.ai.expert import expert_chances
from nardy.ai.race import build, positions, shipped
from nardy.color import to_absolute
from nardy.position import CHECKERS
from nardy.steps import parse_turn

RULES = Rules()


def race(white: Counts, black: Counts, to_move: Color) -> Position:
    """Both sides all home: `white[i]` and `black[i]` checkers on each side's own point i + 1."""
    points = [0] * 24
    for color, counts in ((Color.WHITE, white), (Color.BLACK, black)):
        for i, n in enumerate(counts):
            if n:
                points[to_absolute(color, i + 1) - 1] = n * color.sign
    return Position(tuple(points), (CHECKERS - sum(white), CHECKERS - sum(black)), to_move)


@cache
def slow_win(mover: Counts, other: Counts) -> float:
    """The chance that the side on roll with `mover` wins: every one of the 36 rolls, every
    legal turn from `legal_turns`, the best for the mover."""
    total = 0.0
    for first, second in itertools.product(range(1, 7), repeat=2):
        position = race(mover, other, Color.WHITE)
        best = 0.0
        for turn in legal_turns(position, (first, second), RULES).turns:
            if turn.result.winner() is Color.WHITE:
                best = 1.0
                break
            after = turn.result.own_counts(Color.WHITE)[1:7]
            best = max(best, 1.0 - slow_win(other, after))
        total += best
    return total / 36


def table_win(mover: Counts, other: Counts) -> float:
    """The table's chance for the side on roll (seen by the other side, who has just moved)."""
    boards = encode([race(other, mover, Color.BLACK)], Color.WHITE)
    assert shipped().covers(boards).all()
    return 1.0 - float(shipped().win(boards)[0])


def test_races_of_up_to_two_checkers_each_match_the_slow_search() -> None:
    small = positions(2)[1:]
    assert len(small) == 27
    for mover, other in itertools.product(small, small):
        assert table_win(mover, other) == pytest.approx(slow_win(mover, other), abs=1e-4)


def test_the_shipped_table_is_what_the_build_makes() -> None:
    small, table = build(3)
    for (i, mover), (j, other) in itertools.product(enumerate(small), enumerate(small)):
        if i and j:
            assert table_win(mover, other) == pytest.approx(table[i, j], abs=1e-4)


def test_the_table_covers_all_home_races_with_few_checkers_left_and_nothing_else() -> None:
    white_done = race((0,) * 6, (1, 0, 0, 0, 0, 0), Color.BLACK)
    six_left = race((6, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0), Color.BLACK)
    points = [0] * 24
    points[7], points[12] = 1, -1  # White on his point 8, Black on his point 1
    outside = Position(tuple(points), (14, 14), Color.BLACK)
    covered = race((0, 2, 0, 0, 0, 3), (1, 1, 1, 1, 1, 0), Color.BLACK)
    boards = encode([white_done, six_left, outside, covered], Color.WHITE)
    assert list(shipped().covers(boards)) == [False, False, False, True]


def test_expert_chances_are_the_tables_where_it_holds_them() -> None:
    rng = random.Random(3)
    covered = positions()[1:]
    afters = [race(rng.choice(covered), rng.choice(covered), Color.BLACK) for _ in range(50)]
    boards = encode(afters, Color.WHITE)
    chance = expert_chances(boards)
    assert np.allclose(chance[:, WIN], shipped().win(boards))
    assert not chance[:, [MARS_WIN, MARS_LOSS]].any()


def test_expert_keeps_the_shape_that_more_doubles_finish() -> None:
    """White needs a double to bear off all before Black's three on his point 1 are off (Black
    needs a double too). With 4-1, 4/off 4/3 leaves fewer expected rolls, but only 6-6 then
    finishes; 4/off 6/5 keeps 5-5 as well: 30/36 x 2/36 against 30/36 x 1/36."""
    position = race((0, 1, 0, 3, 0, 1), (3, 0, 0, 0, 0, 0), Color.WHITE)
    steps = choose_turn(position, (4, 1), RULES, Level.EXPERT, seed=1)
    assert set(steps) == set(parse_turn("4/off 6/5", (4, 1)))
    after = legal_turns(position, (4, 1), RULES).play(steps)
    assert float(shipped().win(encode([after], Color.WHITE))[0]) == pytest.approx(
        30 / 36 * 2 / 36, abs=1e-4
    )


def test_expert_plays_the_best_race_turn_by_the_table() -> None:
    rng = random.Random(8)
    covered = positions()[1:]
    for _ in range(40):
        position = race(rng.choice(covered), rng.choice(covered), Color.WHITE)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        legal = legal_turns(position, dice, RULES)
        results = [t.result for t in legal.turns]
        boards = encode(results, Color.WHITE)
        wins = np.where(boards[:, 0, 0] == CHECKERS, 1.0, 0.0)
        open_ = shipped().covers(boards)
        wins[open_] = shipped().win(boards[open_])
        chosen = legal.play(choose_turn(position, dice, RULES, Level.EXPERT, seed=1))
        assert wins[results.index(chosen)] == pytest.approx(wins.max())
