"""The compiled twins of four hot paths (everything else is in pyproject.toml): the legal-turn
searches of long and short nardy (nardy/_movegen.c, nardy/short/_movegen.c) and their networks'
inputs (nardy/ai/_inputs.c, nardy/short/ai/_inputs.c), all four including the glue they share
(nardy/_glue.h).

Each is optional: without a C compiler the install goes on and the pure Python code serves.
Each source's SHA-256, taken over the .c and the headers it includes, is compiled in, so that a
`.so` built from an older source or header is detected and not used (`nardy.compiled`)."""

import importlib.util
from pathlib import Path

from setuptools import Extension, setup

ROOT = Path(__file__).resolve().parent

# nardy/compiled.py by its path, not as part of the package (whose __init__ the build need not
# import): the digest is computed by the very code that checks it at import.
_spec = importlib.util.spec_from_file_location("_nardy_compiled", ROOT / "nardy" / "compiled.py")
assert _spec and _spec.loader
compiled = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compiled)


def extension(name: str, source: str) -> Extension:
    path = ROOT / source
    return Extension(
        name,
        [source],
        # a changed header rebuilds the extension (setuptools compares the times) and ships
        # in the sdist
        depends=[header.relative_to(ROOT).as_posix() for header in compiled.headers(path)],
        define_macros=[("SOURCE_SHA256", f'"{compiled.source_digest(path)}"')],
        optional=True,
    )


setup(
    ext_modules=[
        extension("nardy._movegen", "nardy/_movegen.c"),
        extension("nardy.short._movegen", "nardy/short/_movegen.c"),
        extension("nardy.ai._inputs", "nardy/ai/_inputs.c"),
        extension("nardy.short.ai._inputs", "nardy/short/ai/_inputs.c"),
    ]
)
