"""Expert: the learned network, exact bear-off play from the databases, and 2-ply search.

Candidates are ranked 1-ply by the network; the few close to the best are searched against all
21 replies; when the best two come out close, they are looked at a ply deeper (each reply
answered by the mover's best turn on each of his rolls), unless that look would be too dear.
When the mover's checkers are all home and no contact is left, the turn that minimises the
expected rolls to bear off is played; when both sides are all home with few checkers left
(`nardy.ai.race`), the turn with the highest exact chance to win the race. Under the last-roll
option, whose draw neither table knows, races are searched like the rest.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from nardy.ai import bearoff, network, race
from nardy.ai.board import Boards, Floats, Mask, encode, finished
from nardy.ai.evaluation import MARS_LOSS, MARS_WIN, WIN, Evaluator
from nardy.ai.search import Scored, deepened, one_ply, two_ply
from nardy.ai.valuation import Stakes
from nardy.movegen import LegalTurns
from nardy.position import POINTS, Position

CANDIDATES = 8  # at most this many 1-ply best turns are searched 2-ply
MARGIN = 0.25  # ... and only those within this much equity of the 1-ply best
DEEP = 2  # the 2-ply best this many are looked at a ply deeper...
DEEP_MARGIN = 0.1  # ... when the second is within this much equity of the first
DEEP_ROWS = 30_000  # ... and its ply-3 answers, the mover's turns, are at most this many
CONTACT_EDGE = 12  # no contact once both sides are on their own points 1..12


def _all_home(sides: Boards) -> Mask:
    home: Mask = (sides[:, bearoff.HOME + 1 :] == 0).all(axis=1)
    return home


def expert_chances(boards: Boards, net: network.Network | None = None) -> Floats:
    """The network's chances (`net`'s, the shipped one's by default), with the win chance of
    pure bear-off races: exact from the race table where it holds them, else estimated from the
    one-sided database."""
    result = (net or network.shipped()).chances(boards)
    exact = race.shipped().covers(boards)
    if exact.any():  # ten or more borne off each: no mars
        result[exact] = 0.0
        result[exact, WIN] = race.shipped().win(boards[exact])
    race_only = _all_home(boards[:, 0]) & _all_home(boards[:, 1]) & ~exact
    if race_only.any():
        # The opponent is on roll: the viewer wins by finishing in fewer rolls than he needs.
        win = bearoff.shipped().race_win(boards[race_only, 0], boards[race_only, 1])
        result[race_only, WIN] = win
        result[race_only, MARS_WIN] = np.minimum(result[race_only, MARS_WIN], win)
        result[race_only, MARS_LOSS] = np.minimum(result[race_only, MARS_LOSS], 1.0 - win)
    return result


def _bearing_off_freely(position: Position) -> bool:
    """The mover is all home, the opponent can no longer meet his checkers and has not borne off
    all (Black's last roll is valued exactly instead), and the mover has borne off a checker, so
    cannot lose a mars (§7): saving one can take a slower turn that bears a checker off now, so
    the search decides then. (Winning a mars, the fastest turn is the one to play.)"""
    mover, other = position.to_move, position.to_move.opponent
    if position.winner() is not None or position.off[mover] == 0:
        return False
    outside = range(bearoff.HOME + 1, POINTS + 1)
    contact = range(CONTACT_EDGE + 1, POINTS + 1)
    return not any(position.count_at(mover, p) for p in outside) and not any(
        position.count_at(other, p) for p in contact
    )


def expert_ranking(
    position: Position,
    legal: LegalTurns,
    stakes: Stakes,
    net: network.Network | None = None,
    deep: bool = True,
) -> list[Scored]:
    """Expert's candidates, best first; with `net` as its network (the shipped one by default:
    another is for the arena to weigh against it), and without the deep look when not `deep`
    (the Expert as it was before it, for the arena). After a deep look the first `DEEP` hold
    3-ply equities and the rest of those searched 2-ply ones, which need not be lower; the turns
    too far behind to search follow with their 1-ply equities, so that every legal turn is
    ranked."""
    chances: Evaluator = expert_chances if net is None else partial(expert_chances, net=net)
    ranked = one_ply(position, legal.turns, chances, stakes)
    # The tables know no draw: under the last roll (§7) races go to the search, whose ends
    # are exact.
    if _bearing_off_freely(position) and not stakes.rules.last_roll:
        boards = encode([s.turn.result for s in ranked], position.to_move)
        if (race.shipped().covers(boards) | finished(boards)).all():
            return ranked  # valued exactly, 1-ply
        rolls = bearoff.shipped().expected_rolls(boards[:, 0])
        order = sorted(range(len(ranked)), key=lambda i: (rolls[i], -ranked[i].equity))
        return [ranked[i] for i in order]
    close = [s for s in ranked[:CANDIDATES] if s.equity >= ranked[0].equity - MARGIN]
    rest = ranked[len(close) :]  # too far behind to search: kept after, 1-ply (as a hint lists)
    ranked = two_ply(close, stakes, chances)
    if deep and len(ranked) > 1 and ranked[1].equity >= ranked[0].equity - DEEP_MARGIN:
        ranked = deepened(ranked, DEEP, stakes, chances, DEEP_ROWS)
    return ranked + rest
