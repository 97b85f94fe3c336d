"""Throwaway Redis topologies for the store's tests: a three-master Redis Cluster and a master
with a replica watched by one Sentinel, each on free local ports in a temporary folder."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from redis.cluster import RedisCluster

from testkit.redis_server import free_ports, redis_binary

SLOTS = 16384
BUS_OFFSET = 10000  # a cluster node's bus listens on its port plus this


def _is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def cluster_ports(n: int) -> list[int]:
    """`n` different free ports whose cluster bus ports (10000 higher) are free and valid too,
    none of them another's client or bus port."""

    def fits(port: int, chosen: list[int]) -> bool:
        bus = port + BUS_OFFSET
        taken = {*chosen, *(other + BUS_OFFSET for other in chosen)}
        return bus < 65536 and not {port, bus} & taken and _is_free(bus)

    return free_ports(n, fits)


def _wait(what: str, check: object, seconds: float = 15) -> None:
    """Poll `check()` until it is true; the test fails saying `what` did not happen."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if callable(check) and check():
                return
        except (redis.RedisError, OSError):
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"{what} within {seconds:g} s")
        time.sleep(0.05)


class Processes:
    """redis-server processes started here, all stopped together."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._processes: dict[int, subprocess.Popen[bytes]] = {}

    def start(
        self, port: int, *options: str, config: str | None = None, password: str | None = None
    ) -> None:
        """A redis-server on `port` with `options` (its own folder; a config file first when
        given, as Sentinel needs one it may rewrite), once it answers a ping (with `password`
        where it asks for one). A port already started here is refused: the ping would be the
        first server's, and the first process would be lost to `stop_all`."""
        if port in self._processes:
            raise ValueError(f"a redis-server was already started here on port {port}")
        folder = self.directory / str(port)
        folder.mkdir(exist_ok=True)
        command = [redis_binary()]
        if config is not None:
            path = folder / "redis.conf"
            path.write_text(config)
            command.append(str(path))
        command += ["--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder)]
        command += ["--save", "", *options]
        self._processes[port] = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        _wait(f"redis-server did not answer on port {port}", lambda: _pings(port, password))

    def stop(self, port: int) -> None:
        process = self._processes.pop(port)
        process.terminate()
        process.wait(timeout=10)

    def stop_all(self) -> None:
        for port in list(self._processes):
            self.stop(port)


def _pings(port: int, password: str | None = None) -> bool:
    with redis.Redis(port=port, password=password, socket_timeout=1) as client:
        return bool(client.ping())


class LocalCluster:
    """Three masters sharing the 16384 slots, each a third, met through CLUSTER MEET."""

    def __init__(self, directory: Path, masters: int = 3) -> None:
        self._processes = Processes(directory)
        self.ports = cluster_ports(masters)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.ports[0]}"

    def start(self) -> None:
        for port in self.ports:
            self._processes.start(port, "--cluster-enabled", "yes", "--appendonly", "no")
        share = SLOTS // len(self.ports)
        for n, port in enumerate(self.ports):
            last = SLOTS - 1 if n == len(self.ports) - 1 else (n + 1) * share - 1
            with redis.Redis(port=port) as node:
                node.execute_command("CLUSTER", "ADDSLOTSRANGE", n * share, last)
                for other in self.ports:
                    if other != port:
                        node.execute_command("CLUSTER", "MEET", "127.0.0.1", other)
        _wait("the local cluster did not reach state ok", self._ok)

    def _ok(self) -> bool:
        for port in self.ports:
            with redis.Redis(port=port, decode_responses=True) as node:
                info = node.execute_command("CLUSTER", "INFO")
                if (
                    "cluster_state:ok" not in info
                    or f"cluster_known_nodes:{len(self.ports)}" not in info
                ):
                    return False
        return True

    def flush(self) -> None:
        with RedisCluster.from_url(self.url) as client:
            client.flushall()

    def stop(self) -> None:
        self._processes.stop_all()


class LocalSentinel:
    """A master, its replica, and one Sentinel watching them as `MASTER` (quorum 1); the master
    and the replica ask for one password, the Sentinel for another, as in a real deployment."""

    MASTER = "nardy"
    MASTER_PASSWORD = "master-secret"
    password = "sentinel-secret"

    def __init__(self, directory: Path) -> None:
        self._processes = Processes(directory)
        self.master, self.replica, self.sentinel = free_ports(3)

    @property
    def url(self) -> str:
        """The store's URL: the master's password and name as Sentinel knows it, database 0."""
        return f"redis://:{self.MASTER_PASSWORD}@{self.MASTER}/0"

    @property
    def sentinels(self) -> list[tuple[str, int]]:
        return [("127.0.0.1", self.sentinel)]

    def start(self) -> None:
        secret = ("--requirepass", self.MASTER_PASSWORD, "--masterauth", self.MASTER_PASSWORD)
        self._processes.start(self.master, *secret, password=self.MASTER_PASSWORD)
        self._processes.start(
            self.replica,
            *secret,
            "--replicaof",
            "127.0.0.1",
            str(self.master),
            password=self.MASTER_PASSWORD,
        )
        config = (
            f"requirepass {self.password}\n"
            f"sentinel monitor {self.MASTER} 127.0.0.1 {self.master} 1\n"
            f"sentinel auth-pass {self.MASTER} {self.MASTER_PASSWORD}\n"
            f"sentinel down-after-milliseconds {self.MASTER} 1000\n"
            f"sentinel failover-timeout {self.MASTER} 5000\n"
        )
        self._processes.start(self.sentinel, "--sentinel", config=config, password=self.password)
        _wait("the replica did not sync with the master", lambda: self._synced(self.master))

    def _node(self, port: int) -> redis.Redis:
        return redis.Redis(port=port, password=self.MASTER_PASSWORD, decode_responses=True)

    def _asked(self) -> redis.Redis:
        return redis.Redis(port=self.sentinel, password=self.password, decode_responses=True)

    def _synced(self, master: int) -> bool:
        with self._node(master) as node:
            return int(node.info("replication").get("connected_slaves", 0)) == 1

    def _sees_replica(self) -> bool:
        """Sentinel knows the replica, and has heard from it that it follows the master (until
        then it would refuse a failover: no good replica)."""
        with self._asked() as sentinel:
            replicas = sentinel.sentinel_slaves(self.MASTER)
        return len(replicas) == 1 and replicas[0].get("master-link-status") == "ok"

    def master_port(self) -> int:
        """The port of the master as Sentinel names it now."""
        with self._asked() as sentinel:
            return int(sentinel.sentinel_get_master_addr_by_name(self.MASTER)[1])

    def replicated(self) -> None:
        """Wait until the replica has every write made so far (WAIT)."""
        with self._node(self.master_port()) as master:
            assert master.execute_command("WAIT", 1, 5000) == 1, "the replica lags"

    def kill_master(self) -> int:
        """Stop the master: Sentinel finds it down (after 1 s) and promotes the replica; its
        port once Sentinel names it."""
        _wait("Sentinel did not find the replica", self._sees_replica)
        before = self.master_port()
        self._processes.stop(before)
        _wait("Sentinel did not promote the replica", lambda: self.master_port() != before)
        return self.master_port()

    def flush(self) -> None:
        with self._node(self.master_port()) as master:
            master.flushall()

    def stop(self) -> None:
        self._processes.stop_all()


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCluster]:
    cluster = LocalCluster(tmp_path_factory.mktemp("cluster"))
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def redis_cluster_url(redis_cluster: LocalCluster) -> str:
    """The URL of a node of an empty three-master Redis Cluster."""
    redis_cluster.flush()
    return redis_cluster.url


@pytest.fixture(scope="session")
def redis_sentinel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalSentinel]:
    sentinel = LocalSentinel(tmp_path_factory.mktemp("sentinel"))
    try:
        sentinel.start()
        yield sentinel
    finally:
        sentinel.stop()
