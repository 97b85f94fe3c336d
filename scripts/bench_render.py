"""Benchmark the board renderer over the states of seeded random games.

Usage: python scripts/bench_render.py [--games N] [--theme NAME]

Prints median, p95 and max of compose, encode and their sum (a whole `render`), in wall time
and in this thread's CPU time (steadier on a busy machine), and of the JPEG size, so one can
see what dominates. Goal (issue 3): median <= 5 ms and <= 120 KB.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from renderer import THEMES, BoardView, Texts
from renderer.game_view import game_view
from renderer.render import compose, encode
from renderer.samples import random_games


def _row(name: str, values: list[float], unit: str) -> str:
    p95 = sorted(values)[int(0.95 * (len(values) - 1))]
    return (
        f"{name:<16} median {statistics.median(values):7.2f} {unit}"
        f"   p95 {p95:7.2f} {unit}   max {max(values):7.2f} {unit}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--theme", choices=sorted(THEMES), default="classic")
    args = parser.parse_args()
    base = BoardView(
        theme=THEMES[args.theme], names=("Алиса", "Bob"), texts=Texts(pips="pips", status="to move")
    )
    views = []
    for states in random_games(args.games):
        for index, state in enumerate(states):
            movable = () if state.over or state.dice is None else state.next_steps()
            selected = movable[0].src if movable and index % 2 else None  # half with a selection
            views.append(game_view(state, base, selected))
    compose(*views[0])  # build the theme's layers and sprites outside the timing
    timings: dict[str, list[float]] = {
        name: [] for name in ("render", "compose", "encode", "render CPU", "encode CPU")
    }
    sizes = []
    for position, view in views:
        wall, cpu = time.perf_counter(), time.thread_time()
        image = compose(position, view)
        wall_mid, cpu_mid = time.perf_counter(), time.thread_time()
        data = encode(image)
        wall_end, cpu_end = time.perf_counter(), time.thread_time()
        timings["render"].append((wall_end - wall) * 1000)
        timings["compose"].append((wall_mid - wall) * 1000)
        timings["encode"].append((wall_end - wall_mid) * 1000)
        timings["render CPU"].append((cpu_end - cpu) * 1000)
        timings["encode CPU"].append((cpu_end - cpu_mid) * 1000)
        sizes.append(len(data) / 1024)
    print(
        f"{len(views)} renders of {args.games} random games, theme {args.theme},"
        f" {image.width}x{image.height} JPEG"
    )
    for name, values in timings.items():
        print(_row(name, values, "ms"))
    print(_row("size", sizes, "KB"))
    share = statistics.median(timings["encode"]) / statistics.median(timings["render"])
    print(f"encoding is {share:.0%} of the median render (wall)")
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} CPUs (wall times want a quiet machine)")


if __name__ == "__main__":
    main()
