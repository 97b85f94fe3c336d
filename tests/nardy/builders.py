"""Build positions from the mover's point of view, so each rule test runs for both colours."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from nardy import CHECKERS, Color, Position, Rules, legal_turns, move, parse_turn, to_absolute


def board(
    mover: Color,
    mine: Mapping[int, int],
    theirs: Mapping[int, int],
    *,
    first_turn: tuple[bool, bool] = (False, False),
    mine_off: int | None = None,
    theirs_off: int | None = None,
) -> Position:
    """A position with `mover` to move; both maps are in the **mover's** own numbering.

    Off counts default to whatever makes 15 a side; `first_turn` is (mover's, opponent's).
    """
    points = placed(mover, mine, theirs, to_absolute)
    off = [0, 0]
    off[mover] = CHECKERS - sum(mine.values()) if mine_off is None else mine_off
    off[mover.opponent] = CHECKERS - sum(theirs.values()) if theirs_off is None else theirs_off
    first = [False, False]
    first[mover], first[mover.opponent] = first_turn
    return Position(tuple(points), (off[0], off[1]), mover, (first[0], first[1]))


def placed(
    mover: Color,
    mine: Mapping[int, int],
    theirs: Mapping[int, int],
    absolute: Callable[[Color, int], int],
) -> list[int]:
    """The 24 signed point counts of §11 with `mine` and `theirs` (both in the mover's own
    numbering, the opponent's checkers too) placed by the variant's `absolute` numbering."""
    points = [0] * 24
    for own, n in mine.items():
        points[absolute(mover, own) - 1] = n * mover.sign
    for own, n in theirs.items():
        # The mover's point `own` is absolute(mover, own) for both colours.
        index = absolute(mover, own) - 1
        assert points[index] == 0, f"point {own} given to both sides"
        points[index] = n * mover.opponent.sign
    return points


def sides(
    to_move: Color,
    white: Mapping[int, int],
    black: Mapping[int, int],
    *,
    white_off: int | None = None,
    black_off: int | None = None,
) -> Position:
    """A position from each side's checkers in that side's **own** numbering."""
    white_in_black_view = {to_absolute(Color.BLACK, q): n for q, n in white.items()}
    if to_move is Color.WHITE:
        return board(
            to_move,
            white,
            {to_absolute(Color.BLACK, q): n for q, n in black.items()},
            mine_off=white_off,
            theirs_off=black_off,
        )
    return board(to_move, black, white_in_black_view, mine_off=black_off, theirs_off=white_off)


def results(position: Position, dice: tuple[int, int], rules: Rules | None = None) -> set[str]:
    """The canonical keys of every legal turn's resulting position."""
    return {t.result.canonical_key() for t in legal_turns(position, dice, rules).turns}


def after(position: Position, *turns: str) -> set[str]:
    """The canonical keys of the positions `position` reaches by each turn, in notation."""
    return {move(position, parse_turn(turn)).canonical_key() for turn in turns}
