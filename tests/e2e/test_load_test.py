"""The load test (`tools.load.test`) runs and checks: one worker, a private, an inline and a
group game for a few seconds; every move the players saw take effect is stored exactly once, and
the script says so (exit 0). The faults are left to the script's own runs (a worker's restart
alone takes many seconds)."""

from __future__ import annotations

import subprocess
import sys

from tests.e2e.helpers import ROOT


def test_a_short_load_test_finds_every_move_once() -> None:
    command = [sys.executable, "-m", "tools.load.test", "--workers", "1", "--games", "3"]
    command += ["--duration", "4", "--think", "0.1", "--mix", "1:1:1"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "problems: 0" in run.stdout
    moves = int(run.stdout.split("move taps that took effect: ")[1].split(";")[0])
    assert moves > 0, run.stdout
