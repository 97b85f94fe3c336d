"""The immutable short-nardy position: 24 points, the bar and the borne-off checkers (RULES.md §9).

Absolute numbering is White's, as in the long game (§1), but the sides move towards each other:
White's own point p is absolute p, Black's own point q is absolute 25 − q. In own numbering each
side's home is 1..6 and the bar is point 25, where a hit checker waits to enter.
"""

from __future__ import annotations

from dataclasses import dataclass

from nardy.color import Color
from nardy.position import CHECKERS, POINTS, InvalidPosition, bore_off_all

BAR = 25  # the bar as an own point number: a checker enters from it with die d onto 25 − d
# §9 set-up in each side's own numbering: 2 on 24, 5 on 13, 3 on 8, 5 on 6.
START = {24: 2, 13: 5, 8: 3, 6: 5}


def to_absolute(color: Color, own_point: int) -> int:
    """Absolute (White) number of `color`'s own point 1..24: the sides face each other (§9)."""
    return own_point if color is Color.WHITE else POINTS + 1 - own_point


# OWN_TO_INDEX[color][q] is the index into `Position.points` of `color`'s own point q (1..24).
OWN_TO_INDEX: tuple[tuple[int, ...], tuple[int, ...]] = (
    (-1, *(to_absolute(Color.WHITE, q) - 1 for q in range(1, POINTS + 1))),
    (-1, *(to_absolute(Color.BLACK, q) - 1 for q in range(1, POINTS + 1))),
)


@dataclass(frozen=True, slots=True)
class Position:
    """A short-nardy position in absolute (White) numbering.

    `points[i]` is absolute point i+1: +n for n White checkers, −n for n Black ones; `bar` and
    `off` are indexed by `Color`. Every side has its 15 checkers on the points, the bar or off.
    """

    points: tuple[int, ...]
    bar: tuple[int, int] = (0, 0)
    off: tuple[int, int] = (0, 0)
    to_move: Color = Color.WHITE

    def __post_init__(self) -> None:
        if len(self.points) != POINTS:
            raise InvalidPosition(f"a board has {POINTS} points, got {len(self.points)}")
        # White's and Black's checkers on the points, from the sum and the sum of sizes.
        total, size = sum(self.points), sum(map(abs, self.points))
        on_board = ((size + total) // 2, (size - total) // 2)
        for color in Color:
            bar, off = self.bar[color], self.off[color]
            if bar < 0 or off < 0 or on_board[color] + bar + off != CHECKERS:
                raise InvalidPosition(
                    f"{color.label} has {on_board[color]} checkers on the points, {bar} on the"
                    f" bar and {off} off; the total must be {CHECKERS}"
                )

    @classmethod
    def counted(
        cls, points: tuple[int, ...], bar: tuple[int, int], off: tuple[int, int], to_move: Color
    ) -> Position:
        """A position whose checkers the caller has already counted, built without the check
        of `__post_init__`: the move generator's results, where it would cost a fifth of the
        time (`tools/bench/short_movegen.py`)."""
        position = object.__new__(cls)
        for name, value in (("points", points), ("bar", bar), ("off", off), ("to_move", to_move)):
            object.__setattr__(position, name, value)
        return position

    @classmethod
    def start(cls) -> Position:
        """The §9 set-up, White to move."""
        points = [0] * POINTS
        for color in Color:
            for own, n in START.items():
                points[to_absolute(color, own) - 1] = n * color.sign
        return cls(tuple(points))

    def own_counts(self, color: Color) -> tuple[int, ...]:
        """`color`'s checkers by own point: index 0 borne off, 1..24 the points, 25 the bar."""
        sign = color.sign
        points = self.points
        counts = [max(points[i] * sign, 0) for i in OWN_TO_INDEX[color]]
        counts[0] = self.off[color]
        counts.append(self.bar[color])
        return tuple(counts)

    def count_at(self, color: Color, own_point: int) -> int:
        """How many of `color`'s checkers stand on its own point 1..24, or on the bar (25)."""
        if own_point == BAR:
            return self.bar[color]
        return max(self.points[to_absolute(color, own_point) - 1] * color.sign, 0)

    def pip_count(self, color: Color) -> int:
        """Pips `color` still has to travel to bear everything off; the bar is worth 25."""
        counts = self.own_counts(color)
        return sum(point * n for point, n in enumerate(counts))

    def winner(self) -> Color | None:
        """The side that has borne off all 15, if any."""
        return bore_off_all(self.off)

    def canonical_key(self) -> str:
        """The §11 comparison key with the bar added: `p=…;bar=w,b;off=w,b`."""
        board = ",".join(map(str, self.points))
        bar, off = self.bar, self.off
        return f"p={board};bar={bar[0]},{bar[1]};off={off[0]},{off[1]}"

    def with_turn_passed(self) -> Position:
        """The same checkers with the other side to move."""
        return Position(self.points, self.bar, self.off, self.to_move.opponent)
