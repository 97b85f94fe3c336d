"""Build short-nardy positions from the mover's point of view, so each rule test runs for both
colours."""

from __future__ import annotations

from collections.abc import Mapping

from nardy.color import Color
from nardy.position import CHECKERS
from nardy.short import Position, ShortRules, legal_turns, move, parse_turn, to_absolute
from tests.nardy.builders import placed


def board(
    mover: Color,
    mine: Mapping[int, int],
    theirs: Mapping[int, int],
    *,
    mine_bar: int = 0,
    theirs_bar: int = 0,
    mine_off: int | None = None,
    theirs_off: int | None = None,
) -> Position:
    """A position with `mover` to move; both maps are in the **mover's** own numbering (the
    opponent's checkers too). Off counts default to whatever makes 15 a side."""
    points = placed(mover, mine, theirs, to_absolute)
    bar, off = [0, 0], [0, 0]
    bar[mover], bar[mover.opponent] = mine_bar, theirs_bar
    off[mover] = CHECKERS - sum(mine.values()) - mine_bar if mine_off is None else mine_off
    off[mover.opponent] = (
        CHECKERS - sum(theirs.values()) - theirs_bar if theirs_off is None else theirs_off
    )
    return Position(tuple(points), (bar[0], bar[1]), (off[0], off[1]), mover)


def results(position: Position, dice: tuple[int, int], rules: ShortRules | None = None) -> set[str]:
    """The canonical keys of every legal turn's resulting position."""
    return {t.result.canonical_key() for t in legal_turns(position, dice, rules).turns}


def after(position: Position, *turns: str) -> set[str]:
    """The canonical keys of the positions `position` reaches by each turn, in notation."""
    return {move(position, parse_turn(turn)).canonical_key() for turn in turns}
