"""The set-up promised by the README: the lock files match pyproject.toml, and `scripts/test`,
`scripts/run` and `.ci/run` do what they say on a machine made of fakes.

The scripts run for real with bash, in a copy of the checkout under a temporary directory and
with a PATH holding only fakes (an old `python3`, an `apt-get` that "installs" fake interpreters
and records its arguments, a venv whose tools record theirs) plus the few coreutils the scripts
call: no network, no real install, and the checkout's own `.venv` is never touched.
"""

from __future__ import annotations

import json
import re
import shutil
import stat
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNTIME_LOCK = "requirements.lock"
DEV_LOCK = "requirements-dev.lock"
PYPROJECT = "long-nardy-bot (pyproject.toml)"

# ---------------------------------------------------------------------------------------------
# The lock files


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(requirements: list[str]) -> dict[str, str]:
    """pyproject requirements, each of which must be an exact `name==version` pin."""
    found = {}
    for requirement in requirements:
        match = re.fullmatch(r"([A-Za-z0-9._-]+)==([A-Za-z0-9.+!-]+)", requirement)
        assert match, f"{requirement!r} in pyproject.toml is not pinned to one version"
        found[canonical(match[1])] = match[2]
    return found


@dataclass
class Locked:
    version: str
    hashes: int
    via: set[str]


def read_lock(name: str) -> dict[str, Locked]:
    """Every package of a `uv pip compile --generate-hashes` file, with who asked for it."""
    packages: dict[str, Locked] = {}
    current: Locked | None = None
    for line in (ROOT / name).read_text().splitlines():
        if match := re.match(r"([A-Za-z0-9._-]+)==([^\s;\\]+)", line):
            current = packages[canonical(match[1])] = Locked(match[2], 0, set())
        elif current is not None and line.strip().startswith("--hash=sha256:"):
            current.hashes += 1
        elif current is not None and (match := re.match(r"\s+# (?:via |  )(.+)", line)):
            current.via.add(match[1])  # "# via a" or, one a line, "#   a"
    return packages


def project() -> dict[str, dict[str, str]]:
    table = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = pins(table["dependencies"])
    return {RUNTIME_LOCK: runtime, DEV_LOCK: runtime | pins(table["optional-dependencies"]["dev"])}


@pytest.mark.parametrize("lock", [RUNTIME_LOCK, DEV_LOCK])
def test_a_lock_holds_exactly_the_pyproject_pins(lock: str) -> None:
    wanted = project()[lock]
    packages = read_lock(lock)
    assert {name: packages[name].version for name in wanted if name in packages} == wanted
    direct = {name for name, package in packages.items() if PYPROJECT in package.via}
    assert direct == set(wanted), "regenerate the lock: see the command at its top"
    assert all(package.hashes for package in packages.values())


def test_the_locks_agree_on_every_shared_version() -> None:
    runtime, dev = read_lock(RUNTIME_LOCK), read_lock(DEV_LOCK)
    assert set(runtime) <= set(dev)
    assert {name: dev[name].version for name in runtime} == {
        name: package.version for name, package in runtime.items()
    }


@pytest.mark.parametrize("lock", [RUNTIME_LOCK, DEV_LOCK])
def test_a_lock_says_how_to_make_it_again(lock: str) -> None:
    command = (ROOT / lock).read_text().splitlines()[1]
    extra = " --extra dev" if lock == DEV_LOCK else ""
    assert command == (
        f"#    uv pip compile pyproject.toml{extra} --universal --python-version 3.11"
        f" --generate-hashes -o {lock}"
    )


# ---------------------------------------------------------------------------------------------
# The scripts, on a machine made of fakes


def script(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def fake_python(version: tuple[int, int], state: Path) -> str:
    """A Python of `version`: answers the scripts' version check and makes a venv whose tools
    record their arguments, when its venv support (`<name>-venv`) is installed."""
    return f"""#!{sys.executable}
import sys
from pathlib import Path

state = Path({str(state)!r})
name = Path(sys.argv[0]).name
args = sys.argv[1:]
if args[:1] == ["-c"]:  # sys.exit(sys.version_info < (3, 11))
    sys.exit({version} < (3, 11))
if args[:2] == ["-m", "venv"]:
    if not (state / f"{{name}}-venv").exists():
        sys.exit("ensurepip is not available")
    bin = Path(args[-1]) / "bin"
    bin.mkdir(parents=True)
    (bin.parent / "pyvenv.cfg").write_text(
        f"home = {{state / 'python' / 'bin'}}\\nversion = {version[0]}.{version[1]}.4\\n"
    )
    for tool in ("python", "pip", "mypy", "ruff"):
        (bin / tool).symlink_to(state / "tool")
    (state / "venv-made-by").write_text(name)
    sys.exit(0)
sys.exit(f"fake {{name}}: unexpected arguments {{args}}")
"""


def fake_tool(state: Path) -> str:
    """A venv tool: records its name and arguments; exits with $FAKE_EXIT_<name>, else 0."""
    return f"""#!{sys.executable}
import json, os, sys
from pathlib import Path

args = sys.argv[1:]
name = args[1] if Path(sys.argv[0]).name == "python" and args[:1] == ["-m"] else (
    Path(sys.argv[0]).name
)
with open({str(state / "tools.log")!r}, "a") as log:
    log.write(json.dumps([Path(sys.argv[0]).name, *args]) + "\\n")
sys.exit(int(os.environ.get(f"FAKE_EXIT_{{name}}", "0")))
"""


def fake_apt_get(state: Path, bin: Path) -> str:
    """Records its arguments; `install` puts a package's fake interpreter from the archive on
    PATH, and a `*-venv` package installs that interpreter's venv support."""
    return f"""#!{sys.executable}
import shutil, sys
from pathlib import Path

state, bin = Path({str(state)!r}), Path({str(bin)!r})
with open(state / "apt-get.log", "a") as log:
    log.write(" ".join(sys.argv[1:]) + "\\n")
if sys.argv[1] == "install":
    for package in (arg for arg in sys.argv[2:] if not arg.startswith("-")):
        if package.endswith("-venv"):
            (state / package).touch()
        elif (state / "archive" / package).exists():
            shutil.copy(state / "archive" / package, bin / package)
        else:
            sys.exit(f"E: Unable to locate package {{package}}")
"""


@dataclass
class Machine:
    """A copy of the checkout's scripts and lock inputs, and a PATH of fakes."""

    repo: Path
    bin: Path
    state: Path

    def python(self, name: str, version: tuple[int, int], *, venv: bool = True) -> None:
        """An interpreter on PATH (venv: with its venv support installed)."""
        script(self.bin / name, fake_python(version, self.state))
        if venv:
            (self.state / f"{name}-venv").touch()

    def in_archive(self, name: str, version: tuple[int, int]) -> None:
        """An interpreter apt-get can install."""
        script(self.state / "archive" / name, fake_python(version, self.state))

    def as_user(self) -> None:
        """Not root: `id -u` says 1000, and a `sudo` that records its command runs it."""
        script(self.bin / "id", "#!/bin/sh\necho 1000\n")
        script(self.bin / "sudo", f'#!/bin/sh\necho "$*" >>{self.state / "sudo.log"}\nexec "$@"\n')

    def run(self, *command: str, **env: str) -> subprocess.CompletedProcess[str]:
        bash = shutil.which("bash")
        assert bash is not None
        result = subprocess.run(
            [bash, *command],
            cwd=self.repo,
            env={"PATH": str(self.bin), "HOME": str(self.state), **env},
            capture_output=True,
            text=True,
            timeout=60,
        )
        return result

    def set_up(self, function: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
        """Sources scripts/test (its functions only) and calls one of them."""
        return self.run("-c", 'source scripts/test && "$@"', "bash", function, *args, **env)

    def log(self, name: str) -> list[str]:
        path = self.state / name
        return path.read_text().splitlines() if path.exists() else []

    def tools(self) -> list[list[str]]:
        return [json.loads(line) for line in self.log("tools.log")]

    def venv_made_by(self) -> str:
        return (self.state / "venv-made-by").read_text()

    def make_venv(self) -> None:
        """A ready .venv of a Python 3.11, as if made earlier."""
        bin = self.repo / ".venv" / "bin"
        bin.mkdir(parents=True)
        home = self.state / "python" / "bin"
        (bin.parent / "pyvenv.cfg").write_text(f"home = {home}\nversion = 3.11.4\n")
        for tool in ("python", "pip", "mypy", "ruff", "pip-audit"):
            (bin / tool).symlink_to(self.state / "tool")


@pytest.fixture
def machine(tmp_path: Path) -> Machine:
    repo, bin, state = tmp_path / "repo", tmp_path / "bin", tmp_path / "state"
    for directory in (repo / "scripts", repo / ".ci", bin, state / "archive"):
        directory.mkdir(parents=True)
    for name in (
        "scripts/test",
        "scripts/run",
        ".ci/run",
        "pyproject.toml",
        "setup.py",
        "nardy/compiled.py",
        "nardy/_glue.h",
        "nardy/_movegen.c",
        "nardy/ai/_inputs.c",
        RUNTIME_LOCK,
        DEV_LOCK,
    ):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, repo / name)
    for tool in ("bash", "cat", "dirname", "env", "sha256sum", "sed"):
        found = shutil.which(tool)
        assert found is not None, tool
        (bin / tool).symlink_to(found)
    script(bin / "id", "#!/bin/sh\necho 0\n")  # root, as in CI
    script(bin / "apt-get", fake_apt_get(state, bin))
    script(bin / "redis-server", "#!/bin/sh\n")
    script(bin / "cc", "#!/bin/sh\n")  # a C compiler, and the headers of every Python 3.11:
    headers = state / "python" / "include" / "python3.11"
    headers.mkdir(parents=True)
    (headers / "Python.h").touch()
    script(state / "tool", fake_tool(state))
    return Machine(repo, bin, state)


UPDATE = "update -qq"


def install(*packages: str) -> str:
    return " ".join(("install", "-y", "-qq", *packages))


@pytest.mark.parametrize(
    ("system", "expected_apt", "made_by"),
    [
        # Ubuntu 22.04: python3 is 3.10, so python3.11 and its venv support come from apt-get.
        ("3.10", [UPDATE, install("python3.11", "python3.11-venv")], "python3.11"),
        # Debian 12: python3 is 3.11 without venv support (python3-venv is a package of its own).
        ("3.11 without venv", [UPDATE, install("python3-venv")], "python3"),
        ("3.12", [], "python3"),
        # A minimal image with no Python, whose python3 is new enough...
        ("none, archive 3.11", [UPDATE, install("python3", "python3-venv")], "python3"),
        # ... or is not (a minimal Ubuntu 22.04).
        (
            "none, archive 3.10",
            [
                UPDATE,
                install("python3", "python3-venv"),
                UPDATE,
                install("python3.11", "python3.11-venv"),
            ],
            "python3.11",
        ),
    ],
)
def test_make_venv_finds_or_installs_python_311(
    machine: Machine, system: str, expected_apt: list[str], made_by: str
) -> None:
    machine.in_archive("python3.11", (3, 11))
    if system == "3.10":
        machine.python("python3", (3, 10))
    elif system == "3.11 without venv":
        machine.python("python3", (3, 11), venv=False)
    elif system == "3.12":
        machine.python("python3", (3, 12))
    else:
        machine.in_archive("python3", (3, 11) if system.endswith("3.11") else (3, 10))
    result = machine.set_up("make_venv")
    assert result.returncode == 0, result.stderr
    assert machine.log("apt-get.log") == expected_apt
    assert machine.venv_made_by() == made_by
    assert (machine.repo / ".venv" / "bin" / "pip").exists()


def test_not_root_installs_with_sudo(machine: Machine) -> None:
    machine.as_user()
    machine.python("python3", (3, 10))
    machine.in_archive("python3.11", (3, 11))
    result = machine.set_up("make_venv")
    assert result.returncode == 0, result.stderr
    assert machine.log("sudo.log") == [
        f"apt-get {UPDATE}",
        f"env DEBIAN_FRONTEND=noninteractive apt-get {install('python3.11', 'python3.11-venv')}",
    ]


def test_no_python_311_in_the_archive_stops_with_apt_gets_message(machine: Machine) -> None:
    machine.python("python3", (3, 10))  # and no python3.11 in the archive (Ubuntu 20.04)
    result = machine.set_up("make_venv")
    assert result.returncode != 0
    assert "Unable to locate package python3.11" in result.stderr
    assert not (machine.repo / ".venv").exists()


PIP = ["python", "-m", "pip", "install", "-q", "--disable-pip-version-check"]


def pip_installs(lock: str) -> list[list[str]]:
    return [[*PIP, "--require-hashes", "-r", lock], [*PIP, "--no-deps", "-e", "."]]


def test_install_project_installs_the_lock_again_only_after_a_change(machine: Machine) -> None:
    machine.make_venv()
    assert machine.set_up("install_project", DEV_LOCK).returncode == 0
    assert machine.tools() == pip_installs(DEV_LOCK)
    assert machine.set_up("install_project", DEV_LOCK).returncode == 0
    assert machine.tools() == pip_installs(DEV_LOCK)  # unchanged: nothing installed
    with open(machine.repo / DEV_LOCK, "a") as lock:
        lock.write("# changed\n")
    assert machine.set_up("install_project", DEV_LOCK).returncode == 0
    assert machine.tools() == pip_installs(DEV_LOCK) * 2
    with open(machine.repo / "pyproject.toml", "a") as pyproject:
        pyproject.write("# changed\n")
    assert machine.set_up("install_project", DEV_LOCK).returncode == 0
    assert machine.tools() == pip_installs(DEV_LOCK) * 3


@pytest.mark.parametrize("changed", ["_movegen.c", "ai/_inputs.c", "_glue.h", "compiled.py"])
def test_install_project_builds_again_after_a_c_source_or_header_changes(
    machine: Machine, changed: str
) -> None:
    """A C source, the header they include, or the code that computes their digests."""
    machine.make_venv()
    assert machine.set_up("install_project", DEV_LOCK).returncode == 0
    with open(machine.repo / "nardy" / changed, "a") as source:
        source.write("/* changed */\n" if changed.endswith((".c", ".h")) else "# changed\n")
    assert machine.set_up("install_project", DEV_LOCK).returncode == 0
    assert machine.tools() == pip_installs(DEV_LOCK) * 2
    assert machine.log("apt-get.log") == []  # compiler and headers were there


@pytest.mark.parametrize("missing", ["compiler", "headers"])
def test_install_project_installs_a_compiler_and_headers_when_missing(
    machine: Machine, missing: str
) -> None:
    machine.make_venv()
    if missing == "compiler":
        (machine.bin / "cc").unlink()
    else:
        (machine.state / "python" / "include" / "python3.11" / "Python.h").unlink()
    for package in ("gcc", "libc6-dev", "python3.11-dev"):
        (machine.state / "archive" / package).write_text("#!/bin/sh\n")
    result = machine.set_up("install_project", DEV_LOCK)
    assert result.returncode == 0, result.stderr
    assert machine.log("apt-get.log") == [UPDATE, install("gcc", "libc6-dev", "python3.11-dev")]
    assert machine.tools() == pip_installs(DEV_LOCK)


def test_a_failed_install_is_tried_again(machine: Machine) -> None:
    machine.make_venv()
    assert machine.set_up("install_project", DEV_LOCK, FAKE_EXIT_pip="1").returncode != 0
    assert machine.set_up("install_project", DEV_LOCK).returncode == 0
    assert machine.tools() == [pip_installs(DEV_LOCK)[0], *pip_installs(DEV_LOCK)]


def test_scripts_test_installs_the_dev_lock_then_runs_pytest(machine: Machine) -> None:
    machine.python("python3", (3, 11))
    result = machine.run("scripts/test", "-x", "tests/nardy", FAKE_EXIT_pytest="3")
    assert result.returncode == 3  # pytest's
    assert machine.tools() == [
        *pip_installs(DEV_LOCK),
        ["python", "-m", "pytest", "-x", "tests/nardy"],
    ]


def test_scripts_run_installs_the_runtime_lock_then_runs_the_bot(machine: Machine) -> None:
    machine.python("python3", (3, 11))
    result = machine.run("scripts/run", "--flag")
    assert result.returncode == 0, result.stderr
    assert machine.tools() == [*pip_installs(RUNTIME_LOCK), ["python", "-m", "bot", "--flag"]]


CHECKS = [
    ["mypy", "--strict", "nardy", "renderer", "bot", "testkit", "tests", "tools"],
    ["ruff", "check", "."],
    ["ruff", "format", "--check", "."],
    [
        "pip-audit",
        "--require-hashes",
        "--disable-pip",
        "--progress-spinner",
        "off",
        "-r",
        RUNTIME_LOCK,
        "-r",
        DEV_LOCK,
    ],
]


def test_ci_sets_up_then_type_checks_lints_and_tests(machine: Machine) -> None:
    machine.make_venv()
    result = machine.run(".ci/run", "-x")
    assert result.returncode == 0, result.stderr
    pytest_call = ["python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x"]
    assert machine.tools() == [*pip_installs(DEV_LOCK), *CHECKS, pytest_call]
    assert "CI:" not in result.stderr


@pytest.mark.parametrize(
    ("tool", "status", "line"),
    [
        ("mypy", "1", "CI: mypy --strict failed"),
        ("ruff", "1", "CI: ruff check failed"),
        ("pip-audit", "1", "CI: pip-audit failed"),
        ("pytest", "1", "CI: pytest failed (exit 1)"),
        ("pytest", "5", "CI: pytest collected no tests; that is a failure"),
    ],
)
def test_any_failed_check_fails_ci_with_one_line(
    machine: Machine, tool: str, status: str, line: str
) -> None:
    machine.make_venv()
    result = machine.run(".ci/run", **{f"FAKE_EXIT_{tool}": status})
    assert result.returncode == 1
    assert line in result.stderr.splitlines()
    assert len(machine.tools()) == 2 + len(CHECKS) + 1  # every check ran all the same


def test_ci_stops_when_the_set_up_fails(machine: Machine) -> None:
    machine.make_venv()
    result = machine.run(".ci/run", FAKE_EXIT_pip="1")
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == "CI: the set-up failed"
    assert len(machine.tools()) == 1  # the failed pip install only


# ---------------------------------------------------------------------------------------------
# The Docker files (not built here: they are read as text)


def test_docker_images_are_pinned_to_a_full_version() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    compose = (ROOT / "compose.yaml").read_text()
    images = re.findall(r"^FROM (\S+)", dockerfile, re.M)
    images += re.findall(r"^\s+image: (\S+)", compose, re.M)
    assert len(images) == 4  # two Python stages, Redis, the webhook profile's Caddy
    for image in images:
        assert re.fullmatch(r"[a-z0-9/._-]+:\d+\.\d+\.\d+-[a-z0-9.-]+", image), image


def test_the_image_installs_the_runtime_lock_and_is_health_checked() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert f"--require-hashes -r {RUNTIME_LOCK}\n" in dockerfile
    assert "--no-deps .\n" in dockerfile
    assert 'CMD ["python", "-m", "bot.runtime.health"]' in dockerfile
    assert (
        'test: ["CMD", "python", "-m", "bot.runtime.health"]' in (ROOT / "compose.yaml").read_text()
    )
