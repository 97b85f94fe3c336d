"""Short nardy's side of `tools.research.train_td`: greedy self-play of its network (RULES.md §9,
cube off) and a check against the static evaluation, which the Medium level plays."""

from __future__ import annotations

import random

import numpy as np

from nardy.ai.board import Boards, Floats
from nardy.ai.network import Network
from nardy.color import Color
from nardy.short.ai import network
from nardy.short.ai.boards import encode
from nardy.short.ai.search import one_ply
from nardy.short.movegen import legal_turns
from nardy.short.position import Position
from nardy.short.rules import ShortRules

RULES = ShortRules()


def greedy_turn(position: Position, dice: tuple[int, int], net: Network) -> tuple[Position, Boards]:
    """The turn `net` values best 1-ply: the position after it and its board seen by the mover
    (a pass leaves the checkers as they are)."""
    results = [turn.result for turn in legal_turns(position, dice, RULES).turns]
    boards = encode(results, position.to_move)
    best = int(np.argmax(network.equity(network.net_chances(net, boards))))
    return results[best], boards[best : best + 1]


def static_turn(position: Position, dice: tuple[int, int]) -> Position:
    """The turn the static evaluation values best 1-ply (the Medium level's)."""
    return one_ply(legal_turns(position, dice, RULES).turns)[0].turn.result


def _roll(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


class ShortTrainee:
    """Short nardy's network: five chances, backgammons apart (`nardy.short.ai.network`)."""

    inputs, outputs = network.INPUTS, network.OUTPUTS

    def self_play(self, net: Network, rng: random.Random) -> tuple[Floats, Floats]:
        """One greedy game: the inputs of every state (seen by the side that just moved) and
        the exact outcome for the side that moved last."""
        position = Position.start()
        states: list[Boards] = []
        while True:
            position, board = greedy_turn(position, _roll(rng), net)
            states.append(board)
            if position.winner() is not None:
                boards = np.concatenate(states)
                outcome = network.settle(board, np.zeros((1, self.outputs), np.float32))[0]
                return network.inputs(boards), outcome

    def flip(self, values: Floats) -> Floats:
        return network.flipped(values)

    def versus_static(self, net: Network, games: int, seed: int) -> float:
        """Share of games `net` (1-ply) wins against the static evaluation (1-ply)."""
        rng = random.Random(seed)
        wins = 0
        for game in range(games):
            net_color = Color(game % 2)
            position = Position.start()
            while (winner := position.winner()) is None:
                dice = _roll(rng)
                if position.to_move is net_color:
                    position = greedy_turn(position, dice, net)[0]
                else:
                    position = static_turn(position, dice)
            wins += winner is net_color
        return wins / games
