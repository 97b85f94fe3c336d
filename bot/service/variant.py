"""Which game a screen is phrased for: the UI's words differ per game (short nardy says
"gammon" where long nardy says "mars", RULES.md §9), so its screens name the game by `Kind`;
everything else asks the game's variant (`nardy.variants`)."""

from __future__ import annotations

from enum import StrEnum

from nardy.variant import AnyGame, AnyRules, Variant
from nardy.variants import find_variant, variant_of


class Kind(StrEnum):
    """Which game: the value is its variant's key, which buttons, commands and statistics
    carry."""

    LONG = "long"
    SHORT = "short"

    @property
    def variant(self) -> Variant:
        return find_variant(self.value)


def kind_of(game: AnyRules | AnyGame) -> Kind:
    """The game `game` (a game, or its rules) is of."""
    return Kind(variant_of(game).key)
