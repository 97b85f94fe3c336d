"""The worth of the game's ends under every scoring option (RULES.md §7, §8): exact where the
game is over or over but for Black's last roll, checked against the rules core's own scoring,
and the choices that follow from it."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from nardy import Color, Position, Rules, Scoring, legal_turns
from nardy.ai import Level, choose_turn, hint
from nardy.ai.board import encode, position_of
from nardy.ai.evaluation import chances, equity
from nardy.ai.expert import expert_chances
from nardy.ai.search import replies_equities
from nardy.ai.valuation import Stakes, mars_split
from nardy.color import to_absolute
from nardy.game import Game
from nardy.position import CHECKERS
from nardy.steps import parse_turn
from tests.ai.positions import random_positions

CLASSIC = Rules()
EXTENDED = Rules(scoring=Scoring.EXTENDED)
CLASSIC_LAST_ROLL = Rules(last_roll=True)
EXTENDED_LAST_ROLL = Rules(scoring=Scoring.EXTENDED, last_roll=True)
SEARCHING = (Level.HARD, Level.EXPERT)


def position(white: dict[int, int], black: dict[int, int], to_move: Color) -> Position:
    """Keys are each side's own point numbers; the checkers not placed are borne off."""
    points = [0] * 24
    for color, counts in ((Color.WHITE, white), (Color.BLACK, black)):
        for own, n in counts.items():
            points[to_absolute(color, own) - 1] = n * color.sign
    off = (CHECKERS - sum(white.values()), CHECKERS - sum(black.values()))
    return Position(tuple(points), off, to_move, (False, False))


def worth(stakes: Stakes, after: Position, viewer: Color) -> float:
    """What `stakes` make of `after` for `viewer`, who has just moved."""
    boards = encode([after], viewer)
    return float(stakes.equity(boards, chances(expert_chances, boards), viewer)[0])


@pytest.mark.parametrize(
    ("black", "classic", "extended"),
    [
        ({20: 1, 6: 14}, 2, 3),  # a checker left in his starting quarter: koks
        ({24: 15}, 2, 3),  # never left the head
        ({6: 10, 1: 5}, 2, 4),  # all home, none off: home mars
        ({7: 1, 6: 14}, 2, 2),  # one outside home, out of the starting quarter: mars
        ({20: 1, 6: 13}, 1, 1),  # one borne off: oyn, whatever is left
    ],
)
def test_a_finished_game_is_worth_what_the_scale_says(
    black: dict[int, int], classic: int, extended: int
) -> None:
    after = position({}, black, Color.BLACK)  # White has borne off his last checker
    assert worth(Stakes.of(CLASSIC), after, Color.WHITE) == classic
    assert worth(Stakes.of(EXTENDED), after, Color.WHITE) == extended
    assert worth(Stakes.of(EXTENDED), after, Color.BLACK) == -extended  # seen by the loser


def slow_last_roll_worth(after: Position, rules: Rules) -> float:
    """White's points once Black has played his last roll at its best for himself, averaged
    over the 36 rolls; each turn played and scored by `Game` itself."""
    total = 0.0
    for first, second in itertools.product(range(1, 7), repeat=2):
        game = Game(rules, after).with_roll((first, second))
        ends = [game.play_turn(t.steps) if t.steps else game.pass_turn() for t in game.legal.turns]
        results = [end.result for end in ends]
        assert all(r is not None and r.winner is not Color.BLACK for r in results)
        total += min(r.points if r and r.winner is Color.WHITE else 0 for r in results)
    return total / 36


@pytest.mark.parametrize("rules", [CLASSIC_LAST_ROLL, EXTENDED_LAST_ROLL], ids=str)
@pytest.mark.parametrize(
    "black",
    [
        {1: 2, 2: 1},  # every double bears all three off: a draw
        {6: 15},  # none off, all home: most rolls bear one off
        {6: 10, 5: 5},
        {1: 4},  # four left: only 1-1 .. 6-6 finish, all of them
        {19: 1, 6: 14},  # koks unless a 6 or more runs out of the starting quarter
        {8: 1, 6: 14},  # none off and one outside: bearing off is out of reach
    ],
)
def test_blacks_last_roll_is_valued_as_the_game_scores_it(
    rules: Rules, black: dict[int, int]
) -> None:
    after = position({}, black, Color.BLACK)
    expected = slow_last_roll_worth(after, rules)
    assert worth(Stakes.of(rules), after, Color.WHITE) == pytest.approx(expected)


def test_the_last_roll_turns_a_sure_home_mars_into_a_likely_oyn() -> None:
    after = position({}, {6: 10, 5: 5}, Color.BLACK)
    assert worth(Stakes.of(EXTENDED), after, Color.WHITE) == 4
    last_roll = worth(Stakes.of(EXTENDED_LAST_ROLL), after, Color.WHITE)
    assert 1 < last_roll < 2  # only rolls of ones and twos leave Black with none off


@pytest.mark.parametrize("level", SEARCHING)
def test_black_takes_the_draw_in_his_last_roll(level: Level) -> None:
    game = position({}, {5: 1, 1: 1}, Color.BLACK)  # White has borne off all
    turns = legal_turns(game, (5, 1), CLASSIC_LAST_ROLL).turns
    assert any(t.result.off[Color.BLACK] < CHECKERS for t in turns)  # 5/4 4/3 would not draw
    steps = choose_turn(game, (5, 1), CLASSIC_LAST_ROLL, level, seed=1)
    result = Game(CLASSIC_LAST_ROLL, game).with_roll((5, 1)).play_turn(steps).result
    assert result is not None and result.winner is None


@pytest.mark.parametrize("level", SEARCHING)
def test_black_races_for_the_draw_before_his_last_roll(level: Level) -> None:
    """White's last checker is on his point 1: whatever he rolls, Black then plays his last
    roll. With 6-4, 6/off 4/off leaves 3 and 1, which every roll but 2-1 bears off (a draw);
    6/2 4/off leaves 3, 2 and 1, which only doubles bear off."""
    game = position({1: 1}, {6: 1, 4: 1, 3: 1, 1: 1}, Color.BLACK)
    steps = choose_turn(game, (6, 4), CLASSIC_LAST_ROLL, level, seed=1)
    assert set(steps) == set(parse_turn("6/off 4/off", (6, 4)))
    candidates = hint(game, (6, 4), CLASSIC_LAST_ROLL).candidates
    assert candidates[0].equity == pytest.approx(-2 / 36)  # White wins only after 2-1
    assert candidates[0].win == 0.0


def test_the_hint_tells_a_draw_and_the_last_roll_as_no_sure_win() -> None:
    drawing = position({}, {5: 1, 1: 1}, Color.BLACK)
    best = hint(drawing, (5, 1), CLASSIC_LAST_ROLL).candidates[0]
    assert (best.equity, best.win) == (0.0, 0.0)
    finishing = position({2: 1, 1: 1}, {1: 1}, Color.WHITE)  # Black bears off his last after
    best = hint(finishing, (2, 1), CLASSIC_LAST_ROLL).candidates[0]
    assert (best.equity, best.win) == (0.0, 0.0)


@pytest.mark.parametrize("rules", [CLASSIC_LAST_ROLL, EXTENDED_LAST_ROLL], ids=str)
@pytest.mark.parametrize("level", SEARCHING)
def test_black_bears_one_off_in_his_last_roll_to_lose_only_one_point(
    rules: Rules, level: Level
) -> None:
    game = position({}, {6: 14, 5: 1}, Color.BLACK)
    steps = choose_turn(game, (5, 1), rules, level, seed=1)
    result = Game(rules, game).with_roll((5, 1)).play_turn(steps).result
    assert result is not None and result.points == 1


# White is lost: Black's last checker is on his point 1 and any roll bears it off.
SURE_LOSS = {1: 1}


@pytest.mark.parametrize("level", SEARCHING)
def test_a_sure_loser_runs_out_of_the_starting_quarter_under_the_extended_scale(
    level: Level,
) -> None:
    game = position({19: 1, 12: 2, 6: 12}, SURE_LOSS, Color.WHITE)
    steps = choose_turn(game, (6, 5), EXTENDED, level, seed=1)
    after = Game(EXTENDED, game).with_roll((6, 5)).play_turn(steps).position
    assert not any(after.count_at(Color.WHITE, p) for p in range(19, 25))  # mars, not koks
    assert hint(game, (6, 5), EXTENDED).candidates[0].equity == pytest.approx(-2.0)
    stays = Game(EXTENDED, game).with_roll((6, 5)).play_turn(parse_turn("12/6 12/7")).position
    assert replies_equities([stays], Stakes.of(EXTENDED), expert_chances)[0] == -3.0


@pytest.mark.parametrize("level", SEARCHING)
def test_a_sure_loser_keeps_a_checker_out_of_home_under_the_extended_scale(
    level: Level,
) -> None:
    game = position({8: 1, 6: 14}, SURE_LOSS, Color.WHITE)
    steps = choose_turn(game, (2, 1), EXTENDED, level, seed=1)
    after = Game(EXTENDED, game).with_roll((2, 1)).play_turn(steps).position
    assert any(after.count_at(Color.WHITE, p) for p in (7, 8))  # mars 2, not home mars 4
    assert hint(game, (2, 1), EXTENDED).candidates[0].equity == pytest.approx(-2.0)
    home = Game(EXTENDED, game).with_roll((2, 1)).play_turn(parse_turn("8/6 6/5")).position
    assert replies_equities([home], Stakes.of(EXTENDED), expert_chances)[0] == -4.0


def test_open_positions_are_valued_alike_with_or_without_the_last_roll() -> None:
    """The last roll changes only the ends; the general formula reduces to the classic one."""
    afters = list(random_positions(5, CLASSIC, games=2, stride=7))
    for viewer in Color:
        boards = encode(afters, viewer)
        chance = chances(expert_chances, boards)
        with_last_roll = Stakes.of(CLASSIC_LAST_ROLL).equity(boards, chance, viewer)
        assert np.allclose(with_last_roll, equity(chance), atol=1e-5)


def test_a_mars_is_split_by_the_losers_checkers_and_the_winners_race() -> None:
    def split(loser: dict[int, int], winner: dict[int, int]) -> list[float]:
        boards = encode([position(loser, winner, Color.BLACK)], Color.WHITE)
        return [float(x) for x in mars_split(boards[:, 0], boards[:, 1], 1)[0]]

    assert split({7: 1, 6: 14}, {1: 15}) == [1.0, 0.0, 0.0]
    assert split({6: 15}, {1: 15}) == [0.0, 0.0, 1.0]
    near, far = split({24: 1, 6: 14}, {1: 2}), split({24: 1, 6: 14}, {6: 15})
    assert near[1] > 0.9  # Black finishes next roll: the head checker is caught there
    assert far[1] < 0.1  # Black needs about eleven rolls: plenty of time to run
    assert split({19: 1, 6: 14}, {6: 15})[1] < far[1]  # one pip to clear, not six
    assert all(sum(s) == pytest.approx(1.0) for s in (near, far))


def test_a_board_turns_back_into_its_position() -> None:
    for before in random_positions(11, CLASSIC, games=2, stride=5):
        for viewer in Color:
            board = encode([before], viewer)[0]
            again = position_of(board, viewer, before.to_move)
            assert (again.points, again.off) == (before.points, before.off)
