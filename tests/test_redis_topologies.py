"""The throwaway Redis topologies' own guarantees (`tests.redis_topologies`): the ports they
pick never collide, and a server is never started twice on one port, which once left a
cluster of two nodes that never reached state ok, and a redis-server running after the tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit.redis_server import free_ports
from tests.redis_topologies import BUS_OFFSET, Processes, cluster_ports


def test_ports_asked_for_together_are_all_different() -> None:
    for _ in range(200):
        ports = free_ports(5)
        assert len(set(ports)) == 5


def test_a_clusters_ports_and_bus_ports_are_all_different() -> None:
    for _ in range(200):
        ports = cluster_ports(3)
        every = [*ports, *(port + BUS_OFFSET for port in ports)]
        assert len(set(every)) == 6 and max(every) < 65536


def test_a_port_already_started_is_refused(tmp_path: Path) -> None:
    processes = Processes(tmp_path)
    (port,) = free_ports(1)
    processes.start(port)
    try:
        with pytest.raises(ValueError, match=str(port)):
            processes.start(port)
    finally:
        processes.stop_all()
