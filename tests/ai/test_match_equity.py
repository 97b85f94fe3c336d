"""The match-equity table and what a result is worth in a match (RULES.md §7 match)."""

from __future__ import annotations

import itertools

import pytest

from nardy import Rules, Scoring
from nardy.ai.match_equity import OUTCOMES, match_winning_chance, match_worth
from nardy.ai.valuation import MOST_POINTS, Stakes

RULE_SETS = [
    Rules(),
    Rules(last_roll=True),
    Rules(scoring=Scoring.EXTENDED),
    Rules(scoring=Scoring.EXTENDED, last_roll=True),
]
AWAY = range(1, 12)


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_the_measured_outcomes_are_a_distribution(rules: Rules) -> None:
    wins, drawn = OUTCOMES[rules.scoring, rules.last_roll]
    assert len(wins) == (4 if rules.scoring is Scoring.EXTENDED else 2)
    assert 2 * sum(wins) + drawn == pytest.approx(1.0, abs=1e-9)
    assert (drawn > 0) == rules.last_roll


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_the_table_is_fair_and_monotone(rules: Rules) -> None:
    for a, b in itertools.product(AWAY, AWAY):
        chance = match_winning_chance((a, b), rules)
        assert 0 < chance < 1
        assert chance + match_winning_chance((b, a), rules) == pytest.approx(1.0)
        if a > 1:
            assert chance < match_winning_chance((a - 1, b), rules)  # nearer is better
        if b > 1:
            assert chance > match_winning_chance((a, b - 1), rules)
    assert match_winning_chance((1, 1), rules) == pytest.approx(0.5)


def test_one_away_against_two_away_by_hand() -> None:
    rules = Rules()
    (oyn, _mars), _ = OUTCOMES[rules.scoring, rules.last_roll]
    # Any win takes the match (chance 1/2); a lost oyn leaves 1-away each, a coin; a lost mars
    # loses the match.
    assert match_winning_chance((1, 2), rules) == pytest.approx(0.5 + oyn * 0.5)


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_a_results_worth_swings_two_between_one_point_won_and_lost(rules: Rules) -> None:
    for a, b in itertools.product(AWAY, AWAY):
        worth = match_worth((a, b), rules, MOST_POINTS)
        assert worth[MOST_POINTS] == 0.0  # a draw leaves the score
        assert worth[MOST_POINTS + 1] - worth[MOST_POINTS - 1] == pytest.approx(2.0)
        assert list(worth) == sorted(worth)  # more points won is never worse
        flipped = Stakes.of(rules, (a, b)).flipped().worth
        assert flipped == pytest.approx(Stakes.of(rules, (b, a)).worth)


def test_at_one_away_each_a_mars_is_worth_no_more_than_an_oyn() -> None:
    worth = match_worth((1, 1), Rules(scoring=Scoring.EXTENDED), MOST_POINTS)
    assert worth == pytest.approx((-1, -1, -1, -1, 0, 1, 1, 1, 1))


def test_a_mars_counts_for_more_when_it_wins_the_match() -> None:
    rules = Rules()
    # 2 away against 5: a mars wins the match, an oyn does not.
    worth = match_worth((2, 5), rules, MOST_POINTS)
    assert worth[MOST_POINTS + 2] > worth[MOST_POINTS + 1]
    assert worth[MOST_POINTS + 3] == worth[MOST_POINTS + 2]  # nothing beyond the match


def test_a_finished_match_has_no_table() -> None:
    with pytest.raises(ValueError, match="over"):
        match_winning_chance((0, 3), Rules())
