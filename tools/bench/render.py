"""Benchmark the board renderer over the states of seeded random games.

Usage: python -m tools.bench.render [--game long|short] [--games N] [--theme NAME] [--best-of K]

Prints median, p95 and max of draw, encode and their sum (a whole `render`), in wall time
and in this thread's CPU time, and of the JPEG size, so one can see what dominates. On a busy
machine `--best-of 5` times every board five times and keeps its fastest run, which is close
to what a quiet machine shows. Goal (issue 38): render CPU median <= 3 ms, <= 60 KB. The run's
CPU and wall time close the output. `--game short` draws short nardy (backgammon) boards: the
bar, its counts and the cube (on, never doubled: centred). Left out: start-up, playing the
sample games and building their views, building the theme's layers and sprites (`warm_up`, once
per process), and sending the JPEG to Telegram.

Last, the stall: how late a 1 ms sleep of this thread wakes while another thread renders the
same boards over and over, as the bot's event loop does while its render threads work. A
render that holds the GIL delays the loop by its whole length (Pillow's JPEG encoder did, 3-4
ms); one that lets it go, by about nothing. It wants a second free core to mean anything.
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time
from collections.abc import Sequence

from nardy.game import Game
from nardy.long_variant import LONG
from nardy.short import Game as ShortGame
from nardy.short.variant import SHORT
from nardy.variant import AnyPosition
from renderer import THEMES, BoardView, Texts, warm_up
from renderer.game_view import game_view
from renderer.geometry import HEIGHT, WIDTH
from renderer.render import draw, encode
from renderer.samples import random_games, random_short_games
from tools.clock import RunClock

COLUMNS = ("render", "draw", "encode", "render CPU", "encode CPU")


def _row(name: str, values: list[float], unit: str) -> str:
    p95 = sorted(values)[int(0.95 * (len(values) - 1))]
    return (
        f"{name:<12} median {statistics.median(values):7.2f} {unit}"
        f"   p95 {p95:7.2f} {unit}   max {max(values):7.2f} {unit}"
    )


def _measure(position: AnyPosition, view: BoardView) -> tuple[list[float], int]:
    """Milliseconds per `COLUMNS` of one render, and the JPEG's size in bytes."""
    wall, cpu = time.perf_counter(), time.thread_time()
    picture = draw(position, view)
    wall_mid, cpu_mid = time.perf_counter(), time.thread_time()
    data = encode(picture)
    wall_end, cpu_end = time.perf_counter(), time.thread_time()
    times = [
        wall_end - wall,
        wall_mid - wall,
        wall_end - wall_mid,
        cpu_end - cpu,
        cpu_end - cpu_mid,
    ]
    return [t * 1000 for t in times], len(data)


def _stall(views: Sequence[tuple[AnyPosition, BoardView]], seconds: float = 3.0) -> list[float]:
    """Milliseconds by which each 1 ms sleep of this thread overran while another thread
    rendered `views` in a loop."""
    done = threading.Event()

    def render_on() -> None:
        while not done.is_set():
            for position, view in views:
                encode(draw(position, view))
                if done.is_set():
                    return

    worker = threading.Thread(target=render_on)
    worker.start()
    late = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.perf_counter()
        time.sleep(0.001)
        late.append((time.perf_counter() - start) * 1000 - 1.0)
    done.set()
    worker.join()
    return late


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench.render", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--game", choices=("long", "short"), default="long")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--theme", choices=sorted(THEMES), default="classic")
    parser.add_argument("--best-of", type=int, default=1, help="runs per board, fastest kept")
    args = parser.parse_args()
    clock = RunClock()
    base = BoardView(
        theme=THEMES[args.theme], names=("Алиса", "Bob"), texts=Texts(pips="pips", status="to move")
    )
    views: list[tuple[AnyPosition, BoardView]] = []
    games: list[Sequence[Game | ShortGame]] = []
    if args.game == "short":
        games.extend(random_short_games(args.games))
    else:
        games.extend(random_games(args.games))
    for states in games:
        for index, state in enumerate(states):
            movable = () if state.over or state.dice is None else state.next_steps()
            selected = movable[0].src if movable and index % 2 else None  # half with a selection
            views.append(game_view(state, base, selected))
    # the theme's layers and sprites, outside the timing
    warm_up([base.theme], [SHORT if args.game == "short" else LONG])
    timings: dict[str, list[float]] = {name: [] for name in COLUMNS}
    sizes = []
    for position, view in views:
        runs = [_measure(position, view) for _ in range(args.best_of)]
        for column, name in enumerate(COLUMNS):
            timings[name].append(min(times[column] for times, _ in runs))
        sizes.append(runs[0][1] / 1024)
    print(
        f"{len(views)} boards of {args.games} random {args.game} nardy games, theme {args.theme},"
        f" {WIDTH}x{HEIGHT} JPEG, best of {args.best_of}"
    )
    for name, values in timings.items():
        print(_row(name, values, "ms"))
    print(_row("size", sizes, "KB"))
    share = statistics.median(timings["encode"]) / statistics.median(timings["render"])
    print(f"encoding is {share:.0%} of the median render (wall)")
    print(
        _row("loop stall", _stall(views), "ms")
        + "  (a 1 ms sleep's overrun while a thread renders)"
    )
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} CPUs (wall times want a quiet machine)")
    print(clock.summary())


if __name__ == "__main__":
    main()
