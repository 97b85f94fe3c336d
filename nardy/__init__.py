"""Long nardy: a pure rules core (RULES.md), its notation, interchange forms and AI; short nardy
(RULES.md §9) is the variant in `nardy.short`.

The core (this package without `nardy.ai`) does no I/O and needs nothing beyond the standard
library; the AI in `nardy.ai` needs numpy and threadpoolctl. Everything here is importable and
testable alone.
"""

from nardy.color import Color, to_absolute, to_own
from nardy.errors import IllegalMove, Violation
from nardy.game import Game, new_game
from nardy.interchange import (
    position_from_json,
    position_from_text,
    position_to_json,
    position_to_text,
)
from nardy.movegen import LegalTurns, Turn, legal_turns, move, roll_steps
from nardy.position import CHECKERS, HEAD, POINTS, InvalidPosition, Position
from nardy.rules import BlockCheck, HeadException, Opening, Rules, RulesError, Scoring
from nardy.steps import (
    NotationError,
    Step,
    format_dice,
    format_turn,
    format_turn_for,
    parse_step,
    parse_turn,
)

__all__ = [
    "CHECKERS",
    "HEAD",
    "POINTS",
    "BlockCheck",
    "Color",
    "Game",
    "HeadException",
    "IllegalMove",
    "InvalidPosition",
    "LegalTurns",
    "NotationError",
    "Opening",
    "Position",
    "Rules",
    "RulesError",
    "Scoring",
    "Step",
    "Turn",
    "Violation",
    "format_dice",
    "format_turn",
    "format_turn_for",
    "legal_turns",
    "move",
    "new_game",
    "parse_step",
    "parse_turn",
    "position_from_json",
    "position_from_text",
    "position_to_json",
    "position_to_text",
    "roll_steps",
    "to_absolute",
    "to_own",
]
