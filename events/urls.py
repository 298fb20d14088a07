"""What a Redis URL names, told without importing redis: gunicorn's master reads the settings (service/core/config.py)
before gevent patches the modules redis imports (ssl) in its workers."""

from __future__ import annotations

from urllib.parse import urlsplit

#: The URL schemes of a Redis Cluster, and the scheme of each of its nodes.
CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}


def is_cluster_url(url: str) -> bool:
    """True if ``url`` names a Redis Cluster (``redis+cluster://`` or ``rediss+cluster://``)."""
    return urlsplit(url).scheme in CLUSTER_SCHEMES
