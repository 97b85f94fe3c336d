"""The embedded store: plain dictionaries, lost on restart (the default without `REDIS_URL`)."""

from __future__ import annotations

import time
from collections import Counter

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
    Tally,
    TapRead,
    VersionConflict,
    Versioned,
)

# How many pictures served at the bot's URLs (`save_picture`) are kept at most: some 20 MB of
# boards, many minutes of the pictures one process shows.
PICTURES_KEPT = 200
SLOTS_KEPT = 10_000  # message budgets kept before the spent ones are dropped
CLAIMS_KEPT = 10_000  # claims kept before those run out are dropped


class MemoryStore(GameStore):
    """Each method runs without awaiting, so on one event loop every call is atomic."""

    def __init__(self) -> None:
        self._games: dict[str, tuple[Versioned, float | None]] = {}
        self._chats: dict[str, tuple[str, float | None]] = {}  # game id, when it expires
        self._prefs: dict[int, dict[str, str]] = {}
        self._groups: dict[int, dict[str, str]] = {}
        self._timers: dict[str, float] = {}
        self._stats: dict[int, dict[str, str]] = {}
        self._counted: dict[int, tuple[list[str], float]] = {}  # marks, when they expire
        self._versus: dict[int, Counter[str]] = {}
        self._boards: dict[str, dict[int, float]] = {}  # by ladder and board: `<ladder><board>`
        self._joined: dict[tuple[int, str], set[str]] = {}  # by user and ladder
        self._running: dict[int, dict[str, float | None]] = {}  # game id: when it expires
        # The slots (str) and users' running games (int) pointing at a game, which its saves
        # renew: each expires with the game it points at, as in Redis (`bot.storage.redis`).
        self._pointers: dict[str, set[str | int]] = {}
        self._records: dict[str, tuple[str, list[int], float]] = {}  # …, when it expires
        self._reviews: dict[str, str] = {}  # by record, while it is kept
        self._listed: dict[int, list[str]] = {}
        self._leases: dict[str, tuple[str, float]] = {}  # holder, when it expires
        self._slots: dict[str, float] = {}  # message budgets: the next slot's time (GCRA)
        self._changes: dict[str, tuple[str, float]] = {}  # claimed: claimant, until
        self._media: dict[str, tuple[str, float]] = {}  # file id, when it expires: oldest first
        self._pictures: dict[str, tuple[bytes, float]] = {}  # JPEG, when it expires: oldest first

    async def load_game(self, game_id: str) -> Versioned | None:
        entry = self._games.get(game_id)
        if entry is None:
            return None
        stored, expires = entry
        if expires is not None and expires <= time.monotonic():
            del self._games[game_id]
            return None
        return stored

    async def save_game(
        self, game_id: str, expected: int, data: str, ttl: int | None = None
    ) -> int:
        current = await self.load_game(game_id)
        if (current.version if current else 0) != expected:
            raise VersionConflict(game_id)
        expires = time.monotonic() + ttl if ttl is not None else None
        self._games[game_id] = (Versioned(expected + 1, data), expires)
        pointers = self._pointers.get(game_id, set())
        for pointer in list(pointers):  # renewed to expire with it; those moved on forgotten
            if not self._follow(pointer, game_id, expires):
                pointers.discard(pointer)
        return expected + 1

    def _follow(self, pointer: str | int, game_id: str, expires: float | None) -> bool:
        """Make `pointer` (a slot, or a user's running games) expire with the game at
        `expires`, if it still points at it; False when it does not."""
        if isinstance(pointer, str):
            if self._chat(pointer) != game_id:
                return False
            self._chats[pointer] = (game_id, expires)
        else:
            games = self._running.get(pointer, {})
            if not _kept(games.get(game_id, 0.0)):
                games.pop(game_id, None)
                return False
            games[game_id] = expires
        return True

    def _point(self, game_id: str, pointer: str | int) -> float | None:
        """Note `pointer` among the game's, for its saves to renew; when it is to expire: with
        the game, or `UNFINISHED_TTL` from now while there is none (claimed before the game's
        first save, which sets the game's)."""
        self._pointers.setdefault(game_id, set()).add(pointer)
        entry = self._games.get(game_id)
        if entry is not None and _kept(entry[1]):
            return entry[1]
        return time.monotonic() + UNFINISHED_TTL

    def _unpoint(self, game_id: str, pointer: str | int) -> None:
        """`pointer` no longer points at the game."""
        pointers = self._pointers.get(game_id, set())
        pointers.discard(pointer)
        if not pointers:
            self._pointers.pop(game_id, None)

    def _chat(self, slot: str) -> str | None:
        """The game the slot points at, unless the pointer expired (then forgotten)."""
        game_id, expires = self._chats.get(slot, ("", 0.0))
        if not _kept(expires):
            self._chats.pop(slot, None)
            return None
        return game_id

    async def delete_game(self, game_id: str, expected: int) -> bool:
        current = await self.load_game(game_id)
        if current is None or current.version != expected:
            return False
        del self._games[game_id]
        return True

    async def swap_chat_game(self, slot: Slot, expected: str | None, new: str | None) -> bool:
        key = str(slot)
        if self._chat(key) != expected:
            return False
        if expected is not None:
            self._unpoint(expected, key)
        if new is None:
            self._chats.pop(key, None)
        else:
            self._chats[key] = (new, self._point(new, key))
        return True

    async def chat_game(self, slot: Slot) -> str | None:
        return self._chat(str(slot))

    async def set_timer(self, game_id: str, due: float | None, earlier_only: bool = False) -> None:
        noted = self._timers.get(game_id)
        if due is None:
            if not earlier_only:
                self._timers.pop(game_id, None)
        elif not earlier_only or noted is None or due < noted:
            self._timers[game_id] = due

    async def due_timers(self, now: float, limit: int = 100) -> list[str]:
        due = sorted((at, game) for game, at in self._timers.items() if at <= now)
        return [game for _, game in due[:limit]]

    async def user_prefs(self, user_id: int) -> dict[str, str]:
        return dict(self._prefs.get(user_id, {}))

    async def read_tap(self, user_id: int, game_id: str) -> TapRead:
        return TapRead(await self.user_prefs(user_id), game_id, await self.load_game(game_id))

    async def set_user_pref(self, user_id: int, name: str, value: str | None) -> None:
        _set(self._prefs.setdefault(user_id, {}), name, value)

    async def group_settings(self, chat_id: int) -> dict[str, str]:
        return dict(self._groups.get(chat_id, {}))

    async def set_group_setting(self, chat_id: int, name: str, value: str | None) -> None:
        _set(self._groups.setdefault(chat_id, {}), name, value)

    async def note_running(self, user_id: int, game_id: str, running: bool) -> None:
        """Each game noted expires with its game (in Redis the set expires with the
        longest-lived of them: a game gone may be listed longer there, as running_games
        allows)."""
        games = self._running.setdefault(user_id, {})
        if running:
            games[game_id] = self._point(game_id, user_id)
        else:
            games.pop(game_id, None)
            self._unpoint(game_id, user_id)

    async def running_games(self, user_id: int) -> list[str]:
        games = self._running.get(user_id, {})
        for game_id, expires in list(games.items()):
            if not _kept(expires):
                del games[game_id]
        return sorted(games)

    async def save_record(self, name: str, text: str, players: list[int]) -> None:
        self._records[name] = (text, players, time.monotonic() + RECORD_TTL)
        for user_id in players:
            listed = [other for other in self._listed.get(user_id, []) if other != name]
            self._listed[user_id] = [name, *listed][:RECORDS_LISTED]

    async def record(self, name: str) -> tuple[str, list[int]] | None:
        text, players, expires = self._records.get(name, ("", [], 0.0))
        if expires <= time.monotonic():
            self._records.pop(name, None)
            return None
        return text, players

    async def records(self, user_id: int) -> list[str]:
        return list(self._listed.get(user_id, []))

    async def save_review(self, name: str, review: str) -> None:
        if await self.record(name) is not None:
            self._reviews[name] = review

    async def review(self, name: str) -> str | None:
        if await self.record(name) is None:
            self._reviews.pop(name, None)
            return None
        return self._reviews.get(name)

    async def media_file_id(self, digest: str) -> str | None:
        file_id, expires = self._media.get(digest, ("", 0.0))
        return file_id if expires > time.monotonic() else None

    async def note_media(self, digest: str, file_id: str) -> None:
        now = time.monotonic()
        self._media.pop(digest, None)  # noted again: its place moves to the end
        self._media[digest] = (file_id, now + MEDIA_TTL)
        while next(iter(self._media.values()))[1] <= now:  # the expired go (this one stays)
            del self._media[next(iter(self._media))]

    async def save_picture(self, key: str, jpeg: bytes, ttl: int) -> None:
        """Kept until it expires or `PICTURES_KEPT` newer ones push it out (the oldest saved
        first): the store of one process, bounded in memory."""
        now = time.monotonic()
        self._pictures.pop(key, None)  # saved again: its place moves to the end
        self._pictures[key] = (jpeg, now + ttl)
        for old, (_, expires) in list(self._pictures.items()):
            if expires > now and len(self._pictures) <= PICTURES_KEPT:
                break
            del self._pictures[old]

    async def picture(self, key: str) -> bytes | None:
        jpeg, expires = self._pictures.get(key, (b"", 0.0))
        return jpeg if expires > time.monotonic() else None

    async def expire_picture(self, key: str, ttl: int) -> None:
        kept = self._pictures.get(key)
        if kept is not None:
            self._pictures[key] = (kept[0], time.monotonic() + ttl)

    async def count_result(self, user_id: int, mark: str, tally: Tally) -> bool:
        now = time.monotonic()
        counted, expires = self._counted.get(user_id, ([], now))
        if mark in counted and expires > now:
            return False
        # kept UNFINISHED_TTL after the last count, as in Redis (`bot.storage.redis.counted_key`)
        kept = counted if expires > now else []
        self._counted[user_id] = ([*kept, mark][-RECENT_COUNTED:], now + UNFINISHED_TTL)
        stats = self._stats.setdefault(user_id, {})

        def add(field: str, n: int) -> int:
            value = int(stats.get(field, "0")) + n
            stats[field] = str(value)
            return value

        kind = f"{tally.kind}."
        add(kind + "g", 1)
        if tally.outcome == "w":
            add(kind + "w", 1)
            streak = add(kind + "s", 1)
            if streak > int(stats.get(kind + "b", "0")):
                stats[kind + "b"] = str(streak)
        else:
            if tally.outcome == "l":
                add(kind + "l", 1)
            stats.pop(kind + "s", None)
        for field, n in (
            ("pw", tally.points_won),
            ("pl", tally.points_lost),
            ("mg", tally.mars_given),
            ("mt", tally.mars_taken),
            ("kg", tally.koks_given),
            ("kt", tally.koks_taken),
        ):
            if n:
                add(kind + field, n)
        ladder = tally.ladder
        if tally.opponent is not None:
            versus = self._versus.setdefault(user_id, Counter())
            versus[f"{ladder}{tally.opponent}{tally.outcome}"] += 1
        if tally.rating is not None:
            change = tally.rating
            stats[ladder + "r"] = f"{float(stats.get(ladder + 'r', '1500')) + change.delta:.4f}"
            stats[ladder + "d"] = f"{change.deviation:.4f}"
            stats[ladder + "v"] = f"{change.volatility:.6f}"
        return True

    async def player_stats(self, user_id: int) -> dict[str, str]:
        return dict(self._stats.get(user_id, {}))

    async def head_to_head(
        self, user_id: int, opponent: int, ladder: str = LONG_LADDER
    ) -> dict[str, int]:
        versus = self._versus.get(user_id, Counter())
        games = {outcome: versus[f"{ladder}{opponent}{outcome}"] for outcome in "wld"}
        return {outcome: n for outcome, n in games.items() if n}

    async def place(
        self, user_id: int, rating: float, board: str | None = None, ladder: str = LONG_LADDER
    ) -> None:
        joined = self._joined.setdefault((user_id, ladder), set())
        if board is not None:
            joined.add(board)
        for name in (GLOBAL_BOARD, *joined):
            self._boards.setdefault(ladder + name, {})[user_id] = rating

    def _ranked(self, board: str, ladder: str) -> list[tuple[int, float]]:
        """A leaderboard best first; ties as Redis orders them (ZREVRANGE: members compared
        as text, the greater first)."""
        entries = self._boards.get(ladder + board, {}).items()
        return sorted(entries, key=lambda entry: (entry[1], str(entry[0])), reverse=True)

    async def top(
        self, board: str, count: int, ladder: str = LONG_LADDER
    ) -> list[tuple[int, float]]:
        return self._ranked(board, ladder)[:count]

    async def standing(
        self, board: str, user_id: int, ladder: str = LONG_LADDER
    ) -> tuple[int, int] | None:
        ranked = [user for user, _ in self._ranked(board, ladder)]
        if user_id not in ranked:
            return None
        return ranked.index(user_id) + 1, len(ranked)

    async def take_lease(self, name: str, holder: str, ttl: float) -> bool:
        now = time.monotonic()
        current = self._leases.get(name)
        if current is not None and current[0] != holder and current[1] > now:
            return False
        self._leases[name] = (holder, now + ttl)
        return True

    async def drop_lease(self, name: str, holder: str) -> None:
        if self._leases.get(name, ("", 0.0))[0] == holder:
            del self._leases[name]

    async def claim_change(
        self, name: str, claimant: str, ttl: float, stale: str | None = None
    ) -> str | None:
        now = time.monotonic()
        holder, expires = self._changes.get(name, (claimant, now))
        if holder not in (claimant, stale) and expires > now:
            return holder
        if len(self._changes) > CLAIMS_KEPT:  # forget the claims that have run out
            self._changes = {key: held for key, held in self._changes.items() if held[1] > now}
        self._changes[name] = (claimant, now + ttl)
        return None

    async def reserve_slot(
        self, name: str, interval: float, burst: int, most: float | None
    ) -> float | None:
        now = time.monotonic()
        tat = max(self._slots.get(name, now), now)
        wait = max(tat - (burst - 1) * interval - now, 0.0)
        if most is not None and wait > most:
            return None
        self._slots[name] = max(tat, now + wait) + interval
        if len(self._slots) > SLOTS_KEPT:  # forget the budgets whose slots are all free
            self._slots = {key: due for key, due in self._slots.items() if due > now}
        return wait

    async def active_games(self) -> int:
        recent = time.monotonic() + FINISHED_TTL
        return sum(1 for _, expires in self._games.values() if (expires or 0) > recent)

    async def ping(self) -> None:
        """Always here."""

    async def close(self) -> None:
        """Nothing to release."""


def _kept(expires: float | None) -> bool:
    """Whether what expires at `expires` (`time.monotonic`; None: never) is still kept."""
    return expires is None or expires > time.monotonic()


def _set(fields: dict[str, str], name: str, value: str | None) -> None:
    """One field of a hash set, or forgotten (None), as Redis's HSET and HDEL do."""
    if value is None:
        fields.pop(name, None)
    else:
        fields[name] = value
