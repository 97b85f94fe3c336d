"""Sample positions for AI tests: seeded random self-play from the start under given rules."""

from __future__ import annotations

import random
from collections.abc import Iterator

from nardy import Position, Rules, legal_turns


def random_positions(seed: int, rules: Rules, games: int, stride: int) -> Iterator[Position]:
    """Every `stride`-th position (side to move not yet finished) of `games` random games."""
    rng = random.Random(seed)
    for _ in range(games):
        position = Position.start()
        ply = 0
        while position.winner() is None:
            if ply % stride == 0:
                yield position
            turns = legal_turns(position, (rng.randint(1, 6), rng.randint(1, 6)), rules).turns
            position = rng.choice(turns).result if turns else position.with_turn_passed()
            ply += 1
