"""Shared fixtures: a throwaway `redis-server` per test session, which must exist (no skipping);
a local Redis Cluster and Sentinel (`tests.redis_topologies`) started when a test asks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from testkit.redis_server import RedisServer

pytest_plugins = ["tests.redis_topologies"]  # the cluster and Sentinel fixtures


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
