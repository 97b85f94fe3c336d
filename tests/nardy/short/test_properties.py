"""Invariants of short nardy over random games (hypothesis): 15 checkers a side, pips conserved
but for hits and bear-offs, the roll used as fully as possible, the higher die, and the button
API (`next_steps`) agreeing with the turns (RULES.md §9)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy.color import Color
from nardy.position import CHECKERS
from nardy.short import BAR, LegalTurns, Position, Turn, legal_turns, move
from tests.nardy.short.positions import random_position
from tests.nardy.test_properties import complete_turns_by_next_steps

GAMES = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def same_mover(position: Position) -> Position:
    """`position` with the side that has just moved to move again."""
    return position.with_turn_passed()


def check_turn(position: Position, dice: tuple[int, int], legal: LegalTurns, turn: Turn) -> None:
    mover, opponent = position.to_move, position.to_move.opponent
    result = turn.result
    for color in Color:
        assert sum(result.own_counts(color)) == CHECKERS
    # Pips: the mover's fall by each die, a bear-off by the point it leaves; the opponent's
    # rise by the pips a hit checker had travelled (it restarts from the bar, worth 25).
    blots = {own for own in range(1, 25) if position.points[_index(mover, own)] * mover.sign == -1}
    hits = sorted(blots & {step.dst for step in turn.steps})  # each blot is hit once
    travelled = sum(s.src if s.bears_off else s.die for s in turn.steps)
    assert position.pip_count(mover) - result.pip_count(mover) == travelled
    assert result.pip_count(opponent) - position.pip_count(opponent) == sum(hits)
    assert result.bar[opponent] - position.bar[opponent] == len(hits)
    assert move(position, turn.steps).with_turn_passed() == result
    assert legal.play(turn.steps) == result
    # As many dice as possible: whatever is left of the roll cannot be played from the result.
    roll = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    if result.off[mover] < CHECKERS:
        assert len(turn.steps) == legal.max_steps
        left = list(roll)
        for step in turn.steps:
            left.remove(step.die)
        for die in set(left):
            assert legal_turns(same_mover(result), (die, die)).passes
    # The higher die: a lone step with the lower die only when the higher cannot move at all.
    if len(turn.steps) == 1 and len(roll) == 2 and turn.steps[0].die < max(dice):
        assert legal_turns(position, (max(dice), max(dice))).passes


def _index(color: Color, own: int) -> int:
    return own - 1 if color is Color.WHITE else 24 - own


@GAMES
@given(seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(seed: int) -> None:
    rng = random.Random(seed)
    position = Position.start()
    turns = 0
    while position.winner() is None:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        legal = legal_turns(position, dice)
        assert legal.turns, "there is always at least the passing turn"
        for turn in legal.turns:
            check_turn(position, dice, legal, turn)
        if turns % 9 == 0:
            sequences = complete_turns_by_next_steps(legal)
            assert all(legal.is_complete(seq) for seq in sequences)
            keys = {move(position, seq).canonical_key() for seq in sequences}
            assert keys == {t.result.with_turn_passed().canonical_key() for t in legal.turns}
        position = rng.choice(legal.turns).result
        turns += 1


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), a=st.integers(1, 6), b=st.integers(1, 6))
def test_random_positions_keep_every_invariant(seed: int, a: int, b: int) -> None:
    position = random_position(random.Random(seed))
    legal = legal_turns(position, (a, b))
    for turn in legal.turns:
        check_turn(position, (a, b), legal, turn)
    if position.bar[position.to_move]:
        entering = min(position.bar[position.to_move], 4 if a == b else 2)
        for turn in legal.turns:
            assert all(step.src == BAR for step in turn.steps[:entering])
