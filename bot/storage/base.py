"""The storage interface every backend implements, with compare-and-set on a game's version."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Protocol

# How long a game is kept after its last change: a game in progress (renewed by every move,
# long enough for slow correspondence play), and a finished one (its board's buttons still
# answer). After that it is gone, and a tap on its board says so.
UNFINISHED_TTL = 30 * 24 * 3600
FINISHED_TTL = 7 * 24 * 3600
# How long a finished game's record is kept, and how many of a player's latest it lists.
RECORD_TTL = 30 * 24 * 3600
RECORDS_LISTED = 10
# How long the file id of a picture uploaded to the media chat is kept for every worker to use.
MEDIA_TTL = 24 * 3600


Slot = int | str
"""Where a person plays one game at a time: a private chat's id (the chat with the bot), or
`<chat id>:<user id>` for one player in a group (see `bot.service.table.Table.slots`)."""


# How many of a player's latest counted games the store remembers, so that counting one again
# (its count redone after a crash, or by a second process) changes nothing: a game is counted
# once as long as its player finishes fewer than this many others before the count is redone.
RECENT_COUNTED = 12
GLOBAL_BOARD = "all"  # the leaderboard of every rated player (`GameStore.place`)
# Each game rated apart has a ladder: its own rating, head-to-head and leaderboards, whose
# fields and board names start with the ladder's name. Long nardy's is "", so that everything
# stored before another game was rated stays long nardy's.
LONG_LADDER = ""


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A player's rating after a game, as a change: the rating moves by `delta` from what it
    is when applied (so two games counted at once both count); deviation and volatility are
    set."""

    delta: float
    deviation: float
    volatility: float


@dataclass(frozen=True, slots=True)
class Tally:
    """What one finished game adds to one player's statistics: against `kind` of opponent (a
    bot level's value, or people), won, lost or drawn (`outcome`: w, l, d), the points won and
    lost, a mars (or more) and a koks (or more: short nardy's backgammon) given or taken;
    against a person, who (`opponent`), and the rating change on the `ladder` the game is rated
    on (`LONG_LADDER`, or the prefix of another game's rating fields, head-to-head and
    leaderboards)."""

    kind: str
    outcome: str
    points_won: int = 0
    points_lost: int = 0
    mars_given: int = 0
    mars_taken: int = 0
    koks_given: int = 0
    koks_taken: int = 0
    opponent: int | None = None
    rating: RatingChange | None = None
    ladder: str = ""


class StoreUnavailable(Exception):
    """The backing store cannot be reached right now; the user should try again shortly."""


class StoreRefused(Exception):
    """The store answers but will not serve us (a wrong password, no such database): waiting
    does not help, the setting must change."""


class VersionConflict(Exception):
    """A game changed (or was created) since the caller read it; nothing was written."""


@dataclass(frozen=True, slots=True)
class Versioned:
    """A stored game: its opaque serialised form and its version (1 after the first save)."""

    version: int
    data: str


class GamesStore(Protocol):
    """Games keyed by id and the slot→game index (a chat, or a player in a group): every write
    of a game is a compare-and-set on its version, so of two updates that read the same
    version exactly one wins (DESIGN.md §4); a change claimed by one tap for all workers."""

    @abstractmethod
    async def load_game(self, game_id: str) -> Versioned | None:
        """The game's data and version, or None when there is no such game (or it expired)."""

    @abstractmethod
    async def save_game(
        self, game_id: str, expected: int, data: str, ttl: int | None = None
    ) -> int:
        """Write `data` if the stored version is `expected` (0: no game yet); return the new one.

        `ttl` (seconds) makes the game expire that long after this save; None keeps it.
        Raises `VersionConflict` when the version differs.
        """

    @abstractmethod
    async def delete_game(self, game_id: str, expected: int) -> bool:
        """Forget the game (one that never reached its players) if its stored version is still
        `expected`; False, deleting nothing, when it changed or there is none."""

    @abstractmethod
    async def swap_chat_game(self, slot: Slot, expected: str | None, new: str | None) -> bool:
        """Point `slot` at game `new` (None: at nothing) if it now points at `expected`."""

    @abstractmethod
    async def chat_game(self, slot: Slot) -> str | None:
        """The id of the game `slot` is playing, if any."""

    @abstractmethod
    async def note_running(self, user_id: int, game_id: str, running: bool) -> None:
        """Add the game to the user's running games (`running`), or take it off."""

    @abstractmethod
    async def running_games(self, user_id: int) -> list[str]:
        """The ids of the user's running games, as noted (some may have ended or expired)."""

    @abstractmethod
    async def claim_change(
        self, name: str, claimant: str, ttl: float, stale: str | None = None
    ) -> str | None:
        """Claim `name` for `claimant`, for all workers, for `ttl` seconds (one change of a
        game, made by one tap), also over `stale` (a claim known to be abandoned): None when
        it is `claimant`'s now, else the claimant holding it."""

    @abstractmethod
    async def active_games(self) -> int:
        """How many games are in progress: kept as unfinished games (`UNFINISHED_TTL`) and moved
        less than `UNFINISHED_TTL - FINISHED_TTL` ago (challenges and finished games are not
        counted). A walk over every game: for a gauge now and then, never per update."""


class TimersStore(Protocol):
    """When each game's timer is next due, for the worker serving timers."""

    @abstractmethod
    async def set_timer(self, game_id: str, due: float | None, earlier_only: bool = False) -> None:
        """Note when the game next needs its timer looked at (Unix time; None: never); with
        `earlier_only`, only if that is sooner than what is noted. An index only: whoever
        serves it checks the game itself, so an entry too early does no harm."""

    @abstractmethod
    async def due_timers(self, now: float, limit: int = 100) -> list[str]:
        """The ids of games whose timer is due at `now`, earliest first, at most `limit`."""


class PrefsStore(Protocol):
    """Each user's saved preferences and each group's settings (/settings)."""

    @abstractmethod
    async def user_prefs(self, user_id: int) -> dict[str, str]:
        """The user's saved preferences (e.g. language), empty when none were set."""

    @abstractmethod
    async def set_user_pref(self, user_id: int, name: str, value: str | None) -> None:
        """Save one preference of the user; None forgets it."""

    @abstractmethod
    async def group_settings(self, chat_id: int) -> dict[str, str]:
        """The group's saved settings (/settings there), empty when none were set."""

    @abstractmethod
    async def set_group_setting(self, chat_id: int, name: str, value: str | None) -> None:
        """Save one setting of the group; None forgets it."""


@dataclass(frozen=True, slots=True)
class TapRead:
    """What a tap on a game's button reads before it is handled (`TapStore.read_tap`): the
    user's saved preferences, and the game its button names (None: no such game)."""

    prefs: dict[str, str]
    game_id: str
    game: Versioned | None


class TapStore(PrefsStore, Protocol):
    """A user's preferences, alone or with the game a tap is about in the same round trip."""

    @abstractmethod
    async def read_tap(self, user_id: int, game_id: str) -> TapRead:
        """`PrefsStore.user_prefs` and `GamesStore.load_game` together, in one round trip."""


class RecordsStore(Protocol):
    """Finished games' records."""

    @abstractmethod
    async def save_record(self, name: str, text: str, players: list[int]) -> None:
        """Keep the record of the finished game `name` and its `players` for `RECORD_TTL`,
        listed first among each player's latest `RECORDS_LISTED` records (once, however often
        it is saved); the lists, too, are kept `RECORD_TTL` after their last record."""

    @abstractmethod
    async def record(self, name: str) -> tuple[str, list[int]] | None:
        """The record of the game `name` and its players; None when there is none (never was,
        expired)."""

    @abstractmethod
    async def records(self, user_id: int) -> list[str]:
        """The names of the user's latest records, latest first (some may have expired)."""

    @abstractmethod
    async def save_review(self, name: str, review: str) -> None:
        """Keep the Expert's `review` of the game `name` with its record, as long as the record
        is kept; nothing when the record is gone."""

    @abstractmethod
    async def review(self, name: str) -> str | None:
        """The review kept with the record of the game `name`; None when there is none."""


class MediaStore(Protocol):
    """Board pictures: the file ids of those uploaded to the media chat, and JPEGs kept for
    the bot's own URLs."""

    @abstractmethod
    async def media_file_id(self, digest: str) -> str | None:
        """The Telegram file id of the picture with this digest, as noted (`note_media`)
        within `MEDIA_TTL`; None when it was not."""

    @abstractmethod
    async def note_media(self, digest: str, file_id: str) -> None:
        """Note that the picture with this digest is on Telegram as `file_id` (uploaded to the
        media chat), for `MEDIA_TTL`: any worker then shows it without uploading it again."""

    @abstractmethod
    async def save_picture(self, key: str, jpeg: bytes, ttl: int) -> None:
        """Keep the JPEG `jpeg` under `key` for `ttl` seconds (from now, if kept already), for
        any worker to serve at its URL (`bot.ui.picture_urls`)."""

    @abstractmethod
    async def picture(self, key: str) -> bytes | None:
        """The JPEG kept under `key`; None when there is none (never was, expired)."""

    @abstractmethod
    async def expire_picture(self, key: str, ttl: int) -> None:
        """Keep the picture `key`, if it is still kept, for `ttl` seconds from now: less than it
        was saved for, once Telegram has fetched it."""


class StatsStore(Protocol):
    """What finished games add up to: statistics counted once per game, ratings,
    head-to-head and leaderboards, per ladder."""

    @abstractmethod
    async def count_result(self, user_id: int, mark: str, tally: Tally) -> bool:
        """Add `tally` to the user's statistics (and rating) in one step, unless a tally with
        the same `mark` (the game) was among their `RECENT_COUNTED` latest: False then."""

    @abstractmethod
    async def player_stats(self, user_id: int) -> dict[str, str]:
        """The user's statistics as stored (field → number), empty before their first game."""

    @abstractmethod
    async def head_to_head(
        self, user_id: int, opponent: int, ladder: str = LONG_LADDER
    ) -> dict[str, int]:
        """The user's rated games against `opponent` on `ladder`: outcome (w, l, d) → how
        many."""

    @abstractmethod
    async def place(
        self, user_id: int, rating: float, board: str | None = None, ladder: str = LONG_LADDER
    ) -> None:
        """Put the user's `rating` on `ladder`'s global leaderboard and every board of the
        ladder they are on, joining `board` (a group's) first when given."""

    @abstractmethod
    async def top(
        self, board: str, count: int, ladder: str = LONG_LADDER
    ) -> list[tuple[int, float]]:
        """The best `count` (user, rating) of a leaderboard of `ladder`, best first."""

    @abstractmethod
    async def standing(
        self, board: str, user_id: int, ladder: str = LONG_LADDER
    ) -> tuple[int, int] | None:
        """The user's place on a leaderboard of `ladder` (1: the best) and how many are on it;
        None when they are not on it."""


class LeasesStore(Protocol):
    """The lease that lets one worker at a time run the background tasks."""

    @abstractmethod
    async def take_lease(self, name: str, holder: str, ttl: float) -> bool:
        """Hold the lease `name` for `ttl` seconds from now if it is free or already `holder`'s
        (a renewal); False, changing nothing, while someone else holds it. One worker at a
        time runs the background tasks (`bot.runtime.lease`)."""

    @abstractmethod
    async def drop_lease(self, name: str, holder: str) -> None:
        """Free the lease `name` if `holder` still holds it (on a clean stop)."""


class BudgetsStore(Protocol):
    """Message budgets shared by all workers (a chat's flood limit)."""

    @abstractmethod
    async def reserve_slot(
        self, name: str, interval: float, burst: int, most: float | None
    ) -> float | None:
        """Reserve the next slot of the message budget `name` (a chat's), for all workers: one
        slot every `interval` seconds, up to `burst` at once after a quiet spell (GCRA). The
        seconds to wait until it comes, or None (nothing reserved) when that is over `most`."""


class ConnectionStore(Protocol):
    """The store's connection, for start-up, health and a clean stop."""

    @abstractmethod
    async def ping(self) -> None:
        """Check the store answers, for start-up: raises `StoreUnavailable` when it cannot be
        reached (worth retrying) and `StoreRefused` when it refuses us."""

    @abstractmethod
    async def close(self) -> None:
        """Release connections."""


class GameStore(
    ABC,
    GamesStore,
    TimersStore,
    TapStore,
    RecordsStore,
    MediaStore,
    StatsStore,
    LeasesStore,
    BudgetsStore,
    ConnectionStore,
):
    """Everything the bot keeps, each concern a protocol of its own that the code using it asks
    for (`GamesStore`, `PrefsStore`, `StatsStore`…); Redis (`RedisStore`) and in memory
    (`MemoryStore`) keep them all."""
