"""Whether a C extension the install builds (setup.py) is to be used: each is a faster twin of
pure Python code kept as its reference, and serves only when built from its source as it is."""

from __future__ import annotations

import importlib
import logging
import os
from collections.abc import Callable
from hashlib import sha256
from pathlib import Path
from typing import TypeVar

PURE_PYTHON = os.environ.get("NARDY_PURE_PYTHON") == "1"  # switches every extension off

T = TypeVar("T")


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


def load(name: str, take: Callable[[], T]) -> T | None:
    """What `take` gives of the extension `name` (say "nardy._movegen", built from
    nardy/_movegen.c) where it is built and `current`, else None and the pure Python code serves.
    `take` imports the extension itself, so that its types are checked; a `TypeError` from it
    (the classes it binds changed shape since the build) is logged and refused too."""
    try:
        module = importlib.import_module(name)
    except ImportError:
        return None
    package, _, leaf = name.rpartition(".")
    source = Path(importlib.import_module(package).__path__[0], f"{leaf}.c")
    if not current(module.SOURCE_SHA256, source):
        return None
    try:
        return take()
    except TypeError as error:  # rebuild the extension
        logging.getLogger(__name__).warning("%s is not used: %s", name, error)
        return None
