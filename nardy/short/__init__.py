"""Short nardy (backgammon, RULES.md §9): a variant beside the long game, as python-chess keeps
its variants beside its board. It shares the long game's colours, dice, errors, result types,
options machinery and turn parser by importing them, and has its own position (with the bar),
legal turns, notation (`bar/22`, `13/7*`, `6/off`), scoring and doubling cube.

    from nardy.short import Game, Position, legal_turns, parse_turn

    legal = legal_turns(Position.start(), (3, 1))
    legal.next_steps(parse_turn("8/5"))  # what a button UI may offer next
    game = Game().with_roll((6, 5)).play_turn(parse_turn("24/18 18/13"))
"""

from nardy.cube import Cube, CubeError, Double
from nardy.short.cube import CrawfordMatch
from nardy.short.game import Game, new_game
from nardy.short.interchange import position_from_json, position_to_json
from nardy.short.movegen import LegalTurns, Turn, legal_turns, move
from nardy.short.notation import (
    Step,
    format_turn,
    format_turn_for,
    hits,
    parse_step,
    parse_turn,
)
from nardy.short.position import BAR, Position, to_absolute
from nardy.short.rules import ShortRules
from nardy.short.scoring import loss_value, win

__all__ = [
    "BAR",
    "CrawfordMatch",
    "Cube",
    "CubeError",
    "Double",
    "Game",
    "LegalTurns",
    "Position",
    "ShortRules",
    "Step",
    "Turn",
    "format_turn",
    "format_turn_for",
    "hits",
    "legal_turns",
    "loss_value",
    "move",
    "new_game",
    "parse_step",
    "parse_turn",
    "position_from_json",
    "position_to_json",
    "to_absolute",
    "win",
]
