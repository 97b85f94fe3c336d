"""Random short-nardy games: a smoke test of the variant and a source of sample positions for
tests and benchmarks (like `nardy.selfplay` for the long game, which the product's
`python -m nardy selfplay` plays; nothing of the product plays short nardy's)."""

from __future__ import annotations

import random

from nardy.short.movegen import legal_turns
from nardy.short.position import Position


def random_game_positions(games: int, rng: random.Random) -> list[Position]:
    """The position before every roll of `games` games of uniformly random legal turns, the
    dice and the choices drawn from `rng`; repeats included, in the order played."""
    out = []
    for _ in range(games):
        position = Position.start()
        while position.winner() is None:
            out.append(position)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            position = rng.choice(legal_turns(position, dice).turns).result
    return out
