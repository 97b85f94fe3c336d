"""The load test (scripts/load_test.py) runs and checks: one worker, a private, an inline and a
group game for a few seconds, with a worker killed meanwhile; every move the players saw take
effect is stored exactly once, and the script says so (exit 0)."""

from __future__ import annotations

import subprocess
import sys

from tests.e2e.helpers import ROOT


def test_a_short_load_test_with_a_killed_worker_finds_every_move_once() -> None:
    command = [sys.executable, "scripts/load_test.py", "--workers", "2", "--games", "3"]
    command += ["--duration", "6", "--think", "0.1", "--mix", "1:1:1", "--faults", "kill-worker"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "problems: 0" in run.stdout
    assert "fault kill-worker" in run.stdout
    assert "the killed worker was ready again" in run.stdout
    moves = int(run.stdout.split("move taps that took effect: ")[1].split(";")[0])
    assert moves > 0, run.stdout
