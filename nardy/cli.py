"""Argument parsing for `python -m nardy`."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from nardy import cli_legal, transcript
from nardy.color import Color
from nardy.rules import Rules
from nardy.selfplay import play_random_games, seeded_sources
from nardy.variants import board_variant

if TYPE_CHECKING:
    from nardy.ai.analysis import CubeReview, Review, TurnReview


def main(argv: list[str]) -> int:
    """Run the subcommand `argv` names; its exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m nardy", description="The long-nardy rules core from the command line."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser(
        "legal",
        help="answer JSON Lines cases on stdin with legal turns (RULES.md §11; a case with"
        ' "variant": "short" is short nardy, §9)',
    )
    selfplay = sub.add_parser("selfplay", help="play N random games and print a summary")
    selfplay.add_argument("n", type=int, help="number of games")
    selfplay.add_argument("--seed", type=int, default=None, help="seed for dice and choices")
    selfplay.add_argument("--options", default="{}", help="rules options as JSON (RULES.md §11)")
    verify = sub.add_parser("verify", help="check a game transcript's commitment, dice and turns")
    verify.add_argument("record", help="the transcript file, or - for stdin")
    analyse = sub.add_parser(
        "analyse",
        help="review a game transcript with the Expert, turn by turn (and the cube's decisions)",
    )
    analyse.add_argument("record", help="the transcript file, or - for stdin")
    args = parser.parse_args(argv)
    if args.command == "legal":
        return cli_legal.run(sys.stdin.buffer, sys.stdout)
    if args.command == "verify":
        return verify_record(args.record)
    if args.command == "analyse":
        return analyse_record(args.record)
    try:
        rules = Rules.from_dict(json.loads(args.options))
    except ValueError as exc:  # bad JSON or a RulesError
        parser.error(f"--options: {exc}")
    start = time.perf_counter()
    dice, choices = seeded_sources(args.seed)
    summary = play_random_games(args.n, dice, choices, rules)
    elapsed = time.perf_counter() - start
    kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(summary.results.items()))
    print(f"games: {summary.games}")
    print(f"average turns: {summary.average_turns:.1f} (passes: {summary.passes})")
    print(f"results: {kinds}")
    print(f"speed: {summary.games / elapsed:.1f} games/s")
    return 0


def _read(command: str, path: str) -> str | int:
    """The text of the record at `path` (- for stdin); else the exit status, said why: 2 when
    the file is unreadable, 1 when it is not text."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        print(
            f"python -m nardy {command}: cannot read {path}: {exc.strerror or exc}", file=sys.stderr
        )
        return 2
    try:
        return data.decode()
    except UnicodeDecodeError:
        print("FAILED: the record is not UTF-8 text")
        return 1


def verify_record(path: str) -> int:
    """`verify`: one line, `OK: …` (status 0) or `FAILED: …` (1); 2 when the file is unreadable."""
    text = _read("verify", path)
    if isinstance(text, int):
        return text
    try:
        record = transcript.parse(text)
        checked = transcript.verify(record)
    except (transcript.TranscriptError, transcript.VerificationError) as exc:
        print(f"FAILED: {exc}")
        return 1
    print(
        f"OK: {checked.rolls} rolls verified, commitment matches,"
        f" game replays to {transcript.format_result(record.result)}"
    )
    return 0


def analyse_record(path: str) -> int:
    """`analyse`: each side's error rate, verdicts and luck, its worst turns, and the CPU the
    review took (status 0); `FAILED: …` (1) for a record that cannot be reviewed, 2 when the
    file is unreadable."""
    from nardy.ai.analysis import AnalysisError, analyse  # the AI's numpy only when asked

    text = _read("analyse", path)
    if isinstance(text, int):
        return text
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        record = transcript.parse(text)
        review = analyse(record)
    except (transcript.TranscriptError, AnalysisError) as exc:
        print(f"FAILED: {exc}")
        return 1
    for line in review_lines(record, review):
        print(line)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"analysed {len(record.turns)} turns: CPU {cpu:.1f} s, wall {wall:.1f} s")
    return 0


def review_lines(record: transcript.Transcript, review: Review) -> list[str]:
    """The review as `analyse` prints it: a line per side, then each side's worst decisions
    and its cube errors (`Review.told`)."""
    lines = []
    for color in Color:
        counts = review.counts(color)
        classes = ", ".join(f"{n} {verdict.value}" for verdict, n in counts.items())
        lines.append(
            f"{color.label} ({record.players[color]}): error rate"
            f" {review.error_rate(color):.1f} over {len(review.decisions(color))} decisions"
            f" ({classes}); luck {review.luck[color]:+.2f} over {review.rolls[color]} rolls"
        )
    for color in Color:
        for turn in review.told(color):
            lines.append(_turn_line(turn))
    return lines


def _turn_line(turn: TurnReview | CubeReview) -> str:
    from nardy.ai.analysis import CubeReview

    if isinstance(turn, CubeReview):
        return (
            f"before turn {turn.number}, {turn.color.label}, cube at {turn.value}:"
            f" {turn.played.value} ({turn.played_equity:+.3f}), best {turn.best.value}"
            f" ({turn.best_equity:+.3f}): {turn.verdict.value}, {turn.lost:.3f} lost"
        )
    dice = f"{turn.dice[0]}-{turn.dice[1]}"
    played, best = (
        board_variant(turn.position).turn_text(turn.position, steps)
        for steps in (turn.played, turn.best)
    )
    return (
        f"turn {turn.number}, {turn.color.label} {dice}: played {played}"
        f" ({turn.played_equity:+.3f}), best {best} ({turn.best_equity:+.3f}):"
        f" {turn.verdict.value}, {turn.lost:.3f} lost ({turn.plies}-ply)"
    )
