"""The embedded store: plain dictionaries, lost on restart (the default without `REDIS_URL`)."""

from __future__ import annotations

import time

from bot.storage.base import GameStore, Slot, VersionConflict, Versioned


class MemoryStore(GameStore):
    """Each method runs without awaiting, so on one event loop every call is atomic."""

    def __init__(self) -> None:
        self._games: dict[str, tuple[Versioned, float | None]] = {}
        self._chats: dict[str, str] = {}
        self._prefs: dict[int, dict[str, str]] = {}
        self._timers: dict[str, float] = {}

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

    async def set_user_pref(self, user_id: int, name: str, value: str) -> None:
        self._prefs.setdefault(user_id, {})[name] = value

    async def ping(self) -> None:
        """Always here."""

    async def close(self) -> None:
        """Nothing to release."""
