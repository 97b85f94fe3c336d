"""Glicko-2 ratings: Glickman's published worked example reproduced, and the properties a
player would expect of a rating (a win raises it, a loss lowers it, games make it surer)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ratings import MAX_DEVIATION, PROVISIONAL_DEVIATION, Rating, rate, rate_game

SCALE = 173.7178

ratings = st.builds(
    Rating,
    rating=st.floats(500.0, 2500.0),
    deviation=st.floats(30.0, 350.0),
    volatility=st.floats(0.03, 0.1),
)
scores = st.sampled_from([0.0, 0.5, 1.0])


def test_glickmans_worked_example() -> None:
    """The example of glicko2.pdf: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300."""
    after = rate(
        Rating(1500.0, 200.0, 0.06),
        [(Rating(1400.0, 30.0), 1.0), (Rating(1550.0, 100.0), 0.0), (Rating(1700.0, 300.0), 0.0)],
    )
    # The paper's r' = 1464.06 is 173.7178 × μ' with μ' rounded to −0.2069 (unrounded 1464.0507).
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)
    # Step 7's values on the Glicko-2 scale, to the paper's four places.
    assert (after.rating - 1500.0) / SCALE == pytest.approx(-0.2069, abs=5e-5)
    assert after.deviation / SCALE == pytest.approx(0.8722, abs=5e-5)


def test_an_empty_period_only_widens_the_deviation() -> None:
    before = Rating(1600.0, 200.0, 0.06)
    after = rate(before, [])
    assert after.rating == before.rating
    assert after.volatility == before.volatility
    assert after.deviation == pytest.approx(math.hypot(200.0, 0.06 * SCALE))


def test_the_deviation_stops_at_a_new_players() -> None:
    assert rate(Rating(), []) == Rating()
    assert rate(Rating(deviation=349.9), []).deviation == MAX_DEVIATION


def test_a_new_players_defaults() -> None:
    assert Rating() == Rating(1500.0, 350.0, 0.06)


@pytest.mark.parametrize(("score", "sign"), [(1.0, 1), (0.0, -1)])
def test_a_win_raises_and_a_loss_lowers(score: float, sign: int) -> None:
    before = Rating(1500.0, 120.0)
    after = rate(before, [(Rating(1500.0, 80.0), score)])
    assert math.copysign(1.0, after.rating - before.rating) == sign


def test_a_draw_between_equals_keeps_both_ratings() -> None:
    first, second = rate_game(Rating(1700.0, 80.0), Rating(1700.0, 250.0), 0.5)
    assert first.rating == pytest.approx(1700.0)
    assert second.rating == pytest.approx(1700.0)


def test_a_draw_moves_the_lower_rated_up_and_the_higher_down() -> None:
    lower, higher = rate_game(Rating(1400.0, 100.0), Rating(1600.0, 100.0), 0.5)
    assert lower.rating > 1400.0
    assert higher.rating < 1600.0


def test_equal_deviations_move_by_equal_and_opposite_amounts() -> None:
    winner, loser = rate_game(Rating(1550.0, 90.0), Rating(1450.0, 90.0), 1.0)
    assert winner.rating - 1550.0 == pytest.approx(1450.0 - loser.rating)
    assert winner.rating > 1550.0
    assert loser.rating < 1450.0


def test_the_less_certain_rating_moves_more() -> None:
    """A newcomer beating a settled player gains more than the settled player loses."""
    newcomer, settled = rate_game(Rating(), Rating(1500.0, 60.0), 1.0)
    gain, loss = newcomer.rating - 1500.0, 1500.0 - settled.rating
    assert gain > 0 and loss > 0
    assert gain > 10 * loss


def test_rate_game_is_rate_from_the_pre_game_ratings() -> None:
    first, second = Rating(1620.0, 70.0, 0.05), Rating(1480.0, 200.0, 0.07)
    assert rate_game(first, second, 0.0) == (
        rate(first, [(second, 0.0)]),
        rate(second, [(first, 1.0)]),
    )


@given(ratings, ratings, scores)
def test_rate_game_is_the_same_seen_from_either_side(
    first: Rating, second: Rating, score: float
) -> None:
    assert rate_game(first, second, score) == rate_game(second, first, 1.0 - score)[::-1]


@given(ratings, ratings, scores)
def test_a_game_moves_ratings_the_right_way(first: Rating, second: Rating, score: float) -> None:
    after_first, after_second = rate_game(first, second, score)
    if score == 1.0:
        assert after_first.rating > first.rating and after_second.rating < second.rating
    elif score == 0.0:
        assert after_first.rating < first.rating and after_second.rating > second.rating


@given(
    st.floats(500.0, 2500.0),
    st.floats(PROVISIONAL_DEVIATION, 350.0),
    st.floats(0.03, 0.09),
    st.floats(-400.0, 400.0),
    st.floats(30.0, 350.0),
    scores,
)
def test_a_game_narrows_a_provisional_deviation(
    rating: float,
    deviation: float,
    volatility: float,
    gap: float,
    opponent_deviation: float,
    score: float,
) -> None:
    """Against an opponent within 400 points, one game says more than the volatility adds."""
    player = Rating(rating, deviation, volatility)
    after = rate(player, [(Rating(rating + gap, opponent_deviation), score)])
    assert after.deviation < player.deviation


def test_a_regular_players_deviation_levels_off_near_60() -> None:
    """Each game is a rating period, so step 6 adds the volatility back every game."""
    player, settled = Rating(), Rating(1500.0, 60.0)
    for game in range(300):
        player, _ = rate_game(player, settled, game % 2)
    assert 55.0 < player.deviation < 65.0


@given(ratings, st.lists(st.tuples(ratings, scores), max_size=12))
def test_the_deviation_never_exceeds_a_new_players(
    player: Rating, results: list[tuple[Rating, float]]
) -> None:
    assert rate(player, results).deviation <= MAX_DEVIATION


@pytest.mark.parametrize("score", [-0.5, 1.5, math.nan])
def test_a_score_outside_zero_to_one_is_refused(score: float) -> None:
    with pytest.raises(ValueError, match="scores run from 0"):
        rate(Rating(), [(Rating(), score)])


def test_provisional_while_the_deviation_is_above_110() -> None:
    assert PROVISIONAL_DEVIATION == 110.0
    assert Rating().provisional
    assert Rating(deviation=110.01).provisional
    assert not Rating(deviation=110.0).provisional
    assert not Rating(deviation=60.0).provisional


def test_a_new_player_settles_after_some_games() -> None:
    """Ten draws with a settled player take a newcomer's deviation below 110."""
    player, settled = Rating(), Rating(1500.0, 60.0)
    for _ in range(9):
        player, _ = rate_game(player, settled, 0.5)
    assert player.provisional
    player, _ = rate_game(player, settled, 0.5)
    assert not player.provisional
