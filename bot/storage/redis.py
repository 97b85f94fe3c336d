"""The Redis store: one string key per game holding `<version>:<data>`, written by Lua scripts.

Key layout (each script touches one key, so it works unchanged on Redis Cluster; a game's keys
share the `{game id}` hash tag): `nardy:game:{<id>}` (a game, or a challenge that becomes one),
`nardy:chat:{<slot>}` → game id (a slot: a private chat's id, or `<chat id>:<user id>` in a
group), `nardy:user:{<user id>}` → hash of preferences, `nardy:timers` → a sorted set of game
ids by the Unix time their turn timer is next due.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from redis.asyncio import Redis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import AuthenticationError, AuthorizationError, ResponseError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.storage.base import (
    GameStore,
    Slot,
    StoreRefused,
    StoreUnavailable,
    VersionConflict,
    Versioned,
)

# KEYS[1] game key; ARGV: expected version (0 = absent), data, ttl seconds (0 = keep).
# Returns the new version, or -1 when the stored version is not the expected one.
_SAVE_GAME = """
local current = redis.call('GET', KEYS[1])
local version = 0
if current then version = tonumber(string.match(current, '^(%d+):')) end
if version ~= tonumber(ARGV[1]) then return -1 end
local value = (version + 1) .. ':' .. ARGV[2]
if ARGV[3] == '0' then
  redis.call('SET', KEYS[1], value)
else
  redis.call('SET', KEYS[1], value, 'EX', ARGV[3])
end
return version + 1
"""

# KEYS[1] game key; ARGV: expected version. Returns 1 when deleted, 0 when it changed or is gone.
_DELETE_GAME = """
local current = redis.call('GET', KEYS[1])
if not current or tonumber(string.match(current, '^(%d+):')) ~= tonumber(ARGV[1]) then
  return 0
end
redis.call('DEL', KEYS[1])
return 1
"""

# KEYS[1] chat index key; ARGV: expected game id ('' = none), new game id ('' = none).
_SWAP_CHAT = """
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2]) end
return 1
"""


def _text(value: bytes | str) -> str:
    """Replies are `str` (the client decodes them); the client's types also admit bytes."""
    return value.decode() if isinstance(value, bytes) else value


def game_key(game_id: str) -> str:
    return f"nardy:game:{{{game_id}}}"


TIMERS_KEY = "nardy:timers"


def chat_key(slot: Slot) -> str:
    return f"nardy:chat:{{{slot}}}"


def user_key(user_id: int) -> str:
    return f"nardy:user:{{{user_id}}}"


@asynccontextmanager
async def _reachable() -> AsyncIterator[None]:
    """Turn Redis connection failures into `StoreUnavailable` for the handlers."""
    try:
        yield
    except (RedisConnectionError, RedisTimeoutError, OSError) as exc:
        raise StoreUnavailable(str(exc)) from exc


class RedisStore(GameStore):
    """Games in Redis; a short retry rides out a restart, a longer outage fails fast."""

    def __init__(self, url: str) -> None:
        self._redis = Redis.from_url(
            url,
            decode_responses=True,
            socket_timeout=2,
            socket_connect_timeout=2,
            retry=Retry(ExponentialBackoff(cap=0.4, base=0.05), retries=3),
        )
        self._save_game = self._redis.register_script(_SAVE_GAME)
        self._swap_chat = self._redis.register_script(_SWAP_CHAT)
        self._delete_game = self._redis.register_script(_DELETE_GAME)

    @property
    def client(self) -> Redis:
        """The underlying client (for health checks and measurements)."""
        return self._redis

    async def load_game(self, game_id: str) -> Versioned | None:
        async with _reachable():
            raw = await self._redis.get(game_key(game_id))
        if raw is None:
            return None
        version, _, data = _text(raw).partition(":")
        return Versioned(int(version), data)

    async def save_game(
        self, game_id: str, expected: int, data: str, ttl: int | None = None
    ) -> int:
        async with _reachable():
            version = await self._save_game(
                keys=[game_key(game_id)], args=[expected, data, ttl or 0]
            )
        if version < 0:
            raise VersionConflict(game_id)
        return int(version)

    async def delete_game(self, game_id: str, expected: int) -> bool:
        async with _reachable():
            deleted = await self._delete_game(keys=[game_key(game_id)], args=[expected])
        return bool(deleted)

    async def swap_chat_game(self, slot: Slot, expected: str | None, new: str | None) -> bool:
        async with _reachable():
            done = await self._swap_chat(keys=[chat_key(slot)], args=[expected or "", new or ""])
        return bool(done)

    async def chat_game(self, slot: Slot) -> str | None:
        async with _reachable():
            value = await self._redis.get(chat_key(slot))
        return None if value is None else _text(value)

    async def set_timer(self, game_id: str, due: float | None, earlier_only: bool = False) -> None:
        async with _reachable():
            if due is not None:
                await self._redis.zadd(TIMERS_KEY, {game_id: due}, lt=earlier_only)
            elif not earlier_only:
                await self._redis.zrem(TIMERS_KEY, game_id)

    async def due_timers(self, now: float, limit: int = 100) -> list[str]:
        async with _reachable():
            due = await self._redis.zrangebyscore(TIMERS_KEY, "-inf", now, start=0, num=limit)
        return [_text(game) for game in due if isinstance(game, bytes | str)]

    async def user_prefs(self, user_id: int) -> dict[str, str]:
        async with _reachable():
            prefs = await self._redis.hgetall(user_key(user_id))
        return {_text(name): _text(value) for name, value in prefs.items()}

    async def set_user_pref(self, user_id: int, name: str, value: str) -> None:
        async with _reachable():
            await self._redis.hset(user_key(user_id), name, value)

    async def ping(self) -> None:
        """PING; a wrong password or database is an answer, but a refusal: `StoreRefused`."""
        try:
            await self._redis.ping()
        except (AuthenticationError, AuthorizationError, ResponseError) as exc:
            raise StoreRefused(str(exc)) from exc  # before ConnectionError, their base
        except (RedisConnectionError, RedisTimeoutError, OSError) as exc:
            raise StoreUnavailable(str(exc)) from exc

    async def close(self) -> None:
        await self._redis.aclose()
