"""Short nardy's learned evaluation: `nardy.ai.network.Network` (one hidden layer) over the
classic backgammon inputs, giving five chances of the side that has just moved.

Inputs per side, from its own numbering (TD-Gammon's encoding): per point n ≥ 1, n ≥ 2, n ≥ 3
and (n − 3) / 2 beyond; the bar / 2; borne off / 15; pips / 100. Then the share of the
opponent's 36 rolls that reach a lone checker of the side that just moved (no blocks counted:
a cheap shot count), and whether the sides are still in contact. Weights live in `nardy/data/`.
The inputs are compiled (nardy/short/ai/_inputs.c) where built, with `reference_inputs` kept as
their numpy reference.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import resources

import numpy as np

from nardy.ai.board import Boards, Floats, Mask
from nardy.ai.network import Network
from nardy.compiled import load
from nardy.position import CHECKERS, POINTS
from nardy.short.ai.boards import COLUMNS, contact, finished, pips
from nardy.short.ai.cubeful import cubeless_equity
from nardy.short.position import BAR

WEIGHTS_FILE = "short_td_v2.npz"  # bump the version when the inputs change
# The viewer's win (gammons and backgammons included), gammon win (backgammons included),
# backgammon win, gammon loss and backgammon loss, as GNU Backgammon orders them.
WIN, GAMMON_WIN, BACKGAMMON_WIN, GAMMON_LOSS, BACKGAMMON_LOSS = range(5)
OUTPUTS = 5
UNITS_PER_POINT = 4
INPUTS = 2 * (POINTS * UNITS_PER_POINT + 3) + 2

# REACH[r, d]: roll r of the 36 moves one checker d pips (1..24) with one die, both, or a
# double's two, three or four steps: what a hitter needs when nothing stands in the way.
_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
REACH = np.zeros((36, BAR), dtype=bool)
for _r, (_a, _b) in enumerate(_ROLLS):
    for _d in (_a, 2 * _a, 3 * _a, 4 * _a) if _a == _b else (_a, _b, _a + _b):
        REACH[_r, _d] = True
_AHEAD = np.add.outer(np.arange(BAR), np.arange(BAR))  # [v, d]: the point d pips above v


def _point_units(counts: Floats) -> Floats:
    """(N, 24 * 4): per point n ≥ 1, n ≥ 2, n ≥ 3 and (n − 3) / 2 beyond that."""
    units = np.stack(
        [counts >= 1, counts >= 2, counts >= 3, np.clip(counts - 3, 0, None) / 2],
        axis=2,
        dtype=np.float32,
    )
    flat: Floats = units.reshape(len(counts), -1)
    return flat


def _side_inputs(side: Boards) -> Floats:
    counts = side.astype(np.float32)
    return np.concatenate(
        [
            _point_units(counts[:, 1:BAR]),
            counts[:, BAR:] / 2,
            counts[:, :1] / CHECKERS,
            (pips(side).astype(np.float32) / 100)[:, None],
        ],
        axis=1,
    )


def shot_share(boards: Boards) -> Floats:
    """The share of the opponent's 36 rolls that reach one of the viewer's blots from one of
    his checkers (his bar is the viewer's point 0), blocks ignored."""
    blots = np.zeros((len(boards), 2 * BAR), dtype=bool)
    blots[:, 1:BAR] = boards[:, 0, 1:BAR] == 1  # the viewer's own points 1..24, then none
    # The opponent's own point q (the bar 25) is the viewer's 25 − q (0), moving up to hit.
    sources = boards[:, 1, ::-1][:, :BAR] > 0  # the viewer's points 0..24
    # distance[n, d]: some checker of his stands d pips below a blot of the viewer's.
    distance: Mask = np.asarray((sources[:, :, None] & blots[:, _AHEAD]).any(axis=1))
    hit: Mask = np.asarray((distance[:, None, :] & REACH[None, :, :]).any(axis=2))
    share: Floats = hit.mean(axis=1, dtype=np.float32)
    return share


def _compiled_inputs() -> Callable[[Boards, int], bytearray]:
    """The compiled inputs (`nardy.compiled.load` calls it)."""
    from nardy.short.ai import _inputs

    return _inputs.inputs


_COMPILED = load("nardy.short.ai._inputs", _compiled_inputs)  # None: `reference_inputs` serves


def inputs(boards: Boards) -> Floats:
    """(N, INPUTS) network inputs for `boards` (viewer just moved, opponent on roll): compiled
    where built (nardy/short/ai/_inputs.c, bit for bit the same), else `reference_inputs`."""
    if _COMPILED is None:
        return reference_inputs(boards)
    boards = np.ascontiguousarray(boards, dtype=np.int64)
    if boards.shape[1:] != (2, COLUMNS):  # the compiled code reads only the byte count
        raise ValueError(f"boards of shape (N, 2, {COLUMNS}), not {boards.shape}")
    raw = _COMPILED(boards, len(boards))
    result: Floats = np.frombuffer(raw, dtype=np.float32).reshape(len(boards), INPUTS)
    return result


def reference_inputs(boards: Boards) -> Floats:
    """`inputs` in numpy: the reference the compiled inputs are tested against."""
    return np.concatenate(
        [
            _side_inputs(boards[:, 0]),
            _side_inputs(boards[:, 1]),
            shot_share(boards)[:, None],
            contact(boards).astype(np.float32)[:, None],
        ],
        axis=1,
    )


def settle(boards: Boards, result: Floats) -> Floats:
    """`result` with the rows where the viewer has borne off all replaced by the exact outcome
    (§9: a gammon when the loser has borne off none, a backgammon when he also has a checker on
    the bar or in the winner's home)."""
    done = finished(boards)
    if done.any():
        result = result.copy()
        loser = boards[done, 1]
        gammon = loser[:, 0] == 0
        backgammon = gammon & (loser[:, 19:].sum(axis=1) > 0)  # his 19..24 and the bar
        result[done] = 0.0
        result[done, WIN] = 1.0
        result[done, GAMMON_WIN] = gammon
        result[done, BACKGAMMON_WIN] = backgammon
    return result


def equity(chance: Floats) -> Floats:
    """Expected points for the viewer, cubeless, of each row (`cubeful.cubeless_equity`)."""
    return cubeless_equity(
        chance[:, WIN],
        chance[:, GAMMON_WIN],
        chance[:, BACKGAMMON_WIN],
        chance[:, GAMMON_LOSS],
        chance[:, BACKGAMMON_LOSS],
    )


def flipped(chance: Floats) -> Floats:
    """The same chances seen by the other side."""
    return np.stack(
        [
            1.0 - chance[:, WIN],
            chance[:, GAMMON_LOSS],
            chance[:, BACKGAMMON_LOSS],
            chance[:, GAMMON_WIN],
            chance[:, BACKGAMMON_WIN],
        ],
        axis=1,
    )


def net_chances(net: Network, boards: Boards) -> Floats:
    """`net`'s (N, 5) chances for the viewer of `boards`, exact for finished games."""
    return settle(boards, net.forward(inputs(boards))[1])


def initial(hidden: int, rng: np.random.Generator) -> Network:
    """Small random weights of this network's shape, the start of training."""
    return Network.initial(hidden, rng, INPUTS, OUTPUTS)


@cache
def shipped() -> Network:
    """The trained weights shipped in `nardy/data/`."""
    with resources.as_file(resources.files("nardy.data") / WEIGHTS_FILE) as path:
        return Network.load(path)
