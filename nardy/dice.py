"""Dice sources: a CSPRNG for real games, a seeded one for tests and self-play."""

from __future__ import annotations

import random
import secrets
from typing import Protocol


class DiceSource(Protocol):
    """Anything that rolls dice."""

    def roll_one(self) -> int: ...

    def roll(self) -> tuple[int, int]: ...


class SeededDice:
    """Reproducible dice from a seed."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def roll_one(self) -> int:
        return self._rng.randint(1, 6)

    def roll(self) -> tuple[int, int]:
        return self.roll_one(), self.roll_one()


class SystemDice:
    """Dice from the operating system's CSPRNG, for games people play."""

    def roll_one(self) -> int:
        return secrets.randbelow(6) + 1

    def roll(self) -> tuple[int, int]:
        return self.roll_one(), self.roll_one()
