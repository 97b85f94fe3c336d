"""Weighing a network against the shipped one: the Expert plays with the network it is given,
and the arena gives it to the first level's side only."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from nardy import Rules
from nardy.ai import Level, choose_turn
from nardy.ai.network import Network, shipped
from tests.ai.positions import random_positions

ROOT = Path(__file__).resolve().parents[2]


def test_the_expert_plays_with_the_network_it_is_given() -> None:
    rules = Rules()
    untrained = Network.initial(80, np.random.default_rng(0))
    cases = [(p, (5, 2)) for p in random_positions(seed=8, rules=rules, games=1, stride=6)]
    same = differ = 0
    for position, dice in cases:
        default = choose_turn(position, dice, rules, Level.EXPERT, seed=1)
        assert choose_turn(position, dice, rules, Level.EXPERT, seed=1, net=shipped()) == default
        differ += choose_turn(position, dice, rules, Level.EXPERT, seed=1, net=untrained) != default
        same += 1
    assert same > 10 and differ > 0  # an untrained network plays otherwise somewhere


def test_the_arena_weighs_given_weights_against_the_shipped_ones(tmp_path: Path) -> None:
    weights = tmp_path / "candidate.npz"
    shipped().save(weights)  # the shipped weights under another name: an even match
    command = [sys.executable, "scripts/arena.py", "expert", "expert", "--weights", str(weights)]
    run = subprocess.run(
        [*command, "--pairs", "1", "--workers", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    # The same network on both sides of a pair on the same dice: one game each.
    assert "expert (candidate.npz) vs expert: 2 games (1 pairs), win rate 50.0%" in run.stdout
    refused = subprocess.run(
        [sys.executable, "scripts/arena.py", "hard", "expert", "--weights", str(weights)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2 and "the first level must be expert" in refused.stderr
