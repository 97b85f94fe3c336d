"""`nardy.compiled.load`, which decides for all four extensions whether the compiled twin or
the pure Python code serves: on a stand-in extension (a plain module with a `.c` beside it, and
a header it includes), and on the real builds with their sources or shared header (nardy/_glue.h)
edited after the build."""

from __future__ import annotations

import importlib
import logging
import os
import shutil
import subprocess
import sys
from hashlib import sha256
from pathlib import Path

import pytest

import nardy
from nardy import compiled
from tests.nardy.compiled_search import skip_if_pure

SOURCE = "/* the stand-in extension's source */\n"
HEADER = "/* the stand-in extension's header */\n"
INCLUDING = SOURCE + '#include "include/_ext.h"\n'


@pytest.fixture
def stand_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A package `built` whose module `_ext` says it was built from `_ext.c` as it is now."""
    package = tmp_path / "built"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "_ext.c").write_text(SOURCE)
    digest = sha256(SOURCE.encode()).hexdigest()
    (package / "_ext.py").write_text(f"SOURCE_SHA256 = {digest!r}\nVALUE = 42\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(compiled, "PURE_PYTHON", False)
    for name in ("built", "built._ext"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return package


@pytest.fixture
def stand_in_with_header(stand_in: Path) -> Path:
    """The stand-in built from an `_ext.c` that includes `include/_ext.h`: its digest covers
    both, the .c followed by the header (as setup.py computes it)."""
    (stand_in / "_ext.c").write_text(INCLUDING)
    (stand_in / "include").mkdir()
    (stand_in / "include" / "_ext.h").write_text(HEADER)
    digest = sha256((INCLUDING + HEADER).encode()).hexdigest()
    (stand_in / "_ext.py").write_text(f"SOURCE_SHA256 = {digest!r}\nVALUE = 42\n")
    return stand_in


def take() -> int:
    from built import _ext  # type: ignore[import-not-found]

    value: int = _ext.VALUE
    return value


def test_a_current_build_serves(stand_in: Path) -> None:
    assert compiled.load("built._ext", take) == 42


def test_a_build_that_ships_no_source_serves(stand_in: Path) -> None:
    """An installed wheel carries the `.so` without its `.c`."""
    (stand_in / "_ext.c").unlink()
    assert compiled.load("built._ext", take) == 42


def test_a_missing_build_leaves_the_pure_code(stand_in: Path) -> None:
    (stand_in / "_ext.py").unlink()
    assert compiled.load("built._ext", take) is None


def test_a_stale_build_is_refused_with_one_log_line(
    stand_in: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (stand_in / "_ext.c").write_text(SOURCE + "/* edited after the build */\n")
    with caplog.at_level(logging.WARNING, logger="nardy.compiled"):
        assert compiled.load("built._ext", take) is None
    assert [r.getMessage().split(":")[0] for r in caplog.records] == [
        "_ext.c has changed since its compiled extension was built"
    ]


def test_a_current_build_with_a_header_serves(stand_in_with_header: Path) -> None:
    assert compiled.headers(stand_in_with_header / "_ext.c") == [
        stand_in_with_header / "include" / "_ext.h"
    ]
    assert compiled.load("built._ext", take) == 42


@pytest.mark.parametrize("edited", ["_ext.c", "include/_ext.h"])
def test_a_build_whose_source_or_header_changed_is_refused_with_one_log_line(
    stand_in_with_header: Path, edited: str, caplog: pytest.LogCaptureFixture
) -> None:
    path = stand_in_with_header / edited
    path.write_text(path.read_text() + "/* edited after the build */\n")
    with caplog.at_level(logging.WARNING, logger="nardy.compiled"):
        assert compiled.load("built._ext", take) is None
    assert [r.getMessage().split(":")[0] for r in caplog.records] == [
        "_ext.c or _ext.h has changed since its compiled extension was built"
    ]


def test_a_build_refusing_the_classes_it_binds_is_refused(
    stand_in: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """`bind` raises TypeError when Position or Turn changed shape since the build."""

    def bind() -> int:
        raise TypeError("Position has changed shape")

    with caplog.at_level(logging.WARNING, logger="nardy.compiled"):
        assert compiled.load("built._ext", bind) is None
    assert [r.getMessage() for r in caplog.records] == [
        "built._ext is not used: Position has changed shape"
    ]


def test_nardy_pure_python_switches_a_current_build_off(
    stand_in: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compiled, "PURE_PYTHON", True)
    assert compiled.load("built._ext", take) is None


EXTENSIONS = [
    ("_movegen.c", "nardy._movegen", "nardy.movegen"),
    ("short/_movegen.c", "nardy.short._movegen", "nardy.short.movegen"),
    ("ai/_inputs.c", "nardy.ai._inputs", "nardy.ai.network"),
    ("short/ai/_inputs.c", "nardy.short.ai._inputs", "nardy.short.ai.network"),
]


@skip_if_pure
@pytest.mark.parametrize(("source", "extension"), [case[:2] for case in EXTENSIONS])
def test_the_builds_report_the_digest_of_their_source_and_header(
    source: str, extension: str
) -> None:
    """What setup.py compiled in is `source_digest` of the .c and nardy/_glue.h as they are."""
    path = Path(nardy.__file__).parent / source
    assert compiled.headers(path) == [Path(nardy.__file__).parent / "_glue.h"]
    built = importlib.import_module(extension)
    assert compiled.source_digest(path) == built.SOURCE_SHA256


@skip_if_pure
@pytest.mark.parametrize(
    ("source", "module", "edited"),
    [
        (source, module, edited)
        for source, _, module in EXTENSIONS
        for edited in (source, "_glue.h")
    ],
)
def test_a_stale_build_is_not_used(tmp_path: Path, source: str, module: str, edited: str) -> None:
    """A `.so` built from another version of its `.c` or of the header it includes is refused
    with one log line, and the pure Python code serves: a copy of the package, built as
    installed, with the source or the header edited."""
    copy = tmp_path / "nardy"
    shutil.copytree(Path(nardy.__file__).parent, copy, ignore=shutil.ignore_patterns("data"))
    changed = copy / edited
    changed.write_text(changed.read_text() + "/* edited after the build */\n")
    run = subprocess.run(
        [sys.executable, "-c", f"import {module} as m; print(m._COMPILED)"],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert run.stdout.strip() == "None"
    assert f"{Path(source).name} or _glue.h has changed since" in run.stderr
    assert "Traceback" not in run.stderr
