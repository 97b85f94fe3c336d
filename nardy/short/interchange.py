"""The JSON interchange form of a short-nardy position: RULES.md §11 with the bar and a variant.

`{"variant": "short", "points": [24 ints], "bar": {"white": 0, "black": 0},
"off": {"white": 0, "black": 0}, "to_move": "white"}`; points as in §11 (index i is absolute
point i+1, +n White, −n Black) in short nardy's absolute numbering (`position.py`). There are
no first-turn flags: short nardy has no head rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nardy.color import Color
from nardy.interchange import read_pair, read_points, read_to_move
from nardy.position import InvalidPosition
from nardy.short.position import Position

VARIANT = "short"


def position_to_json(position: Position) -> dict[str, Any]:
    """The interchange object for `position`."""
    return {
        "variant": VARIANT,
        "points": list(position.points),
        "bar": {c.label: position.bar[c] for c in Color},
        "off": {c.label: position.off[c] for c in Color},
        "to_move": position.to_move.label,
    }


def position_from_json(data: Any) -> Position:
    """Read the interchange object; a missing `bar` or `off` is none, a missing `to_move`
    White, a missing `variant` short; a malformed object raises `InvalidPosition`."""
    if not isinstance(data, Mapping):
        raise InvalidPosition("a position is a JSON object")
    if data.get("variant", VARIANT) != VARIANT:
        raise InvalidPosition(f"'variant' of a short-nardy position must be {VARIANT!r}")
    points = read_points(data)
    bar = read_pair(data.get("bar", {}), "bar", int, (0, 0))
    off = read_pair(data.get("off", {}), "off", int, (0, 0))
    return Position(tuple(points), bar, off, read_to_move(data))


def is_short(data: Mapping[str, Any]) -> bool:
    """Does a `legal` case or a position object name short nardy (`"variant": "short"`)?"""
    return data.get("variant") == VARIANT
