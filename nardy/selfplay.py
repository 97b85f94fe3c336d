"""Random self-play: a smoke test of the whole rules core and a source of sample positions."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from nardy.dice import DiceSource, SeededDice
from nardy.game import Game, new_game
from nardy.position import Position
from nardy.rules import Rules


@dataclass
class Summary:
    """What `play_random_games` saw."""

    games: int = 0
    turns: int = 0
    passes: int = 0
    results: Counter[str] = field(default_factory=Counter)

    @property
    def average_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0


def play_random_game(dice: DiceSource, rng: random.Random, rules: Rules) -> list[Game]:
    """One game of uniformly random legal turns; every state at the start of a turn."""
    _, game = new_game(rules, dice)
    states = [game]
    while not game.over:
        if game.dice is None:
            game = game.with_roll(dice.roll())
            states.append(game)
        game = game.play_turn(rng.choice(game.legal.step_sequences()))
    states.append(game)
    return states


def play_random_games(n: int, dice: DiceSource, rng: random.Random, rules: Rules) -> Summary:
    summary = Summary()
    for _ in range(n):
        states = play_random_game(dice, rng, rules)
        final = states[-1]
        summary.games += 1
        summary.turns += len(final.history)
        summary.passes += sum(1 for t in final.history if not t.steps)
        assert final.result is not None
        summary.results[final.result.kind.value] += 1
    return summary


def seeded_sources(seed: int | None) -> tuple[SeededDice, random.Random]:
    """Dice and move choices from one seed, as two independent streams."""
    if seed is None:
        return SeededDice(), random.Random()
    return SeededDice(f"dice:{seed}"), random.Random(f"choices:{seed}")


def random_game_positions(games: int, seed: int, rules: Rules) -> list[Position]:
    """The position at the start of every turn of `games` seeded random games."""
    dice, rng = seeded_sources(seed)
    positions: list[Position] = []
    for _ in range(games):
        positions.extend(s.position for s in play_random_game(dice, rng, rules) if not s.over)
    return list(dict.fromkeys(positions))
