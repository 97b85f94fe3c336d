"""The compiled legal-turn search (nardy/_movegen.c) against the pure Python one it replaces.

On the differential corpus of `test_differential` (seeded playouts under every option
combination that changes move generation, random unreachable positions, every first turn, the
hand-picked adversarial positions) both must give identical answers, orders included: the
turns with their steps and results, the packed result boards, the step sequences, `max_steps`,
and which played turns `play` accepts or refuses and why. The test command builds the extension,
so it must be in use here unless NARDY_PURE_PYTHON=1 switches it off on purpose.
"""

from __future__ import annotations

import itertools
import os
import random
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import nardy
from nardy import Color, IllegalMove, Position, Rules, Step
from nardy.movegen import COMPILED, LegalTurns
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

PURE_ON_PURPOSE = os.environ.get("NARDY_PURE_PYTHON") == "1"
pytestmark = pytest.mark.skipif(PURE_ON_PURPOSE, reason="NARDY_PURE_PYTHON=1: nothing compiled")

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


def played_orders(turn_steps: tuple[Step, ...]) -> list[tuple[Step, ...]]:
    """The turn's steps in every order (most are legal too, some break a rule on the way),
    and the turn cut one step short (never a whole turn unless the game ended early)."""
    orders = list(dict.fromkeys(itertools.permutations(turn_steps)))
    return [*orders, turn_steps[:-1]] if turn_steps else orders


def answers(legal: LegalTurns, steps: tuple[Step, ...]) -> list[object]:
    """What `play` and `is_complete` say to `steps`: the position or whether it is a whole
    turn, or the rule they name."""
    said: list[object] = []
    for ask in (legal.play, legal.is_complete):
        try:
            said.append(ask(steps))
        except IllegalMove as refused:
            said.append((refused.violation, str(refused)))
    return said


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
    assert not mismatches, f"{len(mismatches)} cases differ, e.g. {mismatches[:3]}"


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


def test_a_stale_build_is_not_used(tmp_path: Path) -> None:
    """A `.so` built from another version of nardy/_movegen.c is refused with one log line,
    and the pure search serves."""
    copy = tmp_path / "nardy"
    shutil.copytree(Path(nardy.__file__).parent, copy, ignore=shutil.ignore_patterns("data"))
    source = copy / "_movegen.c"
    source.write_text(source.read_text() + "/* edited after the build */\n")
    run = subprocess.run(
        [sys.executable, "-c", "import nardy.movegen as m; print(m.COMPILED)"],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert run.stdout.strip() == "False"
    assert "_movegen.c has changed since" in run.stderr and "Traceback" not in run.stderr
