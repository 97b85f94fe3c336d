"""The 2-ply search and the deeper look against slow, obviously correct ones: every one of the
36 dice outcomes, every legal reply built as a `Position` by the rules core, each evaluated on
its own, under the default rules, the extended scale with the last roll, and a match."""

from __future__ import annotations

import itertools

import pytest

from nardy import Color, Position, Rules, legal_turns
from nardy.ai.board import encode
from nardy.ai.evaluation import Evaluator, chances
from nardy.ai.expert import expert_chances
from nardy.ai.heuristic import heuristic_chances
from nardy.ai.search import (
    Scored,
    best_by_roll,
    deep_equities,
    deepened,
    one_ply,
    replies_equities,
    two_ply,
)
from nardy.ai.valuation import Stakes
from nardy.dice import ROLLS
from nardy.position import CHECKERS
from nardy.rules import Scoring
from tests.ai.positions import random_positions

DICE = list(itertools.product(range(1, 7), repeat=2))  # the 36 rolls, as the slow search goes
EVALUATORS = {"heuristic": heuristic_chances, "expert": expert_chances}
STAKES = {
    "classic": Stakes.of(Rules()),
    "extended, last roll": Stakes.of(Rules(scoring=Scoring.EXTENDED, last_roll=True)),
    "match, 4 and 3 away": Stakes.of(Rules(), (4, 3)),
}


def slow_replies_equity(after: Position, stakes: Stakes, evaluator: Evaluator) -> float:
    """The mover's equity after `after`: the mean over 36 rolls of minus the replier's best."""
    total = 0.0
    theirs = stakes.flipped()
    for first, second in itertools.product(range(1, 7), repeat=2):
        dice = (first, second)
        legal = legal_turns(after, dice, stakes.rules)
        values = []
        for turn in legal.turns:  # a pass is a turn of no steps
            board = encode([turn.result], after.to_move)
            values.append(float(theirs.equity(board, chances(evaluator, board), after.to_move)[0]))
        total += max(values)
    return -total / 36


def slow_best_replies(
    after: Position, stakes: Stakes, evaluator: Evaluator
) -> list[tuple[float, Position]]:
    """The replier's best 1-ply reply to `after` for each of the 36 rolls: its worth to him and
    the position it leaves (the fast search breaks an exact tie in another order; the sampled
    positions have none)."""
    theirs = stakes.flipped()
    replies = []
    for first, second in itertools.product(range(1, 7), repeat=2):
        best: tuple[float, Position] | None = None
        for turn in legal_turns(after, (first, second), stakes.rules).turns:
            board = encode([turn.result], after.to_move)
            value = float(theirs.equity(board, chances(evaluator, board), after.to_move)[0])
            if best is None or value > best[0]:
                best = (value, turn.result)
        assert best is not None
        replies.append(best)
    return replies


def slow_deep_equity(after: Position, stakes: Stakes, evaluator: Evaluator) -> float:
    """The mover's equity after `after`, a ply deeper: the mean over 36 rolls of minus the
    worth to the replier of his best reply: exact if it ends the game, else his 2-ply equity
    there, by `slow_replies_equity`."""
    total = 0.0
    for value, reply in slow_best_replies(after, stakes, evaluator):
        ended = CHECKERS in reply.off
        total += value if ended else slow_replies_equity(reply, stakes.flipped(), evaluator)
    return -total / 36


def sample(rules: Rules) -> dict[Color, list[Position]]:
    """Positions just after a move (the opponent on roll), from random games, and three made by
    hand: one where every roll of 1 to 5 passes, one where every roll ends the game, and one
    where White's every roll bears off his last checker (Black's last roll may follow); by the
    side on roll, as a search meets them."""
    played = list(itertools.islice(random_positions(7, rules, games=3, stride=9), 6))
    blocked = on_roll(Color.BLACK, {7: 3, 8: 3, 9: 3, 10: 3, 11: 3}, {12: 15}, (0, 0))
    last_checker = on_roll(Color.BLACK, {1: 15}, {13: 1}, (0, 14))
    white_finishes = on_roll(Color.WHITE, {2: 1}, {13: 2, 14: 1}, (14, 12))
    every = [*played, blocked, last_checker, white_finishes]
    return {side: [p for p in every if p.to_move is side] for side in Color}


def on_roll(
    mover: Color, white: dict[int, int], black: dict[int, int], off: tuple[int, int]
) -> Position:
    """`mover` is on roll, the other side has just moved; keys are absolute points."""
    points = [0] * 24
    for point, n in white.items():
        points[point - 1] = n
    for point, n in black.items():
        points[point - 1] = -n
    return Position(tuple(points), off, mover, (False, False))


def test_the_hand_made_positions_pass_and_end_the_game() -> None:
    rules = Rules()
    *_, blocked, last_checker = sample(rules)[Color.BLACK]
    *_, white_finishes = sample(rules)[Color.WHITE]
    assert legal_turns(blocked, (5, 4), rules).passes
    assert not legal_turns(blocked, (6, 4), rules).passes
    for dice in ((1, 1), (6, 5)):
        assert legal_turns(last_checker, dice, rules).turns[0].result.winner() is Color.BLACK
        assert legal_turns(white_finishes, dice, rules).turns[0].result.winner() is Color.WHITE


@pytest.mark.parametrize("stakes", STAKES)
@pytest.mark.parametrize("name", EVALUATORS)
def test_batched_replies_match_the_slow_search(name: str, stakes: str) -> None:
    evaluator, valued = EVALUATORS[name], STAKES[stakes]
    for afters in sample(Rules()).values():
        batched = replies_equities(afters, valued, evaluator)
        slow = [slow_replies_equity(after, valued, evaluator) for after in afters]
        assert batched.shape == (len(afters),)
        assert list(batched) == pytest.approx(slow, abs=1e-5)


@pytest.mark.parametrize("stakes", STAKES)
def test_the_best_turn_by_roll_matches_the_slow_search(stakes: str) -> None:
    valued = STAKES[stakes]
    for afters in sample(Rules()).values():
        for after in afters:
            # The side on roll is the replier of `slow_best_replies`, valued by its own stakes.
            fast = best_by_roll(after, valued.flipped(), expert_chances)
            slow = slow_best_replies(after, valued, expert_chances)
            by_roll = {(min(d), max(d)): value for d, (value, _) in zip(DICE, slow, strict=True)}
            assert list(fast) == pytest.approx([by_roll[dice] for dice, _ in ROLLS], abs=1e-5)


def test_replies_to_positions_of_both_sides_are_refused() -> None:
    afters = [p for side in sample(Rules()).values() for p in side]
    with pytest.raises(ValueError, match="same side"):
        replies_equities(afters, STAKES["classic"], expert_chances)


def test_one_position_scores_as_it_does_among_others() -> None:
    stakes = STAKES["classic"]
    afters = sample(stakes.rules)[Color.BLACK]
    together = replies_equities(afters, stakes, expert_chances)
    alone = [replies_equities([a], stakes, expert_chances)[0] for a in afters]
    assert list(together) == pytest.approx(alone, abs=1e-6)


def test_small_batches_score_as_one_batch_does() -> None:
    stakes = STAKES["classic"]
    afters = sample(stakes.rules)[Color.BLACK]
    whole = replies_equities(afters, stakes, expert_chances)
    assert list(replies_equities(afters, stakes, expert_chances, batch=7)) == pytest.approx(
        list(whole), abs=1e-6
    )


def test_two_ply_rescores_open_turns_and_keeps_a_finishing_turn() -> None:
    points = [0] * 24
    points[0] = 1  # White's last checker on his point 1: a 6-5 bears it off and wins
    points[12] = -15  # Black at home on his own point 1
    position = Position(tuple(points), (14, 0), Color.WHITE, (False, False))
    stakes = STAKES["classic"]
    rules = stakes.rules
    finishing = one_ply(
        position, legal_turns(position, (6, 5), rules).turns, expert_chances, stakes
    )[0]
    assert finishing.turn.result.winner() is Color.WHITE
    open_turn = next(
        t
        for p in sample(rules)[Color.WHITE]
        for t in legal_turns(p, (3, 1), rules).turns
        if t.result.winner() is None
    )
    candidates = [Scored(open_turn, -5.0, 0.5), finishing]
    ranked = two_ply(candidates, stakes, expert_chances)
    assert ranked[0] == finishing  # kept as it was, and a win beats any open turn
    expected = replies_equities([open_turn.result], stakes, expert_chances)[0]
    assert ranked[1].turn == open_turn
    assert ranked[1].equity == pytest.approx(float(expected))
    assert ranked[1].equity != -5.0


@pytest.mark.parametrize("stakes", STAKES)
def test_the_deep_look_matches_the_slow_search(stakes: str) -> None:
    valued = STAKES[stakes]
    for afters in sample(Rules()).values():
        afters = afters[:1] + afters[-2:]  # from a game, and the last two: hand-made ones, or
        # for White, who has one, one of them and one from a game
        deep = deep_equities(afters, valued, expert_chances, max_rows=10**9)
        assert deep is not None
        slow = [slow_deep_equity(after, valued, expert_chances) for after in afters]
        assert list(deep) == pytest.approx(slow, abs=1e-5)


def test_the_deep_look_spends_no_more_than_it_may() -> None:
    stakes = STAKES["classic"]
    afters = sample(stakes.rules)[Color.WHITE][:2]
    # The mover's turns on each of his 21 rolls after each reply that leaves the game open.
    dear = sum(
        len(legal_turns(reply, dice, stakes.rules).turns)
        for after in afters
        for (first, second), (_, reply) in zip(
            itertools.product(range(1, 7), repeat=2),
            slow_best_replies(after, stakes, expert_chances),
            strict=True,
        )
        if first <= second and CHECKERS not in reply.off
        for dice, _ in ROLLS
    )
    assert deep_equities(afters, stakes, expert_chances, max_rows=dear - 1) is None
    deep = deep_equities(afters, stakes, expert_chances, max_rows=dear)
    assert deep is not None
    assert list(deep) != pytest.approx(list(replies_equities(afters, stakes, expert_chances)))


def test_deepened_reranks_the_first_and_keeps_the_rest() -> None:
    stakes = STAKES["classic"]
    position = sample(stakes.rules)[Color.BLACK][0]
    legal = legal_turns(position, (6, 2), stakes.rules)
    ranked = two_ply(
        one_ply(position, legal.turns, expert_chances, stakes)[:4], stakes, expert_chances
    )
    deep = deepened(ranked, 2, stakes, expert_chances, max_rows=10**9)
    expected = deep_equities([s.turn.result for s in ranked[:2]], stakes, expert_chances, 10**9)
    assert expected is not None
    assert sorted(s.equity for s in deep[:2]) == pytest.approx(sorted(expected.tolist()))
    assert deep[0].equity >= deep[1].equity
    assert {s.turn for s in deep[:2]} == {s.turn for s in ranked[:2]}
    assert len(ranked) == 4
    assert deep[2:] == ranked[2:]
    assert deepened(ranked, 2, stakes, expert_chances, max_rows=10) == ranked
