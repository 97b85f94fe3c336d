"""The 2-ply search against a slow, obviously correct one: every one of the 36 dice outcomes,
every legal reply built as a `Position` by the rules core, each evaluated on its own."""

from __future__ import annotations

import itertools

import pytest

from nardy import Color, Position, Rules, legal_turns
from nardy.ai.board import encode
from nardy.ai.evaluation import Evaluator, chances, equity
from nardy.ai.expert import expert_chances
from nardy.ai.heuristic import heuristic_chances
from nardy.ai.search import Scored, one_ply, replies_equities, two_ply
from tests.ai.positions import random_positions

EVALUATORS = {"heuristic": heuristic_chances, "expert": expert_chances}


def slow_replies_equity(after: Position, rules: Rules, evaluator: Evaluator) -> float:
    """The mover's equity after `after`: the mean over 36 rolls of minus the replier's best."""
    total = 0.0
    for first, second in itertools.product(range(1, 7), repeat=2):
        dice = (first, second)
        legal = legal_turns(after, dice, rules)
        results = [t.result for t in legal.turns]  # a pass is a turn of no steps
        best = max(
            float(equity(chances(evaluator, encode([r], after.to_move)))[0]) for r in results
        )
        total += best
    return -total / 36


def sample(rules: Rules) -> list[Position]:
    """Positions just after a move (the opponent on roll), from random games, and two made by
    hand: one where every roll of 1 to 5 passes, one where every roll ends the game."""
    played = list(itertools.islice(random_positions(7, rules, games=3, stride=9), 6))
    blocked = black_on_roll({7: 3, 8: 3, 9: 3, 10: 3, 11: 3}, {12: 15}, (0, 0))
    last_checker = black_on_roll({1: 15}, {13: 1}, (0, 14))
    return [*played, blocked, last_checker]


def black_on_roll(white: dict[int, int], black: dict[int, int], off: tuple[int, int]) -> Position:
    """White has just moved; keys are absolute points."""
    points = [0] * 24
    for point, n in white.items():
        points[point - 1] = n
    for point, n in black.items():
        points[point - 1] = -n
    return Position(tuple(points), off, Color.BLACK, (False, False))


def test_the_hand_made_positions_pass_and_end_the_game() -> None:
    rules = Rules()
    *_, blocked, last_checker = sample(rules)
    assert legal_turns(blocked, (5, 4), rules).passes
    assert not legal_turns(blocked, (6, 4), rules).passes
    for dice in ((1, 1), (6, 5)):
        assert legal_turns(last_checker, dice, rules).turns[0].result.winner() is Color.BLACK


@pytest.mark.parametrize("name", EVALUATORS)
def test_batched_replies_match_the_slow_search(name: str) -> None:
    rules = Rules()
    evaluator = EVALUATORS[name]
    afters = sample(rules)
    batched = replies_equities(afters, rules, evaluator)
    slow = [slow_replies_equity(after, rules, evaluator) for after in afters]
    assert batched.shape == (len(afters),)
    assert list(batched) == pytest.approx(slow, abs=1e-5)


def test_one_position_scores_as_it_does_among_others() -> None:
    rules = Rules()
    afters = sample(rules)
    together = replies_equities(afters, rules, expert_chances)
    alone = [replies_equities([a], rules, expert_chances)[0] for a in afters]
    assert list(together) == pytest.approx(alone, abs=1e-6)


def test_small_batches_score_as_one_batch_does() -> None:
    rules = Rules()
    afters = sample(rules)
    whole = replies_equities(afters, rules, expert_chances)
    assert list(replies_equities(afters, rules, expert_chances, batch=7)) == pytest.approx(
        list(whole), abs=1e-6
    )


def test_two_ply_rescores_open_turns_and_keeps_a_finishing_turn() -> None:
    points = [0] * 24
    points[0] = 1  # White's last checker on his point 1: a 6-5 bears it off and wins
    points[12] = -15  # Black at home on his own point 1
    position = Position(tuple(points), (14, 0), Color.WHITE, (False, False))
    rules = Rules()
    finishing = one_ply(position, legal_turns(position, (6, 5), rules).turns, expert_chances)[0]
    assert finishing.turn.result.winner() is Color.WHITE
    open_turn = next(
        t
        for p in sample(rules)
        for t in legal_turns(p, (3, 1), rules).turns
        if t.result.winner() is None
    )
    candidates = [Scored(open_turn, -5.0, 0.5), finishing]
    ranked = two_ply(candidates, rules, expert_chances)
    assert ranked[0] == finishing  # kept as it was, and a win beats any open turn
    expected = replies_equities([open_turn.result], rules, expert_chances)[0]
    assert ranked[1].turn == open_turn
    assert ranked[1].equity == pytest.approx(float(expected))
    assert ranked[1].equity != -5.0
