"""Settings from the environment and `.env` (pydantic-settings); `.env.example` explains each."""

from __future__ import annotations

import logging
import re
from typing import Literal

from pydantic import AnyHttpUrl, Field, RedisDsn, SecretStr, ValidationError, field_validator
from pydantic_core import ErrorDetails
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.i18n import Locale
from bot.service.session import TURN_LIMITS, Terms

_TOKEN = re.compile(r"\d+:[A-Za-z0-9_-]{20,}")
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]


TurnLimit = Literal["off", "1m", "5m", "1h", "24h"]


class Settings(BaseSettings):
    """The bot's settings; the token is a `SecretStr`, so it never shows in logs or reprs."""

    # An empty value (`REDIS_URL=` as in .env.example) means "not set".
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", env_ignore_empty=True, extra="ignore"
    )

    bot_token: SecretStr
    redis_url: RedisDsn | None = None
    telegram_api_url: AnyHttpUrl | None = None
    default_language: Locale = Locale.RU
    log_level: LogLevel = "INFO"
    ai_workers: int = Field(default=1, ge=1, le=32)
    startup_timeout: float = Field(default=60.0, gt=0)
    # A private channel where the bot is an admin: inline games upload their boards there to
    # get the `file_id` an inline edit needs (DESIGN.md §3). Unset: inline games on text boards.
    media_chat_id: int | None = None
    # The time per turn of a challenge that names none (/play, @bot): off, 1m, 5m, 1h or 24h.
    turn_time_limit: TurnLimit = "24h"

    @property
    def default_terms(self) -> Terms:
        """What a challenge offers unless its player asks otherwise: one game, this limit."""
        return Terms(turn_limit=TURN_LIMITS[self.turn_time_limit])

    @field_validator("log_level", mode="before")
    @classmethod
    def _any_case(cls, level: object) -> object:
        """`debug`, `Info` and `WARNING` all name a level."""
        return level.strip().upper() if isinstance(level, str) else level

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, token: SecretStr) -> SecretStr:
        """BotFather's shape `<digits>:<secret>` (the secret is 35 url-safe characters; 20 or
        more are accepted); the value is never echoed."""
        if not _TOKEN.fullmatch(token.get_secret_value()):
            raise ValueError("not a bot token (expected <digits>:<secret> from BotFather)")
        return token


class SettingsError(Exception):
    """A missing or malformed setting; the message is one line naming it and what is wrong."""


# What a missing required setting should hold, for the line that says it is missing.
_WHAT = {"BOT_TOKEN": "the token from @BotFather"}


def _problem(error: ErrorDetails) -> str:
    """One setting's problem in words: pydantic's message without its "Value error, " prefix
    (its messages never carry the input, so no secret is echoed)."""
    name = ".".join(str(part) for part in error["loc"]).upper()
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
    getUpdates")."""

    def __init__(self, secret: str) -> None:
        super().__init__(LOG_FORMAT)
        self._secret = secret

    def format(self, record: logging.LogRecord) -> str:
        return super().format(record).replace(self._secret, "<BOT_TOKEN>")


def configure_logging(settings: Settings) -> None:
    """Plain one-line log records at the configured level, the token never among them."""
    handler = logging.StreamHandler()
    handler.setFormatter(SecretRedactingFormatter(settings.bot_token.get_secret_value()))
    logging.basicConfig(level=settings.log_level, handlers=[handler])
