"""Weighing networks in the arena: the Expert plays with the network it is given, and the arena
gives `--weights` to the first level's side and `--against` to the second's; the second can
also be the Expert without its deep look (`--against-shallow`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from nardy import Rules
from nardy.ai import Level, choose_turn
from nardy.ai.network import Network, shipped
from nardy.short.ai import network as short_network
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


def test_the_expert_without_the_deep_look_plays_otherwise_somewhere() -> None:
    rules = Rules()
    cases = [(p, (6, 3)) for p in random_positions(seed=3, rules=rules, games=2, stride=3)]
    differ = 0
    for position, dice in cases:
        deep = choose_turn(position, dice, rules, Level.EXPERT, seed=1)
        assert choose_turn(position, dice, rules, Level.EXPERT, seed=1, deep=True) == deep
        differ += choose_turn(position, dice, rules, Level.EXPERT, seed=1, deep=False) != deep
    assert len(cases) > 20 and 0 < differ < len(cases) / 2


def arena(*arguments: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "tools.research.arena", *arguments, "--pairs", "1"]
    command += ["--workers", "1"]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_arena_weighs_given_weights_against_the_shipped_ones(tmp_path: Path) -> None:
    weights = tmp_path / "candidate.npz"
    shipped().save(weights)  # the shipped weights under another name: an even match
    run = arena("expert", "expert", "--weights", str(weights))
    assert run.returncode == 0, run.stderr
    # The same network on both sides of a pair on the same dice: one game each.
    assert "expert (candidate.npz) vs expert: 2 games (1 pairs), win rate 50.0%" in run.stdout
    refused = arena("hard", "expert", "--weights", str(weights))
    assert refused.returncode == 2
    assert "--weights is a network's: its level must be expert" in refused.stderr


def test_the_arena_gives_the_second_level_its_own_weights(tmp_path: Path) -> None:
    untrained, trained = tmp_path / "untrained.npz", tmp_path / "trained.npz"
    Network.initial(80, np.random.default_rng(0)).save(untrained)
    shipped().save(trained)
    run = arena("expert", "expert", "--weights", str(trained), "--against", str(untrained))
    assert run.returncode == 0, run.stderr
    # The trained network against an untrained one (all but random): it wins both games.
    assert "expert (trained.npz) vs expert (untrained.npz): 2 games (1 pairs), win rate 100.0%" in (
        run.stdout
    )
    refused = arena("expert", "medium", "--against", str(trained))
    assert refused.returncode == 2
    assert "--against is a network's: its level must be expert" in refused.stderr


def test_short_nardys_hard_and_expert_take_given_weights(tmp_path: Path) -> None:
    weights = tmp_path / "short.npz"
    short_network.shipped().save(weights)  # the shipped weights under another name: even
    run = arena("hard", "hard", "--variant", "short", "--weights", str(weights))
    assert run.returncode == 0, run.stderr
    assert "hard (short.npz) vs hard: 2 games (1 pairs), win rate 50.0%" in run.stdout
    refused = arena("medium", "hard", "--variant", "short", "--weights", str(weights))
    assert refused.returncode == 2
    assert "--weights is a network's: its level must be hard or expert" in refused.stderr


def test_the_arena_can_take_the_second_experts_deep_look_away() -> None:
    run = arena("expert", "expert", "--against-shallow")
    assert run.returncode == 0, run.stderr
    assert "expert vs expert (shallow): 2 games (1 pairs), win rate" in run.stdout
    refused = arena("expert", "hard", "--against-shallow")
    assert refused.returncode == 2 and "--against-shallow is the long game's Expert's" in (
        refused.stderr
    )
