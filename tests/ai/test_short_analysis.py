"""The Expert's review of a finished short-nardy game (`nardy.ai.analysis`, RULES.md §9): a
blunder planted in a game the Expert plays is found and classed, the 2-ply equities agree with
a slow one, luck averages to nothing over the rolls, and the review reads back from its JSON and
prints from the command line in short nardy's notation."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from nardy import Color
from nardy.ai import Level
from nardy.ai.analysis import Review, Verdict, analyse, review_from_json, review_to_json
from nardy.cli import main
from nardy.dice import ROLLS
from nardy.fair import FairDice
from nardy.rules import Opening
from nardy.short import Position, ShortRules, legal_turns
from nardy.short.ai import choose_turn
from nardy.short.ai.boards import encode
from nardy.short.ai.expert import expert_chances, one_ply
from nardy.short.ai.judging import luck
from nardy.short.ai.network import equity
from nardy.short.game import new_game
from nardy.transcript import Transcript, from_game, to_text
from nardy.variant import own

SEED = bytes(range(32))
PLANT_FROM = 6  # the planted blunder is the first turn from this one with a wide choice
WIDE = 0.6  # ... whose 1-ply best and worst turns are this far apart


@cache
def planted() -> tuple[Transcript, int, Review]:
    """Both sides play as the Expert, on fair dice of `SEED`, but for one turn (its number is
    returned) played as the worst by the 1-ply evaluation; the record and its review."""
    dice = FairDice(SEED, "g-short-review", "mix")
    rules = ShortRules(Opening.REROLL)  # the opening the seeded games were made with
    opening, game = new_game(rules, dice)
    planted_at = 0
    while not game.over:
        if game.dice is None:
            game = game.with_roll(dice.roll())
        number = len(game.history) + 1
        if not planted_at and number >= PLANT_FROM:
            ranked = one_ply(game.position, game.legal.turns)
            if ranked[0].equity - ranked[-1].equity >= WIDE:
                game, planted_at = game.play_turn(ranked[-1].turn.steps), number
                continue
        assert game.dice is not None
        steps = choose_turn(game.position, game.dice, rules, Level.EXPERT, seed=1)
        game = game.play_turn(steps) if steps else game.pass_turn()
    names = ("Alice", "Bob")
    record = from_game(game, opening, names, game_id="g-short-review", seed=SEED, mix="mix")
    return record, planted_at, analyse(record)


@pytest.mark.timeout(120)
def test_a_blunder_planted_in_the_experts_short_game_is_found_and_classed() -> None:
    record, number, review = planted()
    assert number
    blunderer = record.turns[number - 1].color
    worst = review.worst(blunderer)[0]
    assert worst.number == number and worst.verdict is Verdict.BLUNDER
    assert worst.played == record.turns[number - 1].steps
    assert worst.best != worst.played and worst.lost >= 0.16
    # The best turn the review names is the one the Expert plays there.
    position = own(worst.position, Position)
    legal = legal_turns(position, worst.dice)
    expert = choose_turn(position, worst.dice, ShortRules(), Level.EXPERT)
    assert legal.play(worst.best) == legal.play(expert)
    assert review.rolls[Color.WHITE] + review.rolls[Color.BLACK] == len(record.turns)


def slow_equity(after: Position) -> float:
    """The mover's 2-ply equity after a turn, the slow way: each of the 36 rolls of the
    opponent, his best reply valued alone."""
    total = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            total -= max(
                float(equity(expert_chances(encode([turn.result], after.to_move)))[0])
                for turn in legal_turns(after, (a, b)).turns
            )
    return total / 36


@pytest.mark.timeout(240)
def test_the_two_ply_equities_agree_with_a_slow_search() -> None:
    _record, _number, review = planted()
    searched = [t for t in review.turns if t.plies == 2][:3]
    assert searched
    for turn in searched:
        legal = legal_turns(own(turn.position, Position), turn.dice)
        for steps, value in ((turn.played, turn.played_equity), (turn.best, turn.best_equity)):
            after = legal.play(steps)
            if after.winner() is None:
                assert value == pytest.approx(slow_equity(after), abs=1e-5)


def test_luck_averages_to_nothing_over_the_rolls() -> None:
    _record, _number, review = planted()
    position = own(review.turns[len(review.turns) // 2].position, Position)
    mean = sum(weight * luck(position, dice, ShortRules()) for dice, weight in ROLLS) / 36.0
    assert mean == pytest.approx(0.0, abs=1e-6)
    assert any(abs(luck(position, dice, ShortRules())) > 0.01 for dice, _ in ROLLS)


def test_a_short_review_reads_back_exactly_from_its_json() -> None:
    _record, _number, review = planted()
    text = review_to_json(review)
    assert '"variant":"short"' in text
    assert review_from_json(text) == review


@pytest.mark.timeout(120)
def test_the_command_line_analyses_a_short_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, number, _review = planted()
    path = tmp_path / "short.txt"
    path.write_text(to_text(record), encoding="utf-8")
    assert main(["analyse", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("white (Alice): error rate ")
    planted_line = next(line for line in lines if line.startswith(f"turn {number}, "))
    assert "blunder" in planted_line
    assert lines[-1].startswith(f"analysed {len(record.turns)} turns: CPU ")
