"""CPU seconds used by process trees, read from /proc (Linux), to show where a run's CPU went."""

from __future__ import annotations

import os
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, user + system CPU seconds) of a live process."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name may hold spaces and parentheses; the fields after its last ")" are fixed.
    fields = raw[raw.rindex(")") + 2 :].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS


def tree_cpu(root: int) -> float:
    """CPU seconds used so far by ``root`` and its live descendants (children that exited are not counted)."""
    stats = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (found := _stat(int(entry.name))) is not None:
            stats[int(entry.name)] = found
    wanted, total, frontier = {root}, 0.0, [root]
    while frontier:
        pid = frontier.pop()
        if pid in stats:
            total += stats[pid][1]
        for child, (parent, _) in stats.items():
            if parent == pid and child not in wanted:
                wanted.add(child)
                frontier.append(child)
    return total


def machine_busy() -> float:
    """CPU seconds every CPU of the machine has spent busy (not idle, not waiting on I/O) since boot."""
    ticks = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = ticks[3] + ticks[4]
    # Guest time (fields 9 and 10) is already counted inside user and nice.
    return (sum(ticks[:8]) - idle) / TICKS


def load_average() -> str:
    """The 1, 5 and 15 minute load averages, as /proc/loadavg gives them."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])
