"""The wire of a webhook call: where a bot may be called, the signature, and one POST that cannot run away.

Safety (docs/bots.md, "Safety"):

- A URL is ``http`` or ``https`` with a host and no user name or password. Its host is resolved once per call, and
  every address it resolves to must be allowed: a public address, or one in a network of DOGPARK_WEBHOOK_ALLOW; a
  host name listed there is allowed whatever it resolves to. Public means outside every special-purpose block of
  IANA's registries (loopback, private, shared, link-local, documentation, benchmarking, multicast, reserved...),
  for IPv6 inside global unicast (2000::/3) too, and global by Python's ``is_global`` as well: the blocks are listed
  here because ``is_global`` alone calls some of them global (NAT64, 6to4, 192.0.0.8). An IPv4-mapped address is
  its IPv4 address; NAT64 (64:ff9b::/96), 6to4 and Teredo addresses carry an IPv4 address their gateways deliver
  to, so they are refused unless the operator allows them, and then the IPv4 address inside must be allowed too.
- The connection goes to the address that was checked (a second lookup could answer otherwise), with the URL's
  host name in the Host header and, for https, in the TLS handshake and the certificate check.
- No redirect is followed: a 3xx is an answer like any other non-2xx.
- The whole exchange, connecting included, ends at the call's deadline: a watchdog shuts the socket then, however
  slowly the bot drips its answer. An answer longer than 64 KiB is cut off and counts as a failure.
- One retry on a connection error (refused, reset before any answer), if the deadline leaves time for it.

Registration proves that the bot at the URL holds its secret (``challenge``): it must echo a random value in an
answer signed with the secret, which no redirector, health check or other program at the URL can forge.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import http.client
import ipaddress
import json
import secrets
import socket
import ssl
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from urllib.parse import urlsplit

from service.core.reads import rfc3339

#: The largest answer read from a bot, in bytes.
MAX_ANSWER = 64 * 1024
#: The header that carries a call's signature, and a challenge answer's.
HEADER = "Dogpark-Signature"
#: Seconds a challenge answer's signature may be off this server's clock, either way (as the kit allows a call).
TOLERANCE = 300
#: Random bytes in a challenge.
CHALLENGE_BYTES = 32
#: What DOGPARK_WEBHOOK_ALLOW's entry ``loopback`` stands for.
LOOPBACK = ("127.0.0.0/8", "::1/128")

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

#: IANA's IPv4 Special-Purpose Address Registry, with multicast (224/4) and the reserved block (240/4, which holds
#: the limited broadcast address): no bot is called at any of them unless the operator allows it.
SPECIAL_IPV4 = tuple(
    ipaddress.IPv4Network(block)
    for block in (
        "0.0.0.0/8",  # "this network"
        "10.0.0.0/8",  # private
        "100.64.0.0/10",  # shared address space (carrier-grade NAT)
        "127.0.0.0/8",  # loopback
        "169.254.0.0/16",  # link-local (a cloud's metadata service)
        "172.16.0.0/12",  # private
        "192.0.0.0/24",  # IETF protocol assignments (192.0.0.8, 192.0.0.9, 192.0.0.10: is_global says True)
        "192.0.2.0/24",  # documentation (TEST-NET-1)
        "192.31.196.0/24",  # AS112-v4
        "192.52.193.0/24",  # AMT
        "192.88.99.0/24",  # deprecated 6to4 relay anycast
        "192.168.0.0/16",  # private
        "192.175.48.0/24",  # direct delegation AS112
        "198.18.0.0/15",  # benchmarking
        "198.51.100.0/24",  # documentation (TEST-NET-2)
        "203.0.113.0/24",  # documentation (TEST-NET-3)
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, and 255.255.255.255, the limited broadcast
    )
)
#: IANA's IPv6 Special-Purpose Address Registry, with the deprecated blocks and multicast. Everything outside 2000::/3
#: is refused anyway (unassigned); the blocks there are listed so that the list reads as the registry does.
SPECIAL_IPV6 = tuple(
    ipaddress.IPv6Network(block)
    for block in (
        "::/128",  # unspecified
        "::1/128",  # loopback
        "::/96",  # IPv4-compatible (deprecated)
        "::ffff:0:0/96",  # IPv4-mapped: judged as its IPv4 address, never as itself
        "64:ff9b::/96",  # NAT64, well-known prefix (is_global says True)
        "64:ff9b:1::/48",  # NAT64, local use
        "100::/64",  # discard-only
        "2001::/23",  # IETF protocol assignments: Teredo 2001::/32, benchmarking, AMT, AS112, ORCHID...
        "2001:db8::/32",  # documentation
        "2002::/16",  # 6to4 (is_global says True)
        "2620:4f:8000::/48",  # direct delegation AS112
        "3fff::/20",  # documentation
        "5f00::/16",  # segment routing (SRv6) SIDs
        "fc00::/7",  # unique local
        "fe80::/10",  # link-local
        "fec0::/10",  # site-local (deprecated)
        "ff00::/8",  # multicast
    )
)
#: Global unicast: the only IPv6 space IANA allocates to networks on the internet.
GLOBAL_UNICAST = ipaddress.IPv6Network("2000::/3")
#: NAT64's well-known prefix: the IPv4 address is the last 32 bits.
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


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
        """The allowances of DOGPARK_WEBHOOK_ALLOW's entries (a CIDR, an address, a host name, or ``loopback`` for
        127.0.0.0/8 and ::1, each); ValueError."""
        networks: list[IPNetwork] = []
        hosts: set[str] = set()
        for entry in entries:
            if entry.lower() == "loopback":
                networks.extend(ipaddress.ip_network(block) for block in LOOPBACK)
                continue
            try:
                networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                name = entry.lower().rstrip(".")
                if not name or not all(part.replace("-", "").isalnum() for part in name.split(".")):
                    raise ValueError(f"DOGPARK_WEBHOOK_ALLOW: {entry!r} is neither a CIDR nor a host name") from None
                hosts.add(name)
        return cls(tuple(networks), frozenset(hosts))

    def address(self, address: IPAddress) -> bool:
        """True when a call may connect to ``address``: a public one or one the operator allows, and so is every
        IPv4 address it carries."""
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            # A socket connects to an IPv4-mapped address over IPv4: it is that address, spelt otherwise.
            return self.address(address.ipv4_mapped)
        if not (public(address) or any(address in network for network in self.networks)):
            return False
        # An allowed NAT64, 6to4 or Teredo network still delivers to the IPv4 address inside: it must be allowed too.
        return all(self.address(inner) for inner in carried_ipv4(address))


def public(address: IPAddress) -> bool:
    """True for an address outside every special-purpose block (for IPv6, inside global unicast) that Python calls
    global too."""
    if isinstance(address, ipaddress.IPv4Address):
        return address.is_global and not any(address in block for block in SPECIAL_IPV4)
    return address in GLOBAL_UNICAST and address.is_global and not any(address in block for block in SPECIAL_IPV6)


def carried_ipv4(address: IPAddress) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses a NAT64 (well-known prefix), 6to4 or Teredo address delivers to (Teredo: its server and
    its client, unobfuscated); none for any other address."""
    if isinstance(address, ipaddress.IPv4Address):
        return []
    if address in NAT64:
        return [ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)]
    if address.sixtofour is not None:
        return [address.sixtofour]
    if address.teredo is not None:
        return list(address.teredo)
    return []


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


def resolve_https(url: str, allow: Allow) -> Target:
    """Resolve as ``resolve`` does, and refuse plain http unless DOGPARK_WEBHOOK_ALLOW names the host or allows the
    (not public) address it connects to: what dogpark sends of its own accord to the internet goes over TLS."""
    target = resolve(url, allow)
    if target.scheme == "http" and target.host not in allow.hosts:
        address = ipaddress.ip_address(target.address)
        if public(address) or not allow.address(address):
            raise Refused("the URL must be https:// (http:// only to a host or network DOGPARK_WEBHOOK_ALLOW allows)")
    return target


def sign(secret: str, body: bytes, at: float | None = None) -> str:
    """The Dogpark-Signature of ``body``: ``t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>``."""
    stamp = int(time.time() if at is None else at)
    return f"t={stamp},v1={_mac(secret, stamp, body)}"


def signed(secret: str, body: bytes, header: str | None, now: float | None = None) -> bool:
    """True when ``header`` is a Dogpark-Signature of ``body`` with ``secret`` (one of its ``v1`` entries), made
    within TOLERANCE seconds of ``now``."""
    parts = [part.strip().partition("=") for part in (header or "").split(",")]
    stamps = [int(value) for name, _, value in parts if name == "t" and value.isdigit()]
    macs = [value for name, _, value in parts if name == "v1"]
    if len(stamps) != 1 or abs((time.time() if now is None else now) - stamps[0]) > TOLERANCE:
        return False
    expected = _mac(secret, stamps[0], body)
    return any(hmac.compare_digest(expected, mac) for mac in macs)


def _mac(secret: str, stamp: int, body: bytes) -> str:
    return hmac.new(secret.encode(), f"{stamp}.".encode() + body, hashlib.sha256).hexdigest()


class Unproven(Exception):
    """A bot that did not prove it holds its secret at its URL; the message says why, for the server's log alone."""


def challenge(url: str, secret: str, timeout: float, allow: Allow) -> None:
    """Ask the bot at ``url`` to prove it holds ``secret``, within ``timeout`` seconds; Unproven if it does not.

    The call, signed with the secret as every call is, is ``{"kind": "challenge", "challenge": <random>,
    "deadline"}``. The answer must be a 2xx whose body is ``{"challenge": <the same value>}``, signed with the same
    secret in its own Dogpark-Signature header. A URL this server may not call, a name that does not resolve, no
    answer in time, a redirect (never followed) or any other answer are all Unproven.
    """
    value = secrets.token_urlsafe(CHALLENGE_BYTES)
    call = {"kind": "challenge", "challenge": value, "deadline": rfc3339(time.time() + timeout)}
    try:
        target = resolve(url, allow)
        answer = post(target, json.dumps(call, separators=(",", ":")).encode(), secret, time.monotonic() + timeout)
    except (Refused, Failed) as error:
        raise Unproven(str(error)) from None
    if not 200 <= answer.status < 300:
        raise Unproven(f"the answer's status is {answer.status}")
    if not signed(secret, answer.body, answer.signature):
        raise Unproven(f"the answer's {HEADER} is missing, stale or not made with the bot's secret")
    try:
        echoed = json.loads(answer.body)
    except ValueError:
        raise Unproven("the answer is not JSON") from None
    # Exactly the value and nothing else: a program that sends the call back as it came does not answer it.
    if echoed != {"challenge": value}:
        raise Unproven('the answer is not {"challenge": <the challenge>}')


@dataclass(frozen=True)
class Answer:
    """A bot's HTTP answer: its status, its body (at most MAX_ANSWER bytes), its Dogpark-Signature header if any."""

    status: int
    body: bytes
    signature: str | None = None


def post(
    target: Target, body: bytes, secret: str, deadline: float, headers: Mapping[str, str] | None = None
) -> Answer:
    """POST a signed call to ``target`` (with ``headers`` besides the signature's), answered before ``deadline``
    (time.monotonic()), else Failed.

    A connection error is tried once more while the deadline leaves time; a timeout is not.
    """
    more = dict(headers or {})
    try:
        return _exchange(target, body, secret, deadline, more)
    except Failed as failed:
        if failed.reason != "error" or deadline - time.monotonic() <= 0:
            raise
        return _exchange(target, body, secret, deadline, more)


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


def _exchange(target: Target, body: bytes, secret: str, deadline: float, more: dict[str, str]) -> Answer:
    """One try of a call."""
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise Failed("timeout", "no time left before the deadline")
    with _Watchdog(remaining) as watchdog:
        connection = _Pinned(target, remaining, watchdog)
        try:
            headers = {**more, "Content-Type": "application/json", HEADER: sign(secret, body), "User-Agent": "dogpark"}
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
            return Answer(response.status, data, response.getheader(HEADER))
        except Failed:
            raise
        except (OSError, http.client.HTTPException) as error:
            if watchdog.fired or isinstance(error, TimeoutError):
                raise Failed("timeout", f"no answer within the deadline ({type(error).__name__})") from None
            raise Failed("error", f"{type(error).__name__}: {error}") from None
        finally:
            connection.close()
