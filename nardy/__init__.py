"""Long nardy: a pure rules core (RULES.md), its notation, interchange forms and AI.

No I/O and no third-party runtime dependency; everything here is importable and testable alone.
"""

from nardy.color import Color, to_absolute, to_own
from nardy.errors import IllegalMove, Violation
from nardy.interchange import (
    position_from_json,
    position_from_text,
    position_to_json,
    position_to_text,
)
from nardy.movegen import LegalTurns, Turn, legal_turns, move, roll_steps
from nardy.position import CHECKERS, HEAD, POINTS, InvalidPosition, Position
from nardy.rules import BlockCheck, HeadException, Opening, Rules, RulesError, Scoring
from nardy.steps import NotationError, Step, format_turn, parse_step, parse_turn

__all__ = [
    "CHECKERS",
    "HEAD",
    "POINTS",
    "BlockCheck",
    "Color",
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
    "format_turn",
    "legal_turns",
    "move",
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
