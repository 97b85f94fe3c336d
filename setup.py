"""The compiled twins of four hot paths (everything else is in pyproject.toml): the legal-turn
searches of long and short nardy (nardy/_movegen.c, nardy/short/_movegen.c) and their networks'
inputs (nardy/ai/_inputs.c, nardy/short/ai/_inputs.c).

Each is optional: without a C compiler the install goes on and the pure Python code serves.
Each source's SHA-256 is compiled in, so that a `.so` built from an older source is detected and
not used (`nardy.compiled`)."""

import hashlib
from pathlib import Path

from setuptools import Extension, setup


def extension(name: str, source: str) -> Extension:
    digest = hashlib.sha256((Path(__file__).parent / source).read_bytes()).hexdigest()
    return Extension(
        name, [source], define_macros=[("SOURCE_SHA256", f'"{digest}"')], optional=True
    )


setup(
    ext_modules=[
        extension("nardy._movegen", "nardy/_movegen.c"),
        extension("nardy.short._movegen", "nardy/short/_movegen.c"),
        extension("nardy.ai._inputs", "nardy/ai/_inputs.c"),
        extension("nardy.short.ai._inputs", "nardy/short/ai/_inputs.c"),
    ]
)
