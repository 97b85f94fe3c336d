"""Short nardy's game record (`nardy.transcript` with `"variant": "short"`): written, read back
exactly, replayed and verified against its seed; the cube's games have none."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from nardy.color import Color
from nardy.fair import FairDice
from nardy.game import OpeningRoll
from nardy.scoring import EndReason
from nardy.short import Game, ShortRules, new_game
from nardy.transcript import (
    Transcript,
    TranscriptError,
    VerificationError,
    from_game,
    parse,
    to_text,
    verify,
)

SEED = bytes(range(32))


def played(seed: int, turns: int = 10_000) -> Transcript:
    """The record of a game of random legal turns on fair dice, resigned by the side to move
    after `turns` turns if it has not ended."""
    rng = random.Random(seed)
    name = f"s-{seed}"
    dice = FairDice(SEED, name, "mix")
    opening, game = new_game(ShortRules(), dice)
    while not game.over and len(game.history) < turns:
        if game.dice is None:
            game = game.with_roll(dice.roll())
        while not game.turn_complete:
            game = game.play_step(rng.choice(game.next_steps()))
        game = game.end_turn()
    if not game.over:
        game = game.resign(game.to_move)
    return from_game(game, opening, ("A", "B"), game_id=name, seed=SEED, mix="mix")


@pytest.mark.parametrize("seed", range(4))
def test_a_short_game_record_reads_back_and_verifies(seed: int) -> None:
    t = played(seed)
    text = to_text(t)
    assert 'rules: {"variant": "short", "opening": "reroll"' in text
    assert parse(text) == t
    checked = verify(parse(text))
    assert isinstance(checked.game, Game) and checked.game.result == t.result


def test_entries_from_the_bar_and_bear_offs_are_written_in_short_notation() -> None:
    text = "".join(to_text(played(seed)) for seed in range(4))
    assert ": bar/" in text or " bar/" in text
    assert "/off" in text


def test_a_resigned_short_game_verifies_scored_from_the_position() -> None:
    t = played(1, turns=6)
    assert t.result.reason is EndReason.RESIGNED
    assert verify(parse(to_text(t))).game.result == t.result


def test_a_turn_changed_in_a_short_record_fails_verification_naming_it() -> None:
    t = played(2)
    first = t.turns[0]
    wrong = replace(first, steps=first.steps[:1])  # half a turn: the dice are not all used
    with pytest.raises(VerificationError, match="turn 1"):
        verify(replace(t, turns=(wrong, *t.turns[1:])))


def test_a_game_with_the_cube_has_no_record() -> None:
    opening = OpeningRoll(((5, 3),), 0, (3, 1))
    won = Game(ShortRules(cube=True)).resign(Color.BLACK)
    with pytest.raises(ValueError, match="cube"):
        from_game(won, opening, ("A", "B"), game_id="x", seed=SEED, mix="")
    text = to_text(played(3)).replace('"cube": false', '"cube": true')
    with pytest.raises(TranscriptError, match="cube"):
        parse(text)
