"""Command line: `python -m nardy legal` (RULES.md §11) and `python -m nardy selfplay N`."""

from __future__ import annotations

import sys

from nardy.cli import main

sys.exit(main(sys.argv[1:]))
