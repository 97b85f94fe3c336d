"""Short nardy's cube decisions in the Expert's review (`nardy.ai.analysis`, RULES.md §9, money
play): a double made too soon, a double dropped that was a take, a double taken and a chance to
double missed are each found and valued by the cubeful equities the bot doubles by, a redouble
with the cube its doubler owns; no chance is reviewed where the cube could not be turned, or in
a match; the review keeps them in its JSON and the command line prints them."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from nardy.ai import Level
from nardy.ai.analysis import (
    CLOSE,
    CubeAct,
    CubeReview,
    Review,
    Verdict,
    analyse,
    review_from_json,
    review_to_json,
)
from nardy.ai.judgement import CubeJudgement
from nardy.cli import main, review_lines
from nardy.color import Color
from nardy.cube import Cube
from nardy.fair import FairDice
from nardy.rules import Opening
from nardy.short import Position, ShortRules
from nardy.short.ai import choose_turn
from nardy.short.ai.judging import judge_cube
from nardy.short.game import Game, new_game
from nardy.transcript import MatchPlace, Transcript, from_game, to_text
from nardy.variant import own

SEED = bytes(range(32, 64))
CUBE = ShortRules(Opening.REROLL, cube=True)  # the opening the games below were found with

# What a side does with the cube before the roll of turn `number`: the game as it is, or after
# its cube actions.
Cubing = Callable[[Game, int], Game]


def _never(game: Game, number: int) -> Game:
    return game


def play(
    cubing: Cubing,
    rules: ShortRules = CUBE,
    game_id: str = "g-cube",
    match: tuple[int, MatchPlace] | None = None,
    levels: tuple[Level, Level] = (Level.EXPERT, Level.EXPERT),
) -> Transcript:
    """A game each side plays at its level in `levels` (by `Color`) on fair dice, `cubing`
    deciding the cube before each roll; its record (`match`: a match's length and the game's
    place in it)."""
    dice = FairDice(SEED, game_id, "mix")
    opening, game = new_game(rules, dice)
    while not game.over:
        if game.dice is None:
            game = cubing(game, len(game.history) + 1)
            if game.over:
                break
            game = game.with_roll(dice.roll())
        assert game.dice is not None
        steps = choose_turn(game.position, game.dice, rules, levels[game.to_move], seed=1)
        game = game.play_turn(steps) if steps else game.pass_turn()
    players = ("Alice", "Bob")
    return from_game(game, opening, players, game_id=game_id, seed=SEED, mix="mix", match=match)


def cubes(review: Review, number: int) -> dict[CubeAct, CubeReview]:
    """The cube decisions reviewed before turn `number`, by what was done."""
    return {c.played: c for c in review.cubes if c.number == number}


def double_once(when: Callable[[CubeJudgement], bool], taken: bool) -> Cubing:
    """The side on roll doubles at its first chance to where the Expert's equities are as
    `when` asks, and the other side takes (or drops); no other double."""

    def cubing(game: Game, number: int) -> Game:
        if game.doubles or number < 2 or not game.may_double():
            return game
        if not when(judge_cube(game.position, game.cube)):
            return game
        offered = game.double()
        return offered.take() if taken else offered.drop()

    return cubing


@cache
def doubled_too_soon() -> tuple[Transcript, Review]:
    """A side doubles where not doubling is better and the other side should take; it takes."""
    record = play(double_once(lambda j: j.no_double > j.doubling + 0.05, taken=True))
    return record, analyse(record)


@pytest.mark.timeout(120)
def test_a_double_too_soon_is_found_and_its_take_is_right() -> None:
    record, review = doubled_too_soon()
    [made] = record.doubles
    assert made.taken
    number = made.turn + 1  # the double came before this turn's roll
    found = cubes(review, number)
    double, take = found[CubeAct.DOUBLE], found[CubeAct.TAKE]
    doubler = record.turns[number - 1].color
    judged = judge_cube(own(double.position, Position), Game(CUBE).cube)
    assert double.color is doubler and take.color is doubler.opponent and double.value == 1
    # Doubling is worth the taker's best answer to it; not doubling was better.
    assert double.best is CubeAct.NO_DOUBLE
    assert double.played_equity == pytest.approx(judged.doubling)
    assert double.best_equity == pytest.approx(judged.no_double)
    assert double.lost > 0.05 and double.verdict is not Verdict.GOOD
    # The taker's equity is the doubler's negated; the take was right and lost nothing.
    assert take.best is CubeAct.TAKE and take.lost == 0.0
    assert take.played_equity == pytest.approx(-judged.double_take)
    # Both count among their sides' decisions, before that turn.
    assert double in review.decisions(doubler) and take in review.decisions(doubler.opponent)
    assert double in review.worst(doubler)


@pytest.mark.timeout(120)
def test_a_dropped_double_that_was_a_take_ends_the_game_and_is_a_blunder() -> None:
    cubing = double_once(lambda j: j.double_take < 0.5, taken=False)
    record = play(cubing, game_id="g-drop")
    review = analyse(record)
    [made] = record.doubles
    assert not made.taken and made.turn == len(record.turns)  # the game ended before the roll
    assert record.result.reason.value == "dropped"
    found = cubes(review, made.turn + 1)
    drop = found[CubeAct.DROP]
    assert drop.color is made.by.opponent and drop.best is CubeAct.TAKE
    assert drop.played_equity == pytest.approx(-1.0)  # the pass's point, lost
    assert drop.verdict is Verdict.BLUNDER and drop.lost > 0.5
    assert found[CubeAct.DOUBLE].color is made.by


@cache
def cube_blunder_among_costlier_plays() -> tuple[Transcript, Review]:
    """White, playing as Easy, doubles once at its first chance where that loses 0.08 to 0.25
    and Black takes: a blunder of 0.229 that three of White's checker plays cost more than."""

    def cubing(game: Game, number: int) -> Game:
        if game.doubles or number < 2 or game.to_move is not Color.WHITE:
            return game
        if not game.may_double():
            return game
        judged = judge_cube(game.position, game.cube)
        if not 0.08 < judged.no_double - judged.doubling < 0.25:
            return game
        return game.double().take()

    record = play(cubing, game_id="g-3", levels=(Level.EASY, Level.EXPERT))
    return record, analyse(record)


@pytest.mark.timeout(120)
def test_every_cube_mistake_is_told_though_costlier_checker_plays_outnumber_it() -> None:
    record, review = cube_blunder_among_costlier_plays()
    [double] = [c for c in review.cubes if c.played is CubeAct.DOUBLE]
    assert double.color is Color.WHITE and double.verdict is Verdict.BLUNDER
    assert double not in review.worst(Color.WHITE)  # three checker plays cost more
    told = review.told(Color.WHITE)
    assert told[:3] == review.worst(Color.WHITE) and told[3:] == (double,)
    assert review.told(Color.BLACK) == review.worst(Color.BLACK)
    start = f"before turn {double.number}, white, cube at 1: double ("
    assert any(line.startswith(start) for line in review_lines(record, review))


@cache
def never_doubled() -> tuple[Transcript, Review]:
    record = play(_never, game_id="g-never")
    return record, analyse(record)


@pytest.mark.timeout(180)
def test_a_chance_to_double_is_reviewed_where_doubling_was_right_or_close() -> None:
    record, review = never_doubled()
    assert not record.doubles
    missed = 0
    for number in range(2, len(record.turns) + 1):
        game = _before(record, number)
        reviewed = cubes(review, number)
        judged = judge_cube(game.position, game.cube)
        assert CubeAct.DOUBLE not in reviewed and CubeAct.TAKE not in reviewed
        close = judged.no_double - judged.doubling < CLOSE
        assert (CubeAct.NO_DOUBLE in reviewed) == close, number
        if close:
            no_double = reviewed[CubeAct.NO_DOUBLE]
            assert no_double.lost == pytest.approx(max(0.0, judged.doubling - judged.no_double))
            missed += no_double.best is CubeAct.DOUBLE
    assert missed, "the game never came to a double: choose another seed"
    # The first roll is the opening's: no double before it (§9).
    assert not cubes(review, 1)


def _before(record: Transcript, number: int) -> Game:
    """The game before the roll of turn `number`, replayed from the record."""
    game = Game(own(record.rules, ShortRules))
    for turn in record.turns[: number - 1]:
        game = game.with_roll(turn.dice).play_turn(turn.steps)
    return game


@pytest.mark.timeout(120)
def test_no_cube_decision_is_reviewed_without_the_cube_or_in_a_match() -> None:
    plain = analyse(play(_never, ShortRules(), game_id="g-plain"))
    assert plain.cubes == () and plain.turns
    record = play(_never, game_id="g-match", match=(5, MatchPlace(1, (0, 0))))
    assert analyse(record).cubes == ()


@pytest.mark.timeout(120)
def test_cube_decisions_keep_in_the_json_and_print_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, review = doubled_too_soon()
    again = review_from_json(review_to_json(review))
    assert again == review and again.cubes
    path = tmp_path / "game.txt"
    path.write_text(to_text(record), encoding="utf-8")
    assert main(["analyse", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    [made] = record.doubles
    start = f"before turn {made.turn + 1}, {made.by.label}, cube at 1: double ("
    assert any(line.startswith(start) for line in lines)


@pytest.mark.timeout(120)
def test_a_redouble_is_valued_with_the_cube_its_doubler_owns() -> None:
    """The first double is taken; the taker redoubles at its next chance, owning the cube at 2:
    its equities are the ones for the cube its own (Janowski's `Owner.MINE`)."""
    first = double_once(lambda j: j.double_take < j.double_pass, taken=True)

    def cubing(game: Game, number: int) -> Game:
        if not game.doubles:
            return first(game, number)
        if len(game.doubles) == 1 and game.may_double():
            return game.double().take()
        return game

    record = play(cubing, game_id="g-redouble")
    review = analyse(record)
    taken, redoubled = record.doubles[:2]
    assert redoubled.by is taken.by.opponent
    [double] = [c for c in review.cubes if c.played is CubeAct.DOUBLE and c.value == 2]
    assert double.number == redoubled.turn + 1 and double.color is redoubled.by
    position = own(double.position, Position)
    mine = judge_cube(position, Cube(2, redoubled.by))
    centred = judge_cube(position, Cube(2))
    assert mine.no_double != centred.no_double  # the owner matters here
    assert double.played_equity == pytest.approx(mine.doubling)
    assert double.best_equity == pytest.approx(max(mine.doubling, mine.no_double))


def test_a_review_of_cube_decisions_alone_keeps_its_game_in_the_json() -> None:
    """A review whose only decisions are the cube's still names short nardy."""
    position = Position.start()
    cube = CubeReview(2, Color.BLACK, position, 1, CubeAct.DROP, CubeAct.TAKE, -1.0, -0.4)
    review = Review((), (0.0, 0.0), (0, 0), (cube,))
    again = review_from_json(review_to_json(review))
    assert again == review and again.cubes[0].position == position


@pytest.mark.timeout(120)
def test_progress_counts_the_turns_alone() -> None:
    """A double dropped after the last turn is a decision of its own, not a turn: the progress
    told ends at the game's turns."""
    record = play(double_once(lambda j: j.double_take < 0.5, taken=False), game_id="g-drop")
    told: list[tuple[int, int]] = []
    analyse(record, lambda done, total: told.append((done, total)))
    turns = len(record.turns)
    assert told[-1] == (turns, turns) and all(done <= total == turns for done, total in told)
