"""The short-nardy bot opponent (RULES.md §9): Easy, Medium, Hard and Expert turns, the cube,
and the Expert's hints.

    from nardy.ai import Level
    from nardy.short.ai import choose_turn, hint, takes, wants_double

`choose_turn` returns the steps a level plays; `wants_double` and `takes` its cube decisions;
`hint` the Expert's best turns. All are pure and take picklable values; run them in a process
pool set up by `nardy.ai.init_worker` (one BLAS thread, the bear-off database loaded; this
network's weights load on first use, in 4 ms).
"""

from nardy.short.ai.doubling import takes, wants_double
from nardy.short.ai.player import SHORT_LEVELS, choose_turn, hint

__all__ = ["SHORT_LEVELS", "choose_turn", "hint", "takes", "wants_double"]
