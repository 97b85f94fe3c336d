"""Set-up for a process that runs the AI, such as a pool worker: one BLAS thread, and the
shipped tables loaded before the first move rather than during it."""

from __future__ import annotations

from nardy.ai import bearoff, network, race
from nardy.ai.threads import limit_threads


def load_tables() -> None:
    """Load the network weights, the bear-off database (with short nardy's look-up by key) and
    the race table this process will use."""
    network.shipped()
    race.shipped()
    _ = bearoff.shipped().by_key  # built now, not during a first short-nardy race


def init_worker() -> None:
    """A process pool's `initializer=`: one BLAS thread (`limit_threads`) and the tables
    loaded, so no move waits for either."""
    limit_threads()
    load_tables()
