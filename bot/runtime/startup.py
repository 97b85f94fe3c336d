"""Start-up checks: Telegram accepts the token (getMe), the bot may post in the media chat
when one is set in polling mode (getChatMember; webhook mode serves inline pictures itself), and
the store answers (PING); in webhook mode, setWebhook.

Each is retried with backoff until STARTUP_TIMEOUT runs out, one warning line per retry, so a
wrong setup stops with one line (`StartupFailed`) instead of tracebacks, aiogram's endless
"Failed to fetch updates", or a bot that fails on the first tap.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar
from urllib.parse import urlsplit

from aiogram import Bot
from aiogram.exceptions import (
    ClientDecodeError,
    TelegramAPIError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
    TelegramUnauthorizedError,
)
from aiogram.types import ChatMemberAdministrator, ChatMemberOwner, User

from bot.runtime.config import Settings
from bot.storage import ConnectionStore, StoreRefused, StoreUnavailable

log = logging.getLogger(__name__)

FIRST_PAUSE = 1.0  # seconds before the first retry; doubled after each
LONGEST_PAUSE = 30.0
LONGEST_TRY = 10.0  # one attempt's limit ...
# ... and what the last one, at the deadline, still gets: room for a failure to say what it
# is (a refused Redis takes the client's own retries, some 0.7 s, longer on a busy machine)
# rather than end as "no answer".
SHORTEST_TRY = 3.0

TOKEN_REJECTED = (
    "Telegram rejected the bot token (401 Unauthorized): copy the token from @BotFather"
    " (/mybots → API Token) into .env as BOT_TOKEN=..., or set BOT_TOKEN in the environment"
)

T = TypeVar("T")


class StartupFailed(Exception):
    """Start-up cannot go on; the message is the one line the operator sees."""


class NotReady(Exception):
    """A check failed in a way that may pass later (no connection, a 5xx); the message says so."""


@dataclass(frozen=True)
class Deadline:
    """When start-up stops waiting (event-loop time), and the setting that made it."""

    timeout: float
    at: float

    @classmethod
    def after(cls, timeout: float) -> Deadline:
        return cls(timeout, asyncio.get_running_loop().time() + timeout)

    def left(self) -> float:
        return self.at - asyncio.get_running_loop().time()


async def wait_until_ready(bot: Bot, store: ConnectionStore, settings: Settings) -> User:
    """Both checks within one STARTUP_TIMEOUT; the bot's user on success, else `StartupFailed`."""
    deadline = Deadline.after(settings.startup_timeout)
    me = await retry(lambda: get_me(bot), deadline, "check the network and TELEGRAM_API_URL")
    media = settings.media_chat_id
    if media is not None and settings.bot_mode == "webhook":
        log.info("MEDIA_CHAT_ID is not used in webhook mode: the bot serves inline pictures itself")
    elif media is not None:
        hint = "check the network and MEDIA_CHAT_ID"
        await retry(lambda: check_media_chat(bot, media, me.id), deadline, hint)
    if settings.redis_url is not None:
        where, refused = redis_where(settings), REFUSED[settings.redis_mode]
        await retry(
            lambda: ping(store, where, refused),
            deadline,
            "check REDIS_URL and that Redis is running",
        )
    return me


# What to check when Redis answers but refuses the bot, by REDIS_MODE.
REFUSED = {
    "standalone": "check the password and database in REDIS_URL",
    "sentinel": "check that REDIS_SENTINELS are sentinels, and the master's name, password and"
    " database in REDIS_URL",
    "cluster": "check that REDIS_URL is a node of a Redis Cluster (REDIS_MODE=cluster), and its"
    " password",
}


def redis_where(settings: Settings) -> str:
    """Where Redis is, in words for a log line (never the password)."""
    url = settings.redis_url
    assert url is not None, "asked only when REDIS_URL is set"
    if settings.redis_mode == "sentinel":
        return f"Redis master {url.host!r} through Sentinel at {settings.redis_sentinels}"
    kind = "Redis Cluster node" if settings.redis_mode == "cluster" else "Redis"
    return f"{kind} at {url.host}:{url.port or 6379}"


async def retry(attempt: Callable[[], Awaitable[T]], deadline: Deadline, hint: str) -> T:
    """`attempt()` until it succeeds, pausing 1, 2, 4 … (at most 30) s after each `NotReady`
    with a warning line; once `deadline` has passed, `StartupFailed` ending with `hint`."""
    pause = FIRST_PAUSE
    while True:
        limit = min(LONGEST_TRY, max(deadline.left(), SHORTEST_TRY))
        try:
            # Not wait_for: on Python 3.11 it loses a Ctrl-C that lands as an attempt fails.
            async with asyncio.timeout(limit):
                return await attempt()
        except NotReady as exc:
            reason = str(exc)
        except TimeoutError:
            reason = f"no answer within {limit:.2g} s"
        left = deadline.left()
        if left <= 0:
            raise StartupFailed(
                f"gave up after {deadline.timeout:g} s (STARTUP_TIMEOUT): {reason}; {hint}"
            )
        wait = min(pause, left)
        log.warning("%s; retrying in %.2g s", reason, wait)
        await asyncio.sleep(wait)
        pause = min(pause * 2, LONGEST_PAUSE)


async def get_me(bot: Bot) -> User:
    """getMe: a rejected token or a refusal is final; no connection, a 5xx or a 429 is not."""
    parts = urlsplit(bot.session.api.base)
    where = f"the Bot API at {parts.hostname}" + (f":{parts.port}" if parts.port else "")
    try:
        return await bot.me()  # kept by the client: deep links need the bot's username
    except TelegramUnauthorizedError:
        raise StartupFailed(TOKEN_REJECTED) from None
    except TelegramNetworkError as exc:
        raise NotReady(_one_line(f"{where} is unreachable ({exc.message})", bot.token)) from None
    except (TelegramServerError, TelegramRetryAfter) as exc:
        raise NotReady(_one_line(f"{where} is unavailable ({exc.message})", bot.token)) from None
    except ClientDecodeError:
        raise NotReady(f"{where} answered something that is not a Bot API response") from None
    except TelegramAPIError as exc:
        line = f"{where} refused getMe ({exc.message}); check BOT_TOKEN and TELEGRAM_API_URL"
        raise StartupFailed(_one_line(line, bot.token)) from None


async def check_media_chat(bot: Bot, chat_id: int, bot_id: int) -> None:
    """getChatMember: the bot must be an administrator allowed to post in the media chat
    (inline games upload their pictures there); anything else is a setting to fix."""
    try:
        member = await bot.get_chat_member(chat_id, bot_id)
    except (TelegramNetworkError, TelegramServerError, TelegramRetryAfter) as exc:
        line = f"the media chat check failed ({exc.message})"
        raise NotReady(_one_line(line, bot.token)) from None
    except TelegramAPIError as exc:
        line = (
            f"MEDIA_CHAT_ID {chat_id}: Telegram says {exc.message!r}; add the bot to that private"
            " channel as an administrator allowed to post, or unset MEDIA_CHAT_ID"
        )
        raise StartupFailed(_one_line(line, bot.token)) from None
    if not isinstance(member, ChatMemberAdministrator | ChatMemberOwner) or (
        isinstance(member, ChatMemberAdministrator) and member.can_post_messages is False
    ):
        raise StartupFailed(
            f"MEDIA_CHAT_ID {chat_id}: the bot is {member.status} there, not an administrator"
            " allowed to post; make it one, or unset MEDIA_CHAT_ID"
        )


async def set_webhook(bot: Bot, settings: Settings, allowed_updates: list[str]) -> None:
    """setWebhook with the secret token, retried like the other checks within STARTUP_TIMEOUT;
    a URL Telegram refuses stops start-up with one line. Every worker sets the same webhook, so
    any of them may start first."""
    url, secret = settings.public_webhook, settings.webhook_secret
    assert secret is not None  # the settings require it in webhook mode
    hint = "check the network and TELEGRAM_API_URL"
    await retry(
        lambda: _set_webhook(bot, url, secret.get_secret_value(), allowed_updates),
        Deadline.after(settings.startup_timeout),
        hint,
    )


async def _set_webhook(bot: Bot, url: str, secret: str, allowed_updates: list[str]) -> None:
    try:
        await bot.set_webhook(url=url, secret_token=secret, allowed_updates=allowed_updates)
    except (TelegramNetworkError, TelegramServerError, TelegramRetryAfter) as exc:
        raise NotReady(_one_line(f"setWebhook failed ({exc.message})", bot.token)) from None
    except TelegramAPIError as exc:
        line = (
            f"Telegram refused the webhook {url} ({exc.message}); check WEBHOOK_URL and"
            " WEBHOOK_PATH (Telegram posts to HTTPS on port 443, 80, 88 or 8443 only)"
        )
        raise StartupFailed(_one_line(line, bot.token)) from None


async def ping(store: ConnectionStore, where: str, refused: str) -> None:
    """PING: no connection is worth a retry; a refusal (password, database) is final, its line
    ending with what to check (`refused`)."""
    try:
        await store.ping()
    except StoreUnavailable as exc:
        raise NotReady(_one_line(f"{where} is unreachable ({exc})")) from None
    except StoreRefused as exc:
        raise StartupFailed(_one_line(f"{where} refused the bot ({exc}); {refused}")) from None


def _one_line(text: str, secret: str = "") -> str:
    """`text` on one line, with `secret` (the token, part of every Bot API URL) blanked out."""
    if secret:
        text = text.replace(secret, "<BOT_TOKEN>")
    return " ".join(text.split())
