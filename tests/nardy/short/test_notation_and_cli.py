"""Short nardy's notation (`bar/22`, `13/7*`, `6/off`), interchange form and `legal` lines."""

from __future__ import annotations

import io
import json

import pytest

from nardy.cli_legal import answer, run
from nardy.color import Color
from nardy.position import InvalidPosition
from nardy.short import (
    BAR,
    Position,
    Step,
    format_turn,
    format_turn_for,
    legal_turns,
    parse_step,
    parse_turn,
    position_from_json,
    position_to_json,
)
from nardy.steps import NotationError
from tests.nardy.short.builders import board


def test_steps_read_and_write_the_bar_hits_and_bear_offs() -> None:
    assert parse_step("bar/22") == Step(BAR, 3)
    assert parse_step("13/7*") == Step(13, 6)
    assert parse_step("6/off") == Step(6, 6)
    assert [str(s) for s in parse_turn("bar/22 13/7* 6/off")] == ["bar/22", "13/7", "6/off"]
    assert parse_turn("5/off 2/off", (6, 5)) == (Step(5, 5), Step(2, 6))
    for bad in ("bar/18", "25/22", "7/off", "13", "x/3"):
        with pytest.raises(NotationError):
            parse_step(bad)


def test_absolute_points_face_each_other() -> None:
    assert Step(24, 6).absolute(Color.WHITE) == (24, 18)
    assert Step(24, 6).absolute(Color.BLACK) == (1, 7)
    assert Step(BAR, 3).absolute(Color.BLACK) == (BAR, 3)
    assert Step(2, 6).absolute(Color.BLACK) == (23, 0)


def test_a_turn_marks_each_hit_once() -> None:
    position = board(Color.BLACK, {24: 2, 13: 13}, {20: 1, 16: 1, 1: 13})
    turn = parse_turn("24/20 20/16 16/12 24/20")
    assert format_turn(position, turn) == "24/20* 20/16* 16/12 24/20"
    assert legal_turns(position, (4, 4)).is_complete(turn)


def test_a_turn_reads_in_either_side_numbers_for_the_board_labels() -> None:
    """The opponent's point p is one's own 25 - p (§9): White's 24/18 is Black's 1/7; the bar
    and the tray keep the words the caller gives them."""
    played = parse_turn("bar/22 24/18 13/7 6/off 2/off")
    assert format_turn_for(played, Color.WHITE, Color.WHITE) == "bar/22 24/18 13/7 6/off 2/off"
    assert format_turn_for(played, Color.WHITE, Color.BLACK) == "bar/3 1/7 12/18 19/off 23/off"
    assert format_turn_for(played, Color.BLACK, Color.WHITE, "вн", "бар") == (
        "бар/3 1/7 12/18 19/вн 23/вн"
    )
    for mover in Color:
        for reader in Color:
            text = format_turn_for(played, mover, reader)
            mover_text = format_turn_for(played, mover, mover)
            reread = " ".join(
                "/".join(
                    part
                    if part in ("bar", "off")
                    else str(25 - int(part))
                    if mover is not reader
                    else part
                    for part in step.split("/")
                )
                for step in text.split()
            )
            assert reread == mover_text


def test_the_interchange_form_round_trips_and_names_its_variant() -> None:
    position = board(Color.BLACK, {6: 10}, {19: 2}, mine_bar=2, theirs_bar=1)
    data = position_to_json(position)
    assert data["variant"] == "short" and data["bar"] == {"white": 1, "black": 2}
    assert position_from_json(json.loads(json.dumps(data))) == position
    assert position_from_json({"points": list(Position.start().points)}) == Position.start()
    with pytest.raises(InvalidPosition):
        position_from_json({**data, "variant": "long"})
    with pytest.raises(InvalidPosition):
        position_from_json({**data, "bar": {"white": -1}})
    assert "bar=1,2;" in position.canonical_key()


def test_the_legal_command_answers_short_cases() -> None:
    case = {"variant": "short", "position": position_to_json(Position.start()), "dice": [6, 6]}
    got = answer(case)
    assert got["max_steps"] == 4 and len(got["results"]) == 11
    assert got["results"] == sorted(got["results"])
    hit = board(Color.WHITE, {24: 15}, {18: 1, 1: 14})
    lines = [
        json.dumps({"variant": "short", "position": position_to_json(hit), "dice": [6, 1]}),
        json.dumps({"variant": "chess", "position": {}, "dice": [6, 1]}),
        json.dumps(
            {
                "variant": "short",
                "position": position_to_json(hit),
                "dice": [6, 1],
                "options": {"cube": 1},
            }
        ),
    ]
    out = io.StringIO()
    run(io.BytesIO("\n".join(lines).encode()), out)
    first, second, third = (json.loads(line) for line in out.getvalue().splitlines())
    assert ["24/18*", "18/17"] in first["turns"]
    assert "variant" in second["error"] and "cube" in third["error"]
