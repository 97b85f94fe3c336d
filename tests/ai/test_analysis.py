"""The Expert's review of a finished game (`nardy.ai.analysis`): a blunder planted in a game the
Expert plays is found and classed, the equities agree with a slow, obviously-correct 2-ply on a
match game, and records that cannot be reviewed get a clear error, from the command line too."""

from __future__ import annotations

import pickle
from functools import cache
from pathlib import Path

import pytest

from nardy import Color, Rules
from nardy.ai import Level, choose_turn
from nardy.ai.analysis import (
    REVIEW_FORMAT,
    AnalysisError,
    Review,
    Verdict,
    analyse,
    combine,
    decisions,
    review_from_json,
    review_to_json,
    value_all,
    verdict,
)
from nardy.ai.expert import expert_chances
from nardy.ai.search import one_ply
from nardy.ai.valuation import Stakes
from nardy.cli import main
from nardy.dice import ROLLS
from nardy.fair import FairDice
from nardy.game import Game, new_game
from nardy.movegen import legal_turns
from nardy.position import Position
from nardy.transcript import MatchPlace, Transcript, from_game, to_text

SEED = bytes(range(32))
PLANTED = 9  # the turn (from 1) where the planted blunder is played


def expert_game(
    until: int | None = None, plant: bool = False, match: tuple[int, MatchPlace] | None = None
) -> Transcript:
    """Both sides play as the Expert, on fair dice of `SEED`; with `plant`, turn `PLANTED` is
    the worst turn by the 1-ply evaluation instead; `until` turns, then White resigns."""
    dice = FairDice(SEED, "g-review", "mix")
    rules = Rules()
    opening, game = new_game(rules, dice)
    while not game.over and len(game.history) != until:
        if game.dice is None:
            game = game.with_roll(dice.roll())
        if plant and len(game.history) + 1 == PLANTED:
            stakes = Stakes.of(rules)
            worst = one_ply(game.position, game.legal.turns, expert_chances, stakes)[-1]
            game = game.play_turn(worst.turn.steps)
            continue
        assert game.dice is not None
        steps = choose_turn(game.position, game.dice, rules, Level.EXPERT, seed=1)
        game = game.play_turn(steps) if steps else game.pass_turn()
    if not game.over:
        game = game.resign(Color.WHITE)
    names = ("Alice", "Bob")
    return from_game(game, opening, names, game_id="g-review", seed=SEED, mix="mix", match=match)


@cache
def planted() -> tuple[Transcript, Review]:
    record = expert_game(plant=True)
    return record, analyse(record)


def test_verdicts_follow_the_equity_lost_on_gnubgs_scale() -> None:
    assert [verdict(x) for x in (0.0, 0.039, 0.04, 0.079, 0.08, 0.159, 0.16, 1.2)] == [
        Verdict.GOOD,
        Verdict.GOOD,
        Verdict.DOUBTFUL,
        Verdict.DOUBTFUL,
        Verdict.MISTAKE,
        Verdict.MISTAKE,
        Verdict.BLUNDER,
        Verdict.BLUNDER,
    ]


@pytest.mark.timeout(120)
def test_a_blunder_planted_in_the_experts_game_is_found_and_classed() -> None:
    record, review = planted()
    blunderer = record.turns[PLANTED - 1].color
    worst = review.worst(blunderer)
    assert worst[0].number == PLANTED and worst[0].verdict is Verdict.BLUNDER
    assert worst[0].played == record.turns[PLANTED - 1].steps
    assert worst[0].best != worst[0].played and worst[0].lost >= 0.16
    blunders = [t.number for t in review.turns if t.verdict is Verdict.BLUNDER]
    assert blunders == [PLANTED]  # the Expert's own turns are not blunders by its review
    counts = review.counts(blunderer)
    assert sum(counts.values()) == len(review.decisions(blunderer))
    assert review.error_rate(blunderer) >= 1000 * worst[0].lost / len(review.decisions(blunderer))
    assert review.rolls[Color.WHITE] + review.rolls[Color.BLACK] == len(record.turns)


def reference_equity(after: Position, stakes: Stakes) -> float:
    """The mover's 2-ply equity after a turn, the slow way: for each of the 21 rolls the
    opponent's best reply, valued alone at 1-ply, averaged over the 36 rolls."""
    total = 0.0
    for dice, weight in ROLLS:
        replies = legal_turns(after, dice, stakes.rules).turns
        best_reply = max(
            one_ply(after, [reply], expert_chances, stakes.flipped())[0].equity for reply in replies
        )
        total += weight * -best_reply
    return total / 36.0


@pytest.mark.timeout(240)
def test_the_equities_agree_with_a_slow_two_ply_on_a_match_game() -> None:
    place = MatchPlace(game=2, score=(3, 1))  # White needs 2 more points of 5, Black 4
    record = expert_game(until=14, plant=True, match=(5, place))
    review = analyse(record)
    assert any(t.plies == 2 for t in review.turns)
    assert any(t.best != t.played for t in review.turns)  # the planted one, at least
    game = Game(Rules(match_length=5), Position.start())
    reviewed = {t.number: t for t in review.turns}
    for number, turn in enumerate(record.turns, 1):
        position = game.position
        mover = position.to_move
        stakes = Stakes.of(game.rules, (5 - place.score[mover], 5 - place.score[mover.opponent]))
        legal = legal_turns(position, turn.dice, game.rules)
        if number in reviewed:
            review_of = reviewed[number]
            for steps, equity in (
                (review_of.played, review_of.played_equity),
                (review_of.best, review_of.best_equity),
            ):
                after = legal.play(steps)
                if review_of.plies == 2:
                    expected = reference_equity(after, stakes)
                else:
                    expected = next(
                        s.equity
                        for s in one_ply(position, legal.turns, expert_chances, stakes)
                        if s.turn.result == after
                    )
                assert equity == pytest.approx(expected, abs=1e-4), number
            if review_of.plies == 2:  # the best is at least as good, the slow way too
                assert reference_equity(legal.play(review_of.best), stakes) >= reference_equity(
                    legal.play(review_of.played), stakes
                )
        else:  # no choice: a pass or a single resulting position
            assert len(legal.turns) == 1
        game = game.with_roll(turn.dice).play_turn(turn.steps)


def test_a_tampered_record_is_refused_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = to_text(expert_game(until=6))
    mix = next(line for line in text.splitlines() if line.startswith("mix: "))
    path = tmp_path / "forged.txt"
    path.write_text(text.replace(mix, 'mix: "another tap"'), encoding="utf-8")  # other dice
    assert main(["analyse", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("FAILED: the record does not check out: ") and out.count("\n") == 1
    path.write_text("nardy game record v1\nnot a record\n", encoding="utf-8")
    assert main(["analyse", str(path)]) == 1
    assert capsys.readouterr().out.startswith("FAILED: line 2")
    assert main(["analyse", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.timeout(120)
def test_the_command_line_prints_each_sides_figures_and_the_worst_turns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, review = planted()
    path = tmp_path / "game.txt"
    path.write_text(to_text(record), encoding="utf-8")
    assert main(["analyse", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("white (Alice): error rate ")
    assert lines[1].startswith("black (Bob): error rate ")
    assert any(line.startswith(f"turn {PLANTED}, ") and "blunder" in line for line in lines)
    assert lines[-1].startswith(f"analysed {len(record.turns)} turns: CPU ")
    assert len(lines) == 2 + sum(len(review.worst(color)) for color in Color) + 1


@pytest.mark.timeout(120)
def test_a_review_reads_back_exactly_from_the_json_it_is_kept_as() -> None:
    _record, review = planted()
    text = review_to_json(review)
    assert review_from_json(text) == review and "\n" not in text
    newer = f'{{"v":{REVIEW_FORMAT + 1},'  # kept by another version of the bot
    another = text.replace(f'{{"v":{REVIEW_FORMAT},', newer, 1)
    unknown = text.replace('"variant":"long"', '"variant":"chess"', 1)
    assert text != another and text != unknown
    older = '{"v":1,"turns":[],"luck":[0,0],"rolls":[0,0]}'  # the form before short nardy's
    for broken in ("", "[]", "{}", '{"v": 2, "turns": [[1]], "luck": [0, 0]}', another, unknown):
        with pytest.raises(AnalysisError, match="not a review"):
            review_from_json(broken)
    with pytest.raises(AnalysisError, match="version 1, not"):
        review_from_json(older)


@pytest.mark.timeout(120)
def test_a_review_valued_in_shares_elsewhere_is_the_same_review() -> None:
    record, review = planted()
    planned = pickle.loads(pickle.dumps(decisions(record)))  # as the bot sends them to workers
    shares = [planned[i : i + 7] for i in range(0, len(planned), 7)]
    valued = [pickle.loads(pickle.dumps(value_all(share))) for share in reversed(shares)]
    assert combine([each for share in reversed(valued) for each in share]) == review
