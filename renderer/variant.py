"""The two games on one screen: long nardy's sides both move counter-clockwise, short nardy's
(backgammon) move towards each other and share a bar (RULES.md §1, §9).

Either way the side at the bottom has its home bottom right and plays counter-clockwise; only
where the side at the top plays, and so its numbering, home and bar, differ.
"""

from __future__ import annotations

from dataclasses import dataclass

from nardy import Color, Position
from nardy import to_absolute as long_absolute
from nardy.short import BAR as BAR  # the bar as a short-nardy own point number (RULES.md §9)
from nardy.short import Position as ShortPosition
from nardy.short import to_absolute as short_absolute

Board = Position | ShortPosition  # a position of either game


@dataclass(frozen=True, slots=True)
class Variant:
    """Which game a board is: `facing` when the sides move towards each other (short)."""

    name: str
    facing: bool

    def to_absolute(self, color: Color, own: int) -> int:
        """Absolute (White) number of `color`'s own point 1..24; the map is its own inverse,
        so it also turns an absolute point into `color`'s own number."""
        return short_absolute(color, own) if self.facing else long_absolute(color, own)


LONG = Variant("long", facing=False)
SHORT = Variant("short", facing=True)


def variant_of(position: Board) -> Variant:
    return SHORT if isinstance(position, ShortPosition) else LONG


def bar_counts(position: Board) -> tuple[int, int]:
    """Checkers on the bar by Color: long nardy has no bar (RULES.md §1)."""
    return position.bar if isinstance(position, ShortPosition) else (0, 0)
