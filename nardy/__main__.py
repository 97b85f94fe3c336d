"""Command line: `python -m nardy legal` (RULES.md §11), `python -m nardy selfplay N`,
`python -m nardy verify RECORD` (a game transcript with provably fair dice) and
`python -m nardy analyse RECORD` (its review by the Expert)."""

from __future__ import annotations

import sys

from nardy.cli import main

sys.exit(main(sys.argv[1:]))
