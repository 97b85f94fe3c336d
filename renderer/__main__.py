"""Command line: `python -m renderer demo OUT_DIR` writes the sample gallery."""

from __future__ import annotations

import argparse
from pathlib import Path

from renderer.demo import write_gallery


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m renderer", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="write a gallery of sample boards as JPEG files")
    demo.add_argument("out_dir", type=Path)
    args = parser.parse_args(argv)
    for path in write_gallery(args.out_dir):
        print(path)


if __name__ == "__main__":
    main()
