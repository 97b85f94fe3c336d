"""Short nardy's Expert: its learned network, bear-off races from the one-sided database, and a
2-ply search (RULES.md §9).

Candidates are ranked 1-ply by the network; the few close to the best are searched against all
21 replies of the opponent, each answered by his best 1-ply turn. When the mover is all home
and the sides can no longer meet, the turn that leaves the fewest expected rolls to bear off is
played, as in the long game (bearing off is the same, §6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from nardy.ai import bearoff
from nardy.ai.board import Boards, Floats, Mask
from nardy.ai.network import Network
from nardy.dice import ROLLS
from nardy.short.ai import network
from nardy.short.ai.boards import contact, encode, finished
from nardy.short.ai.cubeful import Odds
from nardy.short.ai.network import BACKGAMMON_LOSS, BACKGAMMON_WIN, GAMMON_LOSS, GAMMON_WIN, WIN
from nardy.short.movegen import Turn, legal_turns
from nardy.short.position import BAR, Position
from nardy.short.rules import ShortRules

CANDIDATES = 6  # at most this many 1-ply best turns are searched 2-ply
MARGIN = 0.2  # ... and only those within this much equity of the 1-ply best
ROLL_WEIGHTS = np.array([w for _, w in ROLLS], dtype=np.float32)


@dataclass(frozen=True, slots=True)
class Valued:
    """A turn with the mover's cubeless equity after it (1- or 2-ply) and win chance."""

    turn: Turn
    equity: float
    win: float


def _all_home(sides: Boards) -> Mask:
    """Rows whose checkers are all on their home points 1..6 or off (none on the bar)."""
    home: Mask = (sides[:, bearoff.HOME + 1 :] == 0).all(axis=1)
    return home


def expert_chances(boards: Boards, net: Network | None = None) -> Floats:
    """The network's (N, 5) chances (`net`'s, the shipped one's by default), exact for finished
    games; no gammon against a side that has borne off a checker, no backgammon once the sides
    can no longer meet (§9); when both sides are all home, the race's win chance from the
    one-sided bear-off database, gammons kept within it."""
    result = network.net_chances(net or network.shipped(), boards)
    result[boards[:, 1, 0] > 0, GAMMON_WIN : BACKGAMMON_WIN + 1] = 0.0
    result[boards[:, 0, 0] > 0, GAMMON_LOSS : BACKGAMMON_LOSS + 1] = 0.0
    # Without contact no checker is hit again, and none stands in the other's home: the loser's
    # checkers there would still face the winner's.
    parted = ~contact(boards) & ~finished(boards)
    result[parted, BACKGAMMON_WIN] = 0.0
    result[parted, BACKGAMMON_LOSS] = 0.0
    race = _all_home(boards[:, 0]) & _all_home(boards[:, 1]) & ~finished(boards)
    if race.any():
        win = bearoff.shipped().race_win(boards[race, 0, :BAR], boards[race, 1, :BAR])
        result[race, WIN] = win
        for column in (GAMMON_WIN, BACKGAMMON_WIN):
            result[race, column] = np.minimum(result[race, column], win)
        for column in (GAMMON_LOSS, BACKGAMMON_LOSS):
            result[race, column] = np.minimum(result[race, column], 1.0 - win)
    return result


def _values(boards: Boards, net: Network | None) -> tuple[Floats, Floats]:
    """The equity and win chance of each board's viewer."""
    chance = expert_chances(boards, net)
    return network.equity(chance), chance[:, WIN]


def one_ply(position: Position, turns: Sequence[Turn], net: Network | None = None) -> list[Valued]:
    """`turns` valued by the position each leaves, best first (ties keep the search's order)."""
    equities, wins = _values(encode([t.result for t in turns], position.to_move), net)
    ranked = [Valued(t, float(equities[i]), float(wins[i])) for i, t in enumerate(turns)]
    ranked.sort(key=lambda v: -v.equity)
    return ranked


def best_by_roll(
    positions: Sequence[Position], rules: ShortRules, net: Network | None = None
) -> Floats:
    """(len(positions), 21): for each position (the same side on roll in all) and each roll in
    `ROLLS`' order, the equity of the side on roll after his best 1-ply turn with it (a roll he
    cannot play leaves the position as it stands)."""
    if not positions:
        return np.empty((0, len(ROLLS)), dtype=np.float32)
    mover = positions[0].to_move
    results: list[Position] = []
    starts: list[int] = []
    for position in positions:
        for dice, _ in ROLLS:
            starts.append(len(results))
            results.extend(turn.result for turn in legal_turns(position, dice, rules).turns)
    equities = _values(encode(results, mover), net)[0]
    best: Floats = np.maximum.reduceat(equities, starts).reshape(len(positions), len(ROLLS))
    return best


def replies_equities(
    afters: Sequence[Position], rules: ShortRules, net: Network | None = None
) -> Floats:
    """For each of `afters` (the opponent on roll in all), the mover's equity over the
    opponent's 36 rolls, each answered by his best 1-ply turn."""
    mover: Floats = -(best_by_roll(afters, rules, net) @ ROLL_WEIGHTS) / 36.0
    return mover


def on_roll_equity(position: Position, rules: ShortRules, net: Network | None = None) -> float:
    """The equity of the side on roll in `position` before it rolls: its 36 rolls, each played
    at its best 1-ply turn."""
    return -float(replies_equities([position], rules, net)[0])


def odds_on_roll(position: Position, net: Network | None = None) -> Odds:
    """The cubeless chances of the side on roll in `position` before it rolls, 0-ply: the
    network reads the position as the other side's, who has just moved."""
    chance = expert_chances(encode([position], position.to_move.opponent), net)
    return Odds(*(float(c) for c in network.flipped(chance)[0]))


def bearing_off_freely(position: Position) -> bool:
    """Only the race is left and the mover cannot be gammoned: he is all home, the sides can no
    longer meet, and he has borne off a checker. Then the turn that leaves the fewest expected
    rolls is best (it also wins any gammon there is to win soonest); saving a gammon can take a
    slower turn that bears a checker off now, so the search decides that."""
    boards = encode([position], position.to_move)
    started = bool(boards[0, 0, 0] > 0)
    return started and bool(_all_home(boards[:, 0])[0] and not contact(boards)[0])


def two_ply(
    candidates: Sequence[Valued], rules: ShortRules, net: Network | None = None
) -> list[Valued]:
    """`candidates` valued against all 21 replies of the opponent, best first; a turn that
    ends the game keeps its value, which is exact."""
    open_ = [v for v in candidates if v.turn.result.winner() is None]
    values = replies_equities([v.turn.result for v in open_], rules, net).tolist()
    searched = {id(v): Valued(v.turn, e, v.win) for v, e in zip(open_, values, strict=True)}
    return sorted((searched.get(id(v), v) for v in candidates), key=lambda v: -v.equity)


def expert_ranking(
    position: Position,
    turns: Sequence[Turn],
    rules: ShortRules,
    net: Network | None = None,
    search: bool = True,
) -> list[Valued]:
    """The Expert's candidates among `turns` (the legal turns of a roll), best first; with
    `net` as its network (the shipped one by default: the arena weighs another against it);
    1-ply alone without `search` (Hard)."""
    ranked = one_ply(position, turns, net)
    if bearing_off_freely(position):
        boards = encode([v.turn.result for v in ranked], position.to_move)
        rolls = bearoff.shipped().expected_rolls(boards[:, 0, :BAR])
        return [ranked[i] for i in sorted(range(len(ranked)), key=lambda i: rolls[i])]
    close = [v for v in ranked[:CANDIDATES] if v.equity >= ranked[0].equity - MARGIN]
    if not search or len(close) < 2:
        return ranked
    return two_ply(close, rules, net) + ranked[len(close) :]
