"""Whether a C extension the install builds (setup.py) is to be used: each is a faster twin of
pure Python code kept as its reference, and serves only when built from its source as it is."""

from __future__ import annotations

import importlib
import logging
import os
import re
from collections.abc import Callable
from hashlib import sha256
from pathlib import Path
from typing import TypeVar

PURE_PYTHON = os.environ.get("NARDY_PURE_PYTHON") == "1"  # switches every extension off

T = TypeVar("T")

_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.MULTILINE)


def headers(source: Path) -> list[Path]:
    """The headers the C file `source` includes by a quoted path (`#include "../_glue.h"`), and
    those they include in turn: each once, in the order first included, as paths beside it
    (normalised, not resolved: setup.py names them relative to itself)."""
    found: list[Path] = []

    def visit(path: Path) -> None:
        if not path.exists():
            return
        for name in _INCLUDE.findall(path.read_bytes()):
            header = Path(os.path.normpath(path.parent / name.decode()))
            if header not in found:
                found.append(header)
                visit(header)

    visit(source)
    return found


def source_digest(source: Path) -> str:
    """The SHA-256 of the C file `source` followed by the headers it includes (`headers`): what
    setup.py compiles into its extension as SOURCE_SHA256, so that a change to either makes the
    build stale. A header that is missing adds nothing (the digest then differs)."""
    digest = sha256(source.read_bytes())
    for header in headers(source):
        if header.exists():
            digest.update(header.read_bytes())
    return digest.hexdigest()


def current(built_from: str, source: Path) -> bool:
    """Use an extension built from `source`, whose `source_digest` it reports as `built_from`?
    Not when NARDY_PURE_PYTHON=1, nor when the source or a header it includes has changed since
    (one log line says to rebuild); an installed wheel that ships no source is taken as built
    from it."""
    if PURE_PYTHON:
        return False
    if source.exists() and source_digest(source) != built_from:
        logging.getLogger(__name__).warning(
            "%s has changed since its compiled extension was built: the pure Python code is"
            " used; reinstall the project (pip install -e .) to rebuild it",
            " or ".join(path.name for path in [source, *headers(source)]),
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
