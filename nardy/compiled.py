"""Whether a C extension the install builds (setup.py) is to be used: each is a faster twin of
pure Python code kept as its reference, and serves only when built from its source as it is."""

from __future__ import annotations

import logging
import os
from hashlib import sha256
from pathlib import Path

PURE_PYTHON = os.environ.get("NARDY_PURE_PYTHON") == "1"  # switches every extension off


def current(built_from: str, source: Path) -> bool:
    """Use an extension built from `source`, whose SHA-256 it reports as `built_from`? Not when
    NARDY_PURE_PYTHON=1, nor when the source at hand has changed since (one log line says to
    rebuild); an installed wheel that ships no source is taken as built from it."""
    if PURE_PYTHON:
        return False
    if source.exists() and sha256(source.read_bytes()).hexdigest() != built_from:
        logging.getLogger(__name__).warning(
            "%s has changed since its compiled extension was built: the pure Python code is"
            " used; reinstall the project (pip install -e .) to rebuild it",
            source.name,
        )
        return False
    return True
