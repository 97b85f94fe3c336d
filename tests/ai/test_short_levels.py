"""Every short-nardy level plays a complete legal turn, reproducibly (RULES.md §9)."""

from __future__ import annotations

import random

import pytest

from nardy.ai import Level
from nardy.color import Color
from nardy.short import Position, ShortRules, legal_turns
from nardy.short.ai import SHORT_LEVELS, choose_turn
from testkit.short_selfplay import random_game_positions
from tests.nardy.short.builders import board
from tests.nardy.short.positions import random_position


def sample(seed: int, count: int) -> list[Position]:
    """`count` positions: half from a random game, half random spreads (checkers on the bar,
    blots, bear-offs)."""
    rng = random.Random(seed)
    played = random_game_positions(1, rng)
    out = played[:: max(1, 2 * len(played) // count)]
    while len(out) < count:
        position = random_position(rng)
        if position.winner() is None:
            out.append(position)
    return out


@pytest.mark.parametrize("level", SHORT_LEVELS)
@pytest.mark.parametrize("rules", [ShortRules(), ShortRules(higher_die_rule=False)])
def test_every_level_plays_a_complete_legal_turn(level: Level, rules: ShortRules) -> None:
    rng = random.Random(5)
    count = 16 if level is Level.HARD else 120
    kinds = set()
    for position in sample(seed=int(rules.higher_die_rule), count=count):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        legal = legal_turns(position, dice, rules)
        steps = choose_turn(position, dice, rules, level, seed=rng.randrange(1 << 30))
        if legal.passes:
            assert steps == ()
            kinds.add("pass")  # seldom here: the test below makes sure of one
        else:
            assert legal.is_complete(steps)
            kinds.add("bar" if steps[0].src == 25 else "move")
    assert {"bar", "move"} <= kinds  # the sample reached entries from the bar


@pytest.mark.parametrize("level", SHORT_LEVELS)
def test_a_seed_makes_the_choice_reproducible(level: Level) -> None:
    for position in sample(seed=9, count=4):
        first = [choose_turn(position, (5, 2), ShortRules(), level, seed=s) for s in range(2)]
        again = [choose_turn(position, (5, 2), ShortRules(), level, seed=s) for s in range(2)]
        assert first == again


def test_easy_varies_with_the_seed() -> None:
    start = Position.start()
    plays = {choose_turn(start, (4, 2), ShortRules(), Level.EASY, seed=s) for s in range(40)}
    assert len(plays) > 1


def test_a_stored_level_name_works() -> None:
    assert choose_turn(Position.start(), (3, 1), ShortRules(), Level("medium")) != ()
    assert choose_turn(Position.start(), (3, 1), ShortRules(), Level("expert")) != ()


@pytest.mark.parametrize("level", SHORT_LEVELS)
def test_a_checker_on_the_bar_facing_a_closed_board_passes(level: Level) -> None:
    closed = {q: 2 for q in range(19, 25)}  # every entry point (25 − die) held against us
    position = board(Color.BLACK, {6: 4, 13: 5, 8: 5}, closed | {12: 3}, mine_bar=1)
    assert legal_turns(position, (6, 6)).passes
    assert choose_turn(position, (6, 6), ShortRules(), level, seed=1) == ()
