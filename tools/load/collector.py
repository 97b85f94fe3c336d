"""A load tool's own garbage collector kept out of what it measures."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_aside() -> Iterator[None]:
    """This process's garbage collector off while it measures: a load tool keeps every request
    its fake took, and its full collections (170-220 ms each, some five in a 30 s window at
    170 updates a second) stalled the fake and the driver, which counted as the bot's
    latency."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()
