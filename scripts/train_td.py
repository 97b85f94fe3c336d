"""Train the Expert's network by TD(lambda) self-play, reproducibly from a seed.

Usage: nice -n 15 python scripts/train_td.py --games 20000 --seed 1 --out nardy/data/td_v1.npz
Each game is played greedily by the network itself (1-ply); at its end the lambda-returns of
every state are computed backwards from the true outcome and the network takes one Adam step
towards them. The weights are checkpointed every --save-every games. BLAS runs one thread
(`nardy.ai.limit_threads`): the products are small, and more threads only spin. Each
checkpoint line gives the CPU and wall time so far, and the last line the whole run's. Left
out: start-up and imports.
"""

from __future__ import annotations

import argparse
import os
import random
from pathlib import Path

import numpy as np
from cpu_wall import RunClock

from nardy.ai import limit_threads
from nardy.ai.board import Floats, encode
from nardy.ai.evaluation import chances, equity, settle
from nardy.ai.heuristic import heuristic_chances
from nardy.ai.network import Network, inputs
from nardy.color import Color
from nardy.movegen import legal_turns
from nardy.position import CHECKERS, Position
from nardy.rules import Rules

RULES = Rules()


def flip(values: Floats) -> Floats:
    """Chances seen by the other side: (win, mars win, mars loss) become
    (1 - win, mars loss, mars win)."""
    return np.stack([1.0 - values[:, 0], values[:, 2], values[:, 1]], axis=1)


def self_play(net: Network, rng: random.Random) -> tuple[Floats, Floats]:
    """One greedy self-play game: the inputs of every state (seen by the side that just moved)
    and the exact outcome for the side that moved last."""
    position = Position.start()
    states: list[Floats] = []
    while True:
        mover = position.to_move
        turns = legal_turns(position, (rng.randint(1, 6), rng.randint(1, 6)), RULES).turns
        results = [t.result for t in turns] or [position.with_turn_passed()]
        boards = encode(results, mover)
        x = inputs(boards)
        best = int(np.argmax(equity(settle(boards, net.forward(x)[1]))))
        states.append(x[best])
        position = results[best]
        if position.off[mover] == CHECKERS:
            mars = float(position.off[mover.opponent] == 0)
            return np.array(states), np.array([1.0, mars, 0.0], dtype=np.float32)


def lambda_targets(values: Floats, outcome: Floats, lam: float) -> Floats:
    """Lambda-returns of each state, computed backwards from the outcome of the last one."""
    targets = np.empty_like(values)
    targets[-1] = outcome
    for t in range(len(values) - 2, -1, -1):
        blended = (1.0 - lam) * values[t + 1] + lam * targets[t + 1]
        targets[t] = flip(blended[None, :])[0]
    return targets


class Adam:
    """Adam over the network's weight arrays."""

    def __init__(self, net: Network, lr: float) -> None:
        self.net, self.lr, self.t = net, lr, 0
        self.m = {k: np.zeros_like(getattr(net, k)) for k in ("w1", "b1", "w2", "b2")}
        self.v = {k: np.zeros_like(getattr(net, k)) for k in ("w1", "b1", "w2", "b2")}

    def step(self, grads: dict[str, Floats]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            setattr(self.net, k, getattr(self.net, k) - self.lr * m_hat / (np.sqrt(v_hat) + 1e-8))


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


def versus_heuristic(net: Network, games: int, seed: int) -> float:
    """Share of games the network (1-ply) wins against the static evaluation (1-ply)."""
    rng = random.Random(seed)
    wins = 0
    for game in range(games):
        net_color = Color(game % 2)
        position = Position.start()
        while position.winner() is None:
            mover = position.to_move
            turns = legal_turns(position, (rng.randint(1, 6), rng.randint(1, 6)), RULES).turns
            results = [t.result for t in turns] or [position.with_turn_passed()]
            evaluator = net.chances if mover is net_color else heuristic_chances
            position = results[int(np.argmax(equity(chances(evaluator, encode(results, mover)))))]
        wins += position.winner() is net_color
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=80)
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--lr", type=float, default=0.001)
    parser.add_argument("--save-every", type=int, default=250)
    parser.add_argument("--check-every", type=int, default=1000)
    parser.add_argument("--out", type=Path, default=Path("nardy/data/td_v1.npz"))
    args = parser.parse_args()
    limit_threads()
    clock = RunClock()
    rng = random.Random(args.seed)
    net = Network.initial(args.hidden, np.random.default_rng(args.seed))
    adam = Adam(net, args.lr)
    errors: list[float] = []
    for game in range(1, args.games + 1):
        x, outcome = self_play(net, rng)
        targets = lambda_targets(net.forward(x)[1], outcome, args.lam)
        grads, error = gradients(net, x, targets)
        adam.step(grads)
        errors.append(error)
        if game % args.save_every == 0 or game == args.games:
            tmp = args.out.with_suffix(".tmp.npz")
            net.save(tmp, games=game, seed=args.seed, lam=args.lam, hidden=args.hidden)
            os.replace(tmp, args.out)
            print(
                f"game {game}: mean |error| {np.mean(errors):.4f}; {clock.summary('so far')}",
                flush=True,
            )
            errors = []
        if game % args.check_every == 0:
            score = versus_heuristic(net, 40, seed=game)
            print(f"game {game}: wins {100 * score:.0f}% of 40 vs the static evaluation")
    print(clock.summary())


if __name__ == "__main__":
    main()
