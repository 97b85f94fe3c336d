"""The static evaluation of short nardy (backgammon, RULES.md §9), priced in pips.

The viewer has just moved and the opponent is on roll. Race (pips), hitting (the opponent's
checkers on the bar against the viewer's home board), safety (the viewer's blots, priced by the
share of the opponent's 36 rolls that hit one, direct or indirect), priming (the longest run of
made points in front of the other side's rearmost checker), home-board points, anchors and
stacks are weighed into one pip lead and squashed into chances (win, gammon win, gammon loss),
as the long game's `nardy.ai.heuristic` does. A race of two home boards reads the exact
one-sided bear-off database (`nardy.ai.bearoff`: bearing off is the same in both games, §6).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from nardy.ai import bearoff
from nardy.color import Color
from nardy.short.position import BAR, Position

Side = tuple[int, ...]  # own_counts: index 0 borne off, 1..24 the points, 25 the bar

ROLL_VALUE = 4.0  # pips the side on roll is worth: half a mean roll (8 1/6 pips)
PRIME_WEIGHT = 1.5  # pips times (run - 1)^2 for a run of made points in front of the enemy
HOME_POINT_WEIGHT = 1.5  # pips per made point in the own home board (1..6) while in contact
ANCHOR_WEIGHT = 2.0  # pips per made point in the enemy's home (19..24), at most two counted
STACK_WEIGHT = 0.6  # pips lost per checker beyond the third on one point
BAR_TEMPO = 3.0  # pips a checker on the bar costs beyond its pips, before the entry odds
LOST_ROLL = 8.0  # pips one roll spent failing to enter costs
SHOT_BASE = 4.0  # pips a hit costs beyond the hit checker's pips (the tempo)
SHOT_BOARD = 2.5  # ... and per point the hitter holds in his home board
SHOT_PIPS = 1.0  # ... times the pips the hit checker loses (25 − its point)
GAMMON_CONTACT = 0.3  # gammons that contact adds on top of the race estimate (times win^3)

# The 21 distinct rolls and how many of the 36 dice outcomes give each.
ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)


@dataclass(frozen=True, slots=True)
class Chances:
    """The viewer's chances: win, gammon win (or backgammon), gammon loss; wins include them."""

    win: float
    gammon_win: float
    gammon_loss: float

    @property
    def equity(self) -> float:
        """Expected points per game at cube 1: a single 1, a gammon 2 (backgammons as gammons)."""
        return 2.0 * self.win - 1.0 + self.gammon_win - self.gammon_loss

    def flipped(self) -> Chances:
        """The same chances seen by the other side."""
        return Chances(1.0 - self.win, self.gammon_loss, self.gammon_win)


def sides(position: Position, viewer: Color) -> tuple[Side, Side]:
    """The viewer's and the opponent's checkers, each in its own numbering."""
    return position.own_counts(viewer), position.own_counts(viewer.opponent)


def evaluate(position: Position) -> Chances:
    """The chances of the side that has just moved (`position.to_move` is on roll)."""
    viewer = position.to_move.opponent
    mine, theirs = sides(position, viewer)
    if mine[0] == 15:
        return Chances(1.0, float(theirs[0] == 0), 0.0)
    if theirs[0] == 15:
        return Chances(0.0, 0.0, float(mine[0] == 0))
    return evaluate_sides(mine, theirs)


def before_roll(position: Position) -> Chances:
    """The static chances of the side on roll, before it rolls (for the cube)."""
    return evaluate(position).flipped()


def evaluate_sides(mine: Side, theirs: Side) -> Chances:
    """Chances of `mine` (just moved) against `theirs` (on roll); neither has finished."""
    my_pips = pips(mine)
    their_pips = pips(theirs)
    if not in_contact(mine, theirs):
        if highest(mine) <= 6 and highest(theirs) <= 6:
            return Chances(_bearoff_race(mine, theirs), 0.0, 0.0)
        lead = their_pips - my_pips - ROLL_VALUE
        win = _sigmoid(lead / (2.0 + 0.07 * (my_pips + their_pips) / 2))
        return Chances(win, *_gammons(mine, theirs, my_pips, their_pips, win, contact=False))
    lead = their_pips - my_pips - ROLL_VALUE
    lead += structure(mine, theirs) - structure(theirs, mine)
    lead -= exposure(mine, theirs)
    win = _sigmoid(lead / (3.0 + 0.1 * (my_pips + their_pips) / 2))
    return Chances(win, *_gammons(mine, theirs, my_pips, their_pips, win, contact=True))


def pips(side: Side) -> int:
    """Pips to bear everything off; the bar counts 25."""
    return sum(point * n for point, n in enumerate(side))


def highest(side: Side) -> int:
    """The side's rearmost occupied point (25 the bar), 0 when all are off."""
    for point in range(BAR, 0, -1):
        if side[point]:
            return point
    return 0


def in_contact(mine: Side, theirs: Side) -> bool:
    """Can a checker of one side still meet one of the other? The rearmost checkers have not
    passed each other: own point p faces the other's 25 − p."""
    return highest(mine) + highest(theirs) > BAR


def made_mask(side: Side) -> int:
    """Bit p set for each own point 1..24 holding two or more of the side's checkers."""
    mask = 0
    for point in range(1, BAR):
        if side[point] >= 2:
            mask |= 1 << point
    return mask


def longest_run(mask: int) -> int:
    """The longest run of consecutive set bits."""
    run = 0
    while mask:
        mask &= mask << 1
        run += 1
    return run


def structure(side: Side, other: Side) -> float:
    """The positional value of `side` in pips against `other`, in contact: its prime in front
    of the other's rearmost checker, home-board points (worth more with the other on the bar),
    anchors, and the penalty for tall stacks."""
    made = made_mask(side)
    # The other's rearmost checker stands on `side`'s point 25 − highest(other) (its bar: 0);
    # only the points in front of it (above, in `side`'s numbering) block it.
    behind = BAR - highest(other)
    prime = longest_run(made >> (behind + 1))
    value = PRIME_WEIGHT * max(prime - 1, 0) ** 2
    home = (made & 0b1111110).bit_count()
    value += HOME_POINT_WEIGHT * home
    if other[BAR]:
        closed = (home / 6) ** 2  # the odds one checker fails to enter with one roll
        fails = min(closed / (1 - closed), 3.0) if closed < 1 else 3.0
        value += other[BAR] * (BAR_TEMPO + LOST_ROLL * fails)
    value += ANCHOR_WEIGHT * min((made >> 19).bit_count(), 2)
    value -= STACK_WEIGHT * sum(max(n - 3, 0) for n in side[1:BAR])
    return value


def hitting_rolls(mine: Side, theirs: Side) -> int:
    """How many of the opponent's 36 rolls hit at least one blot of `mine`, directly or with
    both dice (a double's up to four steps), over points `mine` has not made. With the opponent
    on the bar only checkers entering are counted (an approximation: a second die may then hit
    from elsewhere)."""
    blots = 0
    for point in range(1, BAR):
        if mine[point] == 1:
            blots |= 1 << point
    if not blots:
        return 0
    # The opponent's checkers in `mine`'s numbering: his own q is our 25 − q, his bar our 0.
    if theirs[BAR]:
        sources = 1
    else:
        sources = 0
        for q in range(1, BAR):
            if theirs[q]:
                sources |= 1 << (BAR - q)
    lowest = sources & -sources
    blots &= ~((lowest << 1) - 1)  # a blot behind every opponent checker is out of reach
    if not blots:
        return 0
    open_points = ~made_mask(mine)
    hits = 0
    for (a, b), weight in ROLLS:
        if a == b:
            reach = 0
            stand = sources
            for _ in range(4):
                stand <<= a
                reach |= stand
                stand &= open_points
        else:
            reach = (
                (sources << a)
                | (sources << b)
                | ((sources << a) & open_points) << b
                | ((sources << b) & open_points) << a
            )
        if reach & blots:
            hits += weight
    return hits


def exposure(mine: Side, theirs: Side) -> float:
    """Pips the viewer's blots are expected to cost: the chance of a hit times its price (the
    tempo, the hitter's home board, the pips of the dearest blot within reach)."""
    rolls = hitting_rolls(mine, theirs)
    if not rolls:
        return 0.0
    rearmost = BAR - highest(theirs)  # below this no blot can be hit
    loss = max(BAR - p for p in range(rearmost + 1, BAR) if mine[p] == 1)
    board = (made_mask(theirs) & 0b1111110).bit_count()
    return rolls / 36 * (SHOT_BASE + SHOT_BOARD * board + SHOT_PIPS * loss)


def _gammons(
    mine: Side, theirs: Side, my_pips: int, their_pips: int, win: float, contact: bool
) -> tuple[float, float]:
    """Gammon win and loss estimates: can the winner bear off all before the loser bears off
    one (he needs every checker home, then one off), plus a contact share."""
    gammon_win = 0.0
    if theirs[0] == 0:
        need = _to_first_off(theirs)
        gammon_win = _sigmoid((need - ROLL_VALUE - my_pips) / (4.0 + 0.1 * my_pips))
        if contact:
            gammon_win += GAMMON_CONTACT * win**3
    gammon_loss = 0.0
    if mine[0] == 0:
        need = _to_first_off(mine)
        gammon_loss = _sigmoid((need + ROLL_VALUE - their_pips) / (4.0 + 0.1 * their_pips))
        if contact:
            gammon_loss += GAMMON_CONTACT * (1.0 - win) ** 3
    return min(gammon_win, win), min(gammon_loss, 1.0 - win)


def _to_first_off(side: Side) -> int:
    """Pips before the side can bear off a checker: every checker home, then one more pip."""
    return sum((point - 6) * n for point, n in enumerate(side) if point > 6) + 1


def _bearoff_race(mine: Side, theirs: Side) -> float:
    """The viewer's winning chance when both bear off, from the expected rolls and their
    variances in the bear-off database: the opponent, on roll, wins ties."""
    database = bearoff.shipped()
    boards = np.array([mine, theirs], dtype=np.int64)
    means = database.expected_rolls(boards)
    variances = database.variance(boards)
    spread = math.sqrt(float(variances[0] + variances[1]) + 0.25)
    return _normal((float(means[1] - means[0]) - 0.5) / spread)


def _normal(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _sigmoid(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
