"""Settings from the environment and `.env` (pydantic-settings); `.env.example` explains each."""

from __future__ import annotations

import logging
import re
from typing import Literal

from pydantic import (
    AnyHttpUrl,
    Field,
    RedisDsn,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.i18n import Locale
from bot.pacing import GROUP_BUDGET, Budget, overall_budgets
from bot.service.table import TURN_LIMITS, Terms
from bot.storage.connect import RedisMode

_TOKEN = re.compile(r"\d+:[A-Za-z0-9_-]{20,}")
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]
Mode = Literal["polling", "webhook"]
# A limit of messages or updates: "COUNT/SECONDS".
LIMIT = r"^[1-9][0-9]*/[0-9]+(\.[0-9]+)?$"


def _count_and_seconds(limit: str) -> tuple[int, float]:
    """A `LIMIT` read: how many in how many seconds."""
    count, seconds = limit.split("/")
    return int(count), float(seconds)


# A webhook's secret token: Telegram's alphabet and longest (setWebhook's `secret_token`), and
# at least 16 characters, so that it cannot be guessed.
_WEBHOOK_SECRET = re.compile(r"[A-Za-z0-9_-]{16,256}")


TurnLimit = Literal["off", "1m", "5m", "1h", "24h"]


class Settings(BaseSettings):
    """The bot's settings; the token is a `SecretStr`, so it never shows in logs or reprs."""

    # An empty value (`REDIS_URL=` as in .env.example) means "not set".
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", env_ignore_empty=True, extra="ignore"
    )

    bot_token: SecretStr
    redis_url: RedisDsn | None = None
    # How REDIS_URL is reached: one server, a master found through Sentinel (REDIS_URL's host
    # names the master, REDIS_SENTINELS lists the sentinels), or a Redis Cluster (REDIS_URL is
    # any one of its nodes; the others are found from it).
    redis_mode: RedisMode = "standalone"
    redis_sentinels: str | None = None
    # The sentinels' own password (their `requirepass`), where they ask for one.
    redis_sentinel_password: SecretStr | None = None
    telegram_api_url: AnyHttpUrl | None = None
    default_language: Locale = Locale.RU
    log_level: LogLevel = "INFO"
    ai_workers: int = Field(default=1, ge=1, le=32)
    startup_timeout: float = Field(default=60.0, gt=0)
    # A private channel where the bot is an admin: in polling mode, inline games upload their
    # boards there to get the `file_id` an inline edit needs (DESIGN.md §3); webhook mode serves
    # them at WEBHOOK_URL itself. Unset in polling mode: inline games on text boards.
    media_chat_id: int | None = None
    # The time per turn of a challenge that names none (/play, @bot): off, 1m, 5m, 1h or 24h.
    turn_time_limit: TurnLimit = "24h"
    # How updates arrive: long polling (one process per token), or Telegram posting them to
    # WEBHOOK_URL + WEBHOOK_PATH, served on LISTEN_HOST:LISTEN_PORT (any number of workers).
    bot_mode: Mode = "polling"
    webhook_url: AnyHttpUrl | None = None
    webhook_path: str = Field(default="/telegram", pattern=r"^/[A-Za-z0-9/_.~-]*$")
    webhook_secret: SecretStr | None = None
    listen_host: str = "127.0.0.1"
    listen_port: int = Field(default=8080, ge=1, le=65535)
    # /healthz and /metrics on this port when set: in polling mode the only HTTP served, in
    # webhook mode /metrics then leaves LISTEN_PORT. Unset: none in polling mode, both on
    # LISTEN_PORT in webhook mode.
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    # Telegram's limit of messages (sends and edits) in one group or channel, as "COUNT/SECONDS",
    # which the bot spends evenly (`bot.pacing`): 20 a minute unless Telegram allows more.
    group_limit: str = Field(default="20/60", pattern=LIMIT)
    # Telegram's limit of messages in all chats together, "COUNT/SECONDS", shared by every
    # worker; a fifth of it is kept for private chats (`bot.pacing`).
    overall_limit: str = Field(default="30/1", pattern=LIMIT)
    # A person's updates (messages, taps, inline queries), COUNT in any SECONDS, a fifth of
    # them at once; those beyond are dropped (`bot.handlers.throttle`).
    person_limit: str = Field(default="150/60", pattern=LIMIT)

    @property
    def group_budget(self) -> Budget:
        """GROUP_LIMIT as the budget `bot.pacing` spends."""
        return Budget(*_count_and_seconds(self.group_limit))

    @property
    def overall_budgets(self) -> tuple[Budget, Budget]:
        """OVERALL_LIMIT as the budgets `bot.pacing` spends: all messages', and the shared
        boards' four fifths of it."""
        return overall_budgets(*_count_and_seconds(self.overall_limit))

    @property
    def person_budget(self) -> Budget:
        """PERSON_LIMIT as the budget `bot.handlers.throttle` spends."""
        count, seconds = _count_and_seconds(self.person_limit)
        return Budget(count, seconds, burst=count // 5)

    @property
    def default_terms(self) -> Terms:
        """What a challenge offers unless its player asks otherwise: one game, this limit."""
        return Terms(turn_limit=TURN_LIMITS[self.turn_time_limit])

    @field_validator("person_limit")
    @classmethod
    def _room_for_a_burst(cls, limit: str) -> str:
        """A fifth of the count comes at once, and the rest needs room after it."""
        if _count_and_seconds(limit)[0] < 10:
            raise ValueError("at least 10 updates")
        return limit

    @field_validator("group_limit")
    @classmethod
    def _room_to_pace(cls, limit: str) -> str:
        """A budget needs room for a burst and a spare slot (`bot.pacing.Budget`)."""
        if _count_and_seconds(limit)[0] <= GROUP_BUDGET.burst + 1:
            raise ValueError(f"at least {GROUP_BUDGET.burst + 2} messages")
        return limit

    @field_validator("overall_limit")
    @classmethod
    def _room_to_share(cls, limit: str) -> str:
        """The shared boards' four fifths need room to pace too (`overall_budgets`)."""
        if _count_and_seconds(limit)[0] < 4:
            raise ValueError("at least 4 messages")
        return limit

    @field_validator("log_level", mode="before")
    @classmethod
    def _any_case(cls, level: object) -> object:
        """`debug`, `Info` and `WARNING` all name a level."""
        return level.strip().upper() if isinstance(level, str) else level

    @field_validator("bot_mode", "redis_mode", mode="before")
    @classmethod
    def _mode_any_case(cls, mode: object) -> object:
        """`webhook` and `Webhook` both name the mode (`Cluster` and `cluster` likewise)."""
        return mode.strip().lower() if isinstance(mode, str) else mode

    @field_validator("webhook_secret")
    @classmethod
    def _secret_shape(cls, secret: SecretStr | None) -> SecretStr | None:
        """What Telegram takes as a secret token; the value is never echoed."""
        if secret is not None and not _WEBHOOK_SECRET.fullmatch(secret.get_secret_value()):
            raise ValueError("16 to 256 characters, each a letter, a digit, _ or -")
        return secret

    @field_validator("webhook_url")
    @classmethod
    def _no_path(cls, url: AnyHttpUrl | None) -> AnyHttpUrl | None:
        """The base only: the path is WEBHOOK_PATH, the one each worker serves."""
        if url is not None and (url.path not in (None, "", "/") or url.query or url.fragment):
            raise ValueError(
                "the scheme and host only (https://bot.example.com): the path is WEBHOOK_PATH"
            )
        return url

    @model_validator(mode="after")
    def _webhook_complete(self) -> Settings:
        """Webhook mode needs the public URL and the secret every request must carry."""
        if self.bot_mode == "webhook":
            missing = [
                name
                for name, value in (
                    ("WEBHOOK_URL", self.webhook_url),
                    ("WEBHOOK_SECRET", self.webhook_secret),
                )
                if value is None
            ]
            if missing:
                raise ValueError(
                    f"BOT_MODE=webhook needs {' and '.join(missing)} (see .env.example)"
                )
        return self

    @field_validator("redis_sentinels")
    @classmethod
    def _sentinel_list(cls, sentinels: str | None) -> str | None:
        """`host:port` pairs separated by commas."""
        if sentinels is not None:
            parse_sentinels(sentinels)
        return sentinels

    @model_validator(mode="after")
    def _redis_complete(self) -> Settings:
        """Sentinel and Cluster need REDIS_URL; Sentinel its sentinels; Cluster has only
        database 0."""
        if self.redis_mode == "standalone":
            for name in ("redis_sentinels", "redis_sentinel_password"):
                if getattr(self, name) is not None:
                    raise ValueError(f"{name.upper()} is set: set REDIS_MODE=sentinel too")
            return self
        needs = ["REDIS_URL"] if self.redis_url is None else []
        if self.redis_mode == "sentinel" and self.redis_sentinels is None:
            needs.append("REDIS_SENTINELS")
        if needs:
            raise ValueError(
                f"REDIS_MODE={self.redis_mode} needs {' and '.join(needs)} (see .env.example)"
            )
        url = self.redis_url
        if self.redis_mode == "cluster" and url is not None and url.path not in ("", "/", "/0"):
            raise ValueError("REDIS_URL: a Redis Cluster has database 0 only")
        return self

    @property
    def sentinel_password(self) -> str | None:
        """REDIS_SENTINEL_PASSWORD's text, None when unset."""
        password = self.redis_sentinel_password
        return None if password is None else password.get_secret_value()

    @property
    def sentinels(self) -> list[tuple[str, int]]:
        """The sentinels' addresses (REDIS_SENTINELS), none outside sentinel mode."""
        return [] if self.redis_sentinels is None else parse_sentinels(self.redis_sentinels)

    @property
    def public_webhook(self) -> str:
        """The URL Telegram posts updates to: WEBHOOK_URL with WEBHOOK_PATH."""
        return str(self.webhook_url).rstrip("/") + self.webhook_path

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, token: SecretStr) -> SecretStr:
        """BotFather's shape `<digits>:<secret>` (the secret is 35 url-safe characters; 20 or
        more are accepted); the value is never echoed."""
        if not _TOKEN.fullmatch(token.get_secret_value()):
            raise ValueError("not a bot token (expected <digits>:<secret> from BotFather)")
        return token


_SENTINEL = re.compile(r"\[?([A-Za-z0-9_.:-]+?)\]?:(\d{1,5})")


def parse_sentinels(text: str) -> list[tuple[str, int]]:
    """`host:port,host:port` (an IPv6 host in brackets) as (host, port) pairs; ValueError
    saying what is expected for anything else."""
    pairs = []
    for item in text.split(","):
        found = _SENTINEL.fullmatch(item.strip())
        if found is None or not 0 < int(found[2]) < 65536:
            raise ValueError("host:port pairs separated by commas: 10.0.0.1:26379,10.0.0.2:26379")
        pairs.append((found[1], int(found[2])))
    return pairs


class SettingsError(Exception):
    """A missing or malformed setting; the message is one line naming it and what is wrong."""


# What a missing required setting should hold, for the line that says it is missing.
_WHAT = {"BOT_TOKEN": "the token from @BotFather"}


def _problem(error: ErrorDetails) -> str:
    """One setting's problem in words: pydantic's message without its "Value error, " prefix
    (its messages never carry the input, so no secret is echoed)."""
    name = ".".join(str(part) for part in error["loc"]).upper()
    if not name:  # a check of several settings together names them itself
        return error["msg"].removeprefix("Value error, ")
    if error["type"] == "missing":
        what = _WHAT.get(name, "it")
        return f"{name} is not set: put {what} in .env (see .env.example) or in the environment"
    return f"{name}: {error['msg'].removeprefix('Value error, ')}"


def load_settings() -> Settings:
    """Read the settings, turning pydantic's report into one line that never echoes a value."""
    try:
        return Settings()  # type: ignore[call-arg]  # the fields come from the environment
    except ValidationError as exc:
        problems = "; ".join(_problem(error) for error in exc.errors())
        raise SettingsError(f"bad configuration: {problems}") from None


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class SecretRedactingFormatter(logging.Formatter):
    """Log lines with `secret` blanked out: the token is part of every Bot API URL, and aiogram
    names the URL when a request fails ("Failed to fetch updates - ... for http://.../bot<token>/
    getUpdates"); `others` (the webhook's secret token) are blanked out the same way."""

    def __init__(self, secret: str, others: dict[str, str] | None = None) -> None:
        super().__init__(LOG_FORMAT)
        self._secrets = {secret: "<BOT_TOKEN>", **(others or {})}

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        for secret, name in self._secrets.items():
            line = line.replace(secret, name)
        return line


def redacting_formatter(settings: Settings) -> SecretRedactingFormatter:
    """The log format, with the token and the webhook's secret token blanked out."""
    others = {}
    if settings.webhook_secret is not None:
        others[settings.webhook_secret.get_secret_value()] = "<WEBHOOK_SECRET>"
    return SecretRedactingFormatter(settings.bot_token.get_secret_value(), others)


def configure_logging(settings: Settings) -> None:
    """Plain one-line log records at the configured level, no secret among them."""
    handler = logging.StreamHandler()
    handler.setFormatter(redacting_formatter(settings))
    logging.basicConfig(level=settings.log_level, handlers=[handler])
    if settings.log_level != "DEBUG":  # aiogram's line per update repeats `bot.runtime.observe`'s
        logging.getLogger("aiogram.event").setLevel(logging.WARNING)
