"""Issue 38's measure: one bot worker's CPU per update as a ratio to the bare aiogram floor's
per tap, side by side in one run, at the same rate.

    python -m tools.load.ratio [--rounds 3] [--duration 30] [-- LOAD TEST ARGUMENTS]

Each round runs the load test with one worker (`tools.load.test --workers 1`, its arguments
after `--`: `--games 120 --think 0.5` for about 175 updates a second), then the floor
(`tools.load.floor`) at the rate the load test answered, right after; each as a process of its
own, as when run alone. Printed per round: the updates a second and the private boards' tap
latency p99 (the load test's), the bot's CPU per update (event loop, rendering thread, AI
process: the floor has no AI), the floor's per tap, their ratio; then the medians.
Alternating the two within minutes keeps the machine's state (caches, neighbours: this
machine's floor ranged 1.3–2.6 ms a tap over one day) out of the ratio as far as it can be.

Left out: what each tool leaves out (their docstrings); the floor's taps all edit private boards
with a picture uploaded, where the load test's players also play inline boards (the picture by
URL, fetched back from the worker) and group boards (paced by Telegram's limits).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from dataclasses import dataclass

from tools.clock import RunClock
from tools.load.test import ROOT

BOT = re.compile(
    r"([\d.]+) updates/s answered.*?([\d.]+) ms per update: event loop ([\d.]+) ms, "
    r"other threads \(rendering\) ([\d.]+) ms, AI process ([\d.]+) ms",
    re.DOTALL,
)
FLOOR = re.compile(r"worker CPU/tap\s+([\d.]+) ms")
PRIVATE = re.compile(r"private boards, \d+ taps: p50 [\d.]+ ms, p99 ([\d.]+) ms")


@dataclass(frozen=True)
class Round:
    rate: float  # updates a second the bot answered, and the floor was driven at
    bot: float  # the bot's worker CPU per update, ms: its event loop, rendering thread, AI process
    loop: float
    rendering: float
    ai: float
    floor: float  # the floor's worker CPU per tap, ms
    p99: float  # the bot's private boards' tap latency, ms (the goal: 100 ms at 150 a second)

    @property
    def ratio(self) -> float:
        return self.bot / self.floor


def _output(argv: list[str]) -> str:
    done = subprocess.run(
        [sys.executable, "-m", *argv], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return done.stdout


def one_round(duration: float, load_args: list[str]) -> Round:
    """The load test, then the floor at the rate it answered."""
    load = _output(["tools.load.test", "--workers", "1", "--duration", str(duration), *load_args])
    found = BOT.search(load)
    if found is None:
        sys.exit(f"no worker CPU in the load test's report:\n{load}")
    rate, bot, loop, rendering, ai = map(float, found.groups())
    private = PRIVATE.search(load)
    if rate < 1 or private is None:
        sys.exit(f"the load test answered no updates on private boards:\n{load}")
    floor = _output(["tools.load.floor", "--rates", f"{rate:.0f}", "--duration", str(duration)])
    tap = FLOOR.search(floor)
    if tap is None:
        sys.exit(f"no worker CPU in the floor's report:\n{floor}")
    return Round(rate, bot, loop, rendering, ai, float(tap.group(1)), float(private.group(1)))


def main() -> None:
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # a round a line
    parser = argparse.ArgumentParser(
        prog="python -m tools.load.ratio", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=float, default=30.0, help="seconds measured each")
    parser.add_argument("load_args", nargs="*", help="more arguments of tools.load.test")
    args = parser.parse_args()
    clock = RunClock()
    print(
        "round  updates/s  private p99  bot ms/update (loop + rendering + AI)  floor ms/tap  ratio"
    )
    rounds = []
    for number in range(1, args.rounds + 1):
        done = one_round(args.duration, args.load_args)
        rounds.append(done)
        split = f"{done.bot:5.2f} ({done.loop:.2f} + {done.rendering:.2f} + {done.ai:.2f})"
        print(
            f"{number:5d}  {done.rate:9.1f}  {done.p99:8.0f} ms  {split:38s}  {done.floor:12.2f}"
            f"  {done.ratio:4.2f}x"
        )
    ratios = [done.ratio for done in rounds]
    print(
        f"median: bot {statistics.median(done.bot for done in rounds):.2f} ms, floor"
        f" {statistics.median(done.floor for done in rounds):.2f} ms, ratio"
        f" {statistics.median(ratios):.2f}x (range {min(ratios):.2f}-{max(ratios):.2f})"
    )
    print(clock.summary())


if __name__ == "__main__":
    main()
