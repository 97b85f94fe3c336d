"""The fast generator (`nardy.legal_turns`) against the brute-force reference of RULES.md §3–6.

For every case both generators must give the same set of resulting positions (§11 canonical
keys) and the same `max_steps`, and every turn the fast generator offers, replayed step by step
by the reference rules, must be a legal turn that reaches the result it claims. The cases are
more than 10,000 (position, roll) pairs from seeded random playouts under every option
combination that affects move generation, plus random unreachable positions, every first turn,
and hand-picked adversarial positions (six-blocks near the seams, bear-off edge cases, head
doubles). A mismatch prints the case as a §11 `legal` input line, ready to feed to
`python -m nardy legal` or to paste into a bug report.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache

import pytest

from nardy import BlockCheck, Color, HeadException, Position, Rules, Step, legal_turns
from tests.nardy.playouts import Case, phase, random_position, sample_cases
from tests.nardy.reference_movegen import (
    Reference,
    case_line,
    illegal_block,
    reference_legal,
    replay,
)

# Every combination of the options that change move generation (§8): 2 x 3 x 2 = 12.
COMBOS = [
    Rules(higher_die_rule=high, head_exception=head, block_check=block)
    for high in (True, False)
    for head in HeadException
    for block in BlockCheck
]
ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]  # 21 rolls (order is irrelevant)
PLAYOUT_CASES_PER_COMBO = 900  # 12 x 900 = 10,800 cases from playouts
RANDOM_POSITIONS_PER_COMBO = 250  # 3,000 more from random, unreachable positions
SHOW = 15  # mismatches printed per test


def combos_for(position: Position, dice: tuple[int, int], salt: int = 0) -> list[Rules]:
    """The option combinations worth trying for one case in the hand-picked tests.

    By §3–4 the head exception matters only for a double on the mover's first turn and the
    higher-die rule only for a non-double: every value of an option that matters is tried,
    and one value (taken in turn, by `salt`) of an option that does not, so that a leak of
    an option where it should not matter would still show up across the cases.
    """
    double = dice[0] == dice[1]
    heads = (
        list(HeadException)
        if double and position.first_turn[position.to_move]
        else [list(HeadException)[salt % 3]]
    )
    highs = [True, False] if not double else [(True, False)[salt % 2]]
    return [
        Rules(higher_die_rule=high, head_exception=head, block_check=block)
        for high in highs
        for head in heads
        for block in BlockCheck
    ]


def combo_id(rules: Rules) -> str:
    high = "hi" if rules.higher_die_rule else "free"
    return f"{high}-{rules.head_exception.value}-{rules.block_check.value}"


# --------------------------------------------------------------------------------------------
# Comparing one case
# --------------------------------------------------------------------------------------------


@dataclass
class Outcome:
    line: str  # the case as a §11 input line
    result_problems: list[str]  # sets of results differ
    max_steps_problems: list[str]  # max_steps differs
    replay_problems: list[str]  # a fast turn that the reference rules refuse or that misleads


def compare(position: Position, dice: tuple[int, int], rules: Rules) -> Outcome:
    ref = reference_legal(position, dice, rules)
    fast = legal_turns(position, dice, rules)
    fast_keys = [turn.result.canonical_key() for turn in fast.turns]
    fast_max = fast.max_steps
    outcome = Outcome(case_line(position, dice, rules), [], [], [])
    if set(fast_keys) != ref.keys:
        extra = sorted(set(fast_keys) - ref.keys)
        missing = sorted(ref.keys - set(fast_keys))
        outcome.result_problems.append(
            f"fast offers {len(extra)} result(s) the reference does not: {extra[:3]};"
            f" fast misses {len(missing)}: "
            + "; ".join(f"{k} (e.g. {_turn_text(ref.example[k])})" for k in missing[:3])
        )
    if fast_max != ref.max_steps:
        longest = max((s for s in ref.example.values()), key=len, default=())
        outcome.max_steps_problems.append(
            f"max_steps: fast {fast_max}, reference {ref.max_steps} (e.g. {_turn_text(longest)})"
        )
    for turn in fast.turns:
        outcome.replay_problems.extend(_check_turn(ref, turn.steps, turn.result))
        if len(turn.steps) > fast_max:
            outcome.max_steps_problems.append(f"turn {_turn_text(turn.steps)} > max_steps")
    return outcome


def _check_turn(ref: Reference, steps: tuple[Step, ...], result: Position) -> list[str]:
    problems = []
    text = _turn_text(steps)
    key, why = replay(ref, steps)
    if key is None:
        problems.append(f"fast turn [{text}] is not legal by the reference rules: {why}")
    elif key != result.canonical_key():
        problems.append(f"fast turn [{text}] reaches {key}, not {result.canonical_key()}")
    mover = ref.position.to_move
    if result.to_move is not mover.opponent:
        problems.append(f"after [{text}] it is {result.to_move.label}'s turn, not the opponent's")
    if (
        result.first_turn[mover]
        or result.first_turn[mover.opponent] != ref.position.first_turn[mover.opponent]
    ):
        problems.append(f"after [{text}] the first-turn flags are {result.first_turn}")
    return problems


def _turn_text(steps: Iterable[Step]) -> str:
    return " ".join(f"{s}(die {s.die})" for s in steps) or "pass"


def compare_all(cases: Iterable[tuple[Position, tuple[int, int], Rules]]) -> list[Outcome]:
    return [compare(position, dice, rules) for position, dice, rules in cases]


def assert_no_problems(outcomes: list[Outcome], kind: str) -> None:
    bad = [o for o in outcomes if getattr(o, kind)]
    if bad:
        print(f"\n{len(bad)} of {len(outcomes)} cases mismatch ({kind}); the first {SHOW}:")
        for outcome in bad[:SHOW]:
            print(outcome.line)
            for problem in getattr(outcome, kind):
                print("   ", problem)
    assert not bad, f"{len(bad)} of {len(outcomes)} cases: fast generator != reference ({kind})"


# --------------------------------------------------------------------------------------------
# The reference itself against what RULES.md says in so many words (so that it is not wrong in
# the same way as the fast generator)
# --------------------------------------------------------------------------------------------


def board(
    white: Mapping[int, int],
    black: Mapping[int, int],
    off: tuple[int, int] = (0, 0),
    to_move: Color = Color.WHITE,
    first_turn: tuple[bool, bool] = (False, False),
) -> Position:
    """A position from {absolute point: count} for each side."""
    points = [0] * 24
    for point, n in white.items():
        points[point - 1] += n
    for point, n in black.items():
        assert points[point - 1] == 0, f"point {point} holds both colours"
        points[point - 1] -= n
    return Position(tuple(points), off, to_move, first_turn)


def mirror(position: Position) -> Position:
    """The same position with the colours swapped: White's own point q holds what Black's own
    point q held and vice versa. The legal turns of the mirror are the mirrored turns."""
    points = [0] * 24
    for i, n in enumerate(position.points):
        absolute = i + 1
        other = absolute + 12 if absolute <= 12 else absolute - 12
        points[other - 1] = -n
    return Position(
        tuple(points),
        (position.off[1], position.off[0]),
        position.to_move.opponent,
        (position.first_turn[1], position.first_turn[0]),
    )


def keys_of(*positions: Position) -> frozenset[str]:
    return frozenset(p.canonical_key() for p in positions)


START = Position.start()
START_FIRST = Position(START.points, (0, 0), Color.WHITE, (True, True))
DEFAULT = Rules()


@pytest.mark.parametrize("mirrored", [False, True], ids=["white", "black"])
def test_reference_plays_the_textbook_first_turn_doubles(mirrored: bool) -> None:
    """§4: 6-6 24/18 24/18; 4-4 24/16 24/16; 3-3 24/15 24/21 or 24/18 24/18; others one checker."""
    flip = mirror if mirrored else (lambda p: p)
    start = flip(START_FIRST)

    def result(**white: int) -> str:
        return flip(board({int(k[1:]): n for k, n in white.items()}, {12: 15})).canonical_key()

    six = reference_legal(start, (6, 6), DEFAULT)
    assert six.keys == {result(p24=13, p18=2)} and six.max_steps == 2
    four = reference_legal(start, (4, 4), DEFAULT)
    assert four.keys == {result(p24=13, p16=2)} and four.max_steps == 4
    three = reference_legal(start, (3, 3), DEFAULT)
    assert three.keys == {result(p24=13, p15=1, p21=1), result(p24=13, p18=2)}
    five = reference_legal(start, (5, 5), DEFAULT)  # not in the exception: one checker, 24/4
    assert five.keys == {result(p24=14, p4=1)} and five.max_steps == 4
    assert (
        len(reference_legal(start, (5, 5), Rules(head_exception=HeadException.ANY_DOUBLE)).keys) > 1
    )
    none = reference_legal(start, (6, 6), Rules(head_exception=HeadException.NONE))
    assert none.keys == {result(p24=14, p18=1)} and none.max_steps == 1
    later = Position(start.points, (0, 0), start.to_move, (False, False))  # not the first turn
    assert reference_legal(later, (6, 6), DEFAULT).keys == {result(p24=14, p18=1)}
    assert reference_legal(start, (6, 5), DEFAULT).keys == {result(p24=14, p13=1)}


# White builds on its own points 20..24 (= Black's own 8..12); a checker landing on 19 would
# complete Black's own points 7..12. Black's checkers are all on his own 17 and 24, behind it,
# unless one stands on absolute 14 (his own 2, ahead of it) or one is borne off.
BLOCK_WHITE = {24: 5, 23: 2, 22: 2, 21: 2, 20: 2, 8: 2}
BLACK_BEHIND = {12: 13, 5: 2}
BLACK_AHEAD = {12: 12, 5: 2, 14: 1}
BLACK_OFF = {12: 12, 5: 2}
BLOCK_BEHIND = board(BLOCK_WHITE, BLACK_BEHIND)
BLOCK_AHEAD = board(BLOCK_WHITE, BLACK_AHEAD)
BLOCK_OFF = board(BLOCK_WHITE, BLACK_OFF, off=(0, 1))


@pytest.mark.parametrize("mirrored", [False, True], ids=["white", "black"])
def test_reference_six_block_rule(mirrored: bool) -> None:
    """§5: with 1-1, 20/19 21/20 8/7 8/7 ends on a block of Black's own 7..12: illegal while all
    Black's checkers are behind it and none is off, legal otherwise. 20/19/18 20/19/18 passes
    through that block: refused under `every_step`, allowed under `end_of_turn`."""
    flip = mirror if mirrored else (lambda p: p)
    end = Rules(block_check=BlockCheck.END_OF_TURN)
    ends_on_block = {24: 5, 23: 2, 22: 2, 21: 1, 20: 2, 19: 1, 7: 2}
    passing = {24: 5, 23: 2, 22: 2, 21: 2, 18: 2, 8: 2}
    for rules in (DEFAULT, end):
        behind = reference_legal(flip(BLOCK_BEHIND), (1, 1), rules).keys
        assert flip(board(ends_on_block, BLACK_BEHIND)).canonical_key() not in behind
        ahead = reference_legal(flip(BLOCK_AHEAD), (1, 1), rules).keys
        assert flip(board(ends_on_block, BLACK_AHEAD)).canonical_key() in ahead
        gone = reference_legal(flip(BLOCK_OFF), (1, 1), rules).keys
        assert flip(board(ends_on_block, BLACK_OFF, off=(0, 1))).canonical_key() in gone
    passing_key = flip(board(passing, BLACK_BEHIND)).canonical_key()
    assert passing_key not in reference_legal(flip(BLOCK_BEHIND), (1, 1), DEFAULT).keys
    assert passing_key in reference_legal(flip(BLOCK_BEHIND), (1, 1), end).keys


def test_reference_block_is_not_across_the_seam() -> None:
    """§5: White on absolute 10..15 is Black's own 22, 23, 24, 1, 2, 3: not a block (18/12 24/23
    is legal though every Black checker is behind it and none is off)."""
    position = board({10: 2, 11: 2, 13: 2, 14: 2, 15: 2, 24: 3, 18: 2}, {5: 8, 3: 7})
    seam = board({10: 2, 11: 2, 12: 1, 13: 2, 14: 2, 15: 2, 24: 2, 23: 1, 18: 1}, {5: 8, 3: 7})
    for flip in (lambda p: p, mirror):
        assert flip(seam).canonical_key() in reference_legal(flip(position), (6, 1), DEFAULT).keys


def test_reference_higher_die() -> None:
    """§3: either die can be played but not both (only one checker may leave the head, and 13 is
    Black's): the 6 must be played; with `higher_die_rule = false` either."""
    position = board({24: 15}, {13: 2, 12: 13})
    six = board({24: 14, 18: 1}, {13: 2, 12: 13}).canonical_key()
    five = board({24: 14, 19: 1}, {13: 2, 12: 13}).canonical_key()
    for flip in (lambda p: p, mirror):
        assert reference_legal(flip(position), (6, 5), DEFAULT).keys == {flip_key(flip, six)}
        free = reference_legal(flip(position), (5, 6), Rules(higher_die_rule=False))
        assert free.keys == {flip_key(flip, six), flip_key(flip, five)} and free.max_steps == 1


def flip_key(flip: Callable[[Position], Position], key: str) -> str:
    """The key of the flipped position whose unflipped key is `key`."""
    points_text, off_text = key[2:].split(";off=")
    points = tuple(int(n) for n in points_text.split(","))
    white_off, black_off = (int(n) for n in off_text.split(","))
    unflipped = Position(points, (white_off, black_off))
    return flip(unflipped).canonical_key()


def test_reference_bearing_off() -> None:
    """§6: no overpaying while a checker stands higher; the highest checker may be overpaid;
    the last checker entering home lets the rest of the turn bear off; bearing off the last
    checker ends the turn whatever dice are left."""
    black = {12: 15}
    overpay = board({6: 1, 3: 1}, black, off=(13, 0))
    assert reference_legal(overpay, (5, 4), DEFAULT).keys == {
        board({1: 1}, black, off=(14, 0)).canonical_key(),  # 6/1 3/off
        board({2: 1}, black, off=(14, 0)).canonical_key(),  # 6/2 3/off
    }
    entering = board({8: 1, 6: 14}, black)
    assert (
        board({6: 14}, black, off=(1, 0)).canonical_key()
        in reference_legal(entering, (2, 6), DEFAULT).keys
    )  # 8/6 6/off (or 8/2 2/off)
    last = board({4: 1}, black, off=(14, 0))
    done = reference_legal(last, (3, 5), DEFAULT)  # 4/off, or 4/1 1/off: both legal
    assert done.keys == {board({}, black, off=(15, 0)).canonical_key()}
    assert done.max_steps == 2
    pair = reference_legal(board({1: 2}, black, off=(13, 0)), (3, 3), DEFAULT)
    assert pair.max_steps == 2 and len(pair.keys) == 1  # two threes void: the game is over


# --------------------------------------------------------------------------------------------
# The differential tests
# --------------------------------------------------------------------------------------------


@cache
def playout_cases(combo: int) -> tuple[Case, ...]:
    return tuple(sample_cases(PLAYOUT_CASES_PER_COMBO, 7919 + combo, [COMBOS[combo]]))


@cache
def playout_outcomes(combo: int) -> tuple[Outcome, ...]:
    return tuple(compare_all((c.position, c.dice, c.rules) for c in playout_cases(combo)))


COMBO_PARAMS = [pytest.param(i, id=combo_id(rules)) for i, rules in enumerate(COMBOS)]


def test_playouts_cover_every_phase_and_reach_ten_thousand_cases() -> None:
    cases = [c for i in range(len(COMBOS)) for c in playout_cases(i)]
    assert len(cases) >= 10_000
    phases = Counter(phase(c.position) for c in cases)
    print("\nphases:", dict(phases))
    for name in ("first turn", "middle", "entering home", "bear-off", "near end"):
        assert phases[name] >= 50, phases
    assert Counter(c.position.to_move for c in cases).most_common()[-1][1] >= 4000
    assert sum(c.dice[0] == c.dice[1] for c in cases) >= 1000
    endings = 0
    passes = 0
    for case in cases:
        turns = legal_turns(case.position, case.dice, case.rules).turns
        passes += turns[0].steps == ()
        endings += any(t.result.winner() is not None for t in turns)
    assert passes >= 20 and endings >= 50, (passes, endings)


@pytest.mark.parametrize("combo", COMBO_PARAMS)
def test_playouts_results_match_reference(combo: int) -> None:
    assert_no_problems(list(playout_outcomes(combo)), "result_problems")


@pytest.mark.parametrize("combo", COMBO_PARAMS)
def test_playouts_max_steps_match_reference(combo: int) -> None:
    assert_no_problems(list(playout_outcomes(combo)), "max_steps_problems")


@pytest.mark.parametrize("combo", COMBO_PARAMS)
def test_playouts_fast_turns_replay_by_reference_rules(combo: int) -> None:
    assert_no_problems(list(playout_outcomes(combo)), "replay_problems")


@cache
def random_outcomes() -> tuple[Outcome, ...]:
    """Random positions that play could never reach: scattered checkers, runs across the
    seams, bear-offs with stragglers, first-turn flags on odd positions."""
    rng = random.Random(20240607)
    cases = []
    for rules in COMBOS:
        count = 0
        while count < RANDOM_POSITIONS_PER_COMBO:
            position = random_position(rng)
            if position.winner() is not None or any(
                illegal_block(position.points, position.off, side) for side in Color
            ):
                continue  # over, or holding a block the rules would never have allowed
            cases.append((position, (rng.randint(1, 6), rng.randint(1, 6)), rules))
            count += 1
    return tuple(compare_all(cases))


@pytest.mark.parametrize("kind", ["result_problems", "max_steps_problems", "replay_problems"])
def test_random_positions_match_reference(kind: str) -> None:
    assert_no_problems(list(random_outcomes()), kind)


def first_turn_positions() -> list[Position]:
    """White's first turn, and Black's first turn after every opening White can play."""
    positions = {START_FIRST.canonical_key(): START_FIRST}
    for dice in ALL_ROLLS:
        for rules in (DEFAULT, Rules(head_exception=HeadException.ANY_DOUBLE)):
            for turn in legal_turns(START_FIRST, dice, rules).turns:
                positions.setdefault(turn.result.canonical_key(), turn.result)
    assert all(p.first_turn[p.to_move] for p in positions.values())
    return list(positions.values())


def hand_picked_cases(positions: list[Position]) -> list[tuple[Position, tuple[int, int], Rules]]:
    """Every roll from every position, under the option combinations that matter."""
    return [
        (position, dice, rules)
        for salt, (position, dice) in enumerate(itertools.product(positions, ALL_ROLLS))
        for rules in combos_for(position, dice, salt)
    ]


@cache
def first_turn_outcomes() -> tuple[Outcome, ...]:
    return tuple(compare_all(hand_picked_cases(first_turn_positions())))


@pytest.mark.parametrize("kind", ["result_problems", "max_steps_problems", "replay_problems"])
def test_every_first_turn_matches_reference(kind: str) -> None:
    """Both colours' first turns, every roll, every head exception (and the other options)."""
    assert_no_problems(list(first_turn_outcomes()), kind)


# Hand-picked positions (absolute numbering, White to move; each is also tried mirrored, with
# Black to move), every roll under the option combinations that matter (`combos_for`).
ADVERSARIAL = {
    # §5 six-blocks: 20/19 (or 21/19, ...) completes White's 19..24 = Black's own 7..12.
    "block-behind": BLOCK_BEHIND,
    "block-black-ahead": BLOCK_AHEAD,
    "block-black-off": BLOCK_OFF,
    # 13..17 held (Black's own 1..5, his home): a checker to 18 makes a k=1 block, illegal
    # while Black has nothing off, whatever else.
    "block-k1": board({13: 2, 14: 2, 15: 2, 16: 2, 17: 2, 21: 2, 24: 3}, {10: 5, 11: 5, 12: 5}),
    "block-k1-black-off": board(
        {13: 2, 14: 2, 15: 2, 16: 2, 17: 2, 21: 2, 24: 3}, {10: 5, 11: 5, 12: 4}, off=(0, 1)
    ),
    # White on 7..11: a checker to 12 (Black's own 24) makes Black's own 19..24: a k=19 block,
    # legal since Black's checkers are all ahead.
    "block-k19": board({7: 2, 8: 2, 9: 2, 10: 2, 11: 2, 14: 2, 24: 3}, {5: 8, 3: 7}),
    # Runs across Black's seam (absolute 12 | 13) are no block at all.
    "seam-black": board({10: 2, 11: 2, 13: 2, 14: 2, 15: 2, 24: 3, 18: 2}, {5: 8, 3: 7}),
    "seam-black-long": board({9: 2, 10: 2, 11: 2, 13: 2, 14: 2, 16: 2, 24: 3}, {20: 8, 19: 7}),
    # White's own seam (absolute 24 | 1) is no seam on Black's path: 22, 23, 24, 1, 2, 3 are
    # Black's own 10..15, a real block, legal here only thanks to Black's checker on 15 (his 3).
    "block-across-white-seam": board(
        {1: 2, 2: 2, 3: 2, 22: 2, 23: 2, 24: 5}, {12: 8, 10: 6, 15: 1}
    ),
    "block-across-white-seam-4": board({1: 3, 2: 3, 22: 2, 23: 2, 24: 5}, {12: 8, 10: 6, 15: 1}),
    # A run of five with a gap: one step fills it, a later step of a double may reopen it.
    "block-gap": board({24: 3, 23: 2, 22: 2, 20: 2, 19: 2, 18: 2, 15: 2}, {12: 14, 11: 1}),
    # §6 bear-off.
    "bear-last-checker": board({4: 1}, {12: 15}, off=(14, 0)),
    "bear-last-on-6": board({6: 1}, {12: 15}, off=(14, 0)),
    "bear-two-on-1": board({1: 2}, {12: 15}, off=(13, 0)),
    "bear-overpay": board({6: 1, 3: 1}, {12: 15}, off=(13, 0)),
    "bear-1-and-5": board({5: 1, 1: 1}, {12: 15}, off=(13, 0)),
    # (White on all of 1..6 is a block of Black's own 13..18: Black must be past it.)
    "bear-straggler": board({8: 1, 6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1}, {13: 5, 14: 5, 16: 5}),
    "bear-straggler-far": board({11: 1, 6: 4, 5: 4, 4: 3, 3: 2}, {12: 15}, off=(1, 0)),
    "bear-straggler-off": board({7: 1, 6: 2, 5: 1}, {12: 15}, off=(11, 0)),
    "bear-blocked-home": board({6: 2}, {5: 1, 4: 1, 3: 1, 2: 1, 1: 1, 12: 10}, off=(13, 0)),
    "bear-black-in-home": board({6: 2, 2: 3}, {4: 1, 12: 14}, off=(10, 0)),
    "bear-crowded": board({6: 5, 5: 4, 4: 3, 3: 2, 2: 1}, {12: 15}),
    # §3 higher die / one die only.
    "higher-die": board({24: 15}, {13: 2, 12: 13}),
    "one-die-only": board({24: 14, 8: 1}, {2: 3, 1: 3, 12: 9}),
    "pass": board({24: 14, 1: 1}, {23: 2, 22: 2, 21: 2, 20: 2, 19: 2, 18: 2, 12: 3}),
    # §4 head doubles: the start, not on the first turn, and first-turn flags mid-game.
    "start-first": START_FIRST,
    "start-later": START,
    "head-first-midgame": board({24: 10, 20: 2, 16: 3}, {12: 13, 7: 2}, first_turn=(True, False)),
    "head-first-stopped": board({24: 15}, {16: 1, 12: 14}, first_turn=(True, True)),
}


@cache
def adversarial_outcomes(name: str) -> tuple[Outcome, ...]:
    positions = [ADVERSARIAL[name], mirror(ADVERSARIAL[name])]
    return tuple(compare_all(hand_picked_cases(positions)))


@pytest.mark.parametrize("name", list(ADVERSARIAL))
def test_adversarial_position_matches_reference(name: str) -> None:
    outcomes = list(adversarial_outcomes(name))
    for kind in ("result_problems", "replay_problems", "max_steps_problems"):
        assert_no_problems(outcomes, kind)


def test_adversarial_positions_are_sound() -> None:
    for name, position in ADVERSARIAL.items():
        for side in Color:
            assert not illegal_block(position.points, position.off, side), name
        assert mirror(mirror(position)) == position
