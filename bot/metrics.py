"""The Prometheus metrics (`prometheus-client`, its default registry, so the process's own CPU
and memory come along), served on `/metrics` by `bot.runtime.web`.

Every metric is defined here and the game code holds only a one-line hook (a `with ...time():`
or an `.inc()`), so it stays readable; this module imports nothing of the bot's, so any layer
may use it.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass

from prometheus_client import Counter, Gauge, Histogram

# Seconds: an update is a tap (tens of ms) or a turn with the bot thinking (seconds).
_UPDATE_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
_RENDER_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
_AI_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

UPDATES = Counter(
    "nardy_updates",
    "Updates handled, by type (message, callback_query, ...) and outcome (ok, refused, error).",
    ["type", "outcome"],
)
UPDATE_SECONDS = Histogram(
    "nardy_update_seconds",
    "Time from an update reaching the dispatcher to its handler's end, by type.",
    ["type"],
    buckets=_UPDATE_BUCKETS,
)
UPDATES_IN_FLIGHT = Gauge("nardy_updates_in_flight", "Updates being handled now.")
RENDER_SECONDS = Histogram(
    "nardy_render_seconds",
    "Time to draw one board picture, the wait for a thread included.",
    buckets=_RENDER_BUCKETS,
)
AI_SECONDS = Histogram(
    "nardy_ai_seconds",
    "Time the bot takes to choose a turn (by level), a hint (level 'hint'), a cube decision"
    " (level 'cube') or a finished game's review (level 'review'), in its pool.",
    ["level"],
    buckets=_AI_BUCKETS,
)
ACTIVE_GAMES = Gauge(
    "nardy_active_games",
    "Games in progress (moved within the last 23 days), counted every minute by the worker"
    " holding the background lease; 0 on the others, so sum() over workers is the count.",
)
STORE_ERRORS = Counter(
    "nardy_store_errors", "Redis failures (no connection, a timeout): StoreUnavailable raised."
)
TELEGRAM_ERRORS = Counter(
    "nardy_telegram_errors",
    "Failed Bot API requests, each try counted, by kind: flood (429), server (5xx), network,"
    " not_modified, other.",
    ["kind"],
)
PACED_SECONDS = Histogram(
    "nardy_paced_seconds",
    "How long a message to a group or channel waited for its slot of the chat's budget.",
    buckets=(0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0, 10.0, 30.0),
)
LOOP_LAG = Gauge(
    "nardy_event_loop_lag_seconds", "How late the event loop ran the latest health probe."
)
LEASE_HELD = Gauge(
    "nardy_background_lease_held", "1 while this worker holds the lease to run background tasks."
)


@dataclass
class Outcome:
    """How the update being handled ended, as far as its handler said: ok unless refused."""

    refused: bool = False


current_outcome: ContextVar[Outcome | None] = ContextVar("update_outcome", default=None)


def refused() -> None:
    """The update being handled asked for something refused (a stale board, a stranger's tap);
    its log line and counter say "refused"."""
    outcome = current_outcome.get()
    if outcome is not None:
        outcome.refused = True
