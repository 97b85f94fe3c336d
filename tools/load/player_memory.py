"""Redis memory per player for statistics, rating and leaderboards, on a real redis-server.

Plays out a population through the store as the game service counts finished games: every
player has games at each bot level and against people (Glicko-2 changes from
`bot.ratings.rate_game`, a few opponents each, two groups each), a full list of recently counted
games, and two running games. Then `MEMORY USAGE` of each player's keys, and each player's share
of the leaderboards' sorted sets. Left out: the games themselves (`tools.bench.bot`
measures a stored game) and user preferences (language, name), which predate statistics.

    python -m tools.load.player_memory [--players 300] [--games 80]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics

from bot.ratings import Rating, rate_game
from bot.service.results import PEOPLE, kinds
from bot.storage import GLOBAL_BOARD, RatingChange, RedisStore, Tally
from bot.storage.redis import (
    board_key,
    boards_key,
    counted_key,
    running_key,
    stats_key,
    versus_key,
)
from tools.clock import RunClock
from tools.throwaway_redis import throwaway_store

OPPONENTS = 8  # people each player meets
GROUPS = 4  # groups in the population; each player plays in two


async def play(store: RedisStore, players: int, games: int, rng: random.Random) -> None:
    """`games` finished games per player, a fifth of them against people."""
    ratings = {user: Rating() for user in range(1, players + 1)}
    friends = {user: rng.sample(sorted(set(ratings) - {user}), OPPONENTS) for user in ratings}
    groups = {user: [str(-100 - g) for g in rng.sample(range(GROUPS), 2)] for user in ratings}
    for number in range(games):
        for user in ratings:
            mark = f"{rng.getrandbits(48):012x}.{number}"
            outcome, points = rng.choice("wl"), rng.choice((1, 1, 1, 2))
            won, lost = (points, 0) if outcome == "w" else (0, points)
            mars = int(points == 2)
            given, taken = (mars, 0) if outcome == "w" else (0, mars)
            kind = rng.choice(list(kinds()))
            if kind != PEOPLE:
                await store.count_result(user, mark, Tally(kind, outcome, won, lost, given, taken))
                continue
            other = rng.choice(friends[user])
            mine, theirs = rate_game(ratings[user], ratings[other], float(outcome == "w"))
            for who, before, after, result in (
                (user, ratings[user], mine, outcome),
                (other, ratings[other], theirs, "l" if outcome == "w" else "w"),
            ):
                change = RatingChange(
                    after.rating - before.rating, after.deviation, after.volatility
                )
                tally = Tally(PEOPLE, result, opponent=user + other - who, rating=change)
                await store.count_result(who, mark, tally)
                await store.place(who, after.rating, rng.choice(groups[who]))
            ratings[user], ratings[other] = mine, theirs
    for user in ratings:
        for game in range(2):
            await store.note_running(user, f"{user:06d}{game:02d}", True)


async def run(players: int, games: int) -> None:
    clock = RunClock()
    async with throwaway_store() as store:
        await play(store, players, games, random.Random(1))
        redis = store.client

        async def usage(key: str) -> int:
            return int(await redis.memory_usage(key, samples=0) or 0)

        keys = {
            "statistics and rating (stats hash)": stats_key,
            "games counted last (string)": counted_key,
            "head to head (vs hash)": versus_key,
            "group boards joined (set)": boards_key,
            "running games (set)": running_key,
        }
        print(f"{players} players, {games} finished games each (a fifth against people)")
        total = 0.0
        for label, key_of in keys.items():
            sizes = [await usage(key_of(user)) for user in range(1, players + 1)]
            sizes = [size for size in sizes if size]
            mean = statistics.mean(sizes)
            total += mean
            print(f"  {label}: mean {mean:.0f} B, max {max(sizes)} B")
        boards = [GLOBAL_BOARD, *(str(-100 - g) for g in range(GROUPS))]
        share = sum([await usage(board_key(board)) for board in boards]) / players
        total += share
        print(f"  leaderboards (sorted sets), per player: {share:.0f} B")
        print(f"  all of it, per player: {total:.0f} B")
    print(clock.summary())


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.load.player_memory", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--games", type=int, default=80)
    args = parser.parse_args()
    asyncio.run(run(args.players, args.games))


if __name__ == "__main__":
    main()
