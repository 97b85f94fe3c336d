"""Argument parsing for `python -m nardy`."""

from __future__ import annotations

import argparse
import json
import sys
import time

from nardy import cli_legal
from nardy.rules import Rules
from nardy.selfplay import play_random_games, seeded_sources


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nardy", description="The long-nardy rules core from the command line."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("legal", help="answer JSON Lines cases on stdin with legal turns (RULES.md §11)")
    selfplay = sub.add_parser("selfplay", help="play N random games and print a summary")
    selfplay.add_argument("n", type=int, help="number of games")
    selfplay.add_argument("--seed", type=int, default=None, help="seed for dice and choices")
    selfplay.add_argument("--options", default="{}", help="rules options as JSON (RULES.md §11)")
    args = parser.parse_args(argv)
    if args.command == "legal":
        return cli_legal.run(sys.stdin.buffer, sys.stdout)
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
