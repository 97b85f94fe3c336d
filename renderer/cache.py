"""A memo that builds each value once even when several threads ask for it at the same moment."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class built_once(Generic[K, V]):
    """Memoise a one-argument builder; the lock is taken only on a miss."""

    def __init__(self, build: Callable[[K], V]) -> None:
        self._build = build
        self._values: dict[K, V] = {}
        self._lock = threading.Lock()
        self.__doc__ = build.__doc__

    def __call__(self, key: K) -> V:
        try:
            return self._values[key]
        except KeyError:
            with self._lock:
                if key not in self._values:
                    self._values[key] = self._build(key)
                return self._values[key]

    def __contains__(self, key: K) -> bool:
        """Has the value for `key` been built?"""
        return key in self._values
