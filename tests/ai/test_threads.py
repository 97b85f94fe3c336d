"""A worker process started as the bot starts its AI workers runs one BLAS thread."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from threadpoolctl import threadpool_info  # type: ignore[import-untyped]

from nardy.ai import limit_threads
from nardy.ai.threads import THREAD_VARIABLES


def _pools_and_environment() -> tuple[list[dict[str, Any]], dict[str, str | None]]:
    """In the worker: its thread pools, and the thread variables its children would see."""
    import nardy.ai  # noqa: F401  (loads numpy's BLAS as choose_turn does)

    return threadpool_info(), {name: os.environ.get(name) for name in THREAD_VARIABLES}


def test_a_spawned_worker_with_limit_threads_as_initializer_runs_one_blas_thread() -> None:
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=spawn, initializer=limit_threads) as pool:
        pools, environment = pool.submit(_pools_and_environment).result(timeout=120)
    blas = [p for p in pools if p["user_api"] == "blas"]
    assert blas, "numpy's BLAS is not loaded in the worker"
    assert all(p["num_threads"] == 1 for p in pools)
    assert set(environment.values()) == {"1"}
