"""The bot opponent: four levels behind one call, and hints (issue 5).

`choose_turn` returns the steps a level plays; `hint` the best turn with evaluated candidates;
`init_worker`, a process pool's initializer, pins BLAS to one thread (`limit_threads`) and loads
the network weights, the bear-off database and the race table.

Each name imports its module when first used, not with the package: a module of the package
run as a command (`python -m nardy.ai.bearoff`) must not be imported before it runs, or runpy
warns and the module is loaded twice.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nardy.ai.levels import Level
    from nardy.ai.player import AVAILABLE_LEVELS, Candidate, Hint, choose_turn, hint
    from nardy.ai.threads import limit_threads
    from nardy.ai.worker import init_worker

_MODULES = {
    "AVAILABLE_LEVELS": "nardy.ai.player",
    "Candidate": "nardy.ai.player",
    "Hint": "nardy.ai.player",
    "Level": "nardy.ai.levels",
    "choose_turn": "nardy.ai.player",
    "hint": "nardy.ai.player",
    "init_worker": "nardy.ai.worker",
    "limit_threads": "nardy.ai.threads",
}

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

if not TYPE_CHECKING:  # the type checker reads the imports above

    def __getattr__(name: str) -> object:
        """One of `__all__`, imported from its module the first time it is asked for."""
        if name not in _MODULES:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(_MODULES[name]), name)
        globals()[name] = value
        return value
