"""The board's move buttons: a checker's destinations, one die or several dice in a row."""

from __future__ import annotations

import pytest

from bot.board_view import chain_arg, moves_from, parse_chain
from nardy import Color, Rules, Step
from nardy.game import Game
from tests.nardy.builders import board


def destinations(game: Game, src: int) -> dict[int, str]:
    return {chain[-1].dst: chain_arg(chain) for chain in moves_from(game, src)}


def test_both_dice_in_one_move_when_the_point_between_is_open() -> None:
    game = Game(Rules()).with_roll((6, 5))
    assert destinations(game, 24) == {18: "24.6", 19: "24.5", 13: "24.65"}


def test_no_move_through_two_blocked_points_between() -> None:
    # The opponent holds the mover's 18 and 19: neither die can start the way to 13.
    position = board(Color.WHITE, {24: 5, 10: 10}, {18: 2, 19: 2, 1: 11})
    game = Game(Rules(), position).with_roll((6, 5))
    assert 13 not in destinations(game, 24)
    position = board(Color.WHITE, {24: 5, 10: 10}, {18: 2, 1: 13})
    game = Game(Rules(), position).with_roll((6, 5))
    assert destinations(game, 24) == {19: "24.5", 13: "24.56"}


def test_a_double_offers_each_distance_once() -> None:
    position = board(Color.WHITE, {20: 5, 10: 10}, {1: 15})
    game = Game(Rules(), position).with_roll((2, 2))
    assert destinations(game, 20) == {18: "20.2", 16: "20.22", 14: "20.222", 12: "20.2222"}


@pytest.mark.parametrize("arg", ["", "24", "24.", "24.7", "24.60", "x.6", "25.6", "0.1", "3.66"])
def test_malformed_move_data_is_refused(arg: str) -> None:
    with pytest.raises(ValueError):
        parse_chain(arg)


def test_move_data_reads_back() -> None:
    assert parse_chain("24.65") == (Step(24, 6), Step(18, 5))
