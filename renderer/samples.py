"""Seeded random games: material for the demo gallery, the benchmark and the tests."""

from __future__ import annotations

import random

from nardy import Rules
from nardy.dice import SeededDice
from nardy.game import Game
from nardy.selfplay import play_random_game
from nardy.short import Game as ShortGame
from nardy.short import ShortRules
from nardy.short import new_game as new_short_game


def random_games(count: int, seed: int = 0) -> list[list[Game]]:
    """`count` games of uniformly random legal turns, each as its states at every turn start."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    return [play_random_game(dice, rng, Rules()) for _ in range(count)]


def random_short_games(count: int, seed: int = 0) -> list[list[ShortGame]]:
    """`count` short-nardy games with the cube on, of uniformly random legal turns, each as
    its states at every turn start (after the roll). Nobody doubles: the cube stays 1."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    games = []
    for _ in range(count):
        _, game = new_short_game(ShortRules(cube=True), dice)
        states = [game]
        while not game.over:
            game = game.play_turn(rng.choice(game.legal.step_sequences()))
            if not game.over:
                game = game.with_roll(dice.roll())
            states.append(game)
        games.append(states)
    return games
