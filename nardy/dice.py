"""Dice sources: a CSPRNG for real games, a seeded one for tests and self-play; and the 21
distinct rolls, for whoever averages over the next roll."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from typing import Protocol

# The 21 distinct rolls and how many of the 36 dice outcomes give each.
ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)


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


class ScriptedDice:
    """Replays given die values in order: a recorded game's dice, or a test's chosen rolls."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = iter(values)

    def roll_one(self) -> int:
        value = next(self._values, None)
        if value is None:
            raise ValueError("the scripted dice have run out")
        if not 1 <= value <= 6:
            raise ValueError(f"a die shows 1 to 6, not {value}")
        return value

    def roll(self) -> tuple[int, int]:
        return self.roll_one(), self.roll_one()


class SystemDice:
    """Dice from the operating system's CSPRNG, for games people play."""

    def roll_one(self) -> int:
        return secrets.randbelow(6) + 1

    def roll(self) -> tuple[int, int]:
        return self.roll_one(), self.roll_one()
