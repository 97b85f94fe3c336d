"""The compiled legal-turn search (nardy/_movegen.c); everything else is in pyproject.toml.

The extension is optional: without a C compiler the install goes on and `nardy.movegen` uses its
pure Python search. The source's SHA-256 is compiled in, so that a `.so` built from an older
source is detected and not used (`nardy.movegen`)."""

import hashlib
from pathlib import Path

from setuptools import Extension, setup

SOURCE = "nardy/_movegen.c"
digest = hashlib.sha256((Path(__file__).parent / SOURCE).read_bytes()).hexdigest()

setup(
    ext_modules=[
        Extension(
            "nardy._movegen",
            [SOURCE],
            define_macros=[("SOURCE_SHA256", f'"{digest}"')],
            optional=True,
        )
    ]
)
