"""Hand-made positions and views shared by the renderer tests (absolute point numbers)."""

from __future__ import annotations

from nardy import Color, Position, Step
from renderer import (
    CLASSIC,
    COLORBLIND,
    CONTRAST,
    Banner,
    BoardView,
    Dice,
    Highlight,
    Texts,
    TurnMarks,
)

NAMES = ("Алиса", "Bob")
TEXTS = Texts(pips="pips", status="to move")


def board(
    white: dict[int, int],
    black: dict[int, int],
    to_move: Color = Color.WHITE,
    first_turn: tuple[bool, bool] = (False, False),
) -> Position:
    """A position from {absolute point: count} per side; the rest of each 15 is borne off."""
    points = [0] * 24
    for point, n in white.items():
        points[point - 1] = n
    for point, n in black.items():
        points[point - 1] = -n
    off = (15 - sum(white.values()), 15 - sum(black.values()))
    return Position(tuple(points), off, to_move, first_turn)


START = Position.start()
# Middle game, White to move with 5-3, one step (24/21) played, the checker on 13 selected.
MIDDLE = board(
    white={24: 8, 21: 1, 19: 2, 16: 1, 13: 2, 9: 1},
    black={12: 6, 10: 2, 7: 1, 3: 2, 1: 1, 22: 2, 17: 1},
)
# Both sides bearing off; White to move with 6-2, may bear off.
BEAR_OFF = board(white={6: 3, 4: 2, 2: 3, 1: 1}, black={18: 4, 16: 2, 13: 5})
# White has borne off all 15; Black has none off: a mars.
END = board(white={}, black={18: 3, 17: 4, 15: 4, 13: 4}, to_move=Color.BLACK)

SCENES: dict[str, tuple[Position, BoardView]] = {
    "start": (
        START,
        BoardView(
            names=NAMES, texts=TEXTS, dice=Dice((6, 5)), highlight=Highlight(frozenset({24}))
        ),
    ),
    "middle": (
        MIDDLE,
        BoardView(
            bottom=Color.BLACK,
            theme=CONTRAST,
            names=NAMES,
            texts=TEXTS,
            dice=Dice((5, 3), used=(3,)),
            highlight=Highlight.from_steps([Step(13, 5), Step(19, 5), Step(24, 5)], selected=13),
            last_turn=TurnMarks(Color.WHITE, (Step(24, 3),)),
        ),
    ),
    "bear-off": (
        BEAR_OFF,
        BoardView(
            theme=COLORBLIND,
            names=NAMES,
            texts=TEXTS,
            dice=Dice((6, 2)),
            highlight=Highlight.from_steps([Step(6, 6), Step(6, 2), Step(4, 2)], selected=6),
            last_turn=TurnMarks(Color.BLACK, (Step(4, 3), Step(6, 6))),
        ),
    ),
    "end": (
        END,
        BoardView(
            theme=CLASSIC,
            names=NAMES,
            texts=TEXTS,
            last_turn=TurnMarks(Color.WHITE, (Step(1, 4), Step(1, 2))),
            banner=Banner(Color.WHITE, "Алиса выиграла!", "Марс · 2 очка", "Матч 3 : 1"),
        ),
    ),
}
