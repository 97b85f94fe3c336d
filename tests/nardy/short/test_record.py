"""The stored record of a short-nardy game: every state of random games, with the bar, the cube
and the result, reads back equal; malformed records are refused by `RecordError`."""

from __future__ import annotations

import random

import pytest

from nardy import Color
from nardy.record import RecordError
from nardy.record import game_from_text as long_game_from_text
from nardy.rules import Opening
from nardy.short import Game, ShortRules
from nardy.short.record import (
    game_from_text,
    game_to_text,
    is_short_game,
    is_short_rules,
    rules_from_text,
    rules_to_text,
)


def states(seed: int) -> list[Game]:
    """Every state of one random game with the cube on: before and after each roll, after
    each step, with doubles offered and taken along the way, and the end."""
    rng = random.Random(seed)
    game = Game(ShortRules(cube=True))
    seen = [game]
    while not game.over:
        if game.may_double() and rng.random() < 0.1:
            game = game.double()
            seen.append(game)
            game = game.take() if rng.random() < 0.8 else game.drop()
            seen.append(game)
            continue
        game = game.with_roll((rng.randint(1, 6), rng.randint(1, 6)))
        seen.append(game)
        while not game.turn_complete:
            game = game.play_step(rng.choice(game.next_steps()))
            seen.append(game)
        game = game.end_turn()
        seen.append(game)
    return seen


@pytest.mark.parametrize("seed", range(6))
def test_every_state_of_a_random_game_reads_back_equal(seed: int) -> None:
    for game in states(seed):
        text = game_to_text(game)
        assert is_short_game(text)
        assert game_from_text(text) == game


def test_the_doubles_answered_are_kept_and_a_bad_one_refused() -> None:
    doubled = [game for seed in range(6) for game in states(seed) if game.doubles]
    assert any(not d.taken for game in doubled for d in game.doubles)
    assert len({game.doubles for game in doubled}) > 3
    game = doubled[-1]
    text = game_to_text(game)
    assert text.endswith(
        "|" + ",".join(f"{d.turn}{d.by.label[0]}{'td'[not d.taken]}" for d in game.doubles)
    )
    assert game_from_text(text).doubles == game.doubles
    plain = game_to_text(Game(ShortRules(cube=True)))
    assert plain.count("|") == 7  # no doubles: the record as before they were kept
    for bad in ("", "3wx", "xwt", "3-t", "3wt,"):
        with pytest.raises(RecordError):
            game_from_text(f"{plain}|{bad}")


def test_the_bar_and_a_crawford_game_are_kept() -> None:
    game = Game(ShortRules(), crawford=True)
    rng = random.Random(3)
    while not game.over and not any(game.position.bar):
        game = game.with_roll((rng.randint(1, 6), rng.randint(1, 6)))
        while not game.turn_complete:
            game = game.play_step(rng.choice(game.next_steps()))
        game = game.end_turn()
    assert any(game.position.bar)
    again = game_from_text(game_to_text(game))
    assert again == game and again.crawford and again.position.bar == game.position.bar


@pytest.mark.parametrize(
    "rules",
    [
        ShortRules(),
        ShortRules(cube=True),
        ShortRules(Opening.PLAY_OPENING_ROLL, False, True, 7),
    ],
)
def test_rules_read_back_and_are_told_from_long_rules(rules: ShortRules) -> None:
    text = rules_to_text(rules)
    assert is_short_rules(text) and len(text) <= 8
    assert rules_from_text(text) == rules


@pytest.mark.parametrize(
    "text",
    [
        "",
        "s1|Srhn1",
        "s1|Xrhn1|||||",
        "g1|rh3ecn1|x|||||",
        "s1|Srhn0|" + "0," * 23 + "0/0,0/0,0/w|||||1--",
    ],
)
def test_a_malformed_record_is_refused(text: str) -> None:
    with pytest.raises(RecordError):
        game_from_text(text)


def test_a_short_record_is_not_read_as_a_long_one() -> None:
    text = game_to_text(Game().with_roll((3, 1)))
    with pytest.raises(RecordError):
        long_game_from_text(text)
    assert Color.WHITE is game_from_text(text).to_move
