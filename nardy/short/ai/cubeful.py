"""Cubeful equity for money play (Janowski's interpolation, as GNU Backgammon's 0-ply uses it),
and the cube decision it gives: pure arithmetic on a side's cubeless chances (RULES.md §9).

A cube efficiency `CUBE_EFFICIENCY` weighs a dead cube (cubeless equity) against a fully live
one (owning the cube is worth using it at the best moment). With W and L the average points of
a win and of a loss, the live cube's take point is (L − ½) / (W + L + ½) and its cash point
(L + 1) / (W + L + ½): 20% and 80% without gammons; at the efficiency used, a take needs about
21.4% without gammons.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, TypeVar

from nardy.ai.judgement import CubeJudgement
from nardy.color import Color
from nardy.cube import Cube

if TYPE_CHECKING:
    from nardy.ai.board import Floats

CUBE_EFFICIENCY = 0.68  # GNU Backgammon's default x for contact positions

Chance = TypeVar("Chance", float, "Floats")  # one side's chance, or a column of them


def cubeless_equity(
    win: Chance,
    gammon_win: Chance,
    backgammon_win: Chance,
    gammon_loss: Chance,
    backgammon_loss: Chance,
) -> Chance:
    """Expected points for the side whose chances these are, cubeless: single 1, gammon 2,
    backgammon 3 (§9). One formula for `Odds` and the network's columns (`network.equity`)."""
    return 2.0 * win - 1.0 + gammon_win - gammon_loss + backgammon_win - backgammon_loss


class Owner(Enum):
    """Who holds the cube, seen by the side on roll."""

    CENTRED = "centred"
    MINE = "mine"
    THEIRS = "theirs"

    @classmethod
    def of(cls, cube: Cube, side: Color) -> Owner:
        """Who holds `cube`, seen by `side`, the side on roll."""
        owner = cube.owner
        return cls.CENTRED if owner is None else cls.MINE if owner is side else cls.THEIRS


@dataclass(frozen=True, slots=True)
class Odds:
    """Cubeless chances of the side on roll before it rolls: win (gammons and backgammons
    included), gammon win (backgammons included), backgammon win, and the same for a loss."""

    win: float
    gammon_win: float
    backgammon_win: float
    gammon_loss: float
    backgammon_loss: float

    @property
    def equity(self) -> float:
        """Cubeless points per game at cube 1 (`cubeless_equity`)."""
        return cubeless_equity(
            self.win, self.gammon_win, self.backgammon_win, self.gammon_loss, self.backgammon_loss
        )

    def cubeful(self, owner: Owner, efficiency: float = CUBE_EFFICIENCY) -> float:
        """Points per game at cube 1 with the cube held by `owner` (Janowski's interpolation)."""
        p = self.win
        average_win = 1.0 + (self.gammon_win + self.backgammon_win) / p if p > 1e-7 else 1.0
        average_loss = (
            1.0 + (self.gammon_loss + self.backgammon_loss) / (1.0 - p) if p < 1 - 1e-7 else 1.0
        )
        spread = average_win + average_loss + 0.5
        take = (average_loss - 0.5) / spread  # below it the other side cashes: a double drops
        cash = (average_loss + 1.0) / spread  # above it the side cashes its point
        if owner is not Owner.MINE and p <= take:
            live = -average_loss + (average_loss - 1.0) * p / take
        elif owner is Owner.THEIRS:
            live = -1.0 + (average_win + 1.0) * (p - take) / (1.0 - take)
        elif owner is Owner.MINE and p <= cash:
            live = -average_loss + (1.0 + average_loss) * p / cash
        elif p < cash:
            live = -1.0 + 2.0 * (p - take) / (cash - take)
        else:
            live = 1.0 + (average_win - 1.0) * (p - cash) / (1.0 - cash)
        return (1.0 - efficiency) * self.equity + efficiency * live


def cube_action(odds: Odds, owner: Owner) -> CubeJudgement:
    """The cube decision of the side on roll with `odds`, the cube held by `owner`."""
    return CubeJudgement(odds.cubeful(owner), 2.0 * odds.cubeful(Owner.THEIRS))
