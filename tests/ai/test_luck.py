"""Dice luck (`nardy.ai.luck`) on a race whose every roll's worth is known exactly, on positions
from real games, and the luck tool (`tools.research.luck`) end to end."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from nardy import Color, Rules
from nardy.ai.luck import luck, roll_values
from nardy.dice import ROLLS
from tests.ai.positions import random_positions
from tests.nardy.builders import board

ROOT = Path(__file__).resolve().parents[2]
# One checker on his 6-point: the mover bears it off on every roll but these, whose pips fall
# short of 6 (RULES.md §6).
SHORT_ROLLS = {(1, 1), (1, 2), (1, 3), (1, 4), (2, 3)}


@pytest.mark.parametrize("mover", list(Color))
def test_a_last_checker_race_is_won_by_exactly_the_rolls_that_bear_it_off(mover: Color) -> None:
    # The mover's last checker on his 6-point; the opponent's last on his 1-point, off next roll.
    position = board(mover, {6: 1}, {13: 1})
    values = roll_values(position, Rules())
    # A roll that bears it off wins a single game (+1), any other loses one (-1): 27 of 36 win.
    for roll, value in values.items():
        assert value == pytest.approx(-1.0 if roll in SHORT_ROLLS else 1.0, abs=1e-6), roll
    assert luck(position, (6, 5), Rules()) == pytest.approx(1.0 - 0.5, abs=1e-6)
    assert luck(position, (2, 1), Rules()) == pytest.approx(-1.0 - 0.5, abs=1e-6)
    assert luck(position, (2, 2), Rules()) == pytest.approx(0.5, abs=1e-6)


def test_luck_averages_to_zero_over_the_rolls_in_either_order_of_the_dice() -> None:
    rules = Rules()
    positions = list(random_positions(seed=5, rules=rules, games=1, stride=15))
    assert len(positions) >= 4
    for position in positions:
        lucks = {roll: luck(position, roll, rules) for roll, _ in ROLLS}
        assert sum(weight * lucks[roll] for roll, weight in ROLLS) == pytest.approx(0.0, abs=1e-4)
        assert max(lucks.values()) > 0 > min(lucks.values())  # some rolls better than others
        for low, high in ((2, 5), (1, 6)):  # the higher die first is the same roll
            assert luck(position, (high, low), rules) == lucks[(low, high)]


def test_the_luck_script_sorts_the_first_levels_games_into_wins_and_losses() -> None:
    command = [sys.executable, "-m", "tools.research.luck", "medium", "easy", "--pairs", "1"]
    run = subprocess.run(
        [*command, "--workers", "1"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    assert "medium vs easy: 2 games (1 pairs)" in run.stdout
    counts = re.findall(r"^(?:wins|losses): (\d+|none)", run.stdout, re.MULTILINE)
    assert len(counts) == 2
    assert sum(0 if n == "none" else int(n) for n in counts) == 2
    assert re.search(r"^whole run: CPU [\d.]+ s", run.stdout, re.MULTILINE)
