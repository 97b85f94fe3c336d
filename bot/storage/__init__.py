"""Where games, chat→game indexes and user preferences live: Redis, or memory when none is set."""

from bot.storage.base import (
    FINISHED_TTL,
    UNFINISHED_TTL,
    GameStore,
    Slot,
    StoreRefused,
    StoreUnavailable,
    VersionConflict,
    Versioned,
)
from bot.storage.memory import MemoryStore
from bot.storage.redis import RedisStore

__all__ = [
    "FINISHED_TTL",
    "UNFINISHED_TTL",
    "GameStore",
    "MemoryStore",
    "RedisStore",
    "Slot",
    "StoreRefused",
    "StoreUnavailable",
    "VersionConflict",
    "Versioned",
]
