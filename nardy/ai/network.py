"""The learned evaluation: a one-hidden-layer numpy network giving (win, mars win, mars loss).

Inputs are the board seen by the side that has just moved (TD-Gammon-style truncated unary
counts per point) plus the shared strategy features; weights live in `nardy/data/`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from nardy.ai.board import Boards, Floats, pips
from nardy.ai.evaluation import sigmoid
from nardy.ai.features import TERMS, pips_to_first_off, strategy_terms
from nardy.compiled import load
from nardy.position import CHECKERS, POINTS

WEIGHTS_FILE = "td_v3.npz"  # bump the version when the inputs change
OUTPUTS = 3
WEIGHTS = ("w1", "b1", "w2", "b2")
UNITS_PER_POINT = 4
# What each strategy term (features.PRESSURE ... SPREAD) is divided by as an input.
TERM_SCALE = np.array([100.0, 6.0, 10.0, 15.0, 12.0], dtype=np.float32)
INPUTS = 2 * (POINTS * UNITS_PER_POINT + 1 + TERMS + 2) + 1


def _point_units(counts: Floats) -> Floats:
    """(N, 24 * 4): per point, n >= 1, n >= 2, n >= 3 and (n - 3) / 4 beyond that."""
    units = np.stack(
        [counts >= 1, counts >= 2, counts >= 3, np.clip(counts - 3, 0, None) / 4],
        axis=2,
        dtype=np.float32,
    )
    flat: Floats = units.reshape(len(counts), -1)
    return flat


def _side_inputs(side: Boards, other: Boards) -> Floats:
    counts = side.astype(np.float32)
    return np.concatenate(
        [
            _point_units(counts[:, 1:]),
            counts[:, :1] / CHECKERS,
            strategy_terms(side[:, 1:], other[:, 1:]) / TERM_SCALE,
            (pips(side).astype(np.float32) / 200)[:, None],
            (pips_to_first_off(side) / 100)[:, None],
        ],
        axis=1,
    )


def _compiled_inputs() -> Callable[[Boards, int], bytearray]:
    """The compiled inputs (`nardy.compiled.load` calls it)."""
    from nardy.ai import _inputs

    return _inputs.inputs


_COMPILED = load("nardy.ai._inputs", _compiled_inputs)  # None: `reference_inputs` serves


def inputs(boards: Boards) -> Floats:
    """(N, INPUTS) network inputs for `boards` (viewer just moved, opponent on roll): compiled
    where built (nardy/ai/_inputs.c, bit for bit the same), else `reference_inputs`."""
    if _COMPILED is None:
        return reference_inputs(boards)
    raw = _COMPILED(np.ascontiguousarray(boards, dtype=np.int64), len(boards))
    result: Floats = np.frombuffer(raw, dtype=np.float32).reshape(len(boards), INPUTS)
    return result


def reference_inputs(boards: Boards) -> Floats:
    """`inputs` in numpy: the reference the compiled inputs are tested against."""
    mine, theirs = boards[:, 0], boards[:, 1]
    race = ((mine[:, 13:] == 0).all(axis=1) & (theirs[:, 13:] == 0).all(axis=1))[:, None]
    return np.concatenate(
        [_side_inputs(mine, theirs), _side_inputs(theirs, mine), race.astype(np.float32)], axis=1
    )


@dataclass
class Network:
    """Weights of the network; `forward` maps inputs to hidden activations and chances."""

    w1: Floats
    b1: Floats
    w2: Floats
    b2: Floats

    @classmethod
    def initial(
        cls, hidden: int, rng: np.random.Generator, inputs: int = INPUTS, outputs: int = OUTPUTS
    ) -> Network:
        """Small random weights, the start of training (long nardy's sizes by default)."""
        return cls(
            rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)).astype(np.float32),
            np.zeros(hidden, dtype=np.float32),
            rng.normal(0.0, 1.0 / np.sqrt(hidden), (hidden, outputs)).astype(np.float32),
            np.zeros(outputs, dtype=np.float32),
        )

    def widened(self, hidden: int, rng: np.random.Generator) -> Network:
        """The same function with `hidden` hidden units: the new ones get small random input
        weights and zero output weights, so they change nothing until training moves them (a
        run that goes on from smaller weights with more capacity); itself if it has as many."""
        extra = hidden - len(self.b1)
        if extra < 0:
            raise ValueError(f"{hidden} hidden units are fewer than the {len(self.b1)} there are")
        if extra == 0:
            return self
        fresh = Network.initial(extra, rng, len(self.w1), len(self.b2))
        return Network(
            np.concatenate([self.w1, fresh.w1], axis=1),
            np.concatenate([self.b1, fresh.b1]),
            np.concatenate([self.w2, np.zeros_like(fresh.w2)]),
            self.b2.copy(),
        )

    def forward(self, x: Floats) -> tuple[Floats, Floats]:
        """Hidden activations and output chances for inputs `x`."""
        hidden = sigmoid(x @ self.w1 + self.b1)
        return hidden, sigmoid(hidden @ self.w2 + self.b2)

    def chances(self, boards: Boards) -> Floats:
        """The evaluator interface: (N, 3) chances for the viewer of `boards`."""
        return self.forward(inputs(boards))[1]

    def save(self, path: Path, **extra: Any) -> None:
        """Write the weights and `extra` values (training state, metadata) to an .npz file,
        through a temporary file: a run killed while writing leaves the previous one whole."""
        arrays: dict[str, Any] = {k: getattr(self, k) for k in WEIGHTS}
        arrays.update((k, np.asarray(v)) for k, v in extra.items())
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(tmp, **arrays)
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: Path) -> Network:
        """The weights in an .npz file `save` wrote (its other values are left), as float32."""
        with np.load(path) as data:
            return cls(*(data[k].astype(np.float32) for k in WEIGHTS))


@cache
def shipped() -> Network:
    """The trained weights shipped in `nardy/data/`."""
    with resources.as_file(resources.files("nardy.data") / WEIGHTS_FILE) as path:
        return Network.load(path)
