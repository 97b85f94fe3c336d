"""One short-nardy game between two levels on a seeded dice sequence, for the arena and the
benchmarks, with the cube when the rules turn it on (RULES.md §9).

As in the long game's `tools.research.duel`, White moves first on the first roll of the sequence (no
opening roll), so two games on the same seed with the sides swapped see the same dice turn by
turn; a dropped double ends a game early.
"""

from __future__ import annotations

from collections.abc import Callable

from nardy.ai.levels import Level
from nardy.dice import SeededDice
from nardy.short.ai.doubling import takes, wants_double
from nardy.short.ai.player import choose_turn
from nardy.short.game import Game
from nardy.short.notation import Step
from nardy.short.position import Position
from nardy.short.rules import ShortRules
from tools.research.duel import MAX_TURNS, DuelResult

Observer = Callable[[Position, tuple[int, int]], None]
# How a level picks its turn: `choose_turn`'s arguments (position, dice, rules, level, seed).
Chooser = Callable[[Position, tuple[int, int], ShortRules, Level, int], tuple[Step, ...]]


def duel(
    white: Level,
    black: Level,
    rules: ShortRules,
    dice_seed: int,
    observe: Observer | None = None,
    choose: Chooser = choose_turn,
) -> DuelResult:
    """Play one game; each side offers and answers doubles at its level when the cube is on;
    `observe` sees every position and roll before the mover chooses; `choose` picks the turns
    (the arena's gives a level another network)."""
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
        if game.result is None and wants_double(game, levels[game.to_move]):
            game = game.double()
            game = game.take() if takes(game, levels[game.to_move.opponent]) else game.drop()
        if game.result is not None:
            return DuelResult(game.result, turn + 1)
        game = game.with_roll(dice.roll())
    raise RuntimeError(f"no result after {MAX_TURNS} turns (dice seed {dice_seed})")
