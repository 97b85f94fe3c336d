"""Easy: one checker at a time, each step a random legal step, no planning at all."""

from __future__ import annotations

import random

from nardy.movegen import LegalTurns
from nardy.steps import Step


def random_steps(legal: LegalTurns, rng: random.Random) -> tuple[Step, ...]:
    """Pick uniformly among the legal next steps until the turn is complete."""
    played: list[Step] = []
    while options := legal.next_steps(played):
        played.append(rng.choice(options))
    return tuple(played)
