"""The games behind one interface (`nardy.variant`): found by name and from their rules, each
record read by the game that wrote it, long nardy's absent cube, and a toy third game added by
one module and a `register` line working through records, transcripts and the renderer."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from PIL import Image

from nardy import Color, Rules
from nardy.cube import Cube, CubeError
from nardy.fair import FairDice
from nardy.game import Game as LongGame
from nardy.game import OpeningRoll
from nardy.long_variant import LONG
from nardy.record import RecordError
from nardy.short import ShortRules
from nardy.short.variant import SHORT
from nardy.transcript import from_game, parse, to_text, verify
from nardy.variant import AnyGame, AnyRules, Variant
from nardy.variants import (
    VARIANTS,
    board_variant,
    find_variant,
    game_from_text,
    rules_from_text,
    variant_of,
)
from renderer import render
from tests.split_game import SplitRules, registered


@pytest.fixture
def split() -> Iterator[Variant]:
    """The toy game, registered for one test."""
    with registered() as game:
        yield game


@dataclass(frozen=True)
class Played:
    """A game played with fair dice, the opening that began it and its dice's seed."""

    game: AnyGame
    opening: OpeningRoll
    seed: bytes

    @property
    def text(self) -> str:
        """The record the game is stored as."""
        return variant_of(self.game).game_to_text(self.game)


def played(variant: Variant, rules: AnyRules, n: int, turns: int = 30) -> Played:
    """Game `n` of `variant`, begun with fair dice and played `turns` random legal turns (or
    to its end)."""
    rng = random.Random(n)
    seed = rng.randbytes(32)
    dice = FairDice(seed, f"g{n}", "mix")
    opening, game = variant.new_game(rules, dice)
    while not game.over and len(game.history) < turns:
        if game.dice is None:
            game = game.with_roll(dice.roll())
        game = game.play_turn(rng.choice(game.legal.step_sequences()))
    return Played(game, opening, seed)


def test_the_games_are_found_by_name_and_from_their_rules_and_games() -> None:
    assert [variant.key for variant in VARIANTS] == ["long", "short"]
    assert find_variant("long") is LONG and find_variant("short") is SHORT
    assert variant_of(Rules()) is LONG and variant_of(ShortRules(cube=True)) is SHORT
    assert variant_of(LongGame()) is LONG
    assert board_variant(LONG.start()) is LONG and board_variant(SHORT.start()) is SHORT
    with pytest.raises(KeyError):
        find_variant("chess")


@pytest.mark.parametrize("variant", [LONG, SHORT], ids=["long", "short"])
def test_each_record_is_read_back_by_the_game_that_wrote_it(variant: Variant) -> None:
    rules = variant.rules_from(Rules(match_length=3), cube=True)
    assert variant_of(rules) is variant
    for n in range(5):
        game = played(variant, rules, n)
        assert [other.reads_game(game.text) for other in VARIANTS].count(True) == 1
        assert game_from_text(game.text) == game.game
    code = variant.rules_to_text(rules)
    assert [other.reads_rules(code) for other in VARIANTS].count(True) == 1
    assert rules_from_text(code) == rules


@pytest.mark.parametrize("text", ["", "x1|a", "g2|rh3ecn1", "s1"])
def test_a_record_no_game_wrote_is_refused(text: str) -> None:
    with pytest.raises(RecordError):
        game_from_text(text)
    with pytest.raises(RecordError):
        rules_from_text(text)


def test_long_nardys_cube_stays_in_the_middle_and_refuses_every_action() -> None:
    """RULES.md §1: no doubling cube in long nardy; the game answers as one without it."""
    game = LongGame().with_roll((6, 5))
    assert game.cube == Cube() and not game.may_double() and not game.rules.cube
    assert game.cube_decider() is None and game.to_act is game.to_move is Color.WHITE
    assert game.doubles == () and game.doubles_complete and not game.crawford
    for action in (game.double, game.take, game.drop):
        with pytest.raises(CubeError):
            action()
    with pytest.raises(CubeError):
        LONG.takes(game, LONG.levels()[0])
    assert not LONG.wants_double(game, LONG.levels()[0])


def test_short_nardy_waits_for_the_answer_to_a_double() -> None:
    """RULES.md §9: the side to move may double before its roll, the opponent of a double
    offered answers it, and a side whose opponent owns the cube just rolls."""
    rules = ShortRules(cube=True)
    game = SHORT.placeholder(rules)
    assert game.cube_decider() is Color.WHITE and game.to_act is Color.WHITE
    offered = game.double()
    assert offered.cube_decider() is Color.BLACK and offered.to_act is Color.BLACK
    taken = offered.take()  # Black owns the cube now: White just rolls, nothing to decide
    assert taken.cube_decider() is None and taken.to_act is Color.WHITE


def test_a_third_game_is_one_module_and_a_register_line(split: Variant) -> None:
    """The split start: found by name and rules, its records and options read back, a
    transcript of it written, read and verified, its board drawn."""
    assert find_variant("split") is split and variant_of(SplitRules()) is split
    assert variant_of(Rules()) is LONG  # its own options' type, not long nardy's
    rules = split.rules_from(Rules(last_roll=True), cube=False)
    assert isinstance(rules, SplitRules) and rules.last_roll
    assert split.placeholder(rules).position == split.start() != LONG.start()
    game = played(split, rules, 7, turns=20)
    assert game_from_text(game.text) == game.game and game.text.startswith("T")
    assert rules_from_text(split.rules_to_text(rules)) == rules
    resigned = game.game.resign(game.game.to_move)
    record = from_game(resigned, game.opening, ("A", "B"), game_id="g7", seed=game.seed, mix="mix")
    written = to_text(record)
    assert '"variant": "split"' in written
    assert parse(written) == record and verify(parse(written)).game == resigned
    picture = Image.open(io.BytesIO(render(resigned.board)))
    assert picture.format == "JPEG"
