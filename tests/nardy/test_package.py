"""What the `nardy` package promises about itself: its dependencies, its command lines, its
typing marker, and the roll's spoken form."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import nardy
from nardy import format_dice

ROOT = Path(__file__).resolve().parents[2]


def test_a_roll_reads_higher_die_first() -> None:
    assert format_dice((6, 5)) == "6-5"
    assert format_dice((2, 6)) == "6-2"
    assert format_dice((3, 3)) == "3-3"
    assert nardy.format_dice is format_dice


@pytest.mark.parametrize("dice", [(0, 3), (7, 1), (1,), (1, 2, 3), (2.0, 1)])
def test_a_roll_that_is_no_roll_is_refused(dice: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match="two dice from 1 to 6"):
        format_dice(dice)


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """`python args` in `cwd`, with the project importable from there."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def test_the_core_imports_nothing_outside_the_standard_library(tmp_path: Path) -> None:
    core = sorted(
        f"nardy.{path.stem}"
        for path in (ROOT / "nardy").glob("*.py")
        if path.stem not in ("__init__", "__main__")
    )
    code = (
        "import importlib, sys\n"
        "before = set(sys.modules)\n"
        f"for name in {core!r}: importlib.import_module(name)\n"
        "roots = {name.partition('.')[0] for name in set(sys.modules) - before}\n"
        "print(sorted(roots - set(sys.stdlib_module_names) - {'nardy'}))\n"
    )
    done = _run(["-S", "-c", code], tmp_path)  # -S: no site-packages to import from at all
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def entry_points() -> list[str]:
    """Every module of nardy/ and renderer/ that runs as `python -m`: a package's
    `__main__.py`, or a module with an `if __name__ == "__main__"` block."""
    found = []
    for package in ("nardy", "renderer"):
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if path.name == "__main__.py":
                found.append(".".join(parts[:-1]))
            elif '__name__ == "__main__"' in path.read_text(encoding="utf-8"):
                found.append(".".join(parts))
    return found


def test_the_known_entry_points_are_found() -> None:
    assert {"nardy", "nardy.ai", "renderer"} <= set(entry_points())


@pytest.mark.parametrize("module", entry_points())
def test_an_entry_points_help_warns_of_nothing_and_writes_no_file(
    module: str, tmp_path: Path
) -> None:
    done = _run(["-W", "error", "-m", module, "--help"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:") and not done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("table", ["bearoff", "race"])
def test_a_tables_module_runs_as_its_command_and_warns_of_nothing(
    table: str, tmp_path: Path
) -> None:
    """`python -m nardy.ai.bearoff` is `python -m nardy.ai bearoff`: the package imports none of
    its modules before one runs (runpy warned that it had, and the module did nothing)."""
    done = _run(["-m", f"nardy.ai.{table}", "--help"], tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith(f"usage: python -m nardy.ai {table} ")


@pytest.mark.parametrize("package", ["nardy", "renderer", "bot"])
def test_typed_packages_carry_the_py_typed_marker(package: str) -> None:
    assert (ROOT / package / "py.typed").is_file()
