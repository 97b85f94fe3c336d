"""Shared fixtures: a throwaway `redis-server` per test session, which must exist (no skipping);
a local Redis Cluster and Sentinel (`tests.redis_topologies`) started when a test asks."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

pytest_plugins = ["tests.redis_topologies"]  # the cluster and Sentinel fixtures

_CANDIDATES = ("/usr/bin/redis-server", "/usr/sbin/redis-server", "/usr/local/bin/redis-server")


def redis_binary() -> str:
    found = shutil.which("redis-server") or next(
        (path for path in _CANDIDATES if Path(path).is_file()), None
    )
    if found is None:
        pytest.fail("redis-server is not installed; scripts/test installs it (apt-get)")
    return found


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class RedisServer:
    """A private redis-server with append-only persistence, so a restart keeps the data."""

    def __init__(self, directory: Path) -> None:
        self.binary = redis_binary()
        self.directory = directory
        self.port = free_port()
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self._process = subprocess.Popen(
            [
                self.binary,
                "--port", str(self.port),
                "--bind", "127.0.0.1",
                "--dir", str(self.directory),
                "--save", "",
                "--appendonly", "yes",
                "--appendfsync", "always",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline or self._process.poll() is not None:
                    pytest.fail(f"redis-server did not start on port {self.port}")
                time.sleep(0.02)
            finally:
                client.close()

    def stop(self) -> None:
        if self._process is not None:
            self._process.terminate()
            self._process.wait(timeout=10)
            self._process = None

    @property
    def running(self) -> bool:
        return self._process is not None

    def restart(self) -> None:
        self.stop()
        self.start()

    def flush(self) -> None:
        with redis.Redis(port=self.port) as client:
            client.flushall()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The URL of an empty Redis, started again if an earlier test stopped it."""
    if not redis_server.running:
        redis_server.start()
    redis_server.flush()
    return redis_server.url
