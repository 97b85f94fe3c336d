"""The real bot player with a hook before each call, for tests that act while the bot thinks,
break it, or watch what it is asked."""

from __future__ import annotations

import asyncio

from bot.service.bot_player import BotPlayer, Progress
from nardy import Step
from nardy.ai import Hint, Level
from nardy.ai.analysis import Review
from nardy.transcript import Transcript
from nardy.variant import AnyGame, AnyPosition, AnyRules


class WatchedBot:
    """Passes every call on to `inner` once `before` has run."""

    def __init__(self, inner: BotPlayer) -> None:
        self.inner = inner

    async def before(self, call: str, away: tuple[int, int] | None) -> None:
        """Runs before each call ("choose", "hint", "cube", "review") goes on; nothing here."""

    async def choose(
        self,
        position: AnyPosition,
        dice: tuple[int, int],
        rules: AnyRules,
        level: Level,
        away: tuple[int, int] | None = None,
    ) -> tuple[Step, ...]:
        await self.before("choose", away)
        return await self.inner.choose(position, dice, rules, level, away)

    async def hint(
        self,
        position: AnyPosition,
        dice: tuple[int, int],
        rules: AnyRules,
        away: tuple[int, int] | None = None,
    ) -> Hint:
        await self.before("hint", away)
        return await self.inner.hint(position, dice, rules, away)

    async def wants_double(self, game: AnyGame, level: Level) -> bool:
        await self.before("cube", None)
        return await self.inner.wants_double(game, level)

    async def takes(self, game: AnyGame, level: Level) -> bool:
        await self.before("cube", None)
        return await self.inner.takes(game, level)

    async def review(self, record: Transcript, progress: Progress | None = None) -> Review:
        await self.before("review", None)
        return await self.inner.review(record, progress)


class HeldBot(WatchedBot):
    """The real bot player, its `held` calls held back until `release` is set: the bot
    "thinks" meanwhile."""

    def __init__(self, inner: BotPlayer, held: str = "choose") -> None:
        super().__init__(inner)
        self.held = held
        self.asked = asyncio.Event()
        self.release = asyncio.Event()

    async def before(self, call: str, away: tuple[int, int] | None) -> None:
        if call == self.held:
            self.asked.set()
            await self.release.wait()
