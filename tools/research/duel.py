"""One game between two levels on a seeded dice sequence, for the arena and the benchmarks.

White moves first on the first roll of the sequence (no opening roll), so two games on the same
seed with the sides swapped see the same dice turn by turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from nardy.ai.levels import Level
from nardy.ai.player import choose_turn
from nardy.dice import SeededDice
from nardy.game import Game
from nardy.position import Position
from nardy.rules import Rules
from nardy.scoring import GameResult
from nardy.steps import Step

MAX_TURNS = 1000  # far beyond any real game; guards against a runaway loop

Observer = Callable[[Position, tuple[int, int]], None]


class Chooser(Protocol):
    """What picks a side's turn: `choose_turn`, or a stand-in for a level (a script's)."""

    def __call__(
        self, position: Position, dice: tuple[int, int], rules: Rules, level: Level, seed: int
    ) -> tuple[Step, ...]: ...


@dataclass(frozen=True, slots=True)
class DuelResult:
    """The result and how many turns were played."""

    result: GameResult
    turns: int


def duel(
    white: Level,
    black: Level,
    rules: Rules,
    dice_seed: int,
    observe: Observer | None = None,
    choose: Chooser = choose_turn,
) -> DuelResult:
    """Play one game; `observe` sees every position and roll before the mover chooses, and
    `choose` picks each side's turn for its level."""
    dice = SeededDice(dice_seed)
    game = Game(rules).with_roll(dice.roll())
    levels = (white, black)
    for turn in range(MAX_TURNS):
        assert game.dice is not None
        if observe is not None:
            observe(game.position, game.dice)
        level = levels[game.to_move]
        steps = choose(game.position, game.dice, rules, level, dice_seed * 7919 + turn)
        game = game.play_turn(steps) if steps else game.pass_turn()
        if game.result is not None:
            return DuelResult(game.result, turn + 1)
        game = game.with_roll(dice.roll())
    raise RuntimeError(f"no result after {MAX_TURNS} turns (dice seed {dice_seed})")
