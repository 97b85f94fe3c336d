"""Short nardy's game record (`nardy.transcript` with `"variant": "short"`): written, read back
exactly, replayed and verified against its seed, with the doubling cube's doubles too."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from nardy.cli import main
from nardy.color import Color
from nardy.fair import FairDice
from nardy.game import OpeningRoll
from nardy.scoring import EndReason
from nardy.short import Cube, Game, ShortRules, new_game
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


def played(
    seed: int, turns: int = 10_000, takes: int | None = None, then_drop: bool = False
) -> Transcript:
    """The record of a game of random legal turns on fair dice, resigned by the side to move
    after `turns` turns if it has not ended. With `takes`, played with the cube: the side to
    move doubles whenever it may until the opponent has taken that many doubles, and, with
    `then_drop`, once more, which is dropped."""
    rng = random.Random(seed)
    name = f"s-{seed}"
    dice = FairDice(SEED, name, "mix")
    opening, game = new_game(ShortRules(cube=takes is not None), dice)
    while not game.over and len(game.history) < turns:
        if takes is not None and game.may_double() and (len(game.doubles) < takes or then_drop):
            offered = game.double()
            game = offered.take() if len(game.doubles) < takes else offered.drop()
            continue
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
    assert 'rules: {"variant": "short", "opening": "play_opening_roll"' in text
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


def write_and_run_verify(tmp_path: Path, t: Transcript, capsys: pytest.CaptureFixture[str]) -> str:
    """`python -m nardy verify` on the record of `t` in a file: its one line (status 0)."""
    path = tmp_path / "record.txt"
    path.write_text(to_text(t), encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    return capsys.readouterr().out.strip()


def test_a_cube_game_with_taken_doubles_and_a_drop_reads_back_and_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Doubled to 2 and taken, to 4 and taken, then to 8 and dropped: 4 points to the doubler,
    and `python -m nardy verify` replays it so."""
    t = played(5, takes=2, then_drop=True)
    assert [(d.taken, d.by is t.turns[d.turn - 1].color.opponent) for d in t.doubles] == [
        (True, True),
        (True, True),
        (False, True),
    ]
    assert t.result.reason is EndReason.DROPPED and t.result.points == 4
    assert t.result.winner is t.doubles[-1].by
    text = to_text(t)
    lines = text.splitlines()
    white, black = (c.label for c in (t.doubles[0].by, t.doubles[0].by.opponent))
    first = lines.index(f"cube: {white} doubles to 2, {black} takes")
    assert lines[first + 1].startswith(f"{t.doubles[0].turn + 1}. {white} ")
    assert f"cube: {black} doubles to 4, {white} takes" in lines
    assert lines[-5] == f"cube: {white} doubles to 8, {black} drops"
    assert lines[-4] == f"result: {white} wins, oyn, 4 points, dropped"
    assert parse(text) == t and to_text(parse(text)) == text
    checked = verify(parse(text))
    assert isinstance(checked.game, Game) and checked.game.cube.value == 4
    assert checked.game.result == t.result
    out = write_and_run_verify(tmp_path, t, capsys)
    assert out.endswith("game replays to " + f"{white} wins, oyn, 4 points, dropped")


@pytest.mark.parametrize("seed", range(3))
def test_a_cube_game_played_out_after_a_taken_double_scores_times_the_cube(
    seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = played(seed, takes=1)
    assert t.doubles and all(d.taken for d in t.doubles)
    assert t.result.reason is EndReason.BORNE_OFF
    assert t.result.points % (2 ** len(t.doubles)) == 0
    assert parse(to_text(t)) == t
    assert verify(parse(to_text(t))).game.result == t.result
    assert write_and_run_verify(tmp_path, t, capsys).startswith("OK: ")


def test_a_changed_double_fails_verification_or_reading() -> None:
    t = played(5, takes=2, then_drop=True)
    first = t.doubles[0]
    moved = replace(first, turn=first.turn + 1)  # the other side's turn: not theirs to double
    with pytest.raises(VerificationError, match=f"double before turn {first.turn + 2}"):
        verify(replace(t, doubles=(moved, *t.doubles[1:])))
    with pytest.raises(VerificationError, match="replays to"):
        verify(replace(t, doubles=t.doubles[:-1]))  # the drop left out: no end of the game
    text = to_text(t)
    with pytest.raises(TranscriptError, match="twice the cube"):
        parse(text.replace("doubles to 4", "doubles to 3"))
    with pytest.raises(TranscriptError, match="cube lines"):
        parse(text.replace('"cube": true', '"cube": false'))


def test_a_game_stored_before_its_doubles_were_kept_has_no_record() -> None:
    opening = OpeningRoll(((5, 3),), 0, (3, 1))
    game = Game(ShortRules(cube=True), cube=Cube(2, Color.BLACK)).resign(Color.BLACK)
    assert not game.doubles_complete
    with pytest.raises(ValueError, match="cube"):
        from_game(game, opening, ("A", "B"), game_id="x", seed=SEED, mix="")
