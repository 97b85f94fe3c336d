"""Glicko-2 ratings for games between people, exactly as in Mark Glickman's "Example of the
Glicko-2 system" (glicko2.pdf, 2022 revision); pure, so it is tested against his worked example.

Glicko-2 rather than Elo: a rating carries its own uncertainty (the deviation), so a newcomer's
rating moves fast and a settled one slowly. Parameters: system constant τ = 0.5; a new player
has rating 1500, deviation 350 and volatility 0.06; the deviation never exceeds 350; the
volatility iteration stops at ε = 0.000001; a rating is provisional while its deviation is above
110 (as on lichess). Each game is a rating period of its own, so step 6 adds the volatility back
every game and a regular player's deviation levels off near 60 rather than falling further.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

TAU = 0.5
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
# A rating is never less certain than a new player's (step 6 could otherwise grow it forever).
MAX_DEVIATION = START_DEVIATION
EPSILON = 0.000001
# Lichess shows a rating as provisional ("1500?") while its deviation is above 110: until then
# the rating says too little about the player to rank them or to be shown as settled.
PROVISIONAL_DEVIATION = 110.0
_SCALE = 173.7178  # Glicko rating points per unit of the Glicko-2 scale (step 2)


@dataclass(frozen=True)
class Rating:
    """A player's rating on the Glicko scale; the defaults are a new player's."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        """True while the deviation is above PROVISIONAL_DEVIATION (too few games to trust)."""
        return self.deviation > PROVISIONAL_DEVIATION


def _g(phi: float) -> float:
    """Step 3's g(φ): how much a result against an opponent of deviation φ counts."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, g_j: float) -> float:
    """Step 3's E(μ, μj, φj): the expected score against opponent j (g_j = g(φj))."""
    return 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j)))


def _new_volatility(phi: float, sigma: float, v: float, delta: float) -> float:
    """Step 5: σ' by the Illinois algorithm, as the 2022 revision gives it."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        fit = ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
        return fit - (x - a) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, results: Sequence[tuple[Rating, float]]) -> Rating:
    """The player's rating after one rating period of (opponent's rating, score) results, the
    score being 1 for a win, 0.5 for a draw, 0 for a loss; no results only widens the deviation
    (step 6)."""
    if any(not 0.0 <= score <= 1.0 for _, score in results):
        raise ValueError(f"scores run from 0 (loss) to 1 (win): {[s for _, s in results]}")
    # Step 2: to the Glicko-2 scale.
    mu = (player.rating - START_RATING) / _SCALE
    phi = player.deviation / _SCALE
    sigma = player.volatility
    if not results:
        phi_new = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(phi_new * _SCALE, MAX_DEVIATION), sigma)
    # Steps 3 and 4: the estimated variance v and improvement Δ from the results alone.
    inverse_v = 0.0
    improvement = 0.0  # Σ g(φj)(sj − E), so that Δ = v · improvement
    for opponent, score in results:
        mu_j = (opponent.rating - START_RATING) / _SCALE
        g_j = _g(opponent.deviation / _SCALE)
        e_j = _expected(mu, mu_j, g_j)
        inverse_v += g_j * g_j * e_j * (1.0 - e_j)
        improvement += g_j * (score - e_j)
    v = 1.0 / inverse_v
    delta = v * improvement
    # Steps 5 to 7: the new volatility, the pre-period deviation φ*, then φ' and μ'.
    sigma_new = _new_volatility(phi, sigma, v, delta)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    # Step 8: back to the Glicko scale.
    return Rating(mu_new * _SCALE + START_RATING, min(phi_new * _SCALE, MAX_DEVIATION), sigma_new)


def rate_game(first: Rating, second: Rating, score: float) -> tuple[Rating, Rating]:
    """Both players' ratings after one finished game, `score` being first's (1 win, 0.5 draw,
    0 loss). Each game is a rating period of one game, so ratings follow every game at once;
    both new ratings come from the pre-game ones."""
    return rate(first, [(second, score)]), rate(second, [(first, 1.0 - score)])
