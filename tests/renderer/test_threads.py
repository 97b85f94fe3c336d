"""Renders from several threads at once, caches cold, give the same bytes as one at a time."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

from nardy import Color
from nardy.long_variant import LONG
from nardy.short.variant import SHORT
from renderer import CONTRAST, BoardView, render, warm_up
from renderer.board import layer
from renderer.cache import built_once
from renderer.game_view import game_view
from renderer.samples import random_games
from renderer.sprites import sprites
from tests.renderer.scenes import NAMES, TEXTS

THREADS = 8


def test_concurrent_renders_with_cold_caches_match_sequential_ones() -> None:
    fresh = replace(CONTRAST, name="thread-test")  # a new theme: nothing of it is cached yet
    base = BoardView(theme=fresh, names=NAMES, texts=TEXTS)
    states = random_games(1, seed=5)[0][::4]
    jobs = [
        game_view(state, replace(base, bottom=Color(i % 2), names=(f"{i} Ж", "Bob")))
        for i, state in enumerate(states)
    ]
    with ThreadPoolExecutor(THREADS) as pool:
        concurrent = list(pool.map(lambda job: render(*job), jobs))
    assert concurrent == [render(*job) for job in jobs]


def test_built_once_builds_each_key_once_under_contention() -> None:
    calls: list[int] = []
    start = threading.Barrier(THREADS)

    @built_once
    def build(key: int) -> list[int]:
        calls.append(key)
        return [key]

    def worker(_: int) -> list[int]:
        start.wait()
        return build(7)

    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(worker, range(THREADS)))
    assert calls == [7]
    assert all(result is results[0] for result in results)


def test_warm_up_builds_every_layer_and_sprite_of_a_theme() -> None:
    fresh = replace(CONTRAST, name="warm-up-test")
    keys = [
        (fresh, bottom, numbering, variant)
        for bottom in Color
        for numbering in Color
        for variant in (LONG, SHORT)
    ]
    assert fresh not in sprites
    assert not any(key in layer for key in keys)
    warm_up([fresh])
    assert fresh in sprites
    assert all(key in layer for key in keys)
