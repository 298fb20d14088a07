"""A Redis Cluster of this machine's own: three masters and three replicas on free loopback ports.

Each node is a redis-server with ``cluster-enabled yes`` in a temporary folder; ``redis-cli --cluster create``
joins them. The pytest fixture (tests/cluster/conftest.py) and the failover fault script use it; ``stop`` ends
every node and removes the folder.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import redis
from redis.crc import key_slot

from service.ops.private_redis import redis_binary
from service.ops.processes import free_port, wait_until

#: Milliseconds a node may be unreachable before the others call it failed: short, so a failover is quick.
NODE_TIMEOUT_MS = 1000


@dataclass
class Node:
    """One redis-server of the cluster."""

    port: int
    bus_port: int
    folder: Path
    process: subprocess.Popen | None = None

    @property
    def address(self) -> str:
        """host:port, as redis-cli and a cluster URL name it."""
        return f"127.0.0.1:{self.port}"

    def client(self, timeout: float = 2.0) -> redis.Redis:
        """A plain client on this node alone."""
        return redis.Redis(port=self.port, socket_timeout=timeout, socket_connect_timeout=timeout)


class LocalCluster:
    """Starts, inspects, harms and stops a 3+3 cluster on loopback."""

    def __init__(self, masters: int = 3, replicas: int = 1, appendfsync: str | None = None) -> None:
        self.masters = masters
        self.replicas = replicas
        self.appendfsync = appendfsync
        self.folder = Path(tempfile.mkdtemp(prefix="dogpark-cluster-"))
        self.nodes = [Node(0, 0, self.folder / str(i)) for i in range(masters * (1 + replicas))]

    @property
    def url(self) -> str:
        """The REDIS_URL of the cluster: every node as a seed."""
        return "redis+cluster://" + ",".join(node.address for node in self.nodes)

    def start(self, timeout: float = 30.0) -> LocalCluster:
        """Start every node, join them into a cluster and wait until it serves every slot; stop all on failure."""
        try:
            ports: set[int] = set()
            for node in self.nodes:
                node.port, node.bus_port = _fresh_port(ports), _fresh_port(ports)
                node.folder.mkdir(parents=True)
                self._launch(node)
            for node in self.nodes:
                wait_until(lambda n=node: n.client().ping(), timeout, f"cluster node {node.address}")
            create = [shutil.which("redis-cli") or "redis-cli", "--cluster", "create"]
            create += [node.address for node in self.nodes]
            create += ["--cluster-replicas", str(self.replicas), "--cluster-yes"]
            subprocess.run(create, check=True, capture_output=True, timeout=timeout)
            wait_until(self.healthy, timeout, "the cluster (cluster_state:ok, every replica in sync)")
        except BaseException:
            self.stop()
            raise
        return self

    def healthy(self) -> bool:
        """True when every running node says cluster_state:ok and every running replica's link is up."""
        for node in self.running():
            client = node.client()
            if client.cluster("info").get("cluster_state") != "ok":
                return False
            info = client.info("replication")
            if info["role"] == "slave" and info.get("master_link_status") != "up":
                return False
        return True

    def running(self) -> list[Node]:
        """The nodes whose process is alive."""
        return [node for node in self.nodes if node.process is not None and node.process.poll() is None]

    def master_of(self, key: str) -> Node:
        """The node serving ``key``'s slot now, as the running nodes see it."""
        slot = key_slot(key.encode())
        for node in self.running():
            for start, end, master, *_ in node.client().execute_command("CLUSTER SLOTS"):
                if start <= slot <= end:
                    port = master[1]
                    return next(n for n in self.nodes if n.port == port)
        raise LookupError(f"no node serves slot {slot}")

    def kill(self, node: Node) -> None:
        """SIGKILL one node, as a crashed machine would go."""
        assert node.process is not None
        node.process.send_signal(signal.SIGKILL)
        node.process.wait(10)

    def restart(self, node: Node) -> None:
        """Start a killed node again on its port and folder: it rejoins (as a replica, if it was failed over)."""
        self._launch(node)
        wait_until(lambda: node.client().ping(), 30, f"cluster node {node.address}")

    def stop(self) -> None:
        """Stop every node and remove the folder."""
        for node in self.nodes:
            if node.process is not None and node.process.poll() is None:
                node.process.terminate()
        for node in self.nodes:
            if node.process is not None:
                try:
                    node.process.wait(10)
                except subprocess.TimeoutExpired:
                    node.process.kill()
                    node.process.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)

    def _launch(self, node: Node) -> None:
        args = [redis_binary(), "--port", str(node.port), "--cluster-port", str(node.bus_port)]
        args += ["--bind", "127.0.0.1", "--dir", str(node.folder), "--save", ""]
        args += ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"]
        args += ["--cluster-node-timeout", str(NODE_TIMEOUT_MS), "--logfile", str(node.folder / "redis.log")]
        # Games are independent: a shard without a master stops its own games, not every other shard's.
        args += ["--cluster-require-full-coverage", "no"]
        if self.appendfsync is None:
            args += ["--appendonly", "no"]
        else:
            args += ["--appendonly", "yes", "--appendfsync", self.appendfsync]
        node.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, start_new_session=True)


def _fresh_port(taken: set[int]) -> int:
    """A free port not already handed out to another node of this cluster."""
    while True:
        port = free_port()
        if port not in taken:
            taken.add(port)
            return port
