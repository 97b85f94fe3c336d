"""Where games, chat→game indexes and user preferences live: Redis, or memory when none is set."""

from bot.storage.base import (
    FINISHED_TTL,
    GLOBAL_BOARD,
    LONG_LADDER,
    RECENT_COUNTED,
    RECORD_TTL,
    RECORDS_LISTED,
    UNFINISHED_TTL,
    GameStore,
    RatingChange,
    Slot,
    StoreRefused,
    StoreUnavailable,
    Tally,
    VersionConflict,
    Versioned,
)
from bot.storage.memory import MemoryStore
from bot.storage.redis import RedisStore

__all__ = [
    "FINISHED_TTL",
    "GLOBAL_BOARD",
    "LONG_LADDER",
    "RECENT_COUNTED",
    "RECORDS_LISTED",
    "RECORD_TTL",
    "UNFINISHED_TTL",
    "GameStore",
    "MemoryStore",
    "RatingChange",
    "RedisStore",
    "Slot",
    "StoreRefused",
    "StoreUnavailable",
    "Tally",
    "VersionConflict",
    "Versioned",
]
