"""CPU and wall time of a whole tool run, shared by the tools (`tools.bench`, `tools.load`,
`tools.research`).

CPU time is what a shared, noisy machine cannot inflate much; wall time is what a user waits.
Child processes count once they have ended and been waited for (pool workers after the pool
shuts down, a server after it is stopped); a child still running is not counted.
"""

from __future__ import annotations

import resource
import time
from dataclasses import dataclass, field


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@dataclass
class RunClock:
    """Started on creation; `summary()` gives the CPU and wall seconds since then."""

    cpu: float = field(default_factory=time.process_time)
    children: float = field(default_factory=_children_cpu)
    wall: float = field(default_factory=time.perf_counter)

    def summary(self, label: str = "whole run") -> str:
        own = time.process_time() - self.cpu
        children = _children_cpu() - self.children
        wall = time.perf_counter() - self.wall
        return (
            f"{label}: CPU {own + children:.1f} s (this process {own:.1f} s,"
            f" ended child processes {children:.1f} s), wall {wall:.1f} s"
        )
