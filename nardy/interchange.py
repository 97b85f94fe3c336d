"""The JSON interchange form of RULES.md §11 and a compact, versioned text form for storage."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nardy.color import Color
from nardy.position import CHECKERS, POINTS, InvalidPosition, Position

COMPACT_VERSION = "1"
# One character a point: '.' empty, 'A'..'O' 1..15 White checkers, 'a'..'o' 1..15 Black ones.
_WHITE = "ABCDEFGHIJKLMNO"
_BLACK = "abcdefghijklmno"
_HEX = "0123456789abcdef"


def position_to_json(position: Position) -> dict[str, Any]:
    """The §11 object for `position`."""
    return {
        "points": list(position.points),
        "off": {c.label: position.off[c] for c in Color},
        "to_move": position.to_move.label,
        "first_turn": {c.label: position.first_turn[c] for c in Color},
    }


def position_from_json(data: Any) -> Position:
    """Read a §11 object; a malformed one raises `InvalidPosition` saying what is wrong.

    §11 gives no default for a missing key; here a missing `off` is none off, a missing
    `to_move` White, and a missing `first_turn` is true for a side with all 15 on its head.
    """
    if not isinstance(data, Mapping):
        raise InvalidPosition("a position is a JSON object")
    points = read_points(data)
    off = read_pair(data.get("off", {}), "off", int, (0, 0))
    # Every side that has played a turn has moved a checker off its head (a first turn never
    # passes), so "all 15 still on the head" is exactly "first turn still ahead".
    on_head = (points[23] == CHECKERS, points[11] == -CHECKERS)
    first = read_pair(data.get("first_turn", {}), "first_turn", bool, on_head)
    color = read_to_move(data)
    return Position(tuple(points), (off[0], off[1]), color, (first[0], first[1]))


def read_points(data: Mapping[str, Any]) -> list[int]:
    """The §11 `points`: 24 integers, or `InvalidPosition`."""
    points = data.get("points")
    if not isinstance(points, list) or len(points) != POINTS:
        raise InvalidPosition(f"'points' must be a list of {POINTS} integers")
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in points):
        raise InvalidPosition("'points' must hold integers")
    return points


def read_to_move(data: Mapping[str, Any]) -> Color:
    """The §11 `to_move` ("white" when missing), or `InvalidPosition`."""
    to_move = data.get("to_move", "white")
    if not isinstance(to_move, str):
        raise InvalidPosition('\'to_move\' must be "white" or "black"')
    try:
        return Color.parse(to_move)
    except ValueError as exc:
        raise InvalidPosition(str(exc)) from None


def read_pair(value: Any, name: str, kind: type, default: tuple[Any, Any]) -> tuple[Any, Any]:
    """A §11 object of one value per side (`off`, `first_turn`), each of type `kind`."""
    if not isinstance(value, Mapping):
        raise InvalidPosition(f"'{name}' must be an object with 'white' and 'black'")
    out = []
    for color in Color:
        item = value.get(color.label, default[color])
        if not isinstance(item, kind) or (kind is int and isinstance(item, bool)):
            raise InvalidPosition(f"'{name}.{color.label}' must be {kind.__name__}")
        out.append(item)
    return out[0], out[1]


def position_to_text(position: Position) -> str:
    """Compact form: version, side to move, first-turn flags, off counts, one char a point.

    30 ASCII characters, safe in URLs and callback data, stable across releases (the leading
    version changes if the layout ever does).
    """
    first = "".join("1" if position.first_turn[c] else "0" for c in Color)
    off = "".join(_HEX[position.off[c]] for c in Color)
    board = "".join(
        _WHITE[n - 1] if n > 0 else _BLACK[-n - 1] if n < 0 else "." for n in position.points
    )
    return f"{COMPACT_VERSION}{position.to_move.label[0]}{first}{off}{board}"


def position_from_text(text: str) -> Position:
    """Inverse of `position_to_text`; anything else raises `InvalidPosition`."""
    if len(text) != 6 + POINTS or text[0] != COMPACT_VERSION:
        raise InvalidPosition(f"not a version-{COMPACT_VERSION} compact position: {text!r}")
    if text[1] not in "wb" or any(ch not in "01" for ch in text[2:4]):
        raise InvalidPosition(f"bad side or first-turn flags in {text!r}")
    if any(ch not in _HEX for ch in text[4:6]):
        raise InvalidPosition(f"bad off counts in {text!r}")
    points = []
    for ch in text[6:]:
        if ch == ".":
            points.append(0)
        elif ch in _WHITE:
            points.append(_WHITE.index(ch) + 1)
        elif ch in _BLACK:
            points.append(-_BLACK.index(ch) - 1)
        else:
            raise InvalidPosition(f"bad point character {ch!r} in {text!r}")
    return Position(
        tuple(points),
        (_HEX.index(text[4]), _HEX.index(text[5])),
        Color.WHITE if text[1] == "w" else Color.BLACK,
        (text[2] == "1", text[3] == "1"),
    )
