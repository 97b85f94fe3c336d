"""A worker process started as the bot starts its AI workers runs one BLAS thread and has the
shipped tables loaded before its first move."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from threadpoolctl import threadpool_info  # type: ignore[import-untyped]

from nardy.ai import bearoff, init_worker, network
from nardy.ai.threads import THREAD_VARIABLES


def _worker_state() -> tuple[list[dict[str, Any]], dict[str, str | None], int, int]:
    """In the worker: its thread pools, the thread variables its children would see, and how
    many network and bear-off tables it has loaded."""
    return (
        threadpool_info(),
        {name: os.environ.get(name) for name in THREAD_VARIABLES},
        network.shipped.cache_info().currsize,
        bearoff.shipped.cache_info().currsize,
    )


def test_a_spawned_worker_started_with_init_worker_runs_one_blas_thread_tables_loaded() -> None:
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=spawn, initializer=init_worker) as pool:
        pools, environment, networks, databases = pool.submit(_worker_state).result(timeout=120)
    blas = [p for p in pools if p["user_api"] == "blas"]
    assert blas, "numpy's BLAS is not loaded in the worker"
    assert all(p["num_threads"] == 1 for p in pools)
    assert set(environment.values()) == {"1"}
    assert (networks, databases) == (1, 1)
