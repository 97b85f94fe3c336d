"""Short nardy's Expert (RULES.md §9): its network's inputs and exact ends, its 2-ply search
against a slow one, its bear-off play and its hints."""

from __future__ import annotations

import random

import numpy as np
import pytest

from nardy.ai import bearoff
from nardy.color import Color
from nardy.dice import ROLLS
from nardy.short import Position, ShortRules, legal_turns
from nardy.short.ai import hint
from nardy.short.ai import network as net_module
from nardy.short.ai.boards import encode, pips
from nardy.short.ai.expert import (
    CANDIDATES,
    MARGIN,
    bearing_off_freely,
    expert_chances,
    expert_ranking,
    odds_on_roll,
    one_ply,
    replies_equities,
)
from nardy.short.ai.network import (
    BACKGAMMON_WIN,
    GAMMON_WIN,
    INPUTS,
    WIN,
    equity,
    inputs,
    shot_share,
)
from testkit.short_selfplay import random_game_positions
from tests.nardy.short.builders import board

RULES = ShortRules()


def slow_shots(position: Position) -> int:
    """The rolls of the side on roll that reach a blot of the other side with one die, both, or
    a double's steps, blocks ignored: counted roll by roll, point by point."""
    mover = position.to_move
    blots = [p for p in range(1, 25) if position.count_at(mover.opponent, p) == 1]
    # The mover's own point q faces the other's 25 − q; his bar faces the other's 25... moving
    # down his numbering: from q he reaches q − d, the other's 25 − (q − d).
    sources = [q for q in range(1, 26) if position.count_at(mover, q)]
    hits = 0
    for a in range(1, 7):
        for b in range(1, 7):
            reach = {a, 2 * a, 3 * a, 4 * a} if a == b else {a, b, a + b}
            if any(25 - (q - d) in blots for q in sources for d in reach if q - d >= 1):
                hits += 1
    return hits


def test_the_shot_count_agrees_with_a_slow_count_on_played_positions() -> None:
    positions = random_game_positions(3, random.Random(4))
    for position in positions:
        board_ = encode([position], position.to_move.opponent)  # the side that just moved
        assert shot_share(board_)[0] * 36 == pytest.approx(slow_shots(position)), position


def test_inputs_have_their_size_and_read_the_start_the_same_for_both_sides() -> None:
    start = encode([Position.start()], Color.WHITE)
    x = inputs(start)
    assert x.shape == (1, INPUTS)
    half = (INPUTS - 2) // 2
    assert np.array_equal(x[0, :half], x[0, half : 2 * half])  # the set-up is symmetric
    assert pips(start[:, 0])[0] == 167


@pytest.mark.parametrize("viewer", Color)
def test_a_finished_game_is_valued_exactly(viewer: Color) -> None:
    # The viewer has borne off all; the other side none, with a checker in the viewer's home:
    # a backgammon (§9), worth 3.
    backgammon = board(viewer.opponent, {20: 1, 13: 14}, {}, theirs_off=15)
    gammon = board(viewer.opponent, {13: 15}, {}, theirs_off=15)
    single = board(viewer.opponent, {13: 14}, {}, mine_off=1, theirs_off=15)
    chance = expert_chances(encode([backgammon, gammon, single], viewer))
    assert chance[:, WIN].tolist() == [1, 1, 1]
    assert chance[:, GAMMON_WIN].tolist() == [1, 1, 0]
    assert chance[:, BACKGAMMON_WIN].tolist() == [1, 0, 0]
    assert equity(chance).tolist() == [3, 2, 1]


def test_a_race_of_two_home_boards_reads_the_bear_off_database() -> None:
    # White (just moved) needs one roll for two checkers on its 1-point; Black, on roll, needs
    # 5-5 or 6-6 to bear off four from its 5- and 6-points at once: White wins 34 times in 36.
    # (The builder numbers both sides as the mover, Black: White's 1-point is Black's 24.)
    position = board(Color.BLACK, {6: 2, 5: 2}, {24: 2}, mine_off=11, theirs_off=13)
    chance = expert_chances(encode([position], Color.WHITE))
    assert chance[0, WIN] == pytest.approx(34 / 36, abs=0.05)  # a normal approximation
    assert chance[0, GAMMON_WIN] == 0.0  # no gammon: Black has borne off
    # The same home boards on both sides: the side on roll is ahead by its roll (ties are its).
    even = board(Color.BLACK, {6: 2, 5: 2}, {19: 2, 20: 2}, mine_off=11, theirs_off=11)
    assert 0.2 < expert_chances(encode([even], Color.WHITE))[0, WIN] < 0.45


def slow_replies_equity(after: Position) -> float:
    """The mover's equity after `after`: each of the 36 rolls of the opponent, one at a time,
    answered by his best reply valued one position at a time."""
    total = 0.0
    replier = after.to_move
    for a in range(1, 7):
        for b in range(1, 7):
            best = max(
                float(equity(expert_chances(encode([turn.result], replier)))[0])
                for turn in legal_turns(after, (a, b), RULES).turns
            )
            total += best
    return -total / 36


def test_two_ply_agrees_with_a_slow_search() -> None:
    positions = random_game_positions(1, random.Random(8))[10:40:10]
    fast = replies_equities(positions, RULES)
    for position, value in zip(positions, fast, strict=True):
        assert value == pytest.approx(slow_replies_equity(position), abs=1e-5)


def test_the_ranking_searches_the_close_one_ply_best_and_keeps_every_legal_turn() -> None:
    rng = random.Random(2)
    searched = 0
    for position in random_game_positions(1, rng)[::6]:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        legal = legal_turns(position, dice, RULES)
        ranked = expert_ranking(position, legal.turns, RULES)
        assert sorted(v.turn.result.canonical_key() for v in ranked) == sorted(
            t.result.canonical_key() for t in legal.turns
        )
        first = one_ply(position, legal.turns)
        close = [v for v in first[:CANDIDATES] if v.equity >= first[0].equity - MARGIN]
        if len(close) < 2 or bearing_off_freely(position):
            continue
        searched += 1
        head = ranked[: len(close)]
        assert {v.turn.steps for v in head} == {v.turn.steps for v in close}
        open_ = [v for v in head if v.turn.result.winner() is None]
        values = replies_equities([v.turn.result for v in open_], RULES)
        # float32, batched otherwise: equal to a few parts in a million
        assert [v.equity for v in open_] == pytest.approx(values.tolist(), abs=1e-6)
        assert [v.equity for v in head] == sorted((v.equity for v in head), reverse=True)
    assert searched >= 3


def test_bearing_off_once_safe_from_a_gammon_leaves_the_fewest_expected_rolls() -> None:
    # All home, four off; the other side all home in its own corner, five off: a pure race.
    position = board(Color.WHITE, {6: 3, 5: 3, 4: 3, 3: 2}, {24: 5, 23: 5}, theirs_off=5)
    assert bearing_off_freely(position)
    legal = legal_turns(position, (6, 5), RULES)
    best = expert_ranking(position, legal.turns, RULES)[0].turn.result
    boards = encode([t.result for t in legal.turns], Color.WHITE)
    fewest = float(bearoff.shipped().expected_rolls(boards[:, 0, :25]).min())
    chosen = encode([best], Color.WHITE)[:, 0, :25]
    assert float(bearoff.shipped().expected_rolls(chosen)[0]) == fewest
    assert best.off[Color.WHITE] == 6  # 6/off 5/off


def test_a_gammon_at_stake_is_saved_rather_than_raced() -> None:
    # Fifteen on our 6-point, none off; the other side's last checker on its 1-point: with 2-2
    # the fastest turn (6/4 four times) loses a gammon, 6/4 6/4 4/2 2/off bears one off.
    position = board(Color.WHITE, {6: 15}, {24: 1}, theirs_off=14)
    assert not bearing_off_freely(position)
    legal = legal_turns(position, (2, 2), RULES)
    for ranked in (expert_ranking(position, legal.turns, RULES), hint(position, (2, 2), RULES)):
        steps = ranked[0].turn.steps if isinstance(ranked, list) else ranked.best
        assert legal.play(steps).off[Color.WHITE] == 1


def test_a_hint_lists_the_experts_best_turns_and_nothing_on_a_pass() -> None:
    found = hint(Position.start(), (3, 1), RULES)
    legal = legal_turns(Position.start(), (3, 1), RULES)
    assert found.best == found.candidates[0].steps
    assert len(found.candidates) == 3
    assert all(legal.is_complete(c.steps) for c in found.candidates)
    closed = {q: 2 for q in range(19, 25)}
    blocked = board(Color.BLACK, {6: 4, 13: 5, 8: 5}, closed | {12: 3}, mine_bar=1)
    assert hint(blocked, (6, 6), RULES).candidates == ()


def test_the_odds_before_the_roll_are_the_networks_seen_by_the_side_on_roll() -> None:
    position = random_game_positions(1, random.Random(3))[20]
    odds = odds_on_roll(position)
    seen = expert_chances(encode([position], position.to_move.opponent))
    assert odds.win == pytest.approx(1.0 - float(seen[0, WIN]))
    assert odds.equity == pytest.approx(-float(equity(seen)[0]), abs=1e-6)


def test_the_roll_weights_cover_the_36_rolls() -> None:
    assert sum(w for _, w in ROLLS) == 36 and len(ROLLS) == 21
    assert net_module.OUTPUTS == 5


def test_chances_flipped_are_the_other_sides_and_flip_back() -> None:
    chance = np.array([[0.7, 0.2, 0.05, 0.1, 0.01]], dtype=np.float32)
    other = net_module.flipped(chance)
    assert other[0].tolist() == pytest.approx([0.3, 0.1, 0.01, 0.2, 0.05])
    assert equity(other)[0] == pytest.approx(-equity(chance)[0])
    assert np.allclose(net_module.flipped(other), chance)
