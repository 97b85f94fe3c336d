"""The bot opponent: four levels behind one call, and hints (issue 5).

`choose_turn` returns the steps a level plays; `hint` the best turn with evaluated candidates.
"""

from nardy.ai.levels import Level
from nardy.ai.player import AVAILABLE_LEVELS, Candidate, Hint, choose_turn, hint

__all__ = ["AVAILABLE_LEVELS", "Candidate", "Hint", "Level", "choose_turn", "hint"]
