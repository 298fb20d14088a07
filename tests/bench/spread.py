"""How requests spread over gunicorn's workers: each worker's count of answered requests, from the files its
metrics live in (prometheus_client's multiprocess mode writes one ``counter_<pid>.db`` per process)."""

from __future__ import annotations

import json
from pathlib import Path

from prometheus_client.mmap_dict import MmapedDict

#: The sample every answered request adds one to (service/core/metrics.py REQUESTS).
REQUESTS_SAMPLE = "dogpark_http_requests_total"


def requests_by_worker(metrics_dir: Path) -> dict[int, float]:
    """Requests answered so far by each process that wrote metrics into ``metrics_dir``, by pid."""
    counts: dict[int, float] = {}
    for path in metrics_dir.glob("counter_*.db"):
        pid = int(path.stem.rpartition("_")[2])
        total = 0.0
        for key, value, *_ in MmapedDict.read_all_values_from_file(str(path)):
            # A key is JSON: [metric, sample, labels, help].
            if json.loads(key)[1] == REQUESTS_SAMPLE:
                total += value
        counts[pid] = total
    return counts


def busiest_share(before: dict[int, float], after: dict[int, float]) -> tuple[float, int]:
    """The largest share of the requests answered between two readings that one worker answered, and the number of
    workers that answered any."""
    grown = {pid: count - before.get(pid, 0.0) for pid, count in after.items()}
    total = sum(grown.values())
    if total <= 0:
        return 0.0, 0
    return max(grown.values()) / total, sum(1 for count in grown.values() if count > 0)
