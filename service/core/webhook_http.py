"""The wire of a webhook call: where a bot may be called, the signature, and one POST that cannot run away.

Safety (docs/bots.md, "Safety"):

- A URL is ``http`` or ``https`` with a host and no user name or password. Its host is resolved once per call, and
  every address it resolves to must be allowed: a public address, or one in a network of DOGPARK_WEBHOOK_ALLOW; a
  host name listed there is allowed whatever it resolves to. So loopback, link-local, private, shared, multicast
  and reserved addresses are refused unless the operator allows them, and a name that resolves to one is too.
- The connection goes to the address that was checked (a second lookup could answer otherwise), with the URL's
  host name in the Host header and, for https, in the TLS handshake and the certificate check.
- No redirect is followed: a 3xx is an answer like any other non-2xx.
- The whole exchange, connecting included, ends at the call's deadline: a watchdog shuts the socket then, however
  slowly the bot drips its answer. An answer longer than 64 KiB is cut off and counts as a failure.
- One retry on a connection error (refused, reset before any answer), if the deadline leaves time for it.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import http.client
import ipaddress
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from functools import cache
from urllib.parse import urlsplit

#: The largest answer read from a bot, in bytes.
MAX_ANSWER = 64 * 1024
#: The header that carries a call's signature.
HEADER = "Dogpark-Signature"

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


class Refused(Exception):
    """A URL dogpark will not call; the message says why."""


class Failed(Exception):
    """A call that got no usable answer; ``reason`` is what the log records ("timeout", "error", "too large")."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class Allow:
    """What DOGPARK_WEBHOOK_ALLOW allows besides public addresses: networks, and host names whatever they resolve to."""

    networks: tuple[IPNetwork, ...] = ()
    hosts: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, entries: tuple[str, ...] | list[str]) -> Allow:
        """The allowances of DOGPARK_WEBHOOK_ALLOW's entries (a CIDR, an address or a host name each); ValueError."""
        networks: list[IPNetwork] = []
        hosts: set[str] = set()
        for entry in entries:
            try:
                networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                name = entry.lower().rstrip(".")
                if not name or not all(part.replace("-", "").isalnum() for part in name.split(".")):
                    raise ValueError(f"DOGPARK_WEBHOOK_ALLOW: {entry!r} is neither a CIDR nor a host name") from None
                hosts.add(name)
        return cls(tuple(networks), frozenset(hosts))

    def address(self, address: IPAddress) -> bool:
        """True when a call may connect to ``address``."""
        if any(address in network for network in self.networks):
            return True
        # is_global leaves out loopback, link-local, private, shared (100.64/10), reserved and unspecified ranges.
        return address.is_global and not address.is_multicast


@cache
def allowed(entries: tuple[str, ...]) -> Allow:
    """The allowances of DOGPARK_WEBHOOK_ALLOW's entries (Settings.webhook_allow), parsed once."""
    return Allow.parse(entries)


@dataclass(frozen=True)
class Target:
    """Where one call goes: the URL's parts, and the one address it connects to."""

    scheme: str
    host: str
    port: int
    path: str
    address: str


def check_url(url: str) -> tuple[str, str, int, str]:
    """A URL's scheme, host, port and path (with its query) if it may name a bot at all; else Refused."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise Refused(f"not a URL: {error}") from None
    if parts.scheme not in ("http", "https"):
        raise Refused("the URL must be http:// or https://")
    if not parts.hostname:
        raise Refused("the URL has no host")
    if parts.username is not None or parts.password is not None:
        raise Refused("the URL may not hold a user name or password")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return parts.scheme, parts.hostname.lower().rstrip("."), port or (443 if parts.scheme == "https" else 80), path


def resolve(url: str, allow: Allow) -> Target:
    """Resolve the URL's host once and pick the address to connect to; Refused if any address is not allowed."""
    scheme, host, port, path = check_url(url)
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as error:
        raise Refused(f"{host} does not resolve: {error.strerror or error}") from None
    # An IPv6 address may come with its zone ("fe80::1%eth0"), which is no part of the address.
    addresses = list(dict.fromkeys(ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found))
    if host not in allow.hosts:
        barred = [str(address) for address in addresses if not allow.address(address)]
        if barred:
            raise Refused(
                f"{host} resolves to {', '.join(barred)}, which this server does not call: loopback, link-local, "
                "private and reserved addresses are refused unless DOGPARK_WEBHOOK_ALLOW allows them"
            )
    return Target(scheme, host, port, path, str(addresses[0]))


def sign(secret: str, body: bytes, at: float | None = None) -> str:
    """The Dogpark-Signature of ``body``: ``t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>``."""
    stamp = int(time.time() if at is None else at)
    mac = hmac.new(secret.encode(), f"{stamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={stamp},v1={mac}"


@dataclass(frozen=True)
class Answer:
    """A bot's HTTP answer: its status and body (at most MAX_ANSWER bytes)."""

    status: int
    body: bytes


def post(target: Target, body: bytes, secret: str, deadline: float) -> Answer:
    """POST a signed call to ``target``, answered before ``deadline`` (time.monotonic()), else Failed.

    A connection error is tried once more while the deadline leaves time; a timeout is not.
    """
    try:
        return _exchange(target, body, secret, deadline)
    except Failed as failed:
        if failed.reason != "error" or deadline - time.monotonic() <= 0:
            raise
        return _exchange(target, body, secret, deadline)


class _Watchdog:
    """Shuts the call's socket at its deadline, which wakes a read blocked on it."""

    def __init__(self, seconds: float) -> None:
        self.fired = False
        self.sock: socket.socket | None = None
        self._timer = threading.Timer(seconds, self._fire)
        self._timer.daemon = True

    def __enter__(self) -> _Watchdog:
        self._timer.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._timer.cancel()

    def _fire(self) -> None:
        self.fired = True
        if self.sock is not None:
            with contextlib.suppress(OSError):
                self.sock.shutdown(socket.SHUT_RDWR)


class _Pinned(http.client.HTTPConnection):
    """An HTTP(S) connection to the checked address, naming the URL's host (Host header, TLS server name)."""

    def __init__(self, target: Target, timeout: float, watchdog: _Watchdog) -> None:
        super().__init__(target.host, target.port, timeout=timeout)
        self.target = target
        self.watchdog = watchdog

    def connect(self) -> None:
        """Connect to the checked address, and start TLS with the host name for https."""
        sock = socket.create_connection((self.target.address, self.target.port), self.timeout)
        self.watchdog.sock = sock
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if self.target.scheme == "https":
            sock = ssl.create_default_context().wrap_socket(sock, server_hostname=self.target.host)
            self.watchdog.sock = sock
        self.sock = sock


def _exchange(target: Target, body: bytes, secret: str, deadline: float) -> Answer:
    """One try of a call."""
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise Failed("timeout", "no time left before the deadline")
    with _Watchdog(remaining) as watchdog:
        connection = _Pinned(target, remaining, watchdog)
        try:
            headers = {"Content-Type": "application/json", HEADER: sign(secret, body), "User-Agent": "dogpark"}
            connection.request("POST", target.path, body=body, headers=headers)
            response = connection.getresponse()
            length = response.getheader("Content-Length", "")
            if length.isdigit() and int(length) > MAX_ANSWER:
                raise Failed("too large", f"the answer is {length} bytes, more than {MAX_ANSWER}")
            data = response.read(MAX_ANSWER + 1)
            if watchdog.fired or time.monotonic() > deadline:
                # A read the watchdog cut short ends as if the bot had closed the connection: what came is partial.
                # And the watchdog's thread may run late on a busy machine: an answer after the deadline is late.
                raise Failed("timeout", f"no whole answer within the deadline ({len(data)} bytes came)")
            if len(data) > MAX_ANSWER:
                raise Failed("too large", f"the answer is longer than {MAX_ANSWER} bytes")
            return Answer(response.status, data)
        except Failed:
            raise
        except (OSError, http.client.HTTPException) as error:
            if watchdog.fired or isinstance(error, TimeoutError):
                raise Failed("timeout", f"no answer within the deadline ({type(error).__name__})") from None
            raise Failed("error", f"{type(error).__name__}: {error}") from None
        finally:
            connection.close()
