"""The two sides, and own vs absolute point numbers (RULES.md §1)."""

from __future__ import annotations

from enum import IntEnum


class Color(IntEnum):
    """A side. White moves first (RULES.md §2); absolute numbering is White's (§1)."""

    WHITE = 0
    BLACK = 1

    @property
    def opponent(self) -> Color:
        return Color.BLACK if self is Color.WHITE else Color.WHITE

    @property
    def sign(self) -> int:
        """+1 for White, -1 for Black: the sign of this side's counts in `Position.points`."""
        return 1 if self is Color.WHITE else -1

    @property
    def label(self) -> str:
        """The interchange name (RULES.md §11): "white" or "black"."""
        return "white" if self is Color.WHITE else "black"

    @classmethod
    def parse(cls, text: str) -> Color:
        if text == "white":
            return cls.WHITE
        if text == "black":
            return cls.BLACK
        raise ValueError(f"unknown colour {text!r}: expected 'white' or 'black'")


def to_absolute(color: Color, own_point: int) -> int:
    """Absolute (White) number of `color`'s own point 1..24 (RULES.md §1)."""
    return own_point if color is Color.WHITE else flip(own_point)


def flip(point: int) -> int:
    """The same point in the other side's numbering: q ± 12 (RULES.md §1)."""
    return point + 12 if point <= 12 else point - 12


def to_own(color: Color, absolute_point: int) -> int:
    """`color`'s own number of absolute point 1..24; the map is its own inverse (RULES.md §1)."""
    return to_absolute(color, absolute_point)


# OWN_TO_INDEX[color][q] is the index into `Position.points` of `color`'s own point q (1..24).
OWN_TO_INDEX: tuple[tuple[int, ...], tuple[int, ...]] = (
    (-1, *(to_absolute(Color.WHITE, q) - 1 for q in range(1, 25))),
    (-1, *(to_absolute(Color.BLACK, q) - 1 for q in range(1, 25))),
)
