"""Settings: what is required, what a bad value says, and that the token never shows."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest
from redis.asyncio import Redis, SSLConnection
from redis.asyncio.cluster import RedisCluster

from bot.app import create_store
from bot.i18n import Locale
from bot.pacing import Budget
from bot.runtime.config import (
    SecretRedactingFormatter,
    SettingsError,
    load_settings,
    redacting_formatter,
)
from bot.runtime.startup import redis_where
from bot.storage import MemoryStore, RedisStore

TOKEN = "123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
SETTINGS = (
    "BOT_TOKEN",
    "REDIS_URL",
    "TELEGRAM_API_URL",
    "DEFAULT_LANGUAGE",
    "LOG_LEVEL",
    "AI_WORKERS",
    "STARTUP_TIMEOUT",
    "BOT_MODE",
    "WEBHOOK_URL",
    "WEBHOOK_PATH",
    "WEBHOOK_SECRET",
    "LISTEN_HOST",
    "LISTEN_PORT",
    "METRICS_PORT",
    "REDIS_MODE",
    "REDIS_SENTINELS",
    "REDIS_SENTINEL_PASSWORD",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No inherited settings and no stray .env: each test sets exactly what it means."""
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def test_only_the_token_is_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    settings = load_settings()
    assert settings.redis_url is None
    assert settings.telegram_api_url is None
    assert settings.default_language is Locale.RU
    assert settings.log_level == "INFO" and settings.startup_timeout == 60
    assert TOKEN not in repr(settings)
    assert settings.bot_token.get_secret_value() == TOKEN


def test_settings_are_read_from_a_dotenv_file(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        f"BOT_TOKEN={TOKEN}\nREDIS_URL=redis://localhost:6379/2\nDEFAULT_LANGUAGE=uk\n"
    )
    settings = load_settings()
    assert str(settings.redis_url) == "redis://localhost:6379/2"
    assert settings.default_language is Locale.UK


def test_the_example_env_file_with_a_token_starts(tmp_path: Path) -> None:
    """`.env.example` copied as it is, with only the token filled in, is a valid configuration."""
    example = (Path(__file__).resolve().parents[2] / ".env.example").read_text()
    lines = [
        f"BOT_TOKEN={TOKEN}" if line.startswith("BOT_TOKEN=") else line
        for line in example.splitlines()
    ]
    (tmp_path / ".env").write_text("\n".join(lines))
    settings = load_settings()
    assert settings.redis_url is None and settings.telegram_api_url is None
    assert settings.bot_token.get_secret_value() == TOKEN


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        (
            "BOT_TOKEN",
            None,
            "bad configuration: BOT_TOKEN is not set: put the token from @BotFather in .env"
            " (see .env.example) or in the environment",
        ),
        (
            "BOT_TOKEN",
            "12345",
            "bad configuration: BOT_TOKEN: not a bot token (expected <digits>:<secret> from"
            " BotFather)",
        ),
        ("REDIS_URL", "localhost:6379", "REDIS_URL:"),
        ("TELEGRAM_API_URL", "not a url", "TELEGRAM_API_URL:"),
        ("DEFAULT_LANGUAGE", "de", "DEFAULT_LANGUAGE:"),
        ("LOG_LEVEL", "LOUD", "LOG_LEVEL:"),
        ("STARTUP_TIMEOUT", "-1", "STARTUP_TIMEOUT: Input should be greater than 0"),
        ("STARTUP_TIMEOUT", "soon", "STARTUP_TIMEOUT:"),
        ("GROUP_LIMIT", "20 a minute", "GROUP_LIMIT:"),
        ("GROUP_LIMIT", "4/60", "GROUP_LIMIT: at least 5 messages"),
        ("OVERALL_LIMIT", "3/1", "OVERALL_LIMIT: at least 4 messages"),
        ("OVERALL_LIMIT", "thirty", "OVERALL_LIMIT:"),
    ],
)
def test_a_bad_setting_is_named_in_one_line(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str | None, message: str
) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    if value is None:
        monkeypatch.delenv(name)
    else:
        monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as error:
        load_settings()
    text = str(error.value)
    assert message in text
    assert "\n" not in text and "Value error" not in text
    assert TOKEN not in text and (value is None or name == "BOT_TOKEN" or value not in text)


def test_the_group_limit_is_the_budget_paced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    assert load_settings().group_budget == Budget(20, 60.0)  # Telegram's: 20 a minute
    monkeypatch.setenv("GROUP_LIMIT", "30/1.5")
    assert load_settings().group_budget == Budget(30, 1.5)


def test_the_overall_limit_is_paced_with_a_fifth_kept_for_private_chats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Telegram's 30 a second in all: a slot every 1/26 s for any message (three of the thirty
    kept for the requests' jitter, one of them at once), every 1/21 s for the shared boards'
    24."""
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    every, shared = load_settings().overall_budgets
    assert (every.interval, shared.interval) == (1 / 26, 1 / 21)
    monkeypatch.setenv("OVERALL_LIMIT", "100/2")
    every, shared = load_settings().overall_budgets
    assert (every.count, every.window, shared.count) == (100, 2.0, 80)


def test_start_up_stops_with_one_line_and_status_2(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "BOT_TOKEN": "secret-but-malformed"}
    done = subprocess.run(
        [sys.executable, "-m", "bot"], env=env, cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "bad configuration: BOT_TOKEN: not a bot token (expected <digits>:<secret> from BotFather)"
    ]
    assert "secret-but-malformed" not in done.stderr


@pytest.mark.parametrize("written", ["debug", "Info", " warning ", "ERROR"])
def test_the_log_level_may_be_written_in_any_case(
    monkeypatch: pytest.MonkeyPatch, written: str
) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("LOG_LEVEL", written)
    assert load_settings().log_level == written.strip().upper()


def test_the_start_up_timeout_is_a_number_of_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("STARTUP_TIMEOUT", "2.5")
    assert load_settings().startup_timeout == 2.5


def test_without_redis_url_games_stay_in_memory_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    store = create_store(load_settings())
    assert isinstance(store, MemoryStore)
    assert "REDIS_URL is not set: games are kept in memory and lost on restart" in caplog.text


def test_with_redis_url_games_go_to_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6399/3")
    assert isinstance(create_store(load_settings()), RedisStore)


def test_log_lines_never_carry_the_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """aiogram names the request URL, token included, when polling fails."""
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    formatter = SecretRedactingFormatter(load_settings().bot_token.get_secret_value())
    url = f"http://127.0.0.1:8081/bot{TOKEN}/getUpdates"
    try:
        raise OSError(f"Can not write request body for {url}")
    except OSError:
        record = logging.LogRecord(
            "aiogram.dispatcher", logging.ERROR, __file__, 1, "Failed: %s", (url,), sys.exc_info()
        )
    line = formatter.format(record)
    assert TOKEN not in line and TOKEN.split(":")[1] not in line
    assert line.count("<BOT_TOKEN>") == 2  # in the message and in the traceback


WEBHOOK_SECRET = "s3cret-s3cret-s3cret"


def test_webhook_mode_takes_its_url_path_secret_and_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name, value in {
        "BOT_TOKEN": TOKEN,
        "BOT_MODE": "Webhook",
        "WEBHOOK_URL": "https://bot.example.com",
        "WEBHOOK_PATH": "/tg/updates",
        "WEBHOOK_SECRET": WEBHOOK_SECRET,
        "LISTEN_HOST": "0.0.0.0",
        "LISTEN_PORT": "8443",
    }.items():
        monkeypatch.setenv(name, value)
    settings = load_settings()
    assert settings.bot_mode == "webhook"
    assert settings.public_webhook == "https://bot.example.com/tg/updates"
    assert (settings.listen_host, settings.listen_port) == ("0.0.0.0", 8443)
    assert WEBHOOK_SECRET not in repr(settings)


def test_polling_is_the_default_and_needs_no_webhook(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    settings = load_settings()
    assert settings.bot_mode == "polling" and settings.metrics_port is None
    assert (settings.listen_host, settings.listen_port) == ("127.0.0.1", 8080)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (
            {"BOT_MODE": "webhook"},
            "bad configuration: BOT_MODE=webhook needs WEBHOOK_URL and WEBHOOK_SECRET"
            " (see .env.example)",
        ),
        (
            {"BOT_MODE": "webhook", "WEBHOOK_URL": "https://bot.example.com"},
            "bad configuration: BOT_MODE=webhook needs WEBHOOK_SECRET (see .env.example)",
        ),
        (
            {"WEBHOOK_SECRET": "short"},
            "bad configuration: WEBHOOK_SECRET: 16 to 256 characters, each a letter, a digit,"
            " _ or -",
        ),
        ({"BOT_MODE": "push"}, "bad configuration: BOT_MODE: Input should be 'polling' or"),
        ({"LISTEN_PORT": "70000"}, "bad configuration: LISTEN_PORT: Input should be less"),
        ({"METRICS_PORT": "http"}, "bad configuration: METRICS_PORT: Input should be a valid"),
        ({"WEBHOOK_PATH": "telegram"}, "bad configuration: WEBHOOK_PATH: String should match"),
        (
            {"WEBHOOK_URL": "https://bot.example.com/hook"},
            "bad configuration: WEBHOOK_URL: the scheme and host only (https://bot.example.com):"
            " the path is WEBHOOK_PATH",
        ),
    ],
)
def test_a_bad_webhook_setting_is_one_line(
    monkeypatch: pytest.MonkeyPatch, values: dict[str, str], message: str
) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as error:
        load_settings()
    text = str(error.value)
    assert text.startswith(message), text
    assert "\n" not in text and "short" not in text


def test_log_lines_never_carry_the_webhook_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("WEBHOOK_SECRET", WEBHOOK_SECRET)
    formatter = redacting_formatter(load_settings())
    record = logging.LogRecord(
        "aiohttp", logging.WARNING, __file__, 1, "%s %s", (WEBHOOK_SECRET, TOKEN), None
    )
    assert formatter.format(record).endswith(": <WEBHOOK_SECRET> <BOT_TOKEN>")


def test_redis_is_one_server_unless_redis_mode_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("REDIS_URL", "redis://:pw@redis.example:6380/1")
    settings = load_settings()
    assert settings.redis_mode == "standalone" and settings.sentinels == []
    assert redis_where(settings) == "Redis at redis.example:6380"


async def test_sentinel_mode_finds_the_master_named_in_redis_url_through_the_sentinels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("REDIS_MODE", "Sentinel")
    monkeypatch.setenv("REDIS_URL", "redis://:pw@mymaster/2")
    monkeypatch.setenv("REDIS_SENTINELS", "10.0.0.1:26379, sentinel-2:26380,[::1]:26381")
    monkeypatch.setenv("REDIS_SENTINEL_PASSWORD", "s3cret")
    settings = load_settings()
    assert settings.redis_mode == "sentinel" and settings.sentinel_password == "s3cret"
    assert settings.sentinels == [("10.0.0.1", 26379), ("sentinel-2", 26380), ("::1", 26381)]
    assert "'mymaster' through Sentinel at 10.0.0.1:26379" in redis_where(settings)
    assert "pw" not in redis_where(settings) and "s3cret" not in repr(settings)
    store = create_store(settings)
    assert isinstance(store, RedisStore)
    await store.close()


@pytest.mark.parametrize(("scheme", "tls"), [("rediss", True), ("redis", False)])
async def test_sentinel_mode_reaches_the_master_over_tls_when_redis_url_says_rediss(
    monkeypatch: pytest.MonkeyPatch, scheme: str, tls: bool
) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("REDIS_MODE", "sentinel")
    monkeypatch.setenv("REDIS_URL", f"{scheme}://:pw@mymaster/2")
    monkeypatch.setenv("REDIS_SENTINELS", "10.0.0.1:26379")
    store = create_store(load_settings())
    assert isinstance(store, RedisStore) and isinstance(store.client, Redis)
    connection = store.client.connection_pool.connection_class
    assert issubclass(connection, SSLConnection) is tls
    await store.close()


async def test_sentinel_mode_asks_for_the_master_by_its_name_as_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sentinel's master names are case-sensitive: `MyMaster` is not `mymaster`."""
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("REDIS_MODE", "sentinel")
    monkeypatch.setenv("REDIS_URL", "redis://:pw@MyMaster/2")
    monkeypatch.setenv("REDIS_SENTINELS", "10.0.0.1:26379")
    store = create_store(load_settings())
    assert isinstance(store, RedisStore) and isinstance(store.client, Redis)
    assert store.client.connection_pool.service_name == "MyMaster"  # type: ignore[attr-defined]
    await store.close()


async def test_cluster_mode_takes_any_node_of_the_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("REDIS_MODE", "cluster")
    monkeypatch.setenv("REDIS_URL", "redis://10.0.0.5:7000")
    settings = load_settings()
    assert redis_where(settings) == "Redis Cluster node at 10.0.0.5:7000"
    store = create_store(settings)
    assert isinstance(store, RedisStore) and isinstance(store.client, RedisCluster)
    await store.close()


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (
            {"REDIS_MODE": "cluster"},
            "bad configuration: REDIS_MODE=cluster needs REDIS_URL (see .env.example)",
        ),
        (
            {"REDIS_MODE": "sentinel"},
            "bad configuration: REDIS_MODE=sentinel needs REDIS_URL and REDIS_SENTINELS"
            " (see .env.example)",
        ),
        (
            {"REDIS_MODE": "sentinel", "REDIS_URL": "redis://mymaster"},
            "bad configuration: REDIS_MODE=sentinel needs REDIS_SENTINELS (see .env.example)",
        ),
        (
            {"REDIS_MODE": "replicated"},
            "bad configuration: REDIS_MODE: Input should be 'standalone', 'sentinel' or 'cluster'",
        ),
        (
            {"REDIS_MODE": "sentinel", "REDIS_URL": "redis://m", "REDIS_SENTINELS": "host"},
            "bad configuration: REDIS_SENTINELS: host:port pairs separated by commas:"
            " 10.0.0.1:26379,10.0.0.2:26379",
        ),
        (
            {"REDIS_SENTINELS": "10.0.0.1:26379"},
            "bad configuration: REDIS_SENTINELS is set: set REDIS_MODE=sentinel too",
        ),
        (
            {"REDIS_URL": "redis://localhost", "REDIS_SENTINEL_PASSWORD": "secret"},
            "bad configuration: REDIS_SENTINEL_PASSWORD is set: set REDIS_MODE=sentinel too",
        ),
        (
            {"REDIS_MODE": "cluster", "REDIS_URL": "redis://10.0.0.5:7000/3"},
            "bad configuration: REDIS_URL: a Redis Cluster has database 0 only",
        ),
    ],
)
def test_a_bad_redis_setting_is_one_line(
    monkeypatch: pytest.MonkeyPatch, values: dict[str, str], message: str
) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as error:
        load_settings()
    assert str(error.value) == message
