"""The immutable position: where the 30 checkers stand, who moves, whose first turn is ahead."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nardy.color import OWN_TO_INDEX, Color, to_absolute

CHECKERS = 15
POINTS = 24
HEAD = 24  # every side's head is its own point 24 (RULES.md §1)
HOME = range(1, 7)  # every side's home is its own points 1..6 (RULES.md §1)


class InvalidPosition(ValueError):
    """A position that breaks a structural rule of RULES.md §1 (counts, shared points)."""


@dataclass(frozen=True, slots=True)
class Position:
    """A long-nardy position in absolute (White) numbering (RULES.md §1, §11).

    `points[i]` is absolute point i+1: +n for n White checkers, -n for n Black ones.
    `off` and `first_turn` are indexed by `Color`.
    """

    points: tuple[int, ...]
    off: tuple[int, int] = (0, 0)
    to_move: Color = Color.WHITE
    first_turn: tuple[bool, bool] = (True, True)

    def __post_init__(self) -> None:
        if len(self.points) != POINTS:
            raise InvalidPosition(f"a board has {POINTS} points, got {len(self.points)}")
        net, spread = sum(self.points), sum(map(abs, self.points))
        on_board = ((spread + net) // 2, (spread - net) // 2)  # White's and Black's
        for color in (Color.WHITE, Color.BLACK):  # the happy path: no enum iteration
            off = self.off[color]
            if off < 0 or on_board[color] + off != CHECKERS:
                raise InvalidPosition(
                    f"{color.label} has {on_board[color]} checkers on the board and {off} off;"
                    f" the total must be {CHECKERS}"
                )

    @property
    def bar(self) -> tuple[int, int]:
        """Checkers on the bar by `Color`: long nardy has none, nothing is ever hit (§1)."""
        return (0, 0)

    @classmethod
    def start(cls) -> Position:
        """15 White on absolute 24, 15 Black on absolute 12, White to move (RULES.md §1)."""
        points = [0] * POINTS
        points[to_absolute(Color.WHITE, HEAD) - 1] = CHECKERS
        points[to_absolute(Color.BLACK, HEAD) - 1] = -CHECKERS
        return cls(tuple(points))

    def own_counts(self, color: Color) -> tuple[int, ...]:
        """`color`'s checkers by its own point numbers: index 0 is borne off, 1..24 the points."""
        sign = color.sign
        points = self.points
        counts = [points[i] * sign for i in OWN_TO_INDEX[color]]
        counts[0] = self.off[color]
        return tuple(n if n > 0 else 0 for n in counts)

    def count_at(self, color: Color, own_point: int) -> int:
        """How many of `color`'s checkers stand on its own point `own_point`."""
        n = self.points[to_absolute(color, own_point) - 1] * color.sign
        return n if n > 0 else 0

    def pip_count(self, color: Color) -> int:
        """Pips `color` still has to travel to bear everything off (own point p is worth p)."""
        counts = self.own_counts(color)
        return sum(point * counts[point] for point in range(1, POINTS + 1))

    def winner(self) -> Color | None:
        """The side that has borne off all 15, if any."""
        return bore_off_all(self.off)

    def canonical_key(self) -> str:
        """The comparison key of RULES.md §11 (no side to move, no first-turn flags)."""
        board = ",".join(str(n) for n in self.points)
        return f"p={board};off={self.off[Color.WHITE]},{self.off[Color.BLACK]}"

    def with_checkers(self, color: Color, counts: Sequence[int]) -> Position:
        """The same position with `color`'s checkers replaced by `counts` (as `own_counts`)."""
        sign = color.sign
        points = list(self.points)
        for own, index in enumerate(OWN_TO_INDEX[color]):
            if own and (counts[own] or points[index] * sign > 0):
                points[index] = counts[own] * sign
        off = list(self.off)
        off[color] = counts[0]
        return Position(tuple(points), (off[0], off[1]), self.to_move, self.first_turn)

    def with_turn_passed(self) -> Position:
        """The same checkers with the other side to move and the mover's first turn spent."""
        first = list(self.first_turn)
        first[self.to_move] = False
        return Position(self.points, self.off, self.to_move.opponent, (first[0], first[1]))


def bore_off_all(off: tuple[int, int]) -> Color | None:
    """The side that has borne off all 15 (`off` by colour), if any: the game's winner."""
    for color in Color:
        if off[color] == CHECKERS:
            return color
    return None
