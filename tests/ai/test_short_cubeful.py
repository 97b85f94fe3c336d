"""Cubeful equity and the cube decisions it gives, money play (nardy.short.ai.cubeful, RULES.md
§9): Janowski's take and cash points, gammons moving them, and the side too good to double."""

from __future__ import annotations

import pytest

from nardy.short.ai.cubeful import CUBE_EFFICIENCY, Odds, Owner, cube_action


def plain(win: float) -> Odds:
    """Chances without gammons."""
    return Odds(win, 0.0, 0.0, 0.0, 0.0)


def test_a_dead_cube_is_the_cubeless_equity_and_a_live_one_bends_it() -> None:
    odds = Odds(0.6, 0.1, 0.01, 0.05, 0.0)
    for owner in Owner:
        assert odds.cubeful(owner, efficiency=0.0) == pytest.approx(odds.equity)
    # Fully live, no gammons: -1 at the take point (20%), +1 at the cash point (80%).
    assert plain(0.2).cubeful(Owner.CENTRED, efficiency=1.0) == pytest.approx(-1.0)
    assert plain(0.8).cubeful(Owner.CENTRED, efficiency=1.0) == pytest.approx(1.0)
    # Owning the cube is worth something; the other side owning it costs.
    assert odds.cubeful(Owner.MINE) > odds.cubeful(Owner.CENTRED) > odds.cubeful(Owner.THEIRS)


def take_point(loss_gammons: float = 0.0) -> float:
    """The doubled side's lowest winning chance that still takes, by bisection."""
    low, high = 0.0, 0.5
    for _ in range(50):
        taker = (low + high) / 2
        odds = Odds(1.0 - taker, 0.0, 0.0, loss_gammons, 0.0)
        low, high = (low, taker) if cube_action(odds, Owner.CENTRED).take else (taker, high)
    return high


def test_without_gammons_the_take_point_lies_between_the_live_and_dead_cubes() -> None:
    assert CUBE_EFFICIENCY == 0.68
    assert take_point() == pytest.approx(0.2137, abs=1e-3)  # 20% live, 25% dead


def test_a_take_at_twenty_percent_when_a_quarter_of_the_takers_wins_are_gammons() -> None:
    odds = Odds(0.80, 0.0, 0.0, 0.05, 0.0)
    action = cube_action(odds, Owner.CENTRED)
    assert action.double and action.take


def test_a_drop_at_fifteen_percent_even_with_gammons() -> None:
    odds = Odds(0.85, 0.0, 0.0, 0.05, 0.0)
    action = cube_action(odds, Owner.CENTRED)
    assert action.double and not action.take


def test_no_double_when_far_too_good() -> None:
    # Nine wins in ten, half of them gammons: playing on is worth more than the point a
    # double would cash.
    action = cube_action(Odds(0.90, 0.45, 0.0, 0.0, 0.0), Owner.CENTRED)
    assert not action.double
    assert action.no_double > 1.0


def test_no_double_in_an_even_game_and_a_double_in_the_window() -> None:
    assert not cube_action(plain(0.5), Owner.CENTRED).double
    window = cube_action(Odds(0.72, 0.08, 0.0, 0.02, 0.0), Owner.CENTRED)
    assert window.double and window.take
    # The owner of the cube keeps it longer than a centred cube would: doubling gives away
    # the access it has alone.
    assert cube_action(plain(0.70), Owner.CENTRED).double
    assert not cube_action(plain(0.70), Owner.MINE).double


@pytest.mark.parametrize(
    ("odds", "owner", "live"),
    [
        # No gammons (W = L = 1): take point 1/5, cash point 4/5.
        (plain(0.1), Owner.CENTRED, -1.0),
        (plain(0.5), Owner.CENTRED, 0.0),
        (plain(0.9), Owner.CENTRED, 1.0),
        (plain(0.4), Owner.MINE, 0.0),
        (plain(0.9), Owner.MINE, 1.0),
        (plain(0.1), Owner.THEIRS, -1.0),
        (plain(0.6), Owner.THEIRS, 0.0),
        # Every win a gammon (W = 2, L = 1): take point 1/7, cash point 4/7.
        (Odds(0.8, 0.8, 0.0, 0.0, 0.0), Owner.CENTRED, 1.0 + (0.8 - 4 / 7) / (3 / 7)),
        (Odds(0.5, 0.5, 0.0, 0.0, 0.0), Owner.THEIRS, 0.25),
        (Odds(0.1, 0.1, 0.0, 0.0, 0.0), Owner.CENTRED, -1.0),
    ],
)
def test_the_live_cube_follows_janowskis_lines(odds: Odds, owner: Owner, live: float) -> None:
    assert odds.cubeful(owner, efficiency=1.0) == pytest.approx(live, abs=1e-6)
