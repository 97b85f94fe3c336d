"""The bot opponent: four levels behind one call, and hints (issue 5).

`choose_turn` returns the steps a level plays; `hint` the best turn with evaluated candidates;
`limit_threads` pins BLAS to one thread in each process that runs them (a pool's initializer).
"""

from nardy.ai.levels import Level
from nardy.ai.player import AVAILABLE_LEVELS, Candidate, Hint, choose_turn, hint
from nardy.ai.threads import limit_threads

__all__ = [
    "AVAILABLE_LEVELS",
    "Candidate",
    "Hint",
    "Level",
    "choose_turn",
    "hint",
    "limit_threads",
]
