"""RULES.md §10 notation, §11 interchange form, the compact text form and the options object."""

from __future__ import annotations

import random

import pytest

from nardy import (
    BlockCheck,
    Color,
    InvalidPosition,
    NotationError,
    Position,
    Rules,
    RulesError,
    Step,
    format_turn,
    format_turn_for,
    parse_step,
    parse_turn,
    position_from_json,
    position_from_text,
    position_to_json,
    position_to_text,
)
from nardy.dice import SeededDice
from nardy.game import Game
from nardy.record import RecordError, game_from_text, game_to_text
from nardy.selfplay import play_random_game


def test_steps_print_and_parse_in_the_movers_numbering() -> None:
    assert str(Step(24, 6)) == "24/18" and str(Step(3, 6)) == "3/off"
    assert parse_step("13/7") == Step(13, 6)
    assert parse_turn("24/18 18/13") == (Step(24, 6), Step(18, 5))
    assert format_turn(parse_turn("24/21 21/18 18/15 24/21")) == "24/21 21/18 18/15 24/21"


def test_a_bear_off_reads_with_the_dice_that_let_every_step_be_played() -> None:
    assert parse_turn("3/off 5/2", (6, 3)) == (Step(3, 6), Step(5, 3))  # the 3 is 5/2's
    assert parse_turn("3/off 3/off", (6, 3)) == (Step(3, 3), Step(3, 6))
    assert parse_turn("1/off 5/off", (6, 5)) == (Step(1, 6), Step(5, 5))  # most exact dice
    assert parse_turn("2/off 2/off 2/off", (4, 4)) == (Step(2, 4),) * 3
    assert parse_step("4/off") == Step(4, 4)


@pytest.mark.parametrize(
    ("text", "dice"), [("24/18 18/12", (6, 5)), ("24/18 18/13 13/7", (6, 5)), ("6/off", (5, 4))]
)
def test_turns_that_the_dice_cannot_make_are_refused(text: str, dice: tuple[int, int]) -> None:
    with pytest.raises(NotationError):
        parse_turn(text, dice)


@pytest.mark.parametrize(
    "text", ["24-18", "24/25", "0/3", "7/7", "12/3", "x/1", "5/off/1", "9/off"]
)
def test_malformed_steps_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_step(text)


def test_absolute_form_of_a_step_for_both_colours() -> None:
    assert Step(24, 6).absolute(Color.WHITE) == (24, 18)
    assert Step(24, 6).absolute(Color.BLACK) == (12, 6)
    assert Step(13, 6).absolute(Color.BLACK) == (1, 19)  # Black runs 12 → 1, then 24 → 13
    assert Step(2, 6).absolute(Color.BLACK) == (14, 0)


def test_start_position_in_the_interchange_form() -> None:
    data = position_to_json(Position.start())
    assert data["points"][23] == 15 and data["points"][11] == -15
    assert data["off"] == {"white": 0, "black": 0} and data["to_move"] == "white"
    assert data["first_turn"] == {"white": True, "black": True}
    assert position_from_json(data) == Position.start()
    assert Position.start().canonical_key() == (
        "p=0,0,0,0,0,0,0,0,0,0,0,-15,0,0,0,0,0,0,0,0,0,0,0,15;off=0,0"
    )


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"points": [0] * 23},
        {"points": [1] * 24},
        {"points": [0] * 11 + [-15] + [0] * 11 + [15], "to_move": "red"},
        {"points": [0] * 11 + [-15] + [0] * 11 + [15], "off": {"white": "0"}},
        {"points": [0] * 11 + [-15] + [0] * 11 + [14], "off": {"white": 2, "black": 0}},
        {"points": [0] * 11 + [-15] + [0] * 11 + [True]},
    ],
)
def test_malformed_interchange_positions_say_what_is_wrong(data: object) -> None:
    with pytest.raises(InvalidPosition):
        position_from_json(data)


def test_compact_text_form_round_trips_every_position_of_a_game() -> None:
    states = play_random_game(SeededDice(7), random.Random(7), Rules())
    for game in states:
        text = position_to_text(game.position)
        assert len(text) == 30 and text.isascii() and text[0] == "1"
        assert position_from_text(text) == game.position
    assert position_to_text(Position.start()) == "1w1100...........o...........O"


@pytest.mark.parametrize(
    "text", ["", "2w1100" + "." * 24, "1w1100" + "." * 24, "1z1100" + "?" * 24]
)
def test_compact_text_form_refuses_garbage(text: str) -> None:
    with pytest.raises(InvalidPosition):
        position_from_text(text)


def test_options_read_with_defaults_and_refuse_unknowns() -> None:
    assert Rules.from_dict({}) == Rules()
    rules = Rules.from_dict({"head_exception": "any_double", "last_roll": True})
    assert rules.to_dict()["head_exception"] == "any_double" and rules.last_roll
    assert Rules.from_dict(rules.to_dict()) == rules
    for bad in ({"colour": 1}, {"scoring": "fancy"}, {"last_roll": "yes"}, {"match_length": 0}):
        with pytest.raises(RulesError):
            Rules.from_dict(bad)


def test_game_records_round_trip_and_stay_small() -> None:
    rules = Rules(last_roll=True, match_length=3)
    states = play_random_game(SeededDice(11), random.Random(11), rules)
    for game in states:
        text = game_to_text(game)
        assert game_from_text(text) == game
        assert len(text.encode()) < 2048
    with pytest.raises(RecordError):
        game_from_text("g1|garbage")


def test_options_given_by_their_names_act_like_the_enums() -> None:
    assert Rules(head_exception="3-4-6", block_check="end_of_turn") == Rules(  # type: ignore[arg-type]
        block_check=BlockCheck.END_OF_TURN
    )
    with pytest.raises(RulesError):
        Rules(scoring="fancy")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        Rules.from_dict([])  # type: ignore[arg-type]


def test_a_missing_first_turn_is_true_exactly_for_a_side_still_all_on_its_head() -> None:
    data = position_to_json(Position.start())
    del data["first_turn"]
    assert position_from_json(data).first_turn == (True, True)
    moved = position_to_json(Position.start())
    moved["points"][23], moved["points"][17] = 13, 2  # White has played 24/18 24/18
    del moved["first_turn"]
    assert position_from_json(moved).first_turn == (False, True)


def test_records_keep_who_played_first_and_refuse_bad_rules() -> None:
    black_first = Game(position=Position.start().with_turn_passed())
    game = black_first.with_roll((6, 5)).play_turn(parse_turn("24/18 18/13"))
    assert game.history[0].color is Color.BLACK
    assert game_from_text(game_to_text(game)) == game
    text = game_to_text(game)
    for rules in ("rh3ecn²", "rh3ecn0", "zh3ecn1"):
        with pytest.raises(RecordError):
            game_from_text(text.replace("rh3ecn1", rules))


def test_a_turn_reads_in_the_readers_own_numbers() -> None:
    """RULES.md §1: the other side's own point q is the reader's q ± 12."""
    steps = parse_turn("24/18 18/13 3/off")
    assert format_turn_for(steps, Color.WHITE, Color.WHITE) == "24/18 18/13 3/off"
    assert format_turn_for(steps, Color.WHITE, Color.BLACK) == "12/6 6/1 15/off"
    assert format_turn_for(steps, Color.BLACK, Color.WHITE, off="выброс") == "12/6 6/1 15/выброс"
