"""The bot opponent: four levels behind one call, and hints (issue 5).

`choose_turn` returns the steps a level plays; `hint` the best turn with evaluated candidates;
`init_worker`, a process pool's initializer, pins BLAS to one thread (`limit_threads`) and loads
the network weights, the bear-off database and the race table.
"""

from nardy.ai.levels import Level
from nardy.ai.player import AVAILABLE_LEVELS, Candidate, Hint, choose_turn, hint
from nardy.ai.threads import limit_threads
from nardy.ai.worker import init_worker

__all__ = [
    "AVAILABLE_LEVELS",
    "Candidate",
    "Hint",
    "Level",
    "choose_turn",
    "hint",
    "init_worker",
    "limit_threads",
]
