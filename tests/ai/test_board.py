"""Board arrays: result counts unpack to the rules core's own results."""

from __future__ import annotations

import numpy as np

from nardy import Rules, legal_turns
from nardy.ai import Level
from nardy.ai.board import encode, unpack
from nardy.movegen import LegalTurns, pack
from tests.ai.positions import random_positions
from tools.research.duel import duel


def test_result_boards_stand_for_the_positions_the_rules_core_builds() -> None:
    for position in random_positions(seed=2, rules=Rules(), games=1, stride=4):
        for dice in ((6, 6), (5, 3), (1, 1), (4, 2)):
            legal = legal_turns(position, dice, Rules())
            fast = unpack(legal.result_counts())
            mover = position.to_move
            built = [turn.result.own_counts(mover) for turn in legal.turns]
            assert sorted(map(tuple, fast.tolist())) == sorted(built)
            results = {legal.result(board) for board in legal.result_boards()}
            assert results == {turn.result for turn in legal.turns}


def test_result_counts_are_the_result_boards_in_their_order() -> None:
    for position in random_positions(seed=3, rules=Rules(), games=1, stride=5):
        for dice in ((3, 3), (6, 1)):
            for pure in (False, True):
                legal = LegalTurns(position, dice, Rules(), pure=pure)
                rows = unpack(legal.result_counts()).tolist()
                assert [pack(row) for row in rows] == legal.result_boards()


def test_encoding_counts_every_checker_for_both_viewers() -> None:
    for position in random_positions(seed=4, rules=Rules(), games=1, stride=9):
        for viewer in (position.to_move, position.to_move.opponent):
            board = encode([position], viewer)[0]
            assert board.sum(axis=1).tolist() == [15, 15]
            assert board[0, 1:] @ np.arange(1, 25) == position.pip_count(viewer)


def test_a_duel_ends_with_a_scored_result() -> None:
    outcome = duel(Level.MEDIUM, Level.EASY, Rules(), dice_seed=3)
    assert outcome.result.points in (1, 2)
    assert outcome.turns > 20
