"""`python -m nardy.ai`: the AI's command line (`nardy.ai.cli`)."""

from __future__ import annotations

import sys

from nardy.ai.cli import main

sys.exit(main(sys.argv[1:]))
