"""A match-equity table for long nardy: the chance of winning a match from any score, for the
equal players of `OUTCOMES`, and what each result of the game in play is worth in a match.

The table follows from how often a game ends in each number of points, between equal players
and with the colours even: E(a, b), the chance of the side `a` points away winning against one
`b` away, is the mean over the game's results of E after it (a draw, under `last_roll`, leaves
the score and the game is played again). `OUTCOMES` comes from `RESULTS`, 3,000 games of the
Expert's 1-ply stage against itself under each scoring and last-roll option, counted by
`python -m tools.research.outcomes --one-ply --games 3000 [--scoring extended] [--last-roll]`
(seed 1).
"""

from __future__ import annotations

from functools import cache

from nardy.rules import Rules, Scoring

GAMES = 3000
# Games ended with each number of points (0: drawn) in the runs above, by (scoring, last_roll).
RESULTS: dict[tuple[Scoring, bool], dict[int, int]] = {
    (Scoring.CLASSIC, False): {1: 2143, 2: 857},
    (Scoring.CLASSIC, True): {0: 178, 1: 2036, 2: 786},
    (Scoring.EXTENDED, False): {1: 2136, 2: 723, 3: 126, 4: 15},
    (Scoring.EXTENDED, True): {0: 167, 1: 2046, 2: 711, 3: 67, 4: 9},
}


def _shares(results: dict[int, int]) -> tuple[tuple[float, ...], float]:
    """Each side's share of games won with 1, 2, ... points (half of all games won so, the
    colours being even over a match), and the share drawn."""
    most = max(results)
    wins = tuple(results.get(points, 0) / (2 * GAMES) for points in range(1, most + 1))
    return wins, results.get(0, 0) / GAMES


# Share of games each side wins with 1, 2, 3 and 4 points (the losses mirror them), and the
# share drawn, by (scoring, last_roll).
OUTCOMES = {rules: _shares(results) for rules, results in RESULTS.items()}


@cache
def _table(scoring: Scoring, last_roll: bool, length: int) -> tuple[tuple[float, ...], ...]:
    """E[a][b] for a, b in 0..length (0 away: the match is won)."""
    wins, drawn = OUTCOMES[scoring, last_roll]
    table = [[0.0] * (length + 1) for _ in range(length + 1)]
    for a in range(length + 1):
        for b in range(length + 1):
            if a == 0 or b == 0:
                table[a][b] = 1.0 if a == 0 else 0.0
                continue
            total = 0.0
            for points, share in enumerate(wins, start=1):
                total += share * (table[max(a - points, 0)][b] + table[a][max(b - points, 0)])
            table[a][b] = total / (1.0 - drawn)
    return tuple(tuple(row) for row in table)


def match_winning_chance(away: tuple[int, int], rules: Rules) -> float:
    """The chance that the side `away[0]` points from winning the match wins it, at the start
    of a game, against an equal side `away[1]` away."""
    a, b = away
    if a <= 0 or b <= 0:
        raise ValueError(f"the match is over at {away} points away")
    return _table(rules.scoring, rules.last_roll, max(a, b))[a][b]


def match_worth(away: tuple[int, int], rules: Rules, most: int) -> tuple[float, ...]:
    """What winning k points of this game (losing for k < 0, a draw at 0; |k| <= `most`) is
    worth to the side `away[0]` points away, as its change in match-winning chance, scaled so
    that winning one point and losing one lie 2 apart, as in a single game."""
    a, b = away
    table = _table(rules.scoring, rules.last_roll, max(a, b))
    raw = [
        table[max(a - k, 0)][b] if k >= 0 else table[a][max(b + k, 0)]
        for k in range(-most, most + 1)
    ]
    now, one_up, one_down = raw[most], raw[most + 1], raw[most - 1]
    scale = 2.0 / (one_up - one_down)
    return tuple((value - now) * scale for value in raw)
