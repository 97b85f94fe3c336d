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

from nardy.ai import bearoff
from nardy.color import Color
from nardy.dice import ROLLS
from nardy.position import CHECKERS
from nardy.short.position import BAR, OWN_TO_INDEX, Position

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
MAX_FAILS = 3.0  # rolls a checker on the bar is counted to fail at most (a closed board)
# Pips of lead per unit of the win's log-odds: in a race 0.95 √(mean pips), in contact 0.37 ×
# mean pips (contact games swing more). Fitted by logistic regression to the outcomes of the
# 14,000 positions of 300 Medium self-play games (a one-off fit, not a shipped script).
RACE_SCALE = 0.95
CONTACT_SCALE = 0.37
HOME_BITS = 0b1111110  # points 1..6
GAMMON_CONTACT = 0.3  # gammons that contact adds on top of the race estimate (times win^3)


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


@dataclass(frozen=True, slots=True)
class Shape:
    """One side's checkers as the evaluation reads them, found in one pass (own numbering)."""

    pips: int  # to bear everything off; the bar counts 25
    rearmost: int  # the highest occupied point (25 the bar), 0 when all are off
    made: int  # bit p: two or more checkers on point p (1..24)
    blots: int  # bit p: exactly one checker on point p (1..24)
    facing: int  # bit 25 − p for each occupied point p (1..24): where the other side sees them
    stacked: int  # checkers beyond the third on one point, summed over the points
    bar: int
    off: int
    to_first_off: int  # pips before it can bear a checker off: all home, then one pip more


def shape(position: Position, color: Color) -> Shape:
    """`color`'s `Shape` in `position`."""
    points, sign = position.points, color.sign
    pips = made = blots = facing = stacked = outside = 0
    rearmost = 0
    for own, index in enumerate(OWN_TO_INDEX[color]):
        n = points[index] * sign if own else 0
        if n <= 0:
            continue
        rearmost = own
        pips += own * n
        facing |= 1 << (BAR - own)
        if n == 1:
            blots |= 1 << own
        else:
            made |= 1 << own
            if n > 3:
                stacked += n - 3
        if own > 6:
            outside += (own - 6) * n
    bar = position.bar[color]
    if bar:
        rearmost = BAR
        pips += BAR * bar
        outside += (BAR - 6) * bar
    return Shape(
        pips, rearmost, made, blots, facing, stacked, bar, position.off[color], outside + 1
    )


def evaluate(position: Position) -> Chances:
    """The chances of the side that has just moved (`position.to_move` is on roll)."""
    viewer = position.to_move.opponent
    mine, theirs = shape(position, viewer), shape(position, viewer.opponent)
    if mine.off == CHECKERS:
        return Chances(1.0, float(theirs.off == 0), 0.0)
    if theirs.off == CHECKERS:
        return Chances(0.0, 0.0, float(mine.off == 0))
    return evaluate_shapes(position, mine, theirs)


def evaluate_shapes(position: Position, mine: Shape, theirs: Shape) -> Chances:
    """Chances of `mine` (just moved) against `theirs` (on roll); neither has finished."""
    lead = theirs.pips - mine.pips - ROLL_VALUE
    average = (mine.pips + theirs.pips) / 2
    # The rearmost checkers have passed each other: own point p faces the other's 25 − p.
    contact = mine.rearmost + theirs.rearmost > BAR
    if not contact:
        if mine.rearmost <= 6 and theirs.rearmost <= 6:
            return Chances(_bearoff_race(position), 0.0, 0.0)
        win = _sigmoid(lead / (RACE_SCALE * math.sqrt(average)))
    else:
        lead += structure(mine, theirs) - structure(theirs, mine) - exposure(mine, theirs)
        win = _sigmoid(lead / (CONTACT_SCALE * average))
    return Chances(win, *_gammons(mine, theirs, win, contact))


def longest_run(mask: int) -> int:
    """The longest run of consecutive set bits."""
    run = 0
    while mask:
        mask &= mask << 1
        run += 1
    return run


def structure(side: Shape, other: Shape) -> float:
    """The positional value of `side` in pips against `other`, in contact: its prime in front
    of the other's rearmost checker, home-board points (worth more with the other on the bar),
    anchors, and the penalty for tall stacks."""
    made = side.made
    # The other's rearmost checker stands on `side`'s point 25 − rearmost (its bar: 0); only
    # the points in front of it (above, in `side`'s numbering) block it.
    prime = longest_run(made >> (BAR - other.rearmost + 1))
    value = PRIME_WEIGHT * max(prime - 1, 0) ** 2
    home = (made & HOME_BITS).bit_count()
    value += HOME_POINT_WEIGHT * home
    if other.bar:
        closed = (home / 6) ** 2  # the odds one checker fails to enter with one roll
        fails = min(closed / (1 - closed), MAX_FAILS) if closed < 1 else MAX_FAILS
        value += other.bar * (BAR_TEMPO + LOST_ROLL * fails)
    value += ANCHOR_WEIGHT * min((made >> 19).bit_count(), 2)
    return value - STACK_WEIGHT * side.stacked


def hitting_rolls(mine: Shape, theirs: Shape) -> int:
    """How many of the opponent's 36 rolls hit at least one blot of `mine`, directly or with
    both dice (a double's up to four steps), over points `mine` has not made. With the opponent
    on the bar only checkers entering are counted (an approximation: a second die may then hit
    from elsewhere)."""
    # The opponent's checkers in `mine`'s numbering: his own q is our 25 − q, his bar our 0.
    sources = 1 if theirs.bar else theirs.facing
    lowest = sources & -sources
    blots = mine.blots & ~((lowest << 1) - 1)  # a blot behind every opponent checker is safe
    if not blots:
        return 0
    open_points = ~mine.made
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


def exposure(mine: Shape, theirs: Shape) -> float:
    """Pips the viewer's blots are expected to cost: the chance of a hit times its price (the
    tempo, the hitter's home board, the pips of the dearest blot within reach)."""
    rolls = hitting_rolls(mine, theirs)
    if not rolls:
        return 0.0
    # The lowest blot within reach loses the most pips when hit: 25 − its point.
    reachable = mine.blots & ~((1 << (BAR - theirs.rearmost + 1)) - 1)
    loss = BAR - ((reachable & -reachable).bit_length() - 1)
    board = (theirs.made & HOME_BITS).bit_count()
    return rolls / 36 * (SHOT_BASE + SHOT_BOARD * board + SHOT_PIPS * loss)


def _gammons(mine: Shape, theirs: Shape, win: float, contact: bool) -> tuple[float, float]:
    """Gammon win and loss estimates: can the winner bear off all before the loser bears off
    one (he needs every checker home, then one off), plus a contact share."""
    gammon_win = gammon_loss = 0.0
    if theirs.off == 0:
        margin = theirs.to_first_off - ROLL_VALUE - mine.pips
        gammon_win = _sigmoid(margin / (4.0 + 0.1 * mine.pips))
        if contact:
            gammon_win += GAMMON_CONTACT * win**3
    if mine.off == 0:
        margin = mine.to_first_off + ROLL_VALUE - theirs.pips
        gammon_loss = _sigmoid(margin / (4.0 + 0.1 * theirs.pips))
        if contact:
            gammon_loss += GAMMON_CONTACT * (1.0 - win) ** 3
    return min(gammon_win, win), min(gammon_loss, 1.0 - win)


def _bearoff_race(position: Position) -> float:
    """The winning chance of the side that just moved when both bear off, from the expected
    rolls and their variances in the bear-off database: the side on roll wins ties."""
    table = bearoff.shipped().by_key
    on_roll = position.to_move
    mean_mine, var_mine = table[_home_key(position, on_roll.opponent)]
    mean_theirs, var_theirs = table[_home_key(position, on_roll)]
    spread = math.sqrt(var_mine + var_theirs + 0.25)
    return _normal((mean_theirs - mean_mine - 0.5) / spread)


def _home_key(position: Position, color: Color) -> int:
    """`bearoff.key_of` of `color`'s checkers on its home points 1..6."""
    points, sign, index = position.points, color.sign, OWN_TO_INDEX[color]
    return sum(max(points[index[own]] * sign, 0) << (4 * (own - 1)) for own in range(1, 7))


def _normal(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _sigmoid(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
