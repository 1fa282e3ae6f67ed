"""Where the machine's CPU went during the load: app server, worker, load, the rest.

Linux only (``/proc``): the event runs everything on one machine, so the figures say
what an event of this size costs each part, and what is left for PostgreSQL.
"""

from __future__ import annotations

import os
import resource
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def machine_busy() -> float:
    """CPU seconds spent by the whole machine (every core) since boot, idle excluded."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / TICK


def process_tree(root: int) -> float:
    """CPU seconds of a process, of its exited children and of its live children."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(stat.parent.name), int(fields[1])
        if pid == root:
            total += sum(int(v) for v in fields[11:15]) / TICK  # utime..cstime
        elif ppid == root:
            total += sum(int(v) for v in fields[11:13]) / TICK
    return total


def own() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
