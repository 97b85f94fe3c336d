"""Train the Expert's network by TD(lambda) self-play, reproducibly from a seed, in resumable
chunks.

Usage: python -m tools.research.train_td --games 170000 --seed 5 --out training/td_v5.npz
       [--variant short] [--start-from nardy/data/td_v3.npz [--hidden 160]] [--lr 0.0003]
       [--resume]
--variant picks the game: long nardy's network (`nardy.ai.network`, played here) or short
nardy's (`nardy.short.ai.network`, played by `tools.research.td_short`).
Each game is played greedily by the network itself (1-ply) on dice from its own seed (the run's
seed and the game's number), so a run stopped and resumed makes the same weights as one run
straight through; at its end the lambda-returns of every state are computed backwards from the
true outcome and the network takes one Adam step towards them. Every --save-every games the
weights go to --out with the seed and every hyper-parameter, and the checkpoint (weights, Adam's
state, games played) beside it as *.ckpt.npz; --resume goes on from that checkpoint up to
--games. The process lowers its own priority (--nice, default 15) and BLAS runs one thread
(`nardy.ai.limit_threads`): the products are small, and more threads only spin. Each checkpoint
line gives the CPU and wall time so far, and the last line the whole run's. Left out: start-up
and imports.
"""

from __future__ import annotations

import argparse
import os
import random
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from nardy.ai import limit_threads
from nardy.ai.board import Boards, Floats, results_seen_by_mover
from nardy.ai.evaluation import Evaluator, chances, equity
from nardy.ai.heuristic import heuristic_chances
from nardy.ai.network import INPUTS, OUTPUTS, WEIGHTS, Network, inputs
from nardy.color import Color
from nardy.movegen import legal_turns
from nardy.position import CHECKERS, Position
from nardy.rules import Rules
from tools.clock import RunClock
from tools.research.td_short import ShortTrainee

RULES = Rules()


def flip(values: Floats) -> Floats:
    """Chances seen by the other side: (win, mars win, mars loss) become
    (1 - win, mars loss, mars win)."""
    return np.stack([1.0 - values[:, 0], values[:, 2], values[:, 1]], axis=1)


def greedy_turn(
    position: Position, rng: random.Random, evaluator: Evaluator
) -> tuple[Position, Boards]:
    """One turn on dice from `rng`, the one `evaluator` values best 1-ply: the position after
    it and its board seen by the mover."""
    legal = legal_turns(position, (rng.randint(1, 6), rng.randint(1, 6)), RULES)
    boards = results_seen_by_mover(position, legal.result_counts())
    best = int(np.argmax(equity(chances(evaluator, boards))))
    return legal.result(legal.result_boards()[best]), boards[best : best + 1]


def self_play(net: Network, rng: random.Random) -> tuple[Floats, Floats]:
    """One greedy self-play game: the inputs of every state (seen by the side that just moved)
    and the exact outcome for the side that moved last."""
    position = Position.start()
    states: list[Floats] = []
    while True:
        mover = position.to_move
        position, board = greedy_turn(position, rng, net.chances)
        states.append(inputs(board)[0])
        if position.off[mover] == CHECKERS:
            mars = float(position.off[mover.opponent] == 0)
            return np.array(states), np.array([1.0, mars, 0.0], dtype=np.float32)


def versus_heuristic(net: Network, games: int, seed: int) -> float:
    """Share of games the network (1-ply) wins against the static evaluation (1-ply)."""
    rng = random.Random(seed)
    wins = 0
    for game in range(games):
        net_color = Color(game % 2)
        position = Position.start()
        while position.winner() is None:
            evaluator = net.chances if position.to_move is net_color else heuristic_chances
            position = greedy_turn(position, rng, evaluator)[0]
        wins += position.winner() is net_color
    return wins / games


class Trainee(Protocol):
    """What training needs of a game: its network's shape, a self-play game, how chances are
    seen by the other side, and a quick check of strength."""

    inputs: int
    outputs: int

    def self_play(self, net: Network, rng: random.Random) -> tuple[Floats, Floats]: ...

    def flip(self, values: Floats) -> Floats: ...

    def versus_static(self, net: Network, games: int, seed: int) -> float: ...


class LongTrainee:
    """Long nardy's network: three chances (win, mars win, mars loss)."""

    inputs, outputs = INPUTS, OUTPUTS

    def self_play(self, net: Network, rng: random.Random) -> tuple[Floats, Floats]:
        return self_play(net, rng)

    def flip(self, values: Floats) -> Floats:
        return flip(values)

    def versus_static(self, net: Network, games: int, seed: int) -> float:
        return versus_heuristic(net, games, seed)


TRAINEES: dict[str, Trainee] = {"long": LongTrainee(), "short": ShortTrainee()}


def lambda_targets(values: Floats, outcome: Floats, lam: float, trainee: Trainee) -> Floats:
    """Lambda-returns of each state, computed backwards from the outcome of the last one."""
    targets = np.empty_like(values)
    targets[-1] = outcome
    for t in range(len(values) - 2, -1, -1):
        blended = (1.0 - lam) * values[t + 1] + lam * targets[t + 1]
        targets[t] = trainee.flip(blended[None, :])[0]
    return targets


class Adam:
    """Adam over the network's weight arrays."""

    def __init__(self, net: Network, lr: float) -> None:
        self.net, self.lr, self.t = net, lr, 0
        self.m = {k: np.zeros_like(getattr(net, k)) for k in WEIGHTS}
        self.v = {k: np.zeros_like(getattr(net, k)) for k in WEIGHTS}

    def step(self, grads: dict[str, Floats]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            setattr(self.net, k, getattr(self.net, k) - self.lr * m_hat / (np.sqrt(v_hat) + 1e-8))

    def state(self) -> dict[str, npt.NDArray[Any]]:
        """The moments and step count, as arrays for a checkpoint."""
        arrays = {f"m_{k}": m for k, m in self.m.items()} | {f"v_{k}": v for k, v in self.v.items()}
        return arrays | {"adam_t": np.array(self.t)}

    def restore(self, arrays: dict[str, npt.NDArray[Any]]) -> None:
        """Take back the state `state` gave."""
        self.m = {k: arrays[f"m_{k}"] for k in WEIGHTS}
        self.v = {k: arrays[f"v_{k}"] for k in WEIGHTS}
        self.t = int(arrays["adam_t"])


def gradients(net: Network, x: Floats, targets: Floats) -> tuple[dict[str, Floats], float]:
    """Cross-entropy gradients of the sigmoid outputs towards `targets`, and the mean error."""
    hidden, out = net.forward(x)
    d_out = (out - targets) / len(x)
    d_hidden = (d_out @ net.w2.T) * hidden * (1.0 - hidden)
    grads = {
        "w2": hidden.T @ d_out,
        "b2": d_out.sum(axis=0),
        "w1": x.T @ d_hidden,
        "b1": d_hidden.sum(axis=0),
    }
    return grads, float(np.abs(out - targets).mean())


@dataclass(frozen=True)
class HyperParameters:
    """What decides a run's weights besides the number of games: recorded with the weights."""

    variant: str  # which game's network: a key of TRAINEES
    seed: int
    hidden: int
    lam: float
    lr: float
    start_from: str  # the weights the run began with, "random" for fresh ones


DEFAULTS = HyperParameters(
    variant="long", seed=1, hidden=80, lam=0.7, lr=0.001, start_from="random"
)


def game_rng(seed: int, game: int) -> random.Random:
    """The dice of one game: fixed by the run's seed and the game's number alone."""
    return random.Random(seed * 1_000_003 + game)


def checkpoint_path(out: Path) -> Path:
    """Where a run writing `out` keeps its checkpoint: beside it, as *.ckpt.npz."""
    return out.with_name(out.name.removesuffix(".npz") + ".ckpt.npz")


def save(out: Path, net: Network, adam: Adam, games: int, params: HyperParameters) -> None:
    """The weights with their record in `out`, and everything a resumed run needs beside it."""
    record = asdict(params) | {"games": games}
    net.save(checkpoint_path(out), **adam.state(), **record)
    net.save(out, **record)


class CannotResume(ValueError):
    """There is no checkpoint to go on from, or it was made with other hyper-parameters."""


def resumed(out: Path, asked: dict[str, object]) -> tuple[Network, Adam, int, HyperParameters]:
    """The network, optimiser, games played and hyper-parameters of `out`'s checkpoint;
    `CannotResume` when there is none or a hyper-parameter asked for differs."""
    path = checkpoint_path(out)
    if not path.exists():
        raise CannotResume(f"no checkpoint {path} to resume; start without --resume")
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    # A checkpoint from before short nardy's network was long nardy's.
    found = {"variant": np.array("long")} | arrays
    stored = HyperParameters(**{k: found[k].item() for k in asdict(DEFAULTS)})
    differ = [k for k, v in asked.items() if v != getattr(stored, k)]
    if differ:
        flags = ", ".join("--" + k.replace("_", "-") for k in differ)
        raise CannotResume(f"{flags} not as in the checkpoint, made with {stored}")
    net = Network(*(arrays[k] for k in WEIGHTS))
    adam = Adam(net, stored.lr)
    adam.restore(arrays)
    return net, adam, int(arrays["games"]), stored


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.research.train_td", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=int, default=20000, help="games in all, resumed or not")
    parser.add_argument("--variant", choices=sorted(TRAINEES))
    parser.add_argument("--seed", type=int)
    parser.add_argument("--hidden", type=int)
    parser.add_argument("--lam", type=float)
    parser.add_argument("--lr", type=float)
    parser.add_argument("--start-from", type=Path, help="weights to begin with (not random)")
    parser.add_argument("--resume", action="store_true", help="go on from --out's checkpoint")
    parser.add_argument("--nice", type=int, default=15, help="how much to lower the priority")
    parser.add_argument("--save-every", type=int, default=250)
    parser.add_argument("--check-every", type=int, default=1000)
    parser.add_argument("--out", type=Path, default=Path("training/td_v5.npz"))
    args = parser.parse_args()
    os.nice(args.nice)
    limit_threads()
    clock = RunClock()
    given = {
        "variant": args.variant,
        "seed": args.seed,
        "hidden": args.hidden,
        "lam": args.lam,
        "lr": args.lr,
    }
    if args.start_from is not None:
        given["start_from"] = args.start_from.name
    asked = {k: v for k, v in given.items() if v is not None}
    if args.resume:
        try:
            net, adam, played, params = resumed(args.out, asked)
        except CannotResume as refused:
            parser.error(str(refused))
        if played > args.games:
            parser.error(f"the checkpoint has {played} games already, more than --games")
        print(f"resuming after game {played}: {params}", flush=True)
    elif checkpoint_path(args.out).exists():
        parser.error(f"{checkpoint_path(args.out)} exists: go on with --resume, or remove it")
    else:
        if args.start_from is None:
            params = HyperParameters(**(asdict(DEFAULTS) | asked))
            trainee = TRAINEES[params.variant]
            net = Network.initial(
                params.hidden, np.random.default_rng(params.seed), trainee.inputs, trainee.outputs
            )
        else:
            net = Network.load(args.start_from)
            params = HyperParameters(**(asdict(DEFAULTS) | {"hidden": len(net.b1)} | asked))
            try:  # more units than the weights have: they start silent, the same net at first
                net = net.widened(params.hidden, np.random.default_rng(params.seed))
            except ValueError as fewer:
                parser.error(f"--hidden: {fewer}")
        adam, played = Adam(net, params.lr), 0
    trainee = TRAINEES[params.variant]
    if (net.w1.shape[0], len(net.b2)) != (trainee.inputs, trainee.outputs):
        shape = f"{net.w1.shape[0]} inputs and {len(net.b2)} outputs"
        parser.error(f"the weights have {shape}, not {params.variant} nardy's network's")
    errors: list[float] = []
    for game in range(played + 1, args.games + 1):
        x, outcome = trainee.self_play(net, game_rng(params.seed, game))
        targets = lambda_targets(net.forward(x)[1], outcome, params.lam, trainee)
        grads, error = gradients(net, x, targets)
        adam.step(grads)
        errors.append(error)
        if game % args.save_every == 0 or game == args.games:
            save(args.out, net, adam, game, params)
            print(
                f"game {game}: mean |error| {np.mean(errors):.4f}; {clock.summary('so far')}",
                flush=True,
            )
            errors = []
        if game % args.check_every == 0:
            score = trainee.versus_static(net, 40, seed=game)
            print(f"game {game}: wins {100 * score:.0f}% of 40 vs the static evaluation")
    print(clock.summary())


if __name__ == "__main__":
    main()
