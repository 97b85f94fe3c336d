"""Command line of the AI: `python -m nardy.ai bearoff [--out PATH]` rebuilds the bear-off
database. A module of its own, which the package never imports, so `-m` runs it only once."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from nardy.ai import bearoff


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nardy.ai", description="The AI's commands.")
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser(
        "bearoff", help="rebuild the exact one-sided bear-off database (about 15 s)"
    )
    build.add_argument(
        "--out",
        type=Path,
        default=bearoff.SOURCE_FILE,
        help=f"the .npz file to write (default: {bearoff.SOURCE_FILE})",
    )
    args = parser.parse_args(argv)
    start = time.process_time()
    bearoff.write(args.out)
    print(f"wrote {args.out} in {time.process_time() - start:.1f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
