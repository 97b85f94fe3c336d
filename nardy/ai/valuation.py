"""What the game's possible ends are worth to a side, under the house rules and the match score,
and the expected worth of positions from an evaluator's chances (RULES.md §7, §8).

The evaluators give three chances (win, mars win, mars loss) as if every mars were worth 2.
`Stakes` turns them into what the side plays for: with `scoring = extended` a mars is split into
mars, koks and home mars by the loser's checkers; with `last_roll` the ends after White bears
off are played out exactly; in a match each result is worth what it does to the chance of
winning the match (`nardy.ai.match_equity`). Where the game is over, or over but for Black's last
roll, the worth is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from nardy.ai.board import Boards, Floats, position_of
from nardy.ai.evaluation import MARS_LOSS, MARS_WIN, WIN, equity, normal_cdf
from nardy.ai.match_equity import match_worth
from nardy.color import Color
from nardy.dice import ROLLS
from nardy.movegen import legal_turns
from nardy.position import CHECKERS, HOME, POINTS, Position
from nardy.rules import Rules, Scoring
from nardy.scoring import STARTING_QUARTER, loss_value

MOST_POINTS = 4  # a home mars (RULES.md §7)
MARS_KINDS = (2, 3, 4)  # mars, koks, home mars: the points of a win with nothing borne off
SINGLE_GAME = tuple(float(k) for k in range(-MOST_POINTS, MOST_POINTS + 1))  # worth = points
MEAN_ROLL = np.float32(49 / 6)  # pips in a roll on average, doubles counted four times
ROLL_SPREAD = np.float32(4.3)  # ... and their standard deviation


def _rolls_to_finish(side: Boards) -> Floats:
    """A side's rolls to bear everything off, estimated from its pips (wastage included)."""
    pips = side[:, 1:] @ np.arange(1, POINTS + 1)
    result: Floats = np.maximum(pips.astype(np.float32) / MEAN_ROLL + 0.5, 1.0)
    return result


def mars_split(loser: Boards, winner: Boards, loser_turns_less: int) -> Floats:
    """(N, 3) chances that a mars, should the loser suffer one, is a mars, a koks or a home mars
    (RULES.md §7 extended scale), from the loser's and the winner's checkers now.

    Koks: the loser still has pips to run out of his starting quarter when the winner finishes;
    he gets the winner's rolls to finish, less `loser_turns_less` (1 when the winner is on roll,
    0 when the loser is), and spends them on those checkers first. Home mars: he is all home
    with none off already (he would bear one off at his next roll); otherwise he keeps a checker
    outside while a mars is sure, so it is not counted.
    """
    quarter = loser[:, STARTING_QUARTER.start :]  # own points 19..24 (RULES.md §7 koks)
    to_clear = quarter @ np.arange(1, len(STARTING_QUARTER) + 1)
    turns = np.maximum(_rolls_to_finish(winner) - loser_turns_less, 0.0)
    spread = ROLL_SPREAD * np.sqrt(turns) + 2.0
    koks = np.where(to_clear > 0, normal_cdf((to_clear - MEAN_ROLL * turns) / spread), 0.0)
    home = (loser[:, HOME.stop :].sum(axis=1) == 0) & (loser[:, 0] == 0)
    split = np.zeros((len(loser), len(MARS_KINDS)), dtype=np.float32)
    split[:, 2] = home
    split[:, 1] = np.where(home, 0.0, koks)
    split[:, 0] = 1.0 - split[:, 1] - split[:, 2]
    return split


@dataclass(frozen=True, slots=True)
class Stakes:
    """What each end is worth to one side: `worth[MOST_POINTS + k]` for winning `k` points
    (losing for negative `k`, a draw at 0). In a single game that is `k` itself; in a match the
    change in the chance of winning the match, scaled so that winning one point and losing one
    lie 2 apart, as in a single game, so the search's margins keep their meaning."""

    rules: Rules
    worth: tuple[float, ...]

    @classmethod
    def of(cls, rules: Rules, away: tuple[int, int] | None = None) -> Stakes:
        """A side's stakes in a single game (`away` None), or in a match where it still needs
        `away[0]` points and its opponent `away[1]`."""
        if away is None:
            return cls(rules, SINGLE_GAME)
        return cls(rules, match_worth(away, rules, MOST_POINTS))

    def flipped(self) -> Stakes:
        """The same stakes seen by the other side."""
        return Stakes(self.rules, tuple(-w for w in reversed(self.worth)))

    def of_points(self, points: int) -> float:
        """The worth of winning `points` (losing for negative ones, a draw at 0)."""
        return self.worth[MOST_POINTS + points]

    @property
    def _linear_classic(self) -> bool:
        linear = self.worth == SINGLE_GAME
        return linear and self.rules.scoring is Scoring.CLASSIC and not self.rules.last_roll

    def equity(self, boards: Boards, chance: Floats, viewer: Color) -> Floats:
        """The worth to `viewer` of each of `boards` (`viewer` has just moved), expected over
        the evaluator's `chance`; exact for ends that are over or over but for the last roll."""
        # A classic single game keeps, bit for bit, the formula the network was trained on.
        values = equity(chance) if self._linear_classic else self._expected(boards, chance)
        return self._exact(boards, values, viewer, 0)

    def win_chance(self, boards: Boards, chance: Floats, viewer: Color) -> Floats:
        """`viewer`'s chance to win (a draw is no win), exact for the same ends as `equity`."""
        return self._exact(boards, chance[:, WIN], viewer, 1)

    def _exact(self, boards: Boards, values: Floats, viewer: Color, field: int) -> Floats:
        """`values` with the rows whose result is already known made exact: field 0 of
        `_end`'s answer (the worth) or 1 (the win chance)."""
        ends = np.flatnonzero((boards[:, 0, 0] == CHECKERS) | (boards[:, 1, 0] == CHECKERS))
        if not len(ends):
            return values
        values = values.copy()
        for row in ends:
            values[row] = _end(self, boards[row].tobytes(), viewer)[field]
        return values

    def _expected(self, boards: Boards, chance: Floats) -> Floats:
        mine, theirs = boards[:, 0], boards[:, 1]
        kinds = np.array(MARS_KINDS)
        if self.rules.scoring is Scoring.EXTENDED:
            mars_win = mars_split(theirs, mine, loser_turns_less=0)
            mars_loss = mars_split(mine, theirs, loser_turns_less=1)
        else:
            mars_win = mars_loss = np.array([[1.0, 0.0, 0.0]], dtype=np.float32)
        worth = np.array(self.worth, dtype=np.float32)
        win, mw, ml = chance[:, WIN], chance[:, MARS_WIN], chance[:, MARS_LOSS]
        result: Floats = (
            (win - mw) * worth[MOST_POINTS + 1]
            + mw * (mars_win @ worth[MOST_POINTS + kinds])
            + (1.0 - win - ml) * worth[MOST_POINTS - 1]
            + ml * (mars_loss @ worth[MOST_POINTS - kinds])
        )
        return result


@lru_cache(maxsize=4096)
def _end(stakes: Stakes, board: bytes, viewer: Color) -> tuple[float, float]:
    """The exact worth to `viewer`, and his chance to win, of a board (as bytes, int64) on which
    a side has borne off all.

    Cached: a search meets the same end once per candidate and roll.
    """
    row = np.frombuffer(board, dtype=np.int64).reshape(2, POINTS + 1)
    rules = stakes.rules
    position = position_of(row, viewer, viewer.opponent)
    if row[1, 0] == CHECKERS:  # Black has played the last roll after White bore off
        if row[0, 0] == CHECKERS:
            return stakes.of_points(0), 0.0  # both bore off: a draw (§7 last_roll)
        return stakes.of_points(-loss_value(position, viewer, rules)[1]), 0.0
    if viewer is Color.WHITE and rules.last_roll:
        return _last_roll(stakes, position)
    return stakes.of_points(loss_value(position, viewer.opponent, rules)[1]), 1.0


def _last_roll(stakes: Stakes, position: Position) -> tuple[float, float]:
    """White has borne off all and Black, on roll, plays his last turn at its best for him:
    a draw if he bears off all, else he loses from where his checkers end (§7 last_roll).
    White's worth and chance to win, over Black's 36 rolls."""
    rules = stakes.rules
    worth = wins = 0.0
    for dice, weight in ROLLS:
        legal = legal_turns(position, dice, rules)
        ends: Sequence[Position] = [position] if legal.passes else [t.result for t in legal.turns]
        drawn = any(end.off[Color.BLACK] == CHECKERS for end in ends)
        best = 0 if drawn else min(loss_value(end, Color.BLACK, rules)[1] for end in ends)
        worth += weight * stakes.of_points(best)
        wins += weight * (not drawn)
    return worth / 36.0, wins / 36.0
