"""One BLAS thread per process for the AI, which runs in several processes at once.

numpy's OpenBLAS starts a thread per core for every matrix product. The AI's products are
small and the bot (like the arena and training) runs it in a process per core, so those
threads only fight over the cores and burn CPU spinning: pin them to one per process.
"""

from __future__ import annotations

import os

import numpy  # noqa: F401  (loads the BLAS library that threadpoolctl resizes)
from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

# Read by BLAS and OpenMP libraries when they load.
THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def limit_threads() -> None:
    """Limit every BLAS and OpenMP pool of this process to one thread, now and later.

    Resizes the pools already loaded (numpy's among them) and sets the environment variables
    that pools loaded later, and child processes, read. Pass it as a process pool's
    `initializer=`, or call it first thing in a script.
    """
    for name in THREAD_VARIABLES:
        os.environ[name] = "1"
    threadpool_limits(limits=1)
