"""Argument parsing for `python -m nardy`."""

from __future__ import annotations

import argparse
import sys

from nardy import cli_legal


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m nardy", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("legal", help="answer JSON Lines cases on stdin with legal turns (RULES.md §11)")
    args = parser.parse_args(argv)
    if args.command == "legal":
        return cli_legal.run(sys.stdin, sys.stdout)
    return 2
