"""The fast short-nardy generator against the brute-force reference of RULES.md §9.

For every case both must give the same set of resulting positions (canonical keys with the
bar) and the same `max_steps`, and every turn the fast generator offers, replayed step by step
by the reference rules, must be legal and reach the result it claims. The cases: random
positions (checkers on the bar, blots to hit, closed points, bear-offs) with all 21 rolls under
both values of the higher-die rule, and positions of random games with random rolls. A mismatch
prints the case as a `legal` input line for `python -m nardy legal`.
"""

from __future__ import annotations

import json
import random

from nardy.color import Color
from nardy.short.interchange import position_to_json
from nardy.short.movegen import legal_turns
from nardy.short.position import BAR, Position
from nardy.short.rules import ShortRules
from testkit.short_reference import Board, reference_legal, replay
from testkit.short_selfplay import random_game_positions
from tests.nardy.short.positions import random_position

ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
SHOW = 10

Case = tuple[Position, tuple[int, int], ShortRules]


def problems(position: Position, dice: tuple[int, int], rules: ShortRules) -> list[str]:
    """What the fast generator gets wrong in one case, by the reference; [] when nothing."""
    board = Board(position.points, position.bar, position.off)
    mover = int(position.to_move)
    ref = reference_legal(board, mover, dice, rules.higher_die_rule)
    fast = legal_turns(position, dice, rules)
    keys = {turn.result.canonical_key() for turn in fast.turns}
    out = []
    if keys != ref.keys:
        missing = sorted(ref.keys - keys)[:2]
        out.append(
            f"fast offers {sorted(keys - ref.keys)[:2]}; misses {missing}"
            f" (e.g. {[ref.turns[k] for k in missing]})"
        )
    if fast.max_steps != ref.max_steps:
        out.append(f"max_steps: fast {fast.max_steps}, reference {ref.max_steps}")
    for turn in fast.turns:
        steps = [
            ("bar" if s.src == BAR else s.src if mover == Color.WHITE else 25 - s.src, s.die)
            for s in turn.steps
        ]
        key, why = replay(ref, board, mover, dice, steps)
        if key != turn.result.canonical_key():
            out.append(f"turn {[str(s) for s in turn.steps]}: {why or f'reaches {key}'}")
        if turn.result.to_move is position.to_move:
            out.append(f"turn {[str(s) for s in turn.steps]} leaves the same side to move")
    if out:
        case = {
            "variant": "short",
            "position": position_to_json(position),
            "dice": list(dice),
            "options": rules.to_dict(),
        }
        out.insert(0, json.dumps(case, separators=(",", ":")))
    return out


def check(cases: list[Case]) -> None:
    bad = [found for case in cases if (found := problems(*case))]
    for found in bad[:SHOW]:
        print("\n   ".join(found))
    assert not bad, f"{len(bad)} of {len(cases)} cases: fast generator != reference"


def random_position_cases() -> list[Case]:
    """150 seeded random positions with all 21 rolls under both higher-die settings (a double
    only once: the rule never applies to it)."""
    rng = random.Random(14)
    cases = [
        (random_position(rng), dice, ShortRules(higher_die_rule=high))
        for _ in range(150)
        for dice in ALL_ROLLS
        for high in (True, False)
    ]
    return [(p, d, r) for p, d, r in cases if r.higher_die_rule or d[0] != d[1]]


def random_game_cases() -> list[Case]:
    """The positions of 40 seeded random games, each with two random rolls."""
    rng = random.Random(9)
    positions = random_game_positions(40, rng)
    return [
        (position, (rng.randint(1, 6), rng.randint(1, 6)), ShortRules())
        for position in positions
        for _ in range(2)
    ]


def test_random_positions_with_every_roll() -> None:
    cases = random_position_cases()
    assert len(cases) > 5000
    check(cases)


def test_positions_of_random_games() -> None:
    cases = random_game_cases()
    assert len(cases) > 3000
    check(cases)


def test_the_cases_cover_every_rule() -> None:
    """The random positions do reach the bar, hits, closed entries and bear-offs."""
    rng = random.Random(14)
    seen = {"bar entry": 0, "blocked entry": 0, "hit": 0, "bear-off": 0, "one die only": 0}
    for _ in range(150):
        position = random_position(rng)
        for dice in ALL_ROLLS:
            legal = legal_turns(position, dice)
            mover = position.to_move
            if position.bar[mover]:
                seen["bar entry" if legal.max_steps else "blocked entry"] += 1
            if any(
                t.result.bar[mover.opponent] > position.bar[mover.opponent] for t in legal.turns
            ):
                seen["hit"] += 1
            if any(t.result.off[mover] > position.off[mover] for t in legal.turns):
                seen["bear-off"] += 1
            if legal.max_steps == 1 and dice[0] != dice[1]:
                seen["one die only"] += 1
    assert all(n >= 20 for n in seen.values()), seen
