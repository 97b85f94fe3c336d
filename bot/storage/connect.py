"""The Redis client for each way of reaching Redis (`REDIS_MODE`): one server, the master that
Sentinel names, or a Redis Cluster. Each decodes replies and fails fast (2 s timeouts, a short
retry that rides out a restart), so a tap never hangs on the store."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import unquote, urlsplit

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.asyncio.sentinel import Sentinel
from redis.backoff import ExponentialBackoff

RedisMode = Literal["standalone", "sentinel", "cluster"]
Client = Redis | RedisCluster
TIMEOUT = 2.0  # seconds to connect, and for an answer


def _options() -> dict[str, Any]:
    """Every client's options (a fresh `Retry` each: it is not shared between clients)."""
    return {
        "decode_responses": True,
        "socket_timeout": TIMEOUT,
        "socket_connect_timeout": TIMEOUT,
        "retry": Retry(ExponentialBackoff(cap=0.4, base=0.05), retries=3),
    }


@dataclass(frozen=True)
class Connection:
    """The client the store talks through, and what else to close with it (the sentinels')."""

    client: Client
    others: Sequence[Redis] = field(default_factory=tuple)

    async def close(self) -> None:
        await self.client.aclose()
        for other in self.others:
            await other.aclose()


def connect(
    url: str,
    mode: RedisMode = "standalone",
    sentinels: Sequence[tuple[str, int]] = (),
    sentinel_password: str | None = None,
) -> Connection:
    """A client for `url` (connecting lazily, on the first command). Cluster: `url` is any
    node, the others are found from it. Sentinel: `url`'s host names the master (as Sentinel
    knows it), its user, password and database are the master's; the sentinels (with
    `sentinel_password`, if they ask for one) are asked where that master is, and again after
    a failover; `rediss://` reaches the master over TLS."""
    if mode == "cluster":
        return Connection(RedisCluster.from_url(url, **_options()))
    if mode == "sentinel":
        parts = urlsplit(url)
        asking = {name: value for name, value in _options().items() if name != "decode_responses"}
        if sentinel_password is not None:
            asking["password"] = sentinel_password
        sentinel = Sentinel(  # type: ignore[no-untyped-call]  # redis-py leaves it untyped
            list(sentinels), sentinel_kwargs=asking
        )
        name = parts.netloc.rpartition("@")[2].partition(":")[0]  # as written: `hostname`
        master = sentinel.master_for(  # lowercases it, and master names are case-sensitive
            unquote(name),
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            db=int(parts.path.strip("/") or 0),
            ssl=parts.scheme == "rediss",  # TLS to the master, as `rediss://` asks
            **_options(),
        )
        return Connection(master, tuple(sentinel.sentinels))
    return Connection(Redis.from_url(url, **_options()))
