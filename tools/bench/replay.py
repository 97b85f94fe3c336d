"""Benchmark what a finished game's Replay and the review's pictures cost (issue 40).

Usage: python -m tools.bench.replay [--games N]

Plays N games on fair dice (the Expert White against Medium, as `tools.bench.analysis`), then for
each makes the replay the bot sends (`bot.ui.replay.replay_clip`: a frame a turn and the end,
drawn and encoded to MP4) in English in the classic theme, and the review's pictures of its
costliest turns (`bot.ui.review.turn_pictures`, from the Expert's review made beforehand and
not counted). Prints per game its turns, the replay's CPU and wall time, size and length, and
the pictures' CPU and size; then the medians, and how late a 1 ms sleep of another thread
wakes while a replay is made (the bot makes one in a thread beside its event loop). Goal
(issue 40): a typical game's replay under 1 MB. Left out: playing the games and their
reviews, the upload to Telegram (once per record, language and theme; later sends are by file
id), and the first use's font and sprite set-up (done once per process).
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from bot.i18n import Locale, Translator
from bot.ui.replay import replay_clip
from bot.ui.review import pictured_turns, turn_pictures
from nardy.ai import Level, init_worker
from nardy.ai.analysis import analyse
from renderer import CLASSIC, warm_up
from tools.bench.analysis import play
from tools.clock import RunClock

T = TypeVar("T")


def timed(work: Callable[..., T], *args: object) -> tuple[T, float, float]:
    """`work(*args)`, and its CPU and wall seconds."""
    cpu, wall = time.process_time(), time.perf_counter()
    done = work(*args)
    return done, time.process_time() - cpu, time.perf_counter() - wall


def stalls(work: Callable[[], object]) -> list[float]:
    """How late (ms) each 1 ms sleep of this thread wakes while `work` runs in another."""
    worker = threading.Thread(target=work)
    late = []
    worker.start()
    while worker.is_alive():
        start = time.perf_counter()
        time.sleep(0.001)
        late.append((time.perf_counter() - start - 0.001) * 1000)
    worker.join()
    return late


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench.replay", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    init_worker()
    warm_up([CLASSIC])
    texts = Translator()[Locale.EN]
    clock = RunClock()
    records = [play(seed, (Level.EXPERT, Level.MEDIUM)) for seed in range(args.games)]
    reviews = [analyse(record) for record in records]
    replay_cpu, sizes, picture_cpu = [], [], []
    for n, (record, review) in enumerate(zip(records, reviews, strict=True)):
        clip, cpu, wall = timed(replay_clip, texts, record, CLASSIC)
        turns = pictured_turns(record, review)
        pictures, p_cpu, _ = timed(turn_pictures, texts, record, turns, CLASSIC)
        kb = [len(jpeg) // 1024 for jpeg in pictures]
        print(
            f"game {n}: {len(record.turns)} turns; replay CPU {cpu:.2f} s, wall {wall:.2f} s,"
            f" {len(clip.data) / 1024:.0f} KB, {clip.seconds:.1f} s long;"
            f" {len(kb)} pictures CPU {p_cpu * 1000:.0f} ms, {kb} KB"
        )
        replay_cpu.append(cpu)
        sizes.append(len(clip.data) / 1024)
        picture_cpu.append(p_cpu / max(len(kb), 1))
    late = sorted(stalls(partial(replay_clip, texts, records[0], CLASSIC)))
    print(
        f"replay: CPU median {statistics.median(replay_cpu):.2f} s, max {max(replay_cpu):.2f} s;"
        f" size median {statistics.median(sizes):.0f} KB, max {max(sizes):.0f} KB"
    )
    print(f"a review picture: CPU median {statistics.median(picture_cpu) * 1000:.0f} ms")
    print(
        f"another thread's 1 ms sleep while a replay is made: late by median"
        f" {statistics.median(late):.2f} ms, p99 {late[int(0.99 * (len(late) - 1))]:.2f} ms,"
        f" max {late[-1]:.2f} ms ({len(late)} sleeps)"
    )
    print(clock.summary())


if __name__ == "__main__":
    main()
