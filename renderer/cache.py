"""A memo that builds each value once even when several threads ask for it at the same moment."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from functools import wraps
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def built_once(build: Callable[[K], V]) -> Callable[[K], V]:
    """Memoise a one-argument builder; the lock is taken only on a miss."""
    values: dict[K, V] = {}
    lock = threading.Lock()

    @wraps(build)
    def get(key: K) -> V:
        try:
            return values[key]
        except KeyError:
            with lock:
                if key not in values:
                    values[key] = build(key)
                return values[key]

    return get
