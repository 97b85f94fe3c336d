"""Where games, chat→game indexes and user preferences live: Redis, or memory when none is set."""

from bot.storage.base import (
    FINISHED_TTL,
    UNFINISHED_TTL,
    GameStore,
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
    "StoreRefused",
    "StoreUnavailable",
    "VersionConflict",
    "Versioned",
]
