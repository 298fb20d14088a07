"""Redis clients from a URL, the one place every process builds them: one Redis, or a Redis Cluster.

REDIS_URL (and DOGPARK_QUEUE_URL, which must name one Redis) take:

- ``redis://[user:password@]host:port/db`` (``rediss://`` with TLS), or ``unix://[user:password@]/path?db=N``
  for a Redis on this host through its Unix socket: one Redis, redis-py's ``Redis``;
- ``redis+cluster://[user:password@]host:port[,host:port...]`` (``rediss+cluster://`` with TLS): a Redis Cluster,
  through redis-py's ``RedisCluster``. The nodes listed are seeds; the client learns the others from them.

On a Cluster each command and script touches one hash slot: a game's keys share the tag ``{<id>}``, a player's
``{<pid>}``, a lobby shard's its own. A cluster that cannot serve a slot for now (a master died and no replica has
taken over yet) raises ``ClusterUnavailable``, a ``redis.ConnectionError``, which the API answers with 503 like a
Redis that is down.
"""

from __future__ import annotations

import functools
import itertools
import select
import threading
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import unquote, urlsplit

import redis
from gevent.monkey import get_original
from redis._parsers import _HiredisParser
from redis.backoff import NoBackoff
from redis.cluster import ClusterNode, RedisCluster
from redis.exceptions import AskError, ClusterError, RedisClusterException, TryAgainError
from redis.retry import Retry

from events.urls import CLUSTER_SCHEMES, is_cluster_url

T = TypeVar("T")


#: The operating system's poll, even where gevent has patched the select module: a readiness check with no timeout
#: never waits, so it has no reason to switch to gevent's hub and back.
_POLL = get_original("select", "poll")


class QuietParser(_HiredisParser):
    """redis-py's hiredis parser, which asks whether a connection has something to read without yielding to gevent.

    The pool asks so of every connection it hands out (a connection left with a reply unread is not reused); under
    gevent, the patched poll starts a watcher and a timer and switches to the hub and back for it. A PING through
    a pooled client in a gevent-patched process took 0.56-0.65 of the client CPU with this parser (2026-11-23, a
    busy machine). A check that may wait (a timeout) is left to redis-py's, which lets gevent run meanwhile.
    """

    def can_read(self, timeout: float = 0) -> bool:
        """Whether a reply (or a closed connection) is there to read, as redis-py's parser answers it."""
        if timeout == 0 and self._reader is not None and not self._reader.has_data() and _quiet(self._sock):
            return False
        return super().can_read(timeout)


def _quiet(sock: Any) -> bool:
    """True when the operating system has nothing to read on ``sock`` (None: no socket to ask)."""
    # TLS may hold decrypted bytes above the socket, which its poll does not see: redis-py looks at them.
    if sock is None or (hasattr(sock, "pending") and sock.pending()):
        return False
    poller = _POLL()
    poller.register(sock, select.POLLIN)
    return not poller.poll(0)


class ClusterUnavailable(redis.ConnectionError):
    """The Cluster cannot serve the command now: a slot has no master (a failover is under way) or no node answers."""


#: What redis-py raises while a Cluster cannot serve a slot: CLUSTERDOWN, TRYAGAIN, a slot nobody serves, or no
#: node answering the topology query (each a RedisClusterException or a ClusterError).
_UNAVAILABLE = (ClusterError, TryAgainError, RedisClusterException)


def _unavailable_as_connection_error(call: Callable[..., T]) -> Callable[..., T]:
    @functools.wraps(call)
    def translated(*args: Any, **kwargs: Any) -> T:
        try:
            return call(*args, **kwargs)
        except _UNAVAILABLE as error:
            detail = f"the Redis Cluster cannot serve this now: {type(error).__name__}: {error}"
            raise ClusterUnavailable(detail) from error

    return translated


class Cluster(RedisCluster):
    """redis-py's cluster client, whose errors of a cluster between a master's death and its replica's promotion
    are ``ClusterUnavailable`` (a ``redis.ConnectionError``), as a single Redis that is down raises."""

    @_unavailable_as_connection_error
    def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        """Run one command on the node of its slot."""
        return super().execute_command(*args, **kwargs)

    def pipeline(self, transaction: Any = None, shard_hint: Any = None) -> Any:
        """A pipeline whose execute raises ClusterUnavailable as the client's commands do."""
        pipe = super().pipeline(transaction, shard_hint)
        pipe.execute = _unavailable_as_connection_error(pipe.execute)
        return pipe


def is_cluster(client: Any) -> bool:
    """True if ``client`` talks to a Redis Cluster."""
    return isinstance(client, RedisCluster)


def seeds(url: str) -> tuple[list[ClusterNode], dict[str, Any]]:
    """The seed nodes of a cluster URL, and the options every node connection gets (credentials, TLS)."""
    parts = urlsplit(url)
    userinfo, _, hosts = parts.netloc.rpartition("@")
    options: dict[str, Any] = {}
    if userinfo:
        user, colon, password = userinfo.partition(":")
        options["username"] = unquote(user) or None
        options["password"] = unquote(password) if colon else None
    if CLUSTER_SCHEMES[parts.scheme] == "rediss":
        options["ssl"] = True
    nodes = []
    for address in filter(None, hosts.split(",")):
        host, colon, port = address.strip().rpartition(":")
        if not (colon and host and port.isdigit()):
            raise ValueError(f"a cluster URL lists host:port seeds (redis+cluster://h1:7000,h2:7000), not {url!r}")
        nodes.append(ClusterNode(host.removeprefix("[").removesuffix("]"), int(port)))
    if not nodes:
        raise ValueError(f"a cluster URL names at least one node: {url!r}")
    return nodes, options


def connect(
    url: str,
    timeout: float | None,
    connect_timeout: float | None = None,
    max_connections: int | None = None,
    **options: Any,
) -> Any:
    """A client of the Redis or Redis Cluster ``url`` names: each reply awaited ``timeout`` seconds (None: for ever).

    ``max_connections``: at most that many connections (on a Cluster, to each node); a caller waits up to ``timeout``
    for one to be free. A cluster client learns the topology from its seeds at once (so the cluster must answer
    now); a command whose node fails is tried once more on the topology as the cluster then tells it, no longer.
    """
    options["socket_timeout"] = timeout
    options["socket_connect_timeout"] = timeout if connect_timeout is None else connect_timeout
    if not is_cluster_url(url):
        # A Cluster's nodes take no parser_class (redis-py keeps a list of the options they take).
        options["parser_class"] = QuietParser
        if max_connections is None:
            return redis.Redis.from_url(url, **options)
        pool = redis.BlockingConnectionPool.from_url(url, max_connections=max_connections, timeout=timeout, **options)
        return redis.Redis(connection_pool=pool)
    nodes, credentials = seeds(url)
    if max_connections is not None:
        options["max_connections"] = max_connections
        options["connection_pool_class"] = functools.partial(redis.BlockingConnectionPool, timeout=timeout)
    return Cluster(
        startup_nodes=nodes,
        # One retry, at once: a request rather answers 503 than waits out a failover.
        retry=Retry(NoBackoff(), 1),
        # A slot whose master failed is the failover's business; the client still serves the others.
        require_full_coverage=False,
        **credentials,
        **options,
    )


def node_client(client: Any, key: str) -> redis.Redis:
    """The client of the one server that holds ``key``: the client itself, or on a Cluster its slot's master's."""
    if not is_cluster(client):
        return client
    return client.get_redis_connection(client.get_node_from_key(key))


@_unavailable_as_connection_error
def on_node(client: Any, key: str, work: Callable[[redis.Redis], T]) -> T:
    """``work(node_client(client, key))``, following a Cluster's redirection once its slot has moved (a failover).

    A connection that fails makes the cluster client look at the topology again before the error goes on.
    """
    redirections = 2
    while True:
        try:
            return work(node_client(client, key))
        except AskError:
            # MOVED or ASK: the slot's master changed; learn the new topology and go there.
            if not is_cluster(client) or redirections == 0:
                raise
            redirections -= 1
            _refresh(client)
        except (redis.ConnectionError, redis.TimeoutError):
            if is_cluster(client):
                _refresh(client)
            raise


def _refresh(client: RedisCluster) -> None:
    """Ask the cluster for its topology again; a cluster that cannot tell it now is ClusterUnavailable."""
    try:
        client.nodes_manager.initialize()
    except _UNAVAILABLE + (redis.ConnectionError, redis.TimeoutError) as error:
        raise ClusterUnavailable(f"the Redis Cluster cannot tell its topology now: {error}") from error


class NodeRotation:
    """Connections to a Cluster's nodes in turn, for a pub/sub listener: a classic PUBLISH reaches every node, so
    the listener may subscribe on any, and one whose node died subscribes again on the next."""

    def __init__(self, client: RedisCluster) -> None:
        self.client = client
        self._turn = itertools.count()
        self._lock = threading.Lock()

    def make_connection(self) -> redis.Connection:
        """A new connection (not yet connected) to the next node, with the client's timeouts."""
        with self._lock:
            nodes = sorted(self.client.get_nodes(), key=lambda node: node.name)
            node = nodes[next(self._turn) % len(nodes)]
        return subscriber_connection(self.client.get_redis_connection(node).connection_pool)


class OneServer:
    """Connections to one Redis, for a pub/sub listener, each reply awaited ``timeout`` seconds."""

    def __init__(self, url: str, timeout: float) -> None:
        self.pool = redis.ConnectionPool.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)

    def make_connection(self) -> redis.Connection:
        """A new connection (not yet connected)."""
        return subscriber_connection(self.pool)


def subscriber_connection(pool: redis.ConnectionPool) -> redis.Connection:
    """A new connection for a pub/sub listener, made as ``pool`` makes them, but not counted against its bound, and
    speaking RESP2.

    Not counted: a listener makes one at every (re)subscription and never gives one back, and redis-py 8 bounds a pool
    at 100 connections by default, so counted, the 101st reconnection would stop the listener for good.

    RESP2: under RESP3 a subscribed connection's messages are pushes, and redis-py's parser turns each whole push into
    the text of a debug line (``str(response)``) before it hands it over, logged or not. Every web process hears every
    append of every game, with its envelopes: that cost 9-60 us of CPU a message of 0.5-15 KB, against 3-7 in RESP2,
    where a message is an ordinary reply.
    """
    return pool.connection_class(**{**pool.connection_kwargs, "protocol": 2})


def subscriber_connections(client: Any, url: str, timeout: float) -> OneServer | NodeRotation:
    """Where a process's one pub/sub listener makes its connections (``make_connection``), each reply awaited
    ``timeout`` seconds: one Redis, or the nodes of ``client`` in turn on a Cluster."""
    if is_cluster(client):
        return NodeRotation(client)
    return OneServer(url, timeout)
