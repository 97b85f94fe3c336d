"""Seeded random games: material for the demo gallery, the benchmark and the tests."""

from __future__ import annotations

import random

from nardy import Rules
from nardy.dice import SeededDice
from nardy.game import Game
from nardy.selfplay import play_random_game


def random_games(count: int, seed: int = 0) -> list[list[Game]]:
    """`count` games of uniformly random legal turns, each as its states at every turn start."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    return [play_random_game(dice, rng, Rules()) for _ in range(count)]
