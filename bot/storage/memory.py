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
    GameStore,
    Slot,
    Tally,
    VersionConflict,
    Versioned,
)


class MemoryStore(GameStore):
    """Each method runs without awaiting, so on one event loop every call is atomic."""

    def __init__(self) -> None:
        self._games: dict[str, tuple[Versioned, float | None]] = {}
        self._chats: dict[str, str] = {}
        self._prefs: dict[int, dict[str, str]] = {}
        self._groups: dict[int, dict[str, str]] = {}
        self._timers: dict[str, float] = {}
        self._stats: dict[int, dict[str, str]] = {}
        self._counted: dict[int, list[str]] = {}
        self._versus: dict[int, Counter[str]] = {}
        self._boards: dict[str, dict[int, float]] = {}  # by ladder and board: `<ladder><board>`
        self._joined: dict[tuple[int, str], set[str]] = {}  # by user and ladder
        self._running: dict[int, set[str]] = {}
        self._records: dict[str, tuple[str, list[int], float]] = {}  # …, when it expires
        self._listed: dict[int, list[str]] = {}
        self._leases: dict[str, tuple[str, float]] = {}  # holder, when it expires
        self._seeds: dict[str, tuple[bytes, float]] = {}  # seed, when it expires
        self._claims: dict[str, str] = {}  # card nonce: the inline message that took its seed
        self._media: dict[str, tuple[str, float]] = {}  # file id, when it expires: oldest first

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
        return expected + 1

    async def delete_game(self, game_id: str, expected: int) -> bool:
        current = await self.load_game(game_id)
        if current is None or current.version != expected:
            return False
        del self._games[game_id]
        return True

    async def swap_chat_game(self, slot: Slot, expected: str | None, new: str | None) -> bool:
        if self._chats.get(str(slot)) != expected:
            return False
        if new is None:
            self._chats.pop(str(slot), None)
        else:
            self._chats[str(slot)] = new
        return True

    async def chat_game(self, slot: Slot) -> str | None:
        return self._chats.get(str(slot))

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

    async def set_user_pref(self, user_id: int, name: str, value: str | None) -> None:
        _set(self._prefs.setdefault(user_id, {}), name, value)

    async def group_settings(self, chat_id: int) -> dict[str, str]:
        return dict(self._groups.get(chat_id, {}))

    async def set_group_setting(self, chat_id: int, name: str, value: str | None) -> None:
        _set(self._groups.setdefault(chat_id, {}), name, value)

    async def note_running(self, user_id: int, game_id: str, running: bool) -> None:
        games = self._running.setdefault(user_id, set())
        if running:
            games.add(game_id)
        else:
            games.discard(game_id)

    async def running_games(self, user_id: int) -> list[str]:
        return sorted(self._running.get(user_id, set()))

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

    async def save_card_seed(self, nonce: str, seed: bytes, ttl: int) -> None:
        self._seeds[nonce] = (seed, time.monotonic() + ttl)

    async def claim_card_seed(self, nonce: str, claimant: str) -> bytes | None:
        seed, expires = self._seeds.get(nonce, (b"", 0.0))
        if expires <= time.monotonic():
            self._seeds.pop(nonce, None)
            self._claims.pop(nonce, None)
            return None
        return seed if self._claims.setdefault(nonce, claimant) == claimant else None

    async def media_file_id(self, digest: str) -> str | None:
        file_id, expires = self._media.get(digest, ("", 0.0))
        return file_id if expires > time.monotonic() else None

    async def note_media(self, digest: str, file_id: str) -> None:
        now = time.monotonic()
        self._media.pop(digest, None)  # noted again: its place moves to the end
        self._media[digest] = (file_id, now + MEDIA_TTL)
        while next(iter(self._media.values()))[1] <= now:  # the expired go (this one stays)
            del self._media[next(iter(self._media))]

    async def count_result(self, user_id: int, mark: str, tally: Tally) -> bool:
        counted = self._counted.setdefault(user_id, [])
        if mark in counted:
            return False
        counted[:] = [*counted, mark][-RECENT_COUNTED:]
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

    async def active_games(self) -> int:
        recent = time.monotonic() + FINISHED_TTL
        return sum(1 for _, expires in self._games.values() if (expires or 0) > recent)

    async def ping(self) -> None:
        """Always here."""

    async def close(self) -> None:
        """Nothing to release."""


def _set(fields: dict[str, str], name: str, value: str | None) -> None:
    """One field of a hash set, or forgotten (None), as Redis's HSET and HDEL do."""
    if value is None:
        fields.pop(name, None)
    else:
        fields[name] = value
