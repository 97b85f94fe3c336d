"""Every available level plays only legal turns, under every §8 option, reproducibly."""

from __future__ import annotations

import random

import pytest

from nardy import BlockCheck, HeadException, Opening, Position, Rules, Scoring, legal_turns
from nardy.ai import AVAILABLE_LEVELS, Level, choose_turn, hint
from tests.ai.positions import random_positions

RULE_SETS = [
    Rules(),
    Rules(higher_die_rule=False),
    Rules(head_exception=HeadException.ANY_DOUBLE),
    Rules(head_exception=HeadException.NONE),
    Rules(block_check=BlockCheck.END_OF_TURN),
    Rules(opening=Opening.PLAY_OPENING_ROLL, last_roll=True),
    Rules(scoring=Scoring.EXTENDED, match_length=3),
]


@pytest.mark.parametrize("level", AVAILABLE_LEVELS)
@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: str(r.to_dict()))
def test_every_level_plays_a_complete_legal_turn(level: Level, rules: Rules) -> None:
    rng = random.Random(7)
    stride = 5 if level in (Level.EASY, Level.MEDIUM) else 23
    for position in random_positions(seed=3, rules=rules, games=1, stride=stride):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        legal = legal_turns(position, dice, rules)
        away = (2, 1) if rules.match_length > 1 else None  # the mover trails 1-2
        steps = choose_turn(position, dice, rules, level, rng.randrange(1 << 30), away)
        if legal.passes:
            assert steps == ()
        else:
            assert legal.is_complete(steps)


@pytest.mark.parametrize("level", AVAILABLE_LEVELS)
def test_a_seed_makes_the_choice_reproducible(level: Level) -> None:
    positions = list(random_positions(seed=11, rules=Rules(), games=1, stride=17))
    for position in positions:
        first = [choose_turn(position, (5, 2), Rules(), level, seed=s) for s in range(3)]
        again = [choose_turn(position, (5, 2), Rules(), level, seed=s) for s in range(3)]
        assert first == again


def test_easy_varies_with_the_seed() -> None:
    plays = {choose_turn(Position.start(), (3, 3), Rules(), Level.EASY, seed=s) for s in range(40)}
    assert len(plays) > 1


def test_hint_lists_legal_candidates_best_first() -> None:
    position = next(random_positions(seed=5, rules=Rules(), games=1, stride=30))
    advice = hint(position, (4, 1), Rules(), top=3)
    legal = legal_turns(position, (4, 1), Rules())
    assert advice.best == advice.candidates[0].steps
    assert all(legal.is_complete(c.steps) for c in advice.candidates)
    equities = [c.equity for c in advice.candidates]
    assert equities == sorted(equities, reverse=True)
    assert all(0.0 <= c.win <= 1.0 for c in advice.candidates)


def test_a_blocked_roll_passes() -> None:
    # White's only checker outside home faces six Black points; Black's checkers stand ahead.
    points = [0] * 24
    points[23] = 1  # White on 24
    for absolute in range(18, 24):
        points[absolute - 1] = -2  # Black holds absolute 18..23
    points[0] = 14  # the rest of White at home on 1
    points[11] = -3  # Black's head
    position = Position(tuple(points), (0, 0))
    assert legal_turns(position, (6, 6), Rules()).passes
    assert choose_turn(position, (6, 6), Rules(), Level.MEDIUM) == ()
    assert hint(position, (6, 6), Rules()).candidates == ()
