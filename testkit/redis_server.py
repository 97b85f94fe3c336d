"""A private `redis-server` for the tests and the tools that measure with a real Redis: started
on a free port in a folder of its own, with append-only persistence so a restart keeps the
data."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

import redis


class RedisServerError(RuntimeError):
    """No redis-server to start, or one that did not start."""


_CANDIDATES = ("/usr/bin/redis-server", "/usr/sbin/redis-server", "/usr/local/bin/redis-server")


def redis_binary() -> str:
    found = shutil.which("redis-server") or next(
        (path for path in _CANDIDATES if Path(path).is_file()), None
    )
    if found is None:
        raise RedisServerError("redis-server is not installed; scripts/test installs it (apt-get)")
    return found


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    return free_ports(1)[0]


def free_ports(n: int, fits: Callable[[int, list[int]], bool] | None = None) -> list[int]:
    """`n` different TCP ports nobody listens on right now, each one `fits` (given the ports
    chosen before it) where given. They are held bound until all are chosen: ports asked for
    one after another may be the same one, which the kernel hands out again once freed."""
    with ExitStack() as held:
        ports: list[int] = []
        while len(ports) < n:
            sock = held.enter_context(socket.socket())
            sock.bind(("127.0.0.1", 0))
            port: int = sock.getsockname()[1]
            if fits is None or fits(port, ports):
                ports.append(port)
        return ports


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
                    raise RedisServerError(
                        f"redis-server did not start on port {self.port}"
                    ) from None
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
