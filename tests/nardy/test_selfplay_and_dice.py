"""The `selfplay` smoke test, dice sources and pip counts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter

import pytest

from nardy import Color, Position
from nardy.dice import ScriptedDice, SeededDice, SystemDice
from tests.nardy.builders import board


def test_selfplay_command_prints_a_summary() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "nardy", "selfplay", "5", "--seed", "3"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = dict(line.split(": ", 1) for line in out.strip().splitlines())
    assert lines["games"] == "5"
    assert float(lines["average turns"].split()[0]) > 20
    kinds = dict(part.split() for part in lines["results"].split(", "))
    assert sum(int(n) for n in kinds.values()) == 5
    assert set(kinds) <= {"oyn", "mars", "koks", "home_mars", "draw"}


def test_selfplay_refuses_unknown_options_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "nardy", "selfplay", "1", "--options", '{"colour": 1}'],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "unknown option(s): colour" in done.stderr


def test_seeded_dice_repeat_and_system_dice_are_fair_dice() -> None:
    assert [SeededDice(5).roll() for _ in range(3)] == [SeededDice(5).roll() for _ in range(3)]
    first = SeededDice(5)
    assert [first.roll() for _ in range(20)] != [SeededDice(6).roll() for _ in range(20)]
    faces = Counter(SystemDice().roll_one() for _ in range(6000))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(800 < n < 1200 for n in faces.values())


def test_pip_counts() -> None:
    assert Position.start().pip_count(Color.WHITE) == 15 * 24
    assert Position.start().pip_count(Color.BLACK) == 15 * 24
    position = board(Color.BLACK, {6: 2, 1: 1}, {20: 15}, mine_off=12)
    assert position.pip_count(Color.BLACK) == 13
    assert position.pip_count(Color.WHITE) == 15 * 8  # our 20 is White's own 8


def test_scripted_dice_replay_and_refuse_to_invent() -> None:
    dice = ScriptedDice([6, 5, 3])
    assert dice.roll() == (6, 5) and dice.roll_one() == 3
    with pytest.raises(ValueError, match="run out"):
        dice.roll_one()
    with pytest.raises(ValueError, match="1 to 6"):
        ScriptedDice([7]).roll_one()


def test_legal_command_answers_blank_and_undecodable_lines_in_place() -> None:
    case = (
        b'{"position": {"points": [0,0,0,0,0,0,0,0,0,0,0,-15,0,0,0,0,0,0,0,0,0,0,0,15]},'
        b' "dice": [6, 5]}'
    )
    done = subprocess.run(
        [sys.executable, "-m", "nardy", "legal"],
        input=b"\xff\xfe\n\n" + case + b"\n",
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
        check=True,
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [sorted(a) for a in answers] == [["error"], ["error"], ["max_steps", "results", "turns"]]
    assert answers[2]["turns"] == [["24/18", "18/13"]]
