"""A push service of the tests' own, on 127.0.0.1: it takes Web Push requests as a browser vendor's would, checks
their VAPID JWT (RFC 8292: ES256 by the key the request names, which must be the server's; aud the endpoint's
origin; exp in the future, within a day) and decrypts their aes128gcm payload (RFC 8291) with the keys of the
subscription a test made (``Browser``).

Each endpoint answers 201, or what a test tells it to (410 for a subscription that is gone, 500 for a failing
service); what it took, decrypted, is kept in ``received`` with when it came.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _hmac(key: bytes, data: bytes) -> bytes:
    return hmac.new(key, data, hashlib.sha256).digest()


@dataclass
class Browser:
    """One browser's subscription keys: its P-256 key pair and its 16-byte authentication secret."""

    private: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: secrets.token_bytes(16))

    @property
    def public(self) -> bytes:
        return self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )

    def keys(self) -> dict[str, str]:
        """The keys as PushSubscription.toJSON() gives them."""
        return {"p256dh": b64url(self.public), "auth": b64url(self.auth)}

    def decrypt(self, body: bytes) -> bytes:
        """The plaintext of an aes128gcm body (RFC 8188 framing, RFC 8291 keys), of one record."""
        salt, rs, idlen = body[:16], int.from_bytes(body[16:20], "big"), body[20]
        sender = body[21 : 21 + idlen]
        ciphertext = body[21 + idlen :]
        assert len(ciphertext) <= rs, "one record"
        peer = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender)
        shared = self.private.exchange(ec.ECDH(), peer)
        prk_key = _hmac(self.auth, shared)
        ikm = _hmac(prk_key, b"WebPush: info\x00" + self.public + sender + b"\x01")
        prk = _hmac(salt, ikm)
        cek = _hmac(prk, b"Content-Encoding: aes128gcm\x00\x01")[:16]
        nonce = _hmac(prk, b"Content-Encoding: nonce\x00\x01")[:12]
        padded = AESGCM(cek).decrypt(nonce, ciphertext, None)
        text = padded.rstrip(b"\x00")
        assert text.endswith(b"\x02"), "the last record ends with its delimiter 2"
        return text[:-1]


@dataclass
class Push:
    """A push the service took: its endpoint's name, when it came, its headers (in lower case), and the decrypted
    notification."""

    name: str
    at: float
    headers: dict[str, str]
    notification: dict[str, Any]


def verify_vapid(authorization: str, origin: str, server_key: str) -> dict[str, Any]:
    """The claims of a ``vapid t=<JWT>, k=<key>`` header, checked: ES256 signature by ``k``, which is the server's
    key, aud ``origin``, exp in the future within a day; AssertionError if not."""
    scheme, _, rest = authorization.partition(" ")
    assert scheme == "vapid", authorization
    parts = dict(item.strip().split("=", 1) for item in rest.split(","))
    assert parts["k"] == server_key, "signed by the server's key"
    token = parts["t"]
    head, claims, signature = token.split(".")
    assert json.loads(unb64url(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64url(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(parts["k"]))
    key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises InvalidSignature
    found = json.loads(unb64url(claims))
    assert found["aud"] == origin, found
    assert time.time() < found["exp"] <= time.time() + 86_400, found
    assert found["sub"].startswith(("mailto:", "https://")), found
    return found


class PushService:
    """The service, on a free port of 127.0.0.1 until ``stop()``; ``server_key`` is the VAPID key to expect."""

    def __init__(self, server_key: str) -> None:
        self.server_key = server_key
        self.browsers: dict[str, Browser] = {}
        #: Per endpoint name, the statuses it answers next (then 201).
        self.answers: dict[str, list[int]] = {}
        self.received: list[Push] = []
        #: Requests per endpoint name, whatever they were answered.
        self.requests: dict[str, int] = {}
        self.errors: list[str] = []
        self._lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                name = self.path.rsplit("/", 1)[-1]
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                status = service.take(name, {k.lower(): v for k, v in self.headers.items()}, body)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def subscribe(self, name: str | None = None) -> dict[str, Any]:
        """A new browser's subscription, as PushSubscription.toJSON() gives it."""
        name = name or secrets.token_hex(6)
        self.browsers[name] = Browser()
        return {"endpoint": f"{self.origin}/push/{name}", "expirationTime": None, "keys": self.browsers[name].keys()}

    def take(self, name: str, headers: dict[str, str], body: bytes) -> int:
        with self._lock:
            self.requests[name] = self.requests.get(name, 0) + 1
            queued = self.answers.get(name)
            status = queued.pop(0) if queued else 201
        if status != 201:
            return status
        try:
            verify_vapid(headers["authorization"], self.origin, self.server_key)
            assert headers["content-encoding"] == "aes128gcm"
            assert int(headers["ttl"]) > 0
            notification = json.loads(self.browsers[name].decrypt(body))
        except Exception as error:  # the test reads what went wrong
            self.errors.append(f"{type(error).__name__}: {error}")
            return 400
        with self._lock:
            self.received.append(Push(name, time.monotonic(), headers, notification))
        return 201

    def pushes(self, name: str | None = None) -> list[Push]:
        """What was taken (for one endpoint name), in order."""
        with self._lock:
            return [push for push in self.received if name is None or push.name == name]

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
