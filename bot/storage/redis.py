"""The Redis store: one string key per game holding `<version>:<data>`, written by Lua scripts.

Key layout: `nardy:game:{<id>}` (a game, or a challenge that becomes one),
`nardy:chat:{<slot>}` → game id (a slot: a private chat's id, or `<chat id>:<user id>` in a
group), `nardy:user:{<user id>}` → hash of preferences, `nardy:group:{<chat id>}` → hash of a
group's settings, `nardy:timers` → a sorted set of game ids by the Unix time their timer is
next due. A player's statistics and ratings are the hash `nardy:stats:{u<id>}` (`<kind>.<field>`
counters, `<ladder>r <ladder>d <ladder>v` a rating), the games counted last
`nardy:counted:{u<id>}`, their rated games against each person `nardy:vs:{u<id>}`
(`<ladder><opponent id><outcome>`), the group leaderboards of a ladder they are on
`nardy:boards:<ladder>{u<id>}`, their running games `nardy:games:{u<id>}`; each leaderboard is
the sorted set `nardy:top:<ladder><board>` of user ids by rating. A ladder is a game rated apart
(`LONG_LADDER` "" for long nardy, as stored before; "short." for short nardy). A finished
game's record is the hash `nardy:record:<game id>.<n>` (its text, players and, once asked
for, the Expert's review), a player's
latest records the list `nardy:records:{u<id>}`. `nardy:lease:<name>`
holds the worker that holds a lease (`bot.runtime.lease`); `nardy:media:<digest>` the file id of a
picture uploaded to the media chat (or, under `replay:<record>:<language>:<theme>`, of a
game's replay); `nardy:picture:<key>` the JPEG of a picture served at the
bot's own URL (`bot.ui.picture_urls`), as bytes: read without the client's decoding.

`nardy:refs:{<id>}` is the set of the keys pointing at a game (slots and running-game sets that
name it), so that each save of the game renews them.

Every key that points at something transient expires with it. A game expires `ttl` after its
last save (`UNFINISHED_TTL`, `FINISHED_TTL`, a challenge's); at that moment (an absolute time,
so never later), or a little before while the game is left alone, expire the slots pointing at
it, the set of keys pointing at it, and a running-games set naming only it; one naming several
lives as long as the longest-lived of them. Each is set so when it comes to point at the game
and renewed by the game's saves once it has under `RENEW_UNDER` of the game's time left (so a
save a tap makes seldom renews any, and costs one round trip);
a pointer at a game not saved yet (a slot claimed before the game's first save) is kept
`UNFINISHED_TTL` until that save. The games counted last expire `UNFINISHED_TTL` after the
last count (a game is counted again only while it is kept); records, a claim, a lease,
a media file id, a picture and a message budget after their own times. No TTL, by design: the
timer index, the preferences, group settings, statistics, head-to-head and leaderboards (see
their keys' helpers). Expiry times are read with PEXPIRETIME: Redis 7.0 or later.

On a Redis Cluster every script and every MULTI touches one hash slot: each touches one key,
but for `_COUNT_RESULT`, whose three keys share the player's `{u<id>}` hash tag, and
`_SAVE_GAME` and `_POINT_AT`, whose two keys share the game's `{<id>}`. The other commands
that name several keys are plain pipelines (the boards a player is on, the games counted by
`active_games`, the pointers a save renews, a tap's preferences read with its game), which the
cluster client splits by node: one round trip to each node they touch. A
cluster refuses a command across slots (CROSSSLOT), so the store's tests, run on a local
cluster, check this.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from redis.client import NEVER_DECODE
from redis.exceptions import (
    AuthenticationError,
    AuthorizationError,
    ClusterDownError,
    OutOfMemoryError,
    ReadOnlyError,
    RedisClusterException,
    ResponseError,
    TryAgainError,
)
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.metrics import STORE_ERRORS
from bot.storage.base import (
    FINISHED_TTL,
    GLOBAL_BOARD,
    LONG_LADDER,
    MEDIA_TTL,
    RECENT_COUNTED,
    RECORD_TTL,
    RECORDS_LISTED,
    UNFINISHED_TTL,
    GameStore,
    Slot,
    StoreRefused,
    StoreUnavailable,
    Tally,
    TapRead,
    VersionConflict,
    Versioned,
)
from bot.storage.connect import Client, RedisMode, connect
from bot.tasks import kept_cancellation

# KEYS[1] game key, KEYS[2] the keys pointing at it (`refs_key`); ARGV: expected version
# (0 = absent), data, ttl seconds (0 = keep), the share of the game's time left under which
# its pointers are renewed (`RENEW_UNDER`). Returns the new version, when the game expires now
# (Unix ms; -1 never) and the keys pointing at it, which are to expire then too (`_FOLLOW`, this
# set here); but none while they expire no later than the game and with at least that share of
# its time left (the set's time is theirs), so that a tap's save costs no second round trip;
# {-1} when the stored version is not the expected one.
_SAVE_GAME = """
local current = redis.call('GET', KEYS[1])
local version = 0
if current then version = tonumber(string.match(current, '^(%d+):')) end
if version ~= tonumber(ARGV[1]) then return {-1} end
local value = (version + 1) .. ':' .. ARGV[2]
if ARGV[3] == '0' then
  redis.call('SET', KEYS[1], value)
else
  redis.call('SET', KEYS[1], value, 'EX', ARGV[3])
end
local expires = redis.call('PEXPIRETIME', KEYS[1])
local followed = redis.call('PEXPIRETIME', KEYS[2])
if expires >= 0 and followed >= 0 and followed <= expires then
  local now = redis.call('TIME')
  now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
  if followed - now >= (expires - now) * tonumber(ARGV[4]) then return {version + 1, expires} end
end
if expires == -1 and followed == -1 then return {version + 1, expires} end
local reply = redis.call('SMEMBERS', KEYS[2])
if #reply > 0 then
  if expires < 0 then
    redis.call('PERSIST', KEYS[2])
  else
    redis.call('PEXPIREAT', KEYS[2], expires)
  end
end
table.insert(reply, 1, expires)
table.insert(reply, 1, version + 1)
return reply
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

# KEYS[1] chat index key; ARGV: expected game id ('' = none), new game id ('' = none), when
# the slot expires pointing at the new one (Unix ms, its game's: `_POINT_AT`; -1 never).
_SWAP_CHAT = """
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] then return 0 end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
elseif ARGV[3] == '-1' then
  redis.call('SET', KEYS[1], ARGV[2])
else
  redis.call('SET', KEYS[1], ARGV[2], 'PXAT', ARGV[3])
end
return 1
"""

# KEYS[1] a game key, KEYS[2] the keys pointing at it; ARGV: a key about to point at it, how
# long (ms) a pointer at a game not stored yet is kept. Notes the pointer among the game's, for
# each save of the game to renew it, and returns when it is to expire (Unix ms; -1 never):
# with the game, or that long from now while there is no game (claimed before its first save;
# its first save sets the game's). The set of pointers expires no sooner than any of them.
_POINT_AT = """
redis.call('SADD', KEYS[2], ARGV[1])
local expires = redis.call('PEXPIRETIME', KEYS[1])
if expires == -2 then
  local now = redis.call('TIME')
  expires = now[1] * 1000 + math.floor(now[2] / 1000) + tonumber(ARGV[2])
end
if expires < 0 then
  redis.call('PERSIST', KEYS[2])
else
  redis.call('PEXPIREAT', KEYS[2], expires)
end
return expires
"""

# KEYS[1] a pointer at a game: a slot (a string, the game id) or a player's running games (a
# set of ids); ARGV: the game id, when the game expires (Unix ms; -1 never), '1' to add it to
# the set first. The pointer expires with the game, if it still points at it (one at another
# game is left alone); a set naming several games expires with the longest-lived of them, so
# it is only ever lengthened then. Returns 1 when it points at the game, else 0.
_FOLLOW = """
if ARGV[3] == '1' then redis.call('SADD', KEYS[1], ARGV[1]) end
local expires = tonumber(ARGV[2])
local kind = redis.call('TYPE', KEYS[1])['ok']
if kind == 'string' then
  if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
elseif kind == 'set' then
  if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 0 then return 0 end
  if expires >= 0 and redis.call('SCARD', KEYS[1]) > 1
      and redis.call('PEXPIRETIME', KEYS[1]) >= expires then
    return 1
  end
else
  return 0
end
if expires < 0 then
  redis.call('PERSIST', KEYS[1])
else
  redis.call('PEXPIREAT', KEYS[1], expires)
end
return 1
"""


# KEYS[1] the player's statistics, KEYS[2] their games against each person, KEYS[3] the games
# counted last (a string of marks: kept apart, so that the statistics stay a small hash, which
# Redis packs tightly only while every value is short); ARGV: the game's
# mark, how many marks are kept, kind, outcome (w l d), points won, points lost, mars given,
# mars taken, opponent id ('' none), rating delta ('' none), deviation, volatility, the
# ladder (the prefix of the head-to-head and rating fields, '' long nardy's), how long (s) the
# marks are kept after this count, koks given, koks taken. Returns 1 when counted, 0 when the
# mark was among the latest counted. The same as `MemoryStore`'s.
_COUNT_RESULT = """
local marks = redis.call('GET', KEYS[3]) or ''
if string.find(' ' .. marks .. ' ', ' ' .. ARGV[1] .. ' ', 1, true) then return 0 end
local kept = {}
for mark in string.gmatch(marks, '%S+') do table.insert(kept, mark) end
table.insert(kept, ARGV[1])
while #kept > tonumber(ARGV[2]) do table.remove(kept, 1) end
redis.call('SET', KEYS[3], table.concat(kept, ' '), 'EX', ARGV[14])
local kind = ARGV[3] .. '.'
redis.call('HINCRBY', KEYS[1], kind .. 'g', 1)
if ARGV[4] == 'w' then
  redis.call('HINCRBY', KEYS[1], kind .. 'w', 1)
  local streak = redis.call('HINCRBY', KEYS[1], kind .. 's', 1)
  if streak > tonumber(redis.call('HGET', KEYS[1], kind .. 'b') or '0') then
    redis.call('HSET', KEYS[1], kind .. 'b', streak)
  end
else
  if ARGV[4] == 'l' then redis.call('HINCRBY', KEYS[1], kind .. 'l', 1) end
  redis.call('HDEL', KEYS[1], kind .. 's')
end
for i, field in ipairs({'pw', 'pl', 'mg', 'mt', 'kg', 'kt'}) do
  local n = tonumber(ARGV[i < 5 and 4 + i or 10 + i])
  if n ~= 0 then redis.call('HINCRBY', KEYS[1], kind .. field, n) end
end
local ladder = ARGV[13]
if ARGV[9] ~= '' then redis.call('HINCRBY', KEYS[2], ladder .. ARGV[9] .. ARGV[4], 1) end
if ARGV[10] ~= '' then
  local rating = tonumber(redis.call('HGET', KEYS[1], ladder .. 'r') or '1500') + tonumber(ARGV[10])
  redis.call('HSET', KEYS[1], ladder .. 'r', string.format('%.4f', rating),
    ladder .. 'd', ARGV[11], ladder .. 'v', ARGV[12])
end
return 1
"""


# KEYS[1] the lease; ARGV: holder, time to live in ms. 1 when the holder holds it now (taken
# with SET NX PX, or renewed as its own), 0 while another holds it.
_TAKE_LEASE = """
local current = redis.call('GET', KEYS[1])
if current == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if current then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""

# KEYS[1] a change's claim (`GameStore.claim_change`); ARGV: the claimant, its life in ms, and a
# stale claimant it may replace ('': none). The holder if another holds it, else nil.
_CLAIM_CHANGE = """
local held = redis.call('GET', KEYS[1])
if held and held ~= ARGV[1] and held ~= ARGV[3] then return held end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false
"""

# KEYS[1] a message budget; ARGV: interval and burst tolerance ((burst - 1) × interval) in ms,
# the longest wait in ms (-1: any). GCRA on the server's clock, shared by every worker: the key
# holds the theoretical arrival time (TAT) of the next slot. Returns the ms to wait for the slot
# reserved, or -1 when that wait would be longer than allowed (nothing reserved).
_RESERVE_SLOT = """
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local interval, tolerance, most = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local tat = math.max(tonumber(redis.call('GET', KEYS[1]) or now), now)
local wait = math.max(tat - tolerance - now, 0)
if most >= 0 and wait > most then return -1 end
tat = math.max(tat, now + wait) + interval
redis.call('SET', KEYS[1], tat, 'PX', tat - now + 1000)
return wait
"""

# KEYS[1] the lease; ARGV: holder. Deleted only while it is still the holder's.
_DROP_LEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
"""

log = logging.getLogger(__name__)

SCAN_BATCH = 1000  # keys per SCAN step when counting games
# A save renews the keys pointing at its game (`_SAVE_GAME`) once they have less than this share
# of the game's time left: an abandoned game's slot may go a tenth of its time before it.
RENEW_UNDER = 0.9
# How long (ms) a key pointing at a game not stored yet is kept (`_POINT_AT`): as long as any
# game lives after a save; the game's first save then sets the game's own time.
UNSAVED_POINTER_MS = UNFINISHED_TTL * 1000


def _text(value: bytes | str) -> str:
    """Replies are `str` (the client decodes them); the client's types also admit bytes."""
    return value.decode() if isinstance(value, bytes) else value


def _texts(fields: dict[bytes | str, bytes | str]) -> dict[str, str]:
    """A hash's fields as read (`HGETALL`)."""
    return {_text(name): _text(value) for name, value in fields.items()}


def _versioned(raw: bytes | str | None) -> Versioned | None:
    """A game as stored (`version:data`), None when there is none."""
    if raw is None:
        return None
    version, _, data = _text(raw).partition(":")
    return Versioned(int(version), data)


# A field set on a record still kept, never on one gone: HSET alone would make a new hash,
# with no expiry, of that field alone.
_ADD_TO_RECORD = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
"""


def game_key(game_id: str) -> str:
    """Expires `ttl` after each save (`GameStore.save_game`)."""
    return f"nardy:game:{{{game_id}}}"


# No TTL: one index of every game's next due time, live ones' too; an entry of a game gone is
# taken off when served (`bot.service.deadlines.Deadlines.serve`).
TIMERS_KEY = "nardy:timers"


def chat_key(slot: Slot) -> str:
    """Expires with the game it points at (`_POINT_AT`, `_FOLLOW`)."""
    return f"nardy:chat:{{{slot}}}"


def user_key(user_id: int) -> str:
    """No TTL: a person's preferences are kept until they change them."""
    return f"nardy:user:{{{user_id}}}"


def group_key(chat_id: int) -> str:
    """No TTL: a group's settings are kept until its admins change them."""
    return f"nardy:group:{{{chat_id}}}"


def stats_key(user_id: int) -> str:
    """No TTL: a player's statistics and ratings are their permanent record."""
    return f"nardy:stats:{{u{user_id}}}"


def counted_key(user_id: int) -> str:
    """Expires `UNFINISHED_TTL` after the last count: a game is counted again only while it
    is kept, and a game is kept no longer than that after its last save, which comes first."""
    return f"nardy:counted:{{u{user_id}}}"


def versus_key(user_id: int) -> str:
    """No TTL: the head-to-head counts are part of a player's permanent record."""
    return f"nardy:vs:{{u{user_id}}}"


def running_key(user_id: int) -> str:
    """Expires with the longest-lived game it names (`_POINT_AT`, `_FOLLOW`)."""
    return f"nardy:games:{{u{user_id}}}"


def boards_key(user_id: int, ladder: str = LONG_LADDER) -> str:
    """No TTL: the leaderboards a player is on, which are kept for good themselves."""
    return f"nardy:boards:{ladder}{{u{user_id}}}"


def record_key(name: str) -> str:
    return f"nardy:record:{name}"


def media_key(digest: str) -> str:
    return f"nardy:media:{digest}"


def picture_key(key: str) -> str:
    return f"nardy:picture:{key}"


def records_key(user_id: int) -> str:
    return f"nardy:records:{{u{user_id}}}"


def board_key(board: str, ladder: str = LONG_LADDER) -> str:
    """No TTL: a leaderboard is a permanent record of its players' ratings."""
    return f"nardy:top:{ladder}{board}"


def lease_key(name: str) -> str:
    return f"nardy:lease:{name}"


def claim_key(name: str) -> str:
    """A change claimed by one tap (`GameStore.claim_change`); expires with the claim."""
    return f"nardy:claim:{name}"


def pace_key(name: str) -> str:
    """A message budget (`_RESERVE_SLOT`); expires once its slots are all free again."""
    return f"nardy:pace:{name}"


def refs_key(game_id: str) -> str:
    """The keys pointing at a game (`_POINT_AT`), in the game's hash slot; expires with it."""
    return f"nardy:refs:{{{game_id}}}"


# Failures that pass: no connection, no answer in time, a cluster without a master for a slot
# (a failover under way), or no cluster node reachable at all; a server refusing writes for
# now: out of memory (maxmemory, noeviction), or a replica (a failover under way).
UNAVAILABLE = (
    RedisConnectionError,
    RedisTimeoutError,
    OSError,
    ClusterDownError,
    TryAgainError,
    RedisClusterException,
    OutOfMemoryError,
    ReadOnlyError,
)


NOT_A_CLUSTER = "Cluster mode is not enabled on this node"  # redis-py's words for it


def _unavailable(exc: Exception) -> StoreUnavailable:
    """`exc` as `StoreUnavailable`, counted; in its first words only (redis-py follows "No
    master found for 'name'" with the sentinels' clients, at length)."""
    STORE_ERRORS.inc()
    return StoreUnavailable(str(exc).split(" : <", 1)[0])


@asynccontextmanager
async def _reachable() -> AsyncIterator[None]:
    """Turn Redis connection failures into `StoreUnavailable` for the handlers, and keep a
    cancellation that redis-py dropped (`kept_cancellation`)."""
    try:
        with kept_cancellation():
            yield
    except UNAVAILABLE as exc:
        raise _unavailable(exc) from exc


class RedisStore(GameStore):
    """Games in Redis; a short retry rides out a restart, a longer outage fails fast."""

    def __init__(
        self,
        url: str,
        mode: RedisMode = "standalone",
        sentinels: Sequence[tuple[str, int]] = (),
        *,
        sentinel_password: str | None = None,
    ) -> None:
        """`url` reached as `mode` says (`bot.storage.connect`)."""
        self._connection = connect(url, mode, sentinels, sentinel_password)
        self._redis = self._connection.client
        self._save_game = self._redis.register_script(_SAVE_GAME)
        self._swap_chat = self._redis.register_script(_SWAP_CHAT)
        self._delete_game = self._redis.register_script(_DELETE_GAME)
        self._count_result = self._redis.register_script(_COUNT_RESULT)
        self._take_lease = self._redis.register_script(_TAKE_LEASE)
        self._claim_change = self._redis.register_script(_CLAIM_CHANGE)
        self._drop_lease = self._redis.register_script(_DROP_LEASE)
        self._reserve_slot = self._redis.register_script(_RESERVE_SLOT)
        self._add_to_record = self._redis.register_script(_ADD_TO_RECORD)
        self._point_at = self._redis.register_script(_POINT_AT)
        self._follow = self._redis.register_script(_FOLLOW)

    @property
    def client(self) -> Client:
        """The underlying client (for health checks and measurements)."""
        return self._redis

    async def load_game(self, game_id: str) -> Versioned | None:
        async with _reachable():
            raw = await self._redis.get(game_key(game_id))
        return _versioned(raw)

    async def save_game(
        self, game_id: str, expected: int, data: str, ttl: int | None = None
    ) -> int:
        """The compare-and-set (`_SAVE_GAME`), then the keys pointing at the game renewed to
        expire with it (`_renew`)."""
        async with _reachable():
            saved = await self._save_game(
                keys=[game_key(game_id), refs_key(game_id)],
                args=[expected, data, ttl or 0, RENEW_UNDER],
            )
        version = int(saved[0])
        if version < 0:
            raise VersionConflict(game_id)
        if len(saved) > 2:
            await self._renew(game_id, int(saved[1]), [_text(key) for key in saved[2:]])
        return version

    async def _renew(self, game_id: str, expires: int, pointers: list[str]) -> None:
        """Make the `pointers` at a game just saved expire with it, at `expires` (Unix ms; -1
        never), in one round trip (`_FOLLOW`). The save stands if this fails: they keep the
        time the save before gave them, and the next save renews them (logged, not raised)."""
        try:
            async with _reachable(), self._redis.pipeline(transaction=False) as pipe:
                for pointer in pointers:
                    pipe.eval(_FOLLOW, 1, pointer, game_id, str(expires), "")
                await pipe.execute()
        except StoreUnavailable as exc:
            log.warning("game %s saved, its pointers renewed at its next save: %s", game_id, exc)

    async def _pointer_to(self, game_id: str, pointer: str) -> int:
        """Note `pointer` (a key) among the game's for its saves to renew, and return when it
        is to expire: with the game (Unix ms; -1 never), `_POINT_AT`."""
        expires = await self._point_at(
            keys=[game_key(game_id), refs_key(game_id)], args=[pointer, UNSAVED_POINTER_MS]
        )
        return int(expires)

    async def delete_game(self, game_id: str, expected: int) -> bool:
        """The keys pointing at the game keep the time its last save gave them, and stay noted
        (`refs_key`): a game saved again under this id (a challenge joined) renews them."""
        async with _reachable():
            deleted = await self._delete_game(keys=[game_key(game_id)], args=[expected])
        return bool(deleted)

    async def swap_chat_game(self, slot: Slot, expected: str | None, new: str | None) -> bool:
        """The slot, pointing at `new`, expires with it (`_pointer_to`: noted first, so a save
        of the game from then on renews it too)."""
        key = chat_key(slot)
        async with _reachable():
            expires = -1 if new is None else await self._pointer_to(new, key)
            done = await self._swap_chat(keys=[key], args=[expected or "", new or "", expires])
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
        return await self._hash(user_key(user_id))

    async def read_tap(self, user_id: int, game_id: str) -> TapRead:
        async with _reachable(), self._redis.pipeline(transaction=False) as pipe:
            pipe.hgetall(user_key(user_id))
            pipe.get(game_key(game_id))
            fields, raw = await pipe.execute()
        return TapRead(_texts(fields), game_id, _versioned(raw))

    async def set_user_pref(self, user_id: int, name: str, value: str | None) -> None:
        await self._set_field(user_key(user_id), name, value)

    async def group_settings(self, chat_id: int) -> dict[str, str]:
        return await self._hash(group_key(chat_id))

    async def set_group_setting(self, chat_id: int, name: str, value: str | None) -> None:
        await self._set_field(group_key(chat_id), name, value)

    async def _set_field(self, key: str, name: str, value: str | None) -> None:
        """One field of the hash `key` set, or deleted (None)."""
        async with _reachable():
            if value is None:
                await self._redis.hdel(key, name)
            else:
                await self._redis.hset(key, name, value)

    async def note_running(self, user_id: int, game_id: str, running: bool) -> None:
        """The set expires with the longest-lived game it names (`_FOLLOW`)."""
        key = running_key(user_id)
        async with _reachable():
            if running:
                expires = await self._pointer_to(game_id, key)
                await self._follow(keys=[key], args=[game_id, expires, "1"])
            else:
                await self._redis.srem(key, game_id)

    async def running_games(self, user_id: int) -> list[str]:
        async with _reachable():
            games = await self._redis.smembers(running_key(user_id))
        return sorted(map(_text, games))

    async def save_record(self, name: str, text: str, players: list[int]) -> None:
        record = record_key(name)
        async with _reachable():
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.hset(record, mapping={"text": text, "players": " ".join(map(str, players))})
                pipe.expire(record, RECORD_TTL)
                await pipe.execute()
            for user_id in players:  # a transaction per list: the name once, latest first
                key = records_key(user_id)
                async with self._redis.pipeline(transaction=True) as pipe:
                    pipe.lrem(key, 0, name)
                    pipe.lpush(key, name)
                    pipe.ltrim(key, 0, RECORDS_LISTED - 1)
                    pipe.expire(key, RECORD_TTL)
                    await pipe.execute()

    async def record(self, name: str) -> tuple[str, list[int]] | None:
        async with _reachable():
            text, players = await self._redis.hmget(record_key(name), ["text", "players"])
        if text is None:
            return None
        return _text(text), [int(player) for player in _text(players or "").split()]

    async def records(self, user_id: int) -> list[str]:
        async with _reachable():
            names = await self._redis.lrange(records_key(user_id), 0, RECORDS_LISTED - 1)
        return [_text(name) for name in names]

    async def save_review(self, name: str, review: str) -> None:
        async with _reachable():
            await self._add_to_record(keys=[record_key(name)], args=["review", review])

    async def review(self, name: str) -> str | None:
        async with _reachable():
            review = await self._redis.hget(record_key(name), "review")
        return None if review is None else _text(review)

    async def media_file_id(self, digest: str) -> str | None:
        async with _reachable():
            file_id = await self._redis.get(media_key(digest))
        return None if file_id is None else _text(file_id)

    async def note_media(self, digest: str, file_id: str) -> None:
        async with _reachable():
            await self._redis.set(media_key(digest), file_id, ex=MEDIA_TTL)

    async def save_picture(self, key: str, jpeg: bytes, ttl: int) -> None:
        async with _reachable():
            await self._redis.set(picture_key(key), jpeg, ex=ttl)

    async def picture(self, key: str) -> bytes | None:
        """GET with the reply left undecoded (as redis-py's own DUMP reads it): the client
        decodes every other reply as UTF-8, which a JPEG is not. Raw bytes rather than base64
        text: a third less memory in Redis for each picture, one client for every mode."""
        async with _reachable():
            jpeg = await self._redis.execute_command(
                "GET", picture_key(key), **{NEVER_DECODE: True}
            )
        return jpeg if isinstance(jpeg, bytes) else None

    async def expire_picture(self, key: str, ttl: int) -> None:
        async with _reachable():
            await self._redis.expire(picture_key(key), ttl)

    async def count_result(self, user_id: int, mark: str, tally: Tally) -> bool:
        rating = tally.rating
        change = (
            ["", "", ""]
            if rating is None
            else [f"{rating.delta:.4f}", f"{rating.deviation:.4f}", f"{rating.volatility:.6f}"]
        )
        args: list[str | int] = [mark, RECENT_COUNTED, tally.kind, tally.outcome]
        args += [tally.points_won, tally.points_lost, tally.mars_given, tally.mars_taken]
        args += ["" if tally.opponent is None else tally.opponent, *change, tally.ladder]
        args += [UNFINISHED_TTL, tally.koks_given, tally.koks_taken]
        async with _reachable():
            counted = await self._count_result(
                keys=[stats_key(user_id), versus_key(user_id), counted_key(user_id)], args=args
            )
        return bool(counted)

    async def player_stats(self, user_id: int) -> dict[str, str]:
        return await self._hash(stats_key(user_id))

    async def _hash(self, key: str) -> dict[str, str]:
        """Every field of the hash `key` (empty when there is none)."""
        async with _reachable():
            fields = await self._redis.hgetall(key)
        return _texts(fields)

    async def head_to_head(
        self, user_id: int, opponent: int, ladder: str = LONG_LADDER
    ) -> dict[str, int]:
        fields = [f"{ladder}{opponent}{outcome}" for outcome in "wld"]
        async with _reachable():
            counts = await self._redis.hmget(versus_key(user_id), fields)
        return {o: int(n) for o, n in zip("wld", counts, strict=True) if n is not None}

    async def place(
        self, user_id: int, rating: float, board: str | None = None, ladder: str = LONG_LADDER
    ) -> None:
        joined = boards_key(user_id, ladder)
        async with _reachable():
            if board is not None:
                await self._redis.sadd(joined, board)
            boards = {GLOBAL_BOARD, *map(_text, await self._redis.smembers(joined))}
            async with self._redis.pipeline(transaction=False) as pipe:
                for name in boards:
                    pipe.zadd(board_key(name, ladder), {str(user_id): rating})
                await pipe.execute()

    async def top(
        self, board: str, count: int, ladder: str = LONG_LADDER
    ) -> list[tuple[int, float]]:
        key = board_key(board, ladder)
        async with _reachable():
            best = await self._redis.zrevrange(key, 0, count - 1, withscores=True)
        return [(int(entry[0]), float(entry[1])) for entry in best if isinstance(entry, tuple)]

    async def standing(
        self, board: str, user_id: int, ladder: str = LONG_LADDER
    ) -> tuple[int, int] | None:
        key = board_key(board, ladder)
        async with _reachable(), self._redis.pipeline(transaction=False) as pipe:
            pipe.zrevrank(key, str(user_id))
            pipe.zcard(key)
            rank, size = await pipe.execute()
        return None if rank is None else (int(rank) + 1, int(size))

    async def take_lease(self, name: str, holder: str, ttl: float) -> bool:
        async with _reachable():
            held = await self._take_lease(keys=[lease_key(name)], args=[holder, int(ttl * 1000)])
        return bool(held)

    async def drop_lease(self, name: str, holder: str) -> None:
        async with _reachable():
            await self._drop_lease(keys=[lease_key(name)], args=[holder])

    async def claim_change(
        self, name: str, claimant: str, ttl: float, stale: str | None = None
    ) -> str | None:
        args: list[str | int] = [claimant, max(round(ttl * 1000), 1), stale or ""]
        async with _reachable():
            holder = await self._claim_change(keys=[claim_key(name)], args=args)
        return None if holder is None else str(holder)

    async def reserve_slot(
        self, name: str, interval: float, burst: int, most: float | None
    ) -> float | None:
        step = round(interval * 1000)
        limit = -1 if most is None else round(most * 1000)
        async with _reachable():
            wait = await self._reserve_slot(
                keys=[pace_key(name)], args=[step, (burst - 1) * step, limit]
            )
        return None if int(wait) < 0 else int(wait) / 1000

    async def active_games(self) -> int:
        """SCAN over the game keys (on every master of a cluster), and the time each has left
        to live (one pipeline per SCAN_BATCH keys): more than FINISHED_TTL is an unfinished
        game's."""
        count, keys = 0, []
        async with _reachable():
            async for key in self._redis.scan_iter(match=game_key("*"), count=SCAN_BATCH):
                keys.append(key)
                if len(keys) == SCAN_BATCH:
                    count += await self._unfinished(keys)
                    keys = []
            return count + await self._unfinished(keys)

    async def _unfinished(self, keys: list[str]) -> int:
        """How many of the game `keys` are unfinished games' (see `active_games`)."""
        async with self._redis.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.pttl(key)
            left = await pipe.execute()
        return sum(1 for ms in left if int(ms) > FINISHED_TTL * 1000)

    async def ping(self) -> None:
        """PING; a wrong password or database is an answer, but a refusal: `StoreRefused`
        (a cluster failing over is not: `StoreUnavailable`)."""
        try:
            with kept_cancellation():
                await self._redis.ping()
        except (AuthenticationError, AuthorizationError) as exc:
            raise StoreRefused(str(exc)) from exc  # before ConnectionError, their base
        except RedisClusterException as exc:
            if NOT_A_CLUSTER in str(exc):  # REDIS_MODE=cluster on a server that is not one
                raise StoreRefused(NOT_A_CLUSTER) from exc
            raise _unavailable(exc) from exc
        except UNAVAILABLE as exc:
            raise _unavailable(exc) from exc
        except ResponseError as exc:  # no such database, a command refused
            raise StoreRefused(str(exc)) from exc

    async def close(self) -> None:
        await self._connection.close()
