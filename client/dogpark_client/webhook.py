"""A bot as a webhook server: dogpark calls it when its seat must act, and its answer is the move.

Each call is a signed POST (see :mod:`dogpark_client.signatures`) of JSON ``{"kind": "turn"|"start"|"end", "game",
"type", "seat", "version", "view", "legal_moves", "deadline", "events"}``, or ``{"kind": "challenge", "challenge",
"deadline"}`` when the bot is registered or changed. The server checks the signature before it reads the JSON, and
answers:

- ``turn``: 200 ``{"move": <the entry of legal_moves the bot chose, as it was sent>}``;
- ``start``, ``end``: 200 ``{}``;
- ``challenge``: 200 ``{"challenge": <the call's challenge>}``, the proof that the bot holds the secret;
- a body over 4 MiB: 413; no or a bad signature: 401; not JSON, or an unknown kind: 400; the bot failing: 500;
  each a problem document (application/problem+json). ``GET`` on any path answers 200 (a health check).

Every 200 is signed with the secret as dogpark signs its calls (its own ``Dogpark-Signature`` header): dogpark
checks the signature of a challenge's answer, which nothing at the URL but the bot can make.

One bot instance plays one seat of one game: made on the game's first call, dropped after its ``end``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from collections import OrderedDict
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from dogpark_client.bot import Bot, game_moves
from dogpark_client.client import command_of
from dogpark_client.signatures import HEADER, BadSignature, sign, verify

#: The largest call body read; a larger one is refused unread.
MAX_BODY = 4 * 1024 * 1024
#: Bot instances kept at once: the oldest game's goes first (a game whose end call never came).
MAX_GAMES = 10_000

log = logging.getLogger("dogpark.bot")


class Refusal(Exception):
    """A call the server refuses, with the status to answer."""

    def __init__(self, status: HTTPStatus, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


class BotServer(ThreadingHTTPServer):
    """An HTTP server answering dogpark's calls with a bot class's choices, one thread per connection."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], bot_class: type[Bot], secret: str) -> None:
        super().__init__(address, CallHandler)
        self.bot_class = bot_class
        self.secret = secret
        self._bots: OrderedDict[tuple[str, int], Bot] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def url(self) -> str:
        """Where the server listens, as a URL to register."""
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"

    def answer(self, body: bytes, signature: str | None) -> dict[str, Any]:
        """The answer to one call's raw body and signature header; Refusal for a call not to be answered."""
        try:
            verify(self.secret, body, signature)
        except BadSignature as bad:
            raise Refusal(HTTPStatus.UNAUTHORIZED, str(bad)) from None
        try:
            call = json.loads(body)
        except ValueError:
            raise Refusal(HTTPStatus.BAD_REQUEST, "the body is not JSON") from None
        kind = call.get("kind") if isinstance(call, dict) else None
        if kind == "challenge":
            return {"challenge": call.get("challenge")}
        if kind not in ("turn", "start", "end"):
            raise Refusal(HTTPStatus.BAD_REQUEST, f"unknown kind {kind!r}: turn, start, end or challenge")
        bot = self._bot(call, drop=kind == "end")
        if kind == "start":
            bot.start(call)
            return {}
        if kind == "end":
            bot.end(call)
            return {}
        return {"move": choose(bot, call)}

    def _bot(self, call: dict[str, Any], drop: bool) -> Bot:
        """The instance playing the call's seat of its game: a new one on its first call, forgotten on ``drop``."""
        seat = (str(call.get("game")), int(call.get("seat") or 0))
        with self._lock:
            bot = self._bots.pop(seat, None) or self.bot_class()
            if not drop:
                self._bots[seat] = bot
                while len(self._bots) > MAX_GAMES:
                    self._bots.popitem(last=False)
        return bot


def choose(bot: Bot, call: dict[str, Any]) -> Any:
    """The bot's choice for a turn call, as the entry of the call's legal moves it names (as chosen, if none)."""
    # A bot never undoes: the table's undo commands, were a call to hold any, are not among its choices.
    entries = game_moves(call.get("legal_moves") or [])
    commands = [command_of(entry)[0] for entry in entries]
    # A call sends the moves once, beside the view: put them back in it, so a bot reads a view as GET gives it.
    view = {"legal_moves": entries, **(call.get("view") or {})}
    choice = bot.choose(view, commands)
    # The server judges a choice that is not one of the moves it sent; it is not this side's to correct.
    return entries[commands.index(choice)] if choice in commands else choice


class CallHandler(BaseHTTPRequestHandler):
    """One connection's requests: POST a call, GET a health check."""

    protocol_version = "HTTP/1.1"
    server: BotServer

    def do_POST(self) -> None:
        """Answer one call."""
        length = self.headers.get("Content-Length", "")
        if not length.isdigit():
            self._problem(HTTPStatus.LENGTH_REQUIRED, "a call needs a Content-Length", close=True)
            return
        if int(length) > MAX_BODY:
            self._problem(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"a call is at most {MAX_BODY} bytes", close=True)
            return
        body = self.rfile.read(int(length))
        try:
            answer = json.dumps(self.server.answer(body, self.headers.get(HEADER))).encode()
            self._send(HTTPStatus.OK, "application/json", answer, signature=sign(self.server.secret, answer))
        except Refusal as refusal:
            self._problem(refusal.status, refusal.detail)
        except Exception as error:  # the bot's own failure: the server's fallback plays instead
            log.exception("the bot failed on a call")
            self._problem(HTTPStatus.INTERNAL_SERVER_ERROR, f"the bot failed: {type(error).__name__}: {error}")

    def do_GET(self) -> None:
        """Say the server is up, and which bot it runs."""
        self._send(HTTPStatus.OK, "application/json", json.dumps({"bot": self.server.bot_class.__name__}).encode())

    def log_message(self, format: str, *args: Any) -> None:
        """Request lines go to the logger, at debug level."""
        log.debug("%s %s", self.address_string(), format % args)

    def _problem(self, status: HTTPStatus, detail: str, close: bool = False) -> None:
        body = {"type": "about:blank", "title": status.phrase, "status": int(status), "detail": detail}
        self._send(status, "application/problem+json", json.dumps(body).encode(), close=close)

    def _send(
        self, status: HTTPStatus, content_type: str, data: bytes, signature: str | None = None, close: bool = False
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        if signature is not None:
            self.send_header(HEADER, signature)
        if close:
            # The body left unread must not be taken for the next request.
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(data)


def serve(bot_class: type[Bot], port: int, secret: str, host: str = "127.0.0.1") -> None:
    """Answer dogpark's calls with ``bot_class`` on ``host:port`` until interrupted."""
    with BotServer((host, port), bot_class, secret) as server:
        log.info("serving %s on %s", bot_class.__name__, server.url)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
