"""What finished games add up to: each game counted once into its players' statistics and, in
games between people, their Glicko-2 ratings, head-to-head and leaderboards, each game's own
(long and short nardy are rated apart: a ladder each); read back for the results screen,
/stats and /top.

A game is counted right after the save that ended it. That save also puts the game on the
timer index, due at once, so that a count a crash interrupted is redone by the timer task
(`Deadlines.serve`); the store counts each game once per player (`Ended.mark`).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import Protocol

from bot.ratings import Rating, rate_game
from bot.service.table import Ended, Table
from bot.storage import LONG_LADDER, PrefsStore, RatingChange, StatsStore, Tally
from nardy import Color
from nardy.ai import Level
from nardy.long_variant import LONG
from nardy.scoring import ResultKind
from nardy.summary import summarize
from nardy.variant import Variant
from nardy.variants import VARIANTS, variant_of

Standing = tuple[int, int]
"""The record of a finished game's players as wins by colour (`Results.standing`)."""

PEOPLE = "people"  # the kind of opponent of a game between two people


class CountingStore(StatsStore, PrefsStore, Protocol):
    """What counting keeps: the statistics, and the name each player is listed under."""


def ladder(game: Variant) -> str:
    """The prefix of `game`'s statistics, rating, head-to-head and leaderboards in the store:
    long nardy's none (as they were before there was another game), any other's its name and
    a dot: short nardy's "short.easy"."""
    return LONG_LADDER if game is LONG else f"{game.key}."


def opponent_kind(opponent: str, game: Variant) -> str:
    """How statistics name a kind of opponent (a level's value, or `PEOPLE`) in `game`."""
    return f"{ladder(game)}{opponent}"


def kinds() -> dict[str, tuple[Variant, str]]:
    """Every kind of opponent of every game there is, with its game and opponent (a level's
    value, or `PEOPLE`), in the order /stats lists them: by game (long nardy's first), then
    by level."""
    return {
        opponent_kind(opponent, game): (game, opponent)
        for game in VARIANTS
        for opponent in (*(level.value for level in game.levels()), PEOPLE)
    }


NAME = "name"  # the user preference: the name a player is shown under (cards, leaderboards)

# Each bot level's fixed rating, so that /stats can say whom a player's rating plays like:
# the arena's win rates (docs/FIGURES.md, "Bot opponent") as rating gaps by the logistic formula
# 400·log10(p / (1 − p)) — Medium beats Easy 95.9% (+548), Hard beats Medium 72.4% (+168),
# Expert beats Hard 79.5% (+235) — with Easy set at 1000. The bot's games change no rating.
LEVEL_RATINGS = {Level.EASY: 1000, Level.MEDIUM: 1550, Level.HARD: 1720, Level.EXPERT: 1955}


@dataclass(frozen=True, slots=True)
class KindRecord:
    """A player's games against one kind of opponent (a bot level, or people)."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    points_won: int = 0
    points_lost: int = 0
    streak: int = 0  # wins in a row now
    best: int = 0  # the longest run of wins
    mars_given: int = 0  # wins worth a mars or more
    mars_taken: int = 0
    koks_given: int = 0  # wins worth a koks (short nardy's backgammon) or more; 0 before 2026-12
    koks_taken: int = 0

    @property
    def draws(self) -> int:
        """Games drawn (the last roll, RULES.md §7): neither won nor lost."""
        return self.games - self.wins - self.losses

    @property
    def win_percent(self) -> int:
        return round(100 * self.wins / self.games) if self.games else 0


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """Everything counted for one player: the kinds of opponent they have played, in `kinds`
    order, and their rating in each game they have played a person at."""

    kinds: tuple[tuple[str, KindRecord], ...]
    ratings: tuple[tuple[Variant, Rating], ...]

    @classmethod
    def from_stats(cls, stats: dict[str, str]) -> PlayerRecord:
        """Read the store's fields (`GameStore.player_stats`)."""

        def number(field: str) -> int:
            return int(stats.get(field, "0"))

        played = []
        for kind in kinds():
            if number(f"{kind}.g"):
                values = (number(f"{kind}.{field}") for field in _FIELDS)
                played.append((kind, KindRecord(*values)))
        ratings = tuple(
            (game, Rating(*(float(stats[f"{ladder(game)}{field}"]) for field in "rdv")))
            for game in VARIANTS
            if f"{ladder(game)}r" in stats
        )
        return cls(tuple(played), ratings)

    def of(self, kind: str) -> KindRecord:
        return dict(self.kinds).get(kind, KindRecord())

    def rating(self, game: Variant = LONG) -> Rating | None:
        """The player's rating in `game`; None before their first game of it with a person."""
        return dict(self.ratings).get(game)


# The store's field of each `KindRecord` number, in its order.
_FIELDS = ("g", "w", "l", "pw", "pl", "s", "b", "mg", "mt", "kg", "kt")


@dataclass(frozen=True, slots=True)
class Leader:
    """A player on a leaderboard: their place, the name they last played under, their rating."""

    place: int
    user_id: int
    name: str
    rating: Rating


# A game between people is rated only once each has played this many turns (passes and forced
# turns count): one resigned or lost on time sooner changes no rating and no head-to-head, as
# lichess aborts a game before both have moved, so two accounts cannot trade rating for nothing.
RATED_TURNS = 2


def signed(delta: float) -> str:
    """A rating change as players read it: "+12", "−7" (a minus sign), "+0"."""
    return f"{round(delta):+d}".replace("-", "−")


def plays_like(rating: float) -> Level:
    """The bot level whose fixed rating is nearest."""
    return min(LEVEL_RATINGS, key=lambda level: abs(LEVEL_RATINGS[level] - rating))


def _tally(ended: Ended, color: Color) -> Tally:
    """What the game `ended` adds to the statistics of the player of `color`."""
    result = ended.result
    opponent = ended.seats[color.opponent]
    game = ended.game
    kind = opponent_kind(PEOPLE if opponent.level is None else opponent.level.value, game)
    mars = int(result.kind is not ResultKind.OYN)
    koks = int(result.kind in (ResultKind.KOKS, ResultKind.HOME_MARS))
    if result.winner is None:
        tally = Tally(kind, "d")
    elif result.winner is color:
        tally = Tally(kind, "w", points_won=result.points, mars_given=mars, koks_given=koks)
    else:
        tally = Tally(kind, "l", points_lost=result.points, mars_taken=mars, koks_taken=koks)
    if ended.ratings is None:
        return tally
    return replace(
        tally, opponent=opponent.user_id, rating=ended.ratings[color], ladder=ladder(game)
    )


def _change(before: Rating, after: Rating) -> RatingChange:
    return RatingChange(after.rating - before.rating, after.deviation, after.volatility)


class Results:
    """Counting finished games and reading what they add up to."""

    def __init__(self, store: CountingStore) -> None:
        self._store = store

    async def record(self, user_id: int) -> PlayerRecord:
        return PlayerRecord.from_stats(await self._store.player_stats(user_id))

    async def leaders(self, board: str, count: int, game: Variant = LONG) -> list[Leader]:
        """The best `count` of a leaderboard of `game` (`GLOBAL_BOARD`, or a group's id as
        text): the order is one read of a sorted set; names and deviations are read beside it."""
        top = await self._store.top(board, count, ladder(game))
        names = await asyncio.gather(*(self._store.user_prefs(user) for user, _ in top))
        records = await asyncio.gather(*(self.record(user) for user, _ in top))
        return [
            Leader(place, user, prefs.get(NAME, str(user)), record.rating(game) or Rating(rating))
            for place, ((user, rating), prefs, record) in enumerate(
                zip(top, names, records, strict=True), start=1
            )
        ]

    async def place(self, board: str, user_id: int, game: Variant = LONG) -> tuple[int, int] | None:
        """The user's place on a leaderboard of `game` and how many are on it; None when not
        on it."""
        return await self._store.standing(board, user_id, ladder(game))

    async def ended(self, table: Table) -> Table:
        """`table`, whose game has just ended, with that game to count (`Table.ended`);
        between two people who each played `RATED_TURNS` turns, with the rating changes
        computed now from both players' ratings (each finished game is one Glicko-2 rating
        period, `bot.ratings.rate_game`) in the game's own rating: long and short nardy are
        rated apart."""
        result = table.game.result
        assert result is not None
        number = 1 if table.match is None else table.match.match.games + 1
        game = variant_of(table.game)
        changes = None
        if table.shared and min(summarize(table.game).turns) >= RATED_TURNS:
            white, black = [await self._rating(seat.user_id or 0, game) for seat in table.seats]
            score = 0.5 if result.winner is None else float(result.winner is Color.WHITE)
            after = rate_game(white, black, score)
            changes = (_change(white, after[0]), _change(black, after[1]))
        ended = Ended(number, table.seats, result, changes, game=game)
        return replace(table, ended=ended)

    async def _rating(self, user_id: int, game: Variant) -> Rating:
        return (await self.record(user_id)).rating(game) or Rating()

    async def count(self, table: Table) -> None:
        """Count the game that ended last in `table` for each of its players, once however
        often asked; a player whose rating changed takes their place on the leaderboards (the
        group's too, for a game in a group) of the game's ladder, under the name they played
        under."""
        ended = table.ended
        if ended is None:
            return
        game = ended.game
        board = None if table.inline_id is not None else str(table.chat_id)
        for color in Color:
            seat = ended.seats[color]
            if seat.user_id is None:
                continue
            await self._store.count_result(
                seat.user_id, ended.mark(table.game_id), _tally(ended, color)
            )
            if ended.ratings is not None:
                rating = await self._rating(seat.user_id, game)
                await self._store.set_user_pref(seat.user_id, NAME, seat.name)
                await self._store.place(seat.user_id, rating.rating, board, ladder(game))

    async def standing(self, table: Table) -> Standing | None:
        """For the results screen of `table`'s finished game, the record of its players as
        wins by colour: against the bot, the player's wins and losses at that level; between
        two people, each one's wins against the other in rated games of this game. None before
        the game is over."""
        if not table.game.over:
            return None
        white, black = table.seats
        game = variant_of(table.game)
        if table.shared:
            games = await self._store.head_to_head(
                white.user_id or 0, black.user_id or 0, ladder(game)
            )
            return games.get("w", 0), games.get("l", 0)
        human = Color.WHITE if white.level is None else Color.BLACK
        bot = table.seats[human.opponent].level
        assert bot is not None
        record = (await self.record(table.seats[human].user_id or 0)).of(
            opponent_kind(bot.value, game)
        )
        wins = {human: record.wins, human.opponent: record.losses}
        return wins[Color.WHITE], wins[Color.BLACK]
