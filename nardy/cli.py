"""Argument parsing for `python -m nardy`."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from nardy import cli_legal, transcript
from nardy.rules import Rules
from nardy.selfplay import play_random_games, seeded_sources


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
    args = parser.parse_args(argv)
    if args.command == "legal":
        return cli_legal.run(sys.stdin.buffer, sys.stdout)
    if args.command == "verify":
        return verify_record(args.record)
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


def verify_record(path: str) -> int:
    """`verify`: one line, `OK: …` (status 0) or `FAILED: …` (1); 2 when the file is unreadable."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        print(f"python -m nardy verify: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        record = transcript.parse(data.decode())
        checked = transcript.verify(record)
    except UnicodeDecodeError:
        print("FAILED: the record is not UTF-8 text")
        return 1
    except (transcript.TranscriptError, transcript.VerificationError) as exc:
        print(f"FAILED: {exc}")
        return 1
    print(
        f"OK: {checked.rolls} rolls verified, commitment matches,"
        f" game replays to {transcript.format_result(record.result)}"
    )
    return 0
