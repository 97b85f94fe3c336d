"""Hand-made positions and views shared by the renderer tests (absolute point numbers for long
boards, each side's own numbers for short ones)."""

from __future__ import annotations

from nardy import Color, Position, Step, short
from nardy.variant import AnyPosition
from renderer import (
    CLASSIC,
    COLORBLIND,
    CONTRAST,
    Banner,
    BoardView,
    CubeView,
    Dice,
    Highlight,
    Texts,
    TurnMarks,
)
from tests.nardy.short import builders as short_builders

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


def short_board(
    white: dict[int, int],
    black: dict[int, int],
    bar: tuple[int, int] = (0, 0),
    to_move: Color = Color.WHITE,
) -> short.Position:
    """A short-nardy position from each side's checkers in its own numbers and the checkers on
    the bar; the rest of each 15 is borne off."""
    in_white_numbers = {short.to_absolute(Color.BLACK, q): n for q, n in black.items()}
    position = short_builders.board(
        Color.WHITE, white, in_white_numbers, mine_bar=bar[0], theirs_bar=bar[1]
    )
    return position if to_move is Color.WHITE else position.with_turn_passed()


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

# Short nardy: Black to move with 6-4 and two checkers on the bar after White's 8/5* 6/5.
SHORT_BAR = short_board(
    white={24: 2, 13: 5, 8: 2, 6: 4, 5: 2},
    black={24: 2, 13: 5, 8: 3, 6: 3},
    bar=(0, 2),
    to_move=Color.BLACK,
)

SCENES: dict[str, tuple[AnyPosition, BoardView]] = {
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
    "short-start": (
        short.Position.start(),
        BoardView(
            names=NAMES,
            texts=TEXTS,
            dice=Dice((3, 1)),
            highlight=Highlight.from_steps([Step(8, 3), Step(6, 1), Step(24, 3)], selected=8),
            cube=CubeView(),
        ),
    ),
    "short-bar": (
        SHORT_BAR,
        BoardView(
            bottom=Color.BLACK,
            theme=CONTRAST,
            names=NAMES,
            texts=TEXTS,
            dice=Dice((6, 4)),
            highlight=Highlight(frozenset({short.BAR}), short.BAR, frozenset({21})),
            last_turn=TurnMarks(Color.WHITE, (short.Step(8, 3), short.Step(6, 1))),
            cube=CubeView(2, Color.WHITE),
        ),
    ),
    "short-double": (
        SHORT_BAR.with_turn_passed(),
        BoardView(theme=COLORBLIND, names=NAMES, texts=TEXTS, cube=CubeView(2, Color.WHITE, True)),
    ),
}
