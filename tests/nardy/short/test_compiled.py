"""Short nardy's compiled legal-turn search (nardy/short/_movegen.c) against the pure Python one.

On the differential corpus of `test_differential` (random positions with every roll under both
higher-die settings, positions of random games), more seeded random positions with random rolls
and options, and hand-built edge cases (every opening roll, blocked and partial entries from the
bar, the last checkers borne off with dice to spare, one die only), both must give identical
answers, orders included: the turns with their steps and results, the step sequences,
`max_steps`, `passes`, and what `play`, `is_complete` and `next_steps` say to every order of
some turns' steps, to those turns cut short, and to random step sequences, most of them illegal
(the same position, or the same refusal naming the same rule). The test command builds the
extension, so it must be in use here unless NARDY_PURE_PYTHON=1 switches it off on purpose (a
stale build is refused: tests/nardy/test_compiled_loader.py).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from functools import cache

import pytest

from nardy import steps as long_steps
from nardy.color import Color
from nardy.short.movegen import _STEPS, COMPILED, LegalTurns
from nardy.short.notation import Step
from nardy.short.position import BAR, Position
from nardy.short.rules import ShortRules
from tests.nardy.compiled_search import answers_to, assert_none_differ, played_orders, skip_if_pure
from tests.nardy.short.builders import board
from tests.nardy.short.positions import random_position
from tests.nardy.short.test_differential import (
    ALL_ROLLS,
    Case,
    random_game_cases,
    random_position_cases,
)

pytestmark = skip_if_pure

PARTS = 6


def test_the_compiled_search_is_built_and_in_use() -> None:
    """The install builds it (setup.py); a missing compiler or a stale build would show here."""
    assert COMPILED


def edge_positions() -> list[Position]:
    """Hand-built positions at the rules' edges, for both sides to move (§9 with §3)."""
    out = [Position.start()]
    for mover in Color:
        out += [
            # Two on the bar against a home board closed but for a blot (entered by a 4).
            board(
                mover, {13: 5, 8: 3, 6: 5}, {24: 2, 23: 2, 22: 2, 20: 2, 19: 2, 21: 1}, mine_bar=2
            ),
            # On the bar against a closed home board: the turn passes.
            board(mover, {13: 6, 8: 4, 6: 4}, {q: 2 for q in range(19, 25)}, mine_bar=1),
            # The last two checkers borne off with dice to spare.
            board(mover, {1: 1, 2: 1}, {20: 5, 13: 5}),
            board(mover, {6: 1}, {24: 2}, theirs_bar=1),
            # Bearing off with a higher die from the highest point, hits in the home.
            board(mover, {5: 3, 4: 3, 2: 4, 1: 1}, {3: 1, 24: 6}, theirs_bar=1),
            # One die only: a 6 blocked everywhere but one step, the higher die then forced.
            board(mover, {24: 2, 23: 2}, {18: 2, 17: 2, 16: 2, 15: 2, 13: 2, 12: 2}),
            # A checker entering from the bar then going on, blots all over.
            board(mover, {13: 4, 8: 3, 6: 5, 1: 1}, {22: 1, 20: 1, 17: 1, 11: 1}, mine_bar=2),
        ]
    return out


@cache
def corpus() -> tuple[Case, ...]:
    cases = random_position_cases() + random_game_cases()
    rng = random.Random(39)
    for _ in range(6_000):
        rules = ShortRules(higher_die_rule=rng.random() < 0.7)
        cases.append((random_position(rng), (rng.randint(1, 6), rng.randint(1, 6)), rules))
    for position in edge_positions():
        for dice in ALL_ROLLS:
            cases += [(position, dice, ShortRules(higher_die_rule=h)) for h in (True, False)]
    return tuple(cases)


def random_steps(rng: random.Random, dice: tuple[int, int]) -> tuple[Step, ...]:
    """One to four steps from any point or the bar (src 0 and 26 included), by the roll's dice
    mostly: nearly always illegal somewhere."""
    count = rng.randint(1, 4)
    return tuple(
        Step(rng.randint(0, BAR + 1), rng.choice((*dice, rng.randint(1, 6)))) for _ in range(count)
    )


def answers(legal: LegalTurns, played: Sequence[long_steps.Step]) -> list[object]:
    """What `play`, `is_complete` and `next_steps` say to `played`."""
    return answers_to(played, legal.play, legal.is_complete, legal.next_steps)


def questions(legal: LegalTurns, rng: random.Random) -> list[tuple[Step, ...]]:
    """The played turns asked about: some turns in every order and cut short, a step at a
    time, and random step sequences."""
    turns = legal.turns
    chosen = [*turns[:2], rng.choice(turns)]
    asked: list[tuple[Step, ...]] = [()]
    for turn in chosen:
        asked += played_orders(turn.steps)
        asked += [turn.steps[:k] for k in range(1, len(turn.steps))]
    asked += [random_steps(rng, legal.dice) for _ in range(3)]
    return list(dict.fromkeys(asked))


def differences(position: Position, dice: tuple[int, int], rules: ShortRules) -> list[str]:
    """Where the compiled search's answers differ from the pure one's; [] when nowhere."""
    fast = LegalTurns(position, dice, rules)
    pure = LegalTurns(position, dice, rules, pure=True)
    out = [
        name
        for name, same in (
            ("max_steps", fast.max_steps == pure.max_steps),
            ("passes", fast.passes == pure.passes),
            ("turns", fast.turns == pure.turns),
            ("step_sequences", fast.step_sequences() == pure.step_sequences()),
        )
        if not same
    ]
    rng = random.Random(position.canonical_key() + str(dice))
    for played in questions(pure, rng):
        if answers(fast, played) != answers(pure, played):
            out.append(f"answers to {[str(s) for s in played]}")
    return out


@pytest.mark.parametrize("part", range(PARTS))
def test_compiled_search_answers_exactly_as_the_pure_one(part: int) -> None:
    cases = corpus()[part::PARTS]
    assert len(cases) > 3_000
    mismatches = []
    for position, dice, rules in cases:
        if found := differences(position, dice, rules):
            mismatches.append(f"{position}, {dice}, {rules}: {found[:3]}")
    assert_none_differ(mismatches)


def test_the_corpus_reaches_every_rule() -> None:
    """Entries, blocked entries, hits, bear-offs, game-ending turns, one die only, passes."""
    seen = dict.fromkeys(("entry", "pass", "hit", "bear-off", "game over", "one die"), 0)
    for position, dice, rules in corpus()[::7]:
        legal = LegalTurns(position, dice, rules)
        mover = position.to_move
        seen["entry"] += bool(position.bar[mover] and legal.max_steps)
        seen["pass"] += legal.passes
        seen["hit"] += any(
            t.result.bar[mover.opponent] > position.bar[mover.opponent] for t in legal.turns
        )
        seen["bear-off"] += any(t.result.off[mover] > position.off[mover] for t in legal.turns)
        seen["game over"] += any(t.result.winner() is mover for t in legal.turns)
        seen["one die"] += legal.max_steps == 1 and dice[0] != dice[1]
    assert all(n >= 10 for n in seen.values()), seen


def test_odd_steps_and_positions_get_the_pure_searchs_answers() -> None:
    """Steps off the board or beyond any int64, long-game `Step`s, and a position whose fields
    are lists (the dataclass does not insist on tuples): the same answers, no crash."""
    start = Position.start()
    listed = Position(list(start.points), [0, 0], [0, 0], Color.WHITE)  # type: ignore[arg-type]
    for position in (start, listed):
        fast = LegalTurns(position, (6, 5), ShortRules())
        pure = LegalTurns(position, (6, 5), ShortRules(), pure=True)
        assert fast.turns == pure.turns
        odd: list[tuple[long_steps.Step, ...]] = [
            (Step(0, 6),),
            (Step(26, 6),),
            (Step(2**70, 5),),
            (Step(24, 2**70),),
            (Step(-1, 6),),
            (long_steps.Step(24, 6), long_steps.Step(18, 5)),
            [Step(24, 6), Step(18, 5)],  # type: ignore[list-item]
        ]
        for played in [*odd, (Step(24, 6), Step(18, 5), Step(13, 5))]:
            assert answers(fast, played) == answers(pure, played)
    assert LegalTurns(start, (6, 5)).play((long_steps.Step(24, 6), long_steps.Step(18, 5)))


def test_no_references_leak() -> None:
    """The objects the compiled search shares between results (steps, colours, the classes)
    keep their reference counts once its results are gone, refusals and errors included."""
    cases = corpus()[::500]
    shared = [_STEPS[24][6], _STEPS[BAR][3], _STEPS[6][6], Color.WHITE, Color.BLACK, Position]

    def work() -> None:
        for position, dice, rules in cases:
            legal = LegalTurns(position, dice, rules)
            legal.step_sequences()
            for turn in legal.turns:
                answers(legal, turn.steps)
                answers(legal, turn.steps[:-1])
            with pytest.raises(AttributeError):
                legal.play([object()])  # type: ignore[list-item]

    work()
    before = [sys.getrefcount(obj) for obj in shared]
    work()
    assert [sys.getrefcount(obj) for obj in shared] == before
