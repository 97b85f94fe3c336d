"""Random short-nardy positions for the differential and property tests: contact with blots and
checkers on the bar, and bear-offs (positions of random games: `testkit.short_selfplay`)."""

from __future__ import annotations

import random

from nardy.color import Color
from nardy.position import CHECKERS
from nardy.short.position import Position, to_absolute


def random_position(rng: random.Random) -> Position:
    """Both sides' 15 checkers spread at random: on the bar (often), off, on any point the
    other side does not hold; one side in its home at times, so it may bear off."""
    points = [0] * 24
    bar = [0, 0]
    off = [0, 0]
    for color in Color:
        bearing_off = rng.random() < 0.3
        bar_count = 0 if bearing_off else rng.choice((0, 0, 0, 1, 1, 2, 3))
        off_count = rng.randint(0, 10) if bearing_off else 0
        bar[color], off[color] = bar_count, off_count
        allowed = range(1, 7) if bearing_off else range(1, 25)
        free = [q for q in allowed if points[to_absolute(color, q) - 1] * color.sign >= 0]
        if not free:  # the other side holds the whole home: spread over the board instead
            free = [q for q in range(1, 25) if points[to_absolute(color, q) - 1] * color.sign >= 0]
        chosen = rng.sample(free, k=min(len(free), rng.randint(1, 8)))  # where the rest stand
        for _ in range(CHECKERS - bar_count - off_count):
            q = rng.choice(chosen)
            points[to_absolute(color, q) - 1] += color.sign
    return Position(tuple(points), (bar[0], bar[1]), (off[0], off[1]), Color(rng.randrange(2)))
