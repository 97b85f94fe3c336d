"""Invariants of the rules core over random playouts under every option (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy import (
    CHECKERS,
    BlockCheck,
    Color,
    HeadException,
    Opening,
    Rules,
    Scoring,
    Step,
    move,
)
from nardy.dice import SeededDice
from nardy.selfplay import play_random_game
from nardy.turnflow import StepSearch

rules_strategy = st.builds(
    Rules,
    opening=st.sampled_from(Opening),
    higher_die_rule=st.booleans(),
    head_exception=st.sampled_from(HeadException),
    block_check=st.sampled_from(BlockCheck),
    scoring=st.sampled_from(Scoring),
    last_roll=st.booleans(),
)
PLAYOUTS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def complete_turns_by_next_steps(legal: StepSearch) -> set[tuple[Step, ...]]:
    """Every step sequence the button UI can build, by following `next_steps` to the end."""
    found: set[tuple[Step, ...]] = set()
    stack: list[tuple[Step, ...]] = [()]
    while stack:
        played = stack.pop()
        options = legal.next_steps(played)
        if not options:
            found.add(played)
        stack.extend((*played, step) for step in options)
    return found


@PLAYOUTS
@given(seed=st.integers(0, 2**32), rules=rules_strategy)
def test_random_games_keep_every_invariant(seed: int, rules: Rules) -> None:
    states = play_random_game(SeededDice(seed), random.Random(seed), rules)
    final = states[-1]
    assert final.result is not None  # games always end
    for i, game in enumerate(states[:-1]):
        position = game.position
        for color in Color:
            counts = position.own_counts(color)
            assert sum(counts) == CHECKERS
        if game.dice is None:
            continue
        legal = game.legal
        turns = legal.turns
        assert turns, "there is always at least the empty (passing) turn"
        for turn in turns:
            ends_game = turn.result.off[position.to_move] == CHECKERS
            assert len(turn.steps) == legal.max_steps or ends_game
            assert move(position, turn.steps).canonical_key() == turn.result.canonical_key()
            assert legal.play(turn.steps) == turn.result
            for k in range(len(turn.steps)):
                assert turn.steps[k] in legal.next_steps(turn.steps[:k])
        if i % 7 == 0:
            by_buttons = complete_turns_by_next_steps(legal)
            assert all(legal.is_complete(seq) for seq in by_buttons)
            keys = {move(position, seq).canonical_key() for seq in by_buttons}
            assert keys == {t.result.canonical_key() for t in turns}
