"""Command line of the AI: `python -m nardy.ai bearoff [--out PATH]` rebuilds the one-sided
bear-off database, `python -m nardy.ai race [--out PATH]` the two-sided race table (each also
runs as its own module: `python -m nardy.ai.bearoff`, `python -m nardy.ai.race`)."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from nardy.ai import bearoff, race


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nardy.ai", description="The AI's commands.")
    commands = parser.add_subparsers(dest="command", required=True)
    tables = {
        "bearoff": (bearoff, "the exact one-sided bear-off database (about 15 s)"),
        "race": (race, "the exact two-sided race table (about 15 s)"),
    }
    for name, (module, what) in tables.items():
        build = commands.add_parser(name, help=f"rebuild {what}")
        build.add_argument(
            "--out",
            type=Path,
            default=module.SOURCE_FILE,
            help=f"the .npz file to write (default: {module.SOURCE_FILE})",
        )
    args = parser.parse_args(argv)
    start = time.process_time()
    tables[args.command][0].write(args.out)
    print(f"wrote {args.out} in {time.process_time() - start:.1f} s CPU")
    return 0
