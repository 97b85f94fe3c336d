"""The exact two-sided bear-off table: the chance that the side on roll wins the race when both
sides are all home with at most `MOST` checkers left each, both playing every roll to win.

The sides' homes lie apart (RULES.md §1), so such a race is the two bear-offs alone; with at most
five checkers left each side has borne off ten, so no mars is possible either. Beyond the table
the Expert goes on estimating from the one-sided database (`nardy.ai.bearoff`). The table knows
no draw: under the last-roll option (RULES.md §7) it still gives the Expert's 1-ply estimates,
and the 2-ply search, whose ends are exact, chooses. `python -m nardy.ai race` rebuilds
`nardy/data/race.npz`.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

import numpy as np

from nardy.ai.bearoff import HOME, Counts, Doubles, die_moves, home_positions, key_of, rows_of
from nardy.ai.board import Boards, Floats, Mask
from nardy.data import shipped_arrays
from nardy.dice import ROLLS

MOST = 5  # checkers left per side: 462 positions, a 462 x 462 table
DATA_FILE = "race.npz"
SOURCE_FILE = Path(__file__).parents[1] / "data" / DATA_FILE  # where a rebuild writes by default
SCALE = 65535  # the table is stored in 16 bits: chances to 1/65535


def positions(most: int = MOST) -> list[Counts]:
    """Every home position with at most `most` checkers, the empty one first, by key."""
    return [c for c in home_positions() if sum(c) <= most]


def roll_results(counts: Counts, dice: tuple[int, int]) -> set[Counts]:
    """Every position a whole roll can leave from `counts` (a double is four steps, the two
    dice of another roll go in either order; a side that has borne off all stops)."""
    first, second = dice
    orders = [(first,) * 4] if first == second else [(first, second), (second, first)]
    ends: set[Counts] = set()
    for order in orders:
        reached = {counts}
        for die in order:
            reached = {after for c in reached for after in (die_moves(c, die) if any(c) else [c])}
        ends |= reached
    return ends


def build(most: int = MOST) -> tuple[list[Counts], Doubles]:
    """The positions and `table[a, b]`: the chance that the side on roll with `a` beats `b`.

    By dynamic programming over the pips both sides have left: a roll's results have fewer
    pips, and the opponent is then on roll. `table[e, b] = 1` and `table[a, e] = 0` for the
    empty position `e`, which makes a finishing roll worth 1 in the same formula.
    """
    counts = positions(most)
    index = {c: i for i, c in enumerate(counts)}
    pips = np.array([sum((p + 1) * n for p, n in enumerate(c)) for c in counts])
    successors = [
        [np.array(sorted(index[r] for r in roll_results(c, dice))) for dice, _ in ROLLS]
        for c in counts
    ]
    weights = np.array([w for _, w in ROLLS], dtype=np.float64) / 36.0
    table = np.zeros((len(counts), len(counts)))
    table[0, :] = 1.0
    by_pips = {p: np.flatnonzero(pips == p) for p in np.unique(pips)}
    for total in range(2, 2 * int(pips.max()) + 1):
        for a in range(1, len(counts)):
            others = by_pips.get(total - int(pips[a]))
            if others is None:
                continue
            others = others[others > 0]
            value = np.zeros(len(others))
            for weight, after in zip(weights, successors[a], strict=True):
                value += weight * (1.0 - table[np.ix_(others, after)]).max(axis=1)
            table[a, others] = value
    return counts, table


class RaceTable:
    """Look-ups of the exact race for batches of boards."""

    def __init__(self, table: Floats, most: int = MOST) -> None:
        keys = np.array([key_of(c) for c in positions(most)], dtype=np.int64)
        self.keys, self.table, self.most = keys, table, most

    def covers(self, boards: Boards) -> Mask:
        """Rows of (N, 2, 25) boards the table holds: both sides all home, at most `most` left,
        neither side borne off all."""
        sides = boards[:, :, 1:]
        home = (sides[:, :, HOME:] == 0).all(axis=(1, 2))
        left = sides.sum(axis=2)
        covered: Mask = home & (left <= self.most).all(axis=1) & (left > 0).all(axis=1)
        return covered

    def win(self, boards: Boards) -> Floats:
        """For covered rows seen by the side that has just moved (`RaceTable.covers`), its
        chance to win: the opponent is on roll."""
        mine, theirs = rows_of(self.keys, boards[:, 0]), rows_of(self.keys, boards[:, 1])
        result: Floats = 1.0 - self.table[theirs, mine]
        return result


@cache
def shipped() -> RaceTable:
    """The table shipped in `nardy/data/`."""
    table = shipped_arrays(DATA_FILE)["table"]
    return RaceTable(table.astype(np.float32) / np.float32(SCALE))


def write(out: Path) -> None:
    """Build the table and save it to `out` in 16 bits."""
    _, table = build()
    np.savez_compressed(out, table=np.rint(table * SCALE).astype(np.uint16))


if __name__ == "__main__":  # `python -m nardy.ai.race`, the same as `python -m nardy.ai race`
    from nardy.ai.cli import main  # not above: the command line imports this module

    sys.exit(main(["race", *sys.argv[1:]]))
