"""`nardy.transcript` and `python -m nardy verify`: random finished games played with
`FairDice` under several house rules, resigned and timed-out ones among them, are written,
read back equal, replayed to the same game and verified; tampered records are refused with one
`FAILED` line naming what is wrong."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import pytest

from nardy import Color, Game, HeadException, Opening, Rules, Scoring, format_turn, new_game
from nardy.cli import main
from nardy.fair import FairDice, commitment
from nardy.game import OpeningRoll
from nardy.rules import BlockCheck
from nardy.scoring import EndReason, GameResult, ResultKind
from nardy.transcript import (
    MatchPlace,
    Transcript,
    TranscriptError,
    VerificationError,
    format_result,
    from_game,
    parse,
    replay,
    to_text,
    unfold,
    verify,
)

REPO = Path(__file__).resolve().parents[2]
PLAY_OPENING = Rules(opening=Opening.PLAY_OPENING_ROLL)
EXTENDED = Rules(scoring=Scoring.EXTENDED)
RULES_CYCLE = [
    Rules(),
    PLAY_OPENING,
    EXTENDED,
    Rules(last_roll=True),
    Rules(
        opening=Opening.PLAY_OPENING_ROLL,
        scoring=Scoring.EXTENDED,
        head_exception=HeadException.ANY_DOUBLE,
        block_check=BlockCheck.END_OF_TURN,
        higher_die_rule=False,
    ),
]
NAMES = ("Алиса", 'Bob "the builder"')


@dataclass(frozen=True)
class Played:
    """A finished game played with `FairDice`, as the bot would keep it."""

    game: Game
    opening: OpeningRoll
    dice: FairDice
    transcript: Transcript


@cache
def play(
    n: int,
    rules: Rules,
    *,
    resign_after: int | None = None,
    reason: EndReason = EndReason.RESIGNED,
    mix: str | None = None,
) -> Played:
    """Game `n`: random legal turns; with `resign_after`, someone gives up after that many
    turns, the next roll already on the board."""
    rng = random.Random(n)
    seed = rng.randbytes(32)
    game_id = f"game-{n}"
    mix = f"tap-{n}" if mix is None else mix
    dice = FairDice(seed, game_id, mix)
    opening, game = new_game(rules, dice)
    while not game.over:
        if game.dice is None:
            game = game.with_roll(dice.roll())
        if len(game.history) == resign_after:
            game = game.resign(rng.choice(list(Color)), reason)
            break
        game = game.play_turn(rng.choice(game.legal.step_sequences()))
    t = from_game(game, opening, NAMES, game_id=game_id, seed=seed, mix=mix)
    return Played(game, opening, dice, t)


def run_verify(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """`python -m nardy verify` on `text` in a file, in process: its status and its one line."""
    path = tmp_path / "record.txt"
    path.write_text(text, encoding="utf-8")
    status = main(["verify", str(path)])
    out = capsys.readouterr().out
    assert out.endswith("\n") and out.count("\n") == 1, out
    return status, out.strip()


def turns_as_written(game: Game) -> list[tuple[Color, tuple[int, int], str]]:
    """A game's turns as §10 notation shows them."""
    return [(t.color, t.dice, format_turn(t.steps)) for t in game.history]


def check_round_trip(played: Played) -> int:
    """Write, read back, replay and verify; the number of rolls verified."""
    t = played.transcript
    text = to_text(t)
    assert parse(text) == t
    assert to_text(parse(text)) == text
    again = replay(t)
    assert again.position == played.game.position
    assert again.result == played.game.result == t.result
    assert turns_as_written(again) == turns_as_written(played.game)
    assert again == replace(played.game, history=t.turns)  # only bear-off dice may be read anew
    checked = verify(t)
    assert checked.game == again
    *turns, finished = unfold(t)  # what a replay shows: the game after each turn, then the end
    assert [game.history for game in turns] == [t.turns[:n] for n in range(1, len(t.turns) + 1)]
    assert finished == again
    return checked.rolls


@pytest.mark.parametrize("n", range(30))
def test_random_games_write_read_replay_and_verify(
    n: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = RULES_CYCLE[n % len(RULES_CYCLE)]
    played = play(n, rules, mix="" if n % 3 == 0 else None)
    assert played.game.result is not None and played.game.result.reason is EndReason.BORNE_OFF
    rolls = check_round_trip(played)
    assert played.dice.dice_rolled == 2 * rolls  # every die rolled is in the record, in order
    fresh = len(played.game.history) - (rules.opening is Opening.PLAY_OPENING_ROLL)
    assert rolls == len(played.opening.rolls) + fresh
    if rules.opening is Opening.PLAY_OPENING_ROLL:
        assert played.game.history[0].dice == played.opening.first_dice
    status, line = run_verify(tmp_path, to_text(played.transcript), capsys)
    result = format_result(played.game.result)
    assert (status, line) == (
        0,
        f"OK: {rolls} rolls verified, commitment matches, game replays to {result}",
    )


def test_random_games_cover_ties_both_openings_and_every_kind_of_win() -> None:
    games = [play(n, RULES_CYCLE[n % len(RULES_CYCLE)]) for n in range(30)]
    assert any(len(g.opening.rolls) > 1 for g in games)  # an opening roll with a tie
    assert {g.opening.white_player for g in games} == {0, 1}
    kinds = {g.transcript.result.kind for g in games}
    assert {ResultKind.OYN, ResultKind.MARS} <= kinds


@pytest.mark.parametrize(
    ("n", "rules", "after", "reason"),
    [
        (101, Rules(), 0, EndReason.RESIGNED),  # before White's first turn, a roll pending
        (102, PLAY_OPENING, 0, EndReason.RESIGNED),  # the pending roll is the opening's
        (103, Rules(), 17, EndReason.RESIGNED),
        (104, EXTENDED, 6, EndReason.RESIGNED),
        (105, EXTENDED, 40, EndReason.TIMEOUT),
        (106, PLAY_OPENING, 55, EndReason.TIMEOUT),
        (107, Rules(), 23, EndReason.ABANDONED),  # the loser left the game's group
    ],
)
def test_resigned_and_timed_out_games(
    n: int,
    rules: Rules,
    after: int,
    reason: EndReason,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    played = play(n, rules, resign_after=after, reason=reason)
    result = played.transcript.result
    assert result.reason is reason and len(played.transcript.turns) == after
    rolls = check_round_trip(played)
    pending = 0 if after == 0 and rules.opening is Opening.PLAY_OPENING_ROLL else 2
    assert played.dice.dice_rolled == 2 * rolls + pending  # the unplayed roll is not recorded
    if rules.scoring is Scoring.EXTENDED and after < 10:
        assert result.kind is ResultKind.KOKS and result.points == 3  # §7 extended
    status, line = run_verify(tmp_path, to_text(played.transcript), capsys)
    assert status == 0 and line.endswith(f"game replays to {format_result(result)}")
    assert f", {reason.value}" in line


def test_the_format_line_by_line() -> None:
    rng = random.Random(0)
    dice = FairDice(bytes(range(32)), "g-test", "tap-42")
    opening, game = new_game(Rules(), dice)
    for _ in range(3):
        game = game.play_turn(rng.choice(game.legal.step_sequences())).with_roll(dice.roll())
    game = game.resign(Color.BLACK)
    players = ("Nardy bot", "Alice")  # by colour: the second to roll got White
    t = from_game(game, opening, players, game_id="g-test", seed=dice.seed, mix="tap-42")
    assert to_text(t).splitlines() == [
        "nardy game record v1",
        'game: "g-test"',
        'white: "Nardy bot"',
        'black: "Alice"',
        'rules: {"opening": "reroll", "higher_die_rule": true, "head_exception": "3-4-6",'
        ' "block_check": "every_step", "scoring": "classic", "last_roll": false,'
        ' "match_length": 1}',
        "opening: black 4 white 6",
        "1. white 4-1: 24/20 20/19",
        "2. black 4-1: 24/20 20/19",
        "3. white 2-3: 19/16 16/14",
        "result: white wins, mars, 2 points, resigned",
        "commitment: 8f7109b0ca3c5147ba03252859dabc265701d541ae56fcc08f1a67d08d9f5b1f",
        'mix: "tap-42"',
        "seed: 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
    ]
    assert verify(t).rolls == 4  # the dice are FIRST_TEN of test_fair, the last two unplayed


def test_passes_draws_and_one_point_read_back() -> None:
    t = play(7, Rules()).transcript
    passing = replace(t.turns[4], steps=())
    for result in (
        GameResult(None, ResultKind.DRAW, 0, EndReason.BORNE_OFF),
        GameResult(Color.BLACK, ResultKind.OYN, 1, EndReason.TIMEOUT),
    ):
        changed = replace(t, turns=(*t.turns[:4], passing, *t.turns[5:]), result=result)
        text = to_text(changed)
        assert f"\n5. white {passing.dice[0]}-{passing.dice[1]}: pass\n" in text
        assert parse(text) == changed
    assert format_result(GameResult(None, ResultKind.DRAW, 0, EndReason.BORNE_OFF)) == (
        "draw, 0 points, borne_off"
    )


def test_a_record_with_windows_line_ends_reads_the_same() -> None:
    t = play(8, PLAY_OPENING).transcript
    assert parse(to_text(t).replace("\n", "\r\n")) == t


def test_from_game_wants_a_finished_game() -> None:
    dice = FairDice(bytes(32), "g", "")
    opening, game = new_game(Rules(), dice)
    with pytest.raises(ValueError, match="not over"):
        from_game(game, opening, NAMES, game_id="g", seed=dice.seed, mix="")


def test_the_entry_point_verifies_a_file_and_stdin(tmp_path: Path) -> None:
    text = to_text(play(3, EXTENDED).transcript)
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    for args, stdin in (([str(path)], None), (["-"], text)):
        done = subprocess.run(
            [sys.executable, "-m", "nardy", "verify", *args],
            input=stdin,
            capture_output=True,
            text=True,
            cwd=REPO,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("OK: ") and done.stdout.count("\n") == 1
        assert done.stderr == ""


def test_an_unreadable_file_is_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in (tmp_path / "missing.txt", tmp_path):
        assert main(["verify", str(path)]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1
        assert captured.err.startswith(f"python -m nardy verify: cannot read {path}: ")


# -- tampering -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def honest() -> Played:
    """A default-rules game whose opening roll had a tie, White being the player who rolled
    second."""
    for n in range(200, 400):
        played = play(n, Rules())
        if len(played.opening.rolls) > 1 and played.opening.white_player == 1:
            return played
    raise AssertionError("no game with a tied opening roll")


def edit(text: str, prefix: str, new_line: str) -> str:
    """`text` with its one line starting with `prefix` replaced."""
    lines = text.split("\n")
    [i] = [i for i, line in enumerate(lines) if line.startswith(prefix)]
    lines[i] = new_line
    return "\n".join(lines)


def first_turn(t: Transcript, color: Color, after: int) -> int:
    """The number of `color`'s first non-double turn after turn `after`."""
    return next(
        n
        for n, turn in enumerate(t.turns, 1)
        if n > after and turn.color is color and turn.dice[0] != turn.dice[1] and turn.steps
    )


def failed(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> str:
    """Verify `text`, which must fail: the FAILED line's message."""
    status, line = run_verify(tmp_path, text, capsys)
    assert status == 1 and line.startswith("FAILED: "), line
    return line.removeprefix("FAILED: ")


def test_a_changed_die_names_the_roll(
    honest: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = honest.transcript
    n = first_turn(t, Color.BLACK, 20)
    turn = t.turns[n - 1]
    a, b = turn.dice
    line = f"{n}. black {a}-{b}: {format_turn(turn.steps)}"
    text = edit(to_text(t), f"{n}. ", line.replace(f"{a}-{b}", f"{b}-{a}", 1))
    roll = len(t.opening) + n
    assert failed(tmp_path, capsys, text) == (
        f"roll {roll} (turn {n}, black) is {b}-{a}, the seed gives {a}-{b}"
    )


def test_a_changed_opening_die_names_the_roll(
    honest: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = honest.transcript
    (tie, _), *_ = t.opening
    opening = to_text(t).split("\n")[5]
    assert opening.startswith(f"opening: black {tie} white {tie}, ")  # player 0 got Black
    changed = opening.replace(f"white {tie}", f"white {tie % 6 + 1}", 1)
    message = failed(tmp_path, capsys, edit(to_text(t), "opening: ", changed))
    assert message == (
        f"roll 1 (opening) is black {tie} white {tie % 6 + 1},"
        f" the seed gives black {tie} white {tie}"
    )


def test_a_changed_seed_or_commitment_or_game_id_breaks_the_commitment(
    honest: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = honest.transcript
    text = to_text(t)
    other = bytes(32).hex()
    for changed in (
        edit(text, "seed: ", f"seed: {other}"),
        edit(text, "commitment: ", f"commitment: {commitment(bytes(32), t.game_id)}"),
        edit(text, "game: ", 'game: "game-0"'),
    ):
        message = failed(tmp_path, capsys, changed)
        assert message.startswith("the commitment ")
        assert "does not match the seed and game id" in message


def test_another_seed_committed_afresh_gives_other_dice(
    honest: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = replace(honest.transcript, seed=bytes(32), commitment=commitment(bytes(32), "game-x"))
    t = replace(t, game_id="game-x")
    message = failed(tmp_path, capsys, to_text(t))
    assert message.startswith("roll 1 (opening) is ") and ", the seed gives " in message


def test_a_changed_mix_gives_other_dice(
    honest: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    message = failed(tmp_path, capsys, edit(to_text(honest.transcript), "mix: ", 'mix: "tap-0"'))
    assert message.startswith("roll ") and ", the seed gives " in message


def test_a_changed_step_names_the_turn(
    honest: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = honest.transcript
    n = first_turn(t, Color.WHITE, 1)  # White's first turn is over: one checker off the head
    a, b = t.turns[n - 1].dice
    line = f"{n}. white {a}-{b}: 24/{24 - a} 24/{24 - b}"
    message = failed(tmp_path, capsys, edit(to_text(t), f"{n}. ", line))
    assert message.startswith(f"turn {n} (white {a}-{b}: 24/{24 - a} 24/{24 - b}) cannot be")
    assert "illegal move" in message


def test_a_changed_result_is_refused(
    honest: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = honest.transcript
    result = t.result
    assert result.winner is not None
    wrong = [
        replace(result, winner=result.winner.opponent),
        replace(result, kind=ResultKind.KOKS, points=3),
        replace(result, reason=EndReason.RESIGNED),
    ]
    for changed in wrong:
        message = failed(tmp_path, capsys, to_text(replace(t, result=changed)))
        assert message == (
            f"the game replays to {format_result(result)}; the record says {format_result(changed)}"
        )


def test_a_cut_short_record_is_refused(
    honest: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = honest.transcript
    short = replace(t, turns=t.turns[:-1])
    message = failed(tmp_path, capsys, to_text(short))
    assert message == (
        f"the game is not over after {len(short.turns)} turns, yet the record says"
        f" {format_result(t.result)}"
    )


def test_an_opening_that_breaks_rules_section_2_is_refused(honest: Played) -> None:
    t = honest.transcript
    tie, last = t.opening[0], t.opening[-1]
    cases = {
        "the higher die plays White": replace(t, white_player=1 - t.white_player),
        "ends on a tie": replace(t, opening=(tie,)),
        "is not a tie, yet the opening roll goes on": replace(t, opening=(last, last)),
        "the opening roll is missing": replace(t, opening=()),
    }
    for words, changed in cases.items():
        with pytest.raises(VerificationError, match=words):
            replay(changed)
    assert t.turns[0].dice != (max(last), min(last))  # White rolled afresh (§2 reroll)
    with pytest.raises(VerificationError, match="under opening = play_opening_roll"):
        replay(replace(t, rules=PLAY_OPENING))


def test_turns_out_of_order_are_refused(honest: Played) -> None:
    t = honest.transcript
    swapped = (t.turns[1], t.turns[0], *t.turns[2:])
    with pytest.raises(VerificationError, match="turn 1 is black's, but white is to move"):
        replay(replace(t, turns=swapped))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "line 1: the transcript ends too early"),
        ("nardy game record v2\n", "starts with"),
        ("nardy game record v1\n", "ends too early"),
        ("nardy game record v1\ngame: g-1\n", "line 2: game must be a JSON string"),
        ('nardy game record v1\ngame: "g\\u0000"\n', "without NUL"),
        ('nardy game record v1\nplayer: "x"\n', "line 2: expected 'game: …'"),
    ],
)
def test_malformed_records_name_the_line(text: str, words: str) -> None:
    with pytest.raises(TranscriptError, match=words):
        parse(text)


def test_malformed_fields_are_one_failed_line(
    honest: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = to_text(honest.transcript)
    cases = {
        edit(text, "rules: ", 'rules: {"colour": 1}'): "line 5: rules: unknown option(s): colour",
        edit(text, "opening: ", "opening: white 3 white 4"): "line 6: 'white 3 white 4'",
        edit(text, "1. ", "2. white 6-5: 24/18 18/13"): "line 7: turn 2 where turn 1 was due",
        edit(text, "2. ", "2. black 6-5: 24/20"): "line 8: '24/20' cannot be played",
        edit(text, "3. ", "3. white 6-5: "): "line 9: expected 'result: …'",
        edit(text, "result: ", "result: white wins, mars, 1 points, borne_off"): "is not a result",
        edit(text, "result: ", "result: white won"): "is not a result",
        edit(text, "seed: ", "seed: 00"): "seed must be 64 lower-case hex digits",
        text + "extra\n": "nothing may follow the seed",
    }
    for changed, words in cases.items():
        assert words in failed(tmp_path, capsys, changed)
    path = tmp_path / "latin1.txt"
    path.write_bytes(text.replace("Алиса", "Alice").encode() + b"\xff")
    assert main(["verify", str(path)]) == 1
    assert capsys.readouterr().out == "FAILED: the record is not UTF-8 text\n"


def test_whitespace_after_the_seed_is_no_part_of_the_record(
    honest: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record kept with a blank line or spaces at its end, or Windows line breaks, is the
    same record; a word after the seed, even after a blank line, is still refused."""
    text = to_text(honest.transcript)
    for kept in (text + "\n", text + "\n\n  \n", text.rstrip("\n"), text.replace("\n", "\r\n")):
        status, line = run_verify(tmp_path, kept, capsys)
        assert status == 0 and line.startswith("OK: "), (kept[-20:], line)
    status, line = run_verify(tmp_path, text + "\nextra\n", capsys)
    assert status == 1 and "nothing may follow the seed" in line


def test_random_damage_never_gives_a_traceback(
    honest: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Any character changed, line dropped or doubled: one OK or FAILED line, status 0 or 1;
    the dice, the commitment and the game are bound, so only the names may change unnoticed."""
    text = to_text(honest.transcript)
    rng = random.Random(5)
    for _ in range(150):
        lines = text.split("\n")[:-1]
        i = rng.randrange(len(lines))
        kind = rng.randrange(3)
        if kind == 0:
            j = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:j] + rng.choice('0123456789abcdef /-:,."{}x') + lines[i][j + 1 :]
        elif kind == 1:
            del lines[i]
        else:
            lines.insert(i, lines[i])
        damaged = "\n".join(lines) + "\n"
        status, line = run_verify(tmp_path, damaged, capsys)
        if status == 0:
            assert line.startswith("OK: ")
            back = parse(damaged)
            assert replace(back, players=NAMES, rules=replace(back.rules, match_length=1)) == (
                honest.transcript
            )
        else:
            assert status == 1 and line.startswith("FAILED: ")


def test_hints_are_noted_before_the_result_and_read_back(honest: Played) -> None:
    t = replace(honest.transcript, hints=(2, 0))
    text = to_text(t)
    lines = text.splitlines()
    assert lines[lines.index(next(x for x in lines if x.startswith("result: "))) - 1] == (
        "hints: white 2"
    )
    assert parse(text) == t
    verify(parse(text))  # hints change no roll and no turn
    assert "hints" not in to_text(honest.transcript)  # none asked for: no line
    both = replace(t, hints=(1, 3))
    assert "hints: white 1, black 3\n" in to_text(both) and parse(to_text(both)) == both


@pytest.mark.parametrize("line", ["hints: white 0", "hints: white 1, white 2", "hints: red 1"])
def test_a_malformed_hints_line_is_refused(honest: Played, line: str) -> None:
    text = edit(to_text(honest.transcript), "result: ", f"{line}\nresult: ")
    with pytest.raises(TranscriptError, match="hints"):
        parse(text)


def test_a_game_of_a_match_says_which_game_and_the_score_and_the_day(honest: Played) -> None:
    """A record of game 3 of a match to 5 (RULES.md §7): the match's length in its rules, the
    game's number and the score before it by this game's colours, and the day it ended; all
    read back, and the dice still verify (none of it changes a roll)."""
    played = honest
    t = from_game(
        played.game,
        played.opening,
        NAMES,
        game_id=played.transcript.game_id,
        seed=played.dice.seed,
        mix=played.transcript.mix,
        date="2026-12-05",
        match=(5, MatchPlace(3, (1, 4))),
    )
    lines = to_text(t).splitlines()
    assert lines[1:3] == [f'game: "{t.game_id}"', "date: 2026-12-05"]
    assert lines[5].endswith('"match_length": 5}')
    assert lines[6] == "match: game 3, white 1, black 4"
    assert lines[7].startswith("opening: ")
    assert parse(to_text(t)) == t and t.rules.match_length == 5
    assert verify(parse(to_text(t))).rolls == verify(played.transcript).rolls
    assert "date: " not in to_text(played.transcript)  # a record made without it has no line


@pytest.mark.parametrize(
    ("prefix", "line", "words"),
    [
        ("date: ", "date: 2026-13-01", "'2026-13-01' is not a day like 2026-12-05"),
        ("date: ", "date: 05.12.2026", "'05.12.2026' is not a day"),
        ("date: ", "date: 20261205", "'20261205' is not a day"),
        ("match: ", "match: game 3, white 5, black 0", "5 had already won the match to 5"),
        ("match: ", "match: game 0, white 1, black 0", "is not like 'game 2, white 1, black 0'"),
        ("match: ", "opening: black 1 white 2", "line 7: expected 'match: …'"),
        ("rules: ", 'rules: {"match_length": 1}', "line 7: expected 'opening: …'"),
    ],
)
def test_a_malformed_date_or_match_line_is_refused(
    honest: Played, prefix: str, line: str, words: str
) -> None:
    t = replace(
        honest.transcript,
        rules=replace(honest.transcript.rules, match_length=5),
        date="2026-12-05",
        match=MatchPlace(3, (1, 4)),
    )
    text = to_text(t)
    if line.startswith("opening: "):  # the match line left out
        text = text.replace("match: game 3, white 1, black 4\n", "")
    else:
        text = edit(text, prefix, line)
    with pytest.raises(TranscriptError, match=re.escape(words)):
        parse(text)
