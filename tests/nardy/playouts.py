"""Seeded random playouts with the fast generator (`nardy.legal_turns`), for tests to draw from.

A playout starts at the start position and plays random legal turns until someone has borne off
all fifteen, so it passes through every phase of a game: both first turns, the middle game with
its blocks, the race, the bear-off and the last checkers. Everything depends on the seed only.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from nardy import Color, Position, Rules, legal_turns, to_absolute

MAX_TURNS = 1000  # a safety net: every turn moves checkers forward, so games do end


@dataclass(frozen=True)
class Case:
    """A position with a roll to play, the rules it was reached under, and where it came from."""

    position: Position
    dice: tuple[int, int]
    rules: Rules
    seed: int
    ply: int


def roll(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def playout(seed: int, rules: Rules | None = None, start: Position | None = None) -> Iterator[Case]:
    """The (position, roll) pairs of one random game, in order, until someone wins."""
    rules = rules or Rules()
    rng = random.Random(seed)
    position = start or Position.start()
    for ply in range(MAX_TURNS):
        if position.winner() is not None:
            return
        dice = roll(rng)
        yield Case(position, dice, rules, seed, ply)
        turns = legal_turns(position, dice, rules).turns
        position = rng.choice(turns).result if turns else position.with_turn_passed()
    raise AssertionError(f"playout {seed} did not end in {MAX_TURNS} turns")


def phase(position: Position) -> str:
    """A rough label of the game phase from the side to move's point of view (for coverage)."""
    mover = position.to_move
    if position.first_turn[mover]:
        return "first turn"
    counts = position.own_counts(mover)
    if position.off[mover] >= 12:
        return "near end"
    if position.off[mover] > 0 or sum(counts[7:]) == 0:
        return "bear-off"
    if sum(counts[7:]) <= 3:
        return "entering home"
    return "middle"


def sample_cases(count: int, seed: int, rules_cycle: list[Rules], every: int = 1) -> list[Case]:
    """`count` cases from consecutive playouts, game g played under `rules_cycle[g % len]`.

    `every` > 1 keeps only every `every`-th ply of each game (with a random offset), to spread a
    smaller sample over more games.
    """
    cases: list[Case] = []
    game = 0
    while len(cases) < count:
        rules = rules_cycle[game % len(rules_cycle)]
        game_seed = seed * 100_003 + game
        offset = random.Random(game_seed).randrange(every)
        for case in playout(game_seed, rules):
            if case.ply % every == offset:
                cases.append(case)
        game += 1
    return cases[:count]


def both_colours(cases: list[Case]) -> bool:
    return {c.position.to_move for c in cases} == {Color.WHITE, Color.BLACK}


def random_position(rng: random.Random) -> Position:
    """A random, structurally valid position that need not be reachable in play.

    Each side's fifteen checkers are laid out in one of a few styles: spread anywhere, packed in
    runs of neighbouring points (to provoke the six-block rule, also across the seams), gathered
    at home with some borne off (bear-off, with a straggler or two outside home), or mostly
    still on the head. The side to move and the first-turn flags are random. The caller
    filters out whatever it cannot use (e.g. positions that already hold an illegal block).
    """
    points = [0] * 24
    off = [0, 0]
    for color in rng.sample(list(Color), 2):
        style = rng.choice(["spread", "runs", "home", "home", "head"])
        if style == "home":
            off[color] = rng.choice([0, 0, rng.randint(1, 14), rng.randint(10, 14)])
        on_board = 15 - off[color]

        def free(own: int, color: Color = color) -> bool:
            n = points[to_absolute(color, own) - 1]
            return n == 0 or (n > 0) == (color is Color.WHITE)

        if style == "home":
            choices = list(range(1, 7)) + rng.choice([[], [], [7], [8, 9], [rng.randint(7, 12)]])
        elif style == "runs":
            start = rng.randint(1, 24)
            length = rng.randint(4, 7)
            run = [(start + i - 1) % 24 + 1 for i in range(length)]
            choices = run + rng.sample(range(1, 25), rng.randint(0, 3))
        elif style == "head":
            choices = [24] * 8 + rng.sample(range(1, 24), rng.randint(1, 4))
        else:
            choices = rng.sample(range(1, 25), rng.randint(2, 12))
        choices = [own for own in choices if free(own)] or [
            own for own in range(1, 25) if free(own)
        ]
        if style == "runs":  # put a checker on every point of the run first
            for own in dict.fromkeys(choices):
                if on_board:
                    points[to_absolute(color, own) - 1] += color.sign
                    on_board -= 1
        for _ in range(on_board):
            own = rng.choice(choices)
            points[to_absolute(color, own) - 1] += color.sign
    to_move = rng.choice(list(Color))
    first = (rng.random() < 0.15, rng.random() < 0.15)
    return Position(tuple(points), (off[0], off[1]), to_move, first)
