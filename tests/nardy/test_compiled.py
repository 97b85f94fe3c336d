"""The compiled legal-turn search (nardy/_movegen.c) against the pure Python one it replaces.

On the differential corpus of `test_differential` (seeded playouts under every option
combination that changes move generation, random unreachable positions, every first turn, the
hand-picked adversarial positions) both must give identical answers, orders included: the
turns with their steps and results, the packed result boards, the step sequences, `max_steps`,
and which played turns `play` accepts or refuses and why. The test command builds the extension,
so it must be in use here unless NARDY_PURE_PYTHON=1 switches it off on purpose (a stale build
is refused: tests/nardy/test_compiled_loader.py).
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from nardy import Color, Position, Rules, Step
from nardy.movegen import COMPILED, LegalTurns
from tests.nardy.compiled_search import answers_to, assert_none_differ, played_orders, skip_if_pure
from tests.nardy.playouts import random_position
from tests.nardy.reference_movegen import case_line, illegal_block
from tests.nardy.test_differential import (
    ADVERSARIAL,
    COMBOS,
    first_turn_positions,
    hand_picked_cases,
    mirror,
    playout_cases,
)

pytestmark = skip_if_pure

Case = tuple[Position, tuple[int, int], Rules]


def test_the_compiled_search_is_built_and_in_use() -> None:
    """The install builds it (setup.py); a missing compiler or a stale build would show here."""
    assert COMPILED


@cache
def corpus() -> tuple[Case, ...]:
    cases: list[Case] = [
        (c.position, c.dice, c.rules) for i in range(len(COMBOS)) for c in playout_cases(i)
    ]
    rng = random.Random(5)
    while len(cases) < 13_000:
        position = random_position(rng)
        if position.winner() is None and not any(
            illegal_block(position.points, position.off, side) for side in Color
        ):
            cases.append((position, (rng.randint(1, 6), rng.randint(1, 6)), rng.choice(COMBOS)))
    cases += hand_picked_cases(first_turn_positions())
    for position in ADVERSARIAL.values():
        cases += hand_picked_cases([position, mirror(position)])
    return tuple(cases)


def answers(legal: LegalTurns, steps: tuple[Step, ...]) -> list[object]:
    """What `play` and `is_complete` say to `steps`: the position or whether it is a whole
    turn, or the rule they name."""
    return answers_to(steps, legal.play, legal.is_complete)


@pytest.mark.parametrize("part", range(4))
def test_compiled_search_answers_exactly_as_the_pure_one(part: int) -> None:
    cases = corpus()[part::4]
    assert len(cases) > 4_000
    mismatches = []
    for position, dice, rules in cases:
        fast = LegalTurns(position, dice, rules)
        pure = LegalTurns(position, dice, rules, pure=True)
        same = (
            fast.max_steps == pure.max_steps
            and fast.result_boards() == pure.result_boards()
            and fast.result_counts() == pure.result_counts()
            and fast.step_sequences() == pure.step_sequences()
            and fast.turns == pure.turns
        )
        for turn in pure.turns[:3]:
            for steps in played_orders(turn.steps):
                same = same and answers(fast, steps) == answers(pure, steps)
        if not same:
            mismatches.append(case_line(position, dice, rules))
    assert_none_differ(mismatches)


def test_odd_steps_and_positions_get_the_pure_searchs_answers() -> None:
    """Steps off the board or beyond any int64, and a position whose fields are lists (the
    dataclass does not insist on tuples): the same answers, no crash."""
    start = Position.start()
    listed = Position(list(start.points), [0, 0], Color.WHITE, [True, True])  # type: ignore[arg-type]
    for position in (start, listed):
        fast = LegalTurns(position, (6, 5), Rules())
        pure = LegalTurns(position, (6, 5), Rules(), pure=True)
        assert fast.turns == pure.turns
        odd = [(Step(0, 6),), (Step(25, 6),), (Step(2**70, 5),), (Step(24, 2**70),)]
        for steps in [*odd, (Step(24, 6), Step(18, 5), Step(13, 5))]:
            assert answers(fast, steps) == answers(pure, steps)
