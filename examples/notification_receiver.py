"""An example receiver of dogpark's notification webhooks, for a mobile app's backend (docs/notification-webhooks.md).

dogpark POSTs each notification of a player who is away to the URL registered for the player, signed with the
hook's secret. This receiver checks the signature and its time (dogpark_client.signatures: HMAC-SHA256 of
"<t>.<raw body>", at most 5 minutes off this clock), drops a notification it already has (by the notification's
id, which the Dogpark-Notification-Id header repeats: dogpark tries a call again when it got no answer, so a copy
may come twice, and a replayed call is one too), and hands the rest to ``forward``, which is where a real backend
sends them on to FCM or APNs. Run it as::

    python examples/notification_receiver.py --port 9100 --secret <the hook's secret>

It prints one JSON line per call it took or refused. Standard library and the kit (``pip install ./client``) only.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from dogpark_client.signatures import HEADER, BadSignature, verify

#: The largest call read, in bytes (a notification is far smaller).
MAX_BODY = 64 * 1024
#: Seconds a notification id is remembered: longer than dogpark's retries of a call last (about 10 minutes).
REMEMBER_SECONDS = 24 * 3600


def forward(notification: dict[str, Any]) -> None:
    """Send the notification on to the player's phones: HERE A REAL BACKEND CALLS FCM OR APNS.

    This example only prints what it would send. A backend finds the phones' device tokens it keeps for
    ``notification["player"]`` (or for the user its hook URL names) and sends ``title`` and ``body`` as the
    notification's text, ``url`` (the game's page, or null) and ``data`` as its payload, e.g. with firebase-admin's
    ``messaging.send(messaging.Message(token=..., notification=messaging.Notification(title, body), data=...))``.
    """
    said = {key: notification.get(key) for key in ("player", "kind", "game", "title", "body", "url")}
    log({"forwarded": notification["id"], "to": "FCM/APNs (stub: printed only)", **said})


def log(entry: dict[str, Any]) -> None:
    """One JSON line on standard output."""
    print(json.dumps(entry, ensure_ascii=False), flush=True)


class Seen:
    """The notification ids taken in the last REMEMBER_SECONDS (a real backend keeps them in its database)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ids: dict[str, float] = {}

    def first(self, notification_id: str) -> bool:
        """True the first time an id comes (and remember it), False for a copy."""
        now = time.monotonic()
        with self._lock:
            self._ids = {seen: at for seen, at in self._ids.items() if now - at < REMEMBER_SECONDS}
            if notification_id in self._ids:
                return False
            self._ids[notification_id] = now
            return True


class Receiver(ThreadingHTTPServer):
    """The receiver's server: the hook's secret and the ids it has taken."""

    def __init__(self, address: tuple[str, int], secret: str) -> None:
        super().__init__(address, Handler)
        self.secret = secret
        self.seen = Seen()


class Handler(BaseHTTPRequestHandler):
    """One call from dogpark."""

    server: Receiver

    def do_POST(self) -> None:
        """Check the call, take it once, answer 200 quickly (dogpark waits 10 s at most, then tries again)."""
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            return self._answer(413, {"error": "too large"})
        raw = self.rfile.read(length)
        try:
            # The signature covers the raw bytes: check it before parsing anything.
            verify(self.server.secret, raw, self.headers.get(HEADER))
        except BadSignature as bad:
            log({"refused": str(bad)})
            # A 4xx is never retried by dogpark; 401 says the secret does not match (a hook registered again?).
            return self._answer(401, {"error": str(bad)})
        notification = json.loads(raw)
        # The signed body's id, which the Dogpark-Notification-Id header repeats for a proxy or a queue in front: the
        # header is not signed, so a replay with another header would pass a check of it.
        notification_id = notification["id"]
        if not self.server.seen.first(notification_id):
            log({"duplicate": notification_id})
            # Answered 2xx all the same: the copy came because dogpark missed the first answer.
            return self._answer(200, {"duplicate": True})
        forward(notification)
        self._answer(200, {"ok": True})

    def _answer(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: every call is logged as one JSON line instead."""


def main(argv: list[str] | None = None) -> None:
    """Serve until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=9100)
    parser.add_argument("--secret", required=True, help="the hook's secret, as its registration answered")
    args = parser.parse_args(argv)
    server = Receiver((args.host, args.port), args.secret)
    log({"listening": f"http://{args.host}:{server.server_address[1]}/"})
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    sys.exit(main())
