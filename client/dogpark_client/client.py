"""The HTTP client of the dogpark API: games, seats, moves, the log and its live stream.

Every method answers the API's JSON body as the API spells it (docs/api.md): ``game_types()`` is
``{"game_types": [...]}`` as GET /v1/game-types is, ``list()`` ``{"games": [...]}``, ``bots()`` ``{"bots": [...]}``.

Retries, and when they are safe:

- A read (GET) is retried on no answer, a 5xx and a 429, waiting what ``Retry-After`` says when the server says
  it (at most ``max_wait`` seconds in all), else backing off from 0.2 s to 2 s.
- A move (:meth:`Client.send`) always carries an ``Idempotency-Key``, the seat's command id on the server: a retry
  with the same key is applied at most once and answers what the first one did. So a move is retried like a read.
- Creating a game and claiming a seat carry no key: they are retried only on a 429 (the server did nothing), never
  on a 5xx or a dropped answer, which may have done it.
- A 409 stale version is never retried blindly: the game moved on since the caller looked, and its move may no
  longer be the one it wants. :meth:`Client.send` reads the seat's view again and raises
  :class:`~dogpark_client.problems.StaleVersion` carrying it (``error.view``): the caller decides afresh. With
  ``retry_if_legal=True`` it sends the same move again, at the new version, when the fresh view still lists it as
  legal, and raises only when it does not.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import requests

from dogpark_client.problems import (
    DogparkError,
    ProblemError,
    RateLimited,
    StaleVersion,
    Unreachable,
    problem_error,
)
from dogpark_client.sse import Message, Parser, lines

#: Seconds without a byte on a stream before it counts as dropped: three of the server's default keep-alives.
STREAM_IDLE_SECONDS = 45.0
#: The longest and the shortest wait between two tries of a request, whatever the server asks.
LONGEST_PAUSE = 10.0
SHORTEST_PAUSE = 0.1


def command_of(move: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """A move as a command and its expected version: a legal move of a view (``{"command", "expected_version",
    "label"}``) is unwrapped; a bare command (``{"type": ...}``) has no version."""
    if "command" in move and isinstance(move["command"], dict):
        return move["command"], move.get("expected_version")
    return move, None


class Client:
    """A client of one dogpark server, speaking for one seat when given its token (or for a spectator).

    Problems raise the exceptions of :mod:`dogpark_client.problems`; a server not answering raises
    :class:`~dogpark_client.problems.Unreachable` once the retries are spent.
    """

    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        timeout: float = 30.0,
        max_wait: float = 30.0,
        session: requests.Session | None = None,
        language: str | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.token = token
        #: The language of the texts, labels and choices the server sends (en, pt, uk, it); None: the server's default.
        self.language = language
        self.timeout = timeout
        #: Seconds the kit may spend waiting between the tries of one request before it gives up.
        self.max_wait = max_wait
        self.session = session or requests.Session()

    def as_seat(self, token: str) -> Client:
        """A client of the same server speaking for the seat whose token this is."""
        return Client(self.base_url, token, timeout=self.timeout, max_wait=self.max_wait, language=self.language)

    # The catalogue and the lobby.

    def game_types(self) -> dict[str, Any]:
        """Every game type, as ``{"game_types": [...]}``: player counts, built-in bots, the JSON Schema of options."""
        return self._call("GET", "/v1/game-types")

    def create(
        self, game_type: str, seats: list[dict[str, Any]], options: dict[str, Any] | None = None, **fields: Any
    ) -> dict[str, Any]:
        """Create a game; its spectator view (``["id"]`` is its id). A seat is ``{"bot": name}`` or
        ``{"human": True}``; ``fields`` are the body's other members (``max_events``, ``clock``...)."""
        body = {"type": game_type, "seats": seats, "options": options or {}, **fields}
        return self._call("POST", "/v1/games", json=body, retry="rate")

    def list(self, game_type: str | None = None, status: str | None = None, limit: int = 50) -> dict[str, Any]:
        """The lobby, as ``{"games": [...]}``: games of a type and status (``open``, ``running``, ``finished``), newest
        first."""
        params = {"type": game_type, "status": status, "limit": limit}
        return self._call("GET", "/v1/games", params={k: v for k, v in params.items() if v is not None})

    def claim(self, game_id: str, seat: int, name: str | None = None) -> dict[str, Any]:
        """Claim a human seat: ``{"seat", "token", "game"}``; the token is shown only this once.

        The client keeps speaking for whom it spoke for: ``client.as_seat(claimed["token"])`` speaks for the seat.
        """
        body = {"name": name} if name is not None else {}
        return self._call("POST", f"/v1/games/{game_id}/seats/{seat}", json=body, retry="rate")

    # A game.

    def view(self, game_id: str) -> dict[str, Any]:
        """The game as the client's seat sees it (a spectator's without a token), legal moves included."""
        return self._call("GET", f"/v1/games/{game_id}")

    def send(
        self,
        game_id: str,
        move: dict[str, Any],
        expected_version: int | None = None,
        *,
        key: str | None = None,
        retry_if_legal: bool = False,
    ) -> dict[str, Any]:
        """Send a move for the client's seat; the answer: ``{"version", "events", "game"}``.

        ``move`` is a legal move of a view as it is (sent at its ``expected_version``) or a bare command (sent at
        ``expected_version``, or on the freshest state when None). ``key`` is the Idempotency-Key (a new one by
        default): a retry is safe with it. On a stale version, see the module's rule.
        """
        command, version = command_of(move)
        if expected_version is not None:
            version = expected_version
        headers = {"Idempotency-Key": key or uuid.uuid4().hex}
        while True:
            body: dict[str, Any] = {"command": command}
            if version is not None:
                body["expected_version"] = version
            try:
                return self._call("POST", f"/v1/games/{game_id}/commands", json=body, headers=headers)
            except StaleVersion as stale:
                # Nothing was appended, so the key is free: the same move may go again under it.
                stale.view = self.view(game_id)
                if not (retry_if_legal and any(m["command"] == command for m in stale.view["legal_moves"])):
                    raise
                version = stale.view["version"]

    def events(self, game_id: str, after: int = 0, limit: int | None = None) -> dict[str, Any]:
        """The log after version ``after``, as the client's seat may see it: ``{"version", "events"}``."""
        params = {"after": after} if limit is None else {"after": after, "limit": limit}
        return self._call("GET", f"/v1/games/{game_id}/events", params=params)

    def replay(self, game_id: str, version: int) -> dict[str, Any]:
        """The client's view of the game as it was at ``version``."""
        return self._call("GET", f"/v1/games/{game_id}/replay", params={"version": version})

    def audit(self, game_id: str) -> dict[str, Any]:
        """A finished game's full log, commands and seed (GameNotOver before its end)."""
        return self._call("GET", f"/v1/games/{game_id}/audit")

    def stream_ticket(self, game_id: str) -> dict[str, Any]:
        """A ticket that opens the seat's stream once (for clients that cannot send headers): ``{"ticket", ...}``."""
        return self._call("POST", f"/v1/games/{game_id}/stream-tickets", retry="rate")

    def follow(self, game_id: str, after: int = 0, idle_timeout: float = STREAM_IDLE_SECONDS) -> Iterator[Message]:
        """The game's live stream after version ``after``, as the client's seat sees it, until the game's end.

        A dropped connection, a stream silent for ``idle_timeout`` seconds (keep-alives included: the server
        sends one every DOGPARK_KEEPALIVE_SECONDS), a 5xx or a 429 reconnects, resuming after the last event
        received, so no event is missed or repeated. It ends after the game's last event (SeedRevealed); raises
        Unreachable when it cannot reconnect within ``max_wait`` seconds, or the problem of any other refusal.
        """
        last, pauses = after, _Pauses(self.max_wait)
        while True:
            headers = {"Accept": "text/event-stream", "Last-Event-ID": str(last), **self._headers()}
            try:
                response = self.session.get(
                    self._url(f"/v1/games/{game_id}/events/stream"),
                    headers=headers,
                    stream=True,
                    timeout=(self.timeout, idle_timeout),
                )
            except requests.RequestException as error:
                pauses.wait(None, error)
                continue
            parser = Parser()
            try:
                if response.status_code >= 400:
                    problem = problem_error(response)
                    if not _retryable(problem):
                        raise problem
                    pauses.wait(problem.retry_after, problem)
                    continue
                pauses.reset()
                for message in parser.messages(lines(response.iter_content(chunk_size=None))):
                    if message.id is not None:
                        last = message.id
                    yield message
                    if message.event == "SeedRevealed":
                        return
            except requests.RequestException as error:
                pauses.wait(parser.retry, error)
                continue
            finally:
                response.close()
            # The server ended the stream before the game's end (it restarted, Redis went away): resume.
            pauses.wait(parser.retry, DogparkError("the stream ended before the game did"))

    # Players.

    def create_player(self, name: str) -> dict[str, Any]:
        """Create a player: ``{"id", "name", "token"}``; the token is shown only this once.

        ``Client(url, token=player["token"])`` speaks for the player: it claims seats for it and registers its bots.
        """
        return self._call("POST", "/v1/players", json={"name": name}, retry="rate")

    # Registered webhook bots (servers that offer them).

    def bots(self, game_type: str | None = None) -> dict[str, Any]:
        """The built-in (``kind: builtin``) and registered bots, of one game type or all, every page of them in one
        answer shaped as the API's last page: ``{"bots": [...], "next": None}`` (NotFound on a server without webhook
        bots)."""
        params: dict[str, Any] = {"type": game_type} if game_type is not None else {}
        found: list[dict[str, Any]] = []
        while True:
            page = self._call("GET", "/v1/bots", params=params)
            found.extend(page["bots"])
            if not page.get("next"):
                return {"bots": found, "next": None}
            params["cursor"] = page["next"]

    def register_bot(self, name: str, url: str, games: list[str], secret: str, **fields: Any) -> dict[str, Any]:
        """Register a webhook bot at ``url`` for ``games``, owned by the player whose token the client holds (only
        that player may change or retire it); the answer holds its ``id``.

        The server first sends the URL a challenge signed with ``secret``, which the bot must answer signed with it
        too: start the bot's server with the same secret (``dogpark bot serve ... --secret S``, which answers
        challenges itself) before registering. ``fields`` are the body's other members (``description``,
        ``timeout_seconds``).
        """
        body = {"name": name, "url": url, "games": games, "secret": secret, **fields}
        return self._call("POST", "/v1/bots", json=body, retry="rate")

    def bot(self, bot_id: str) -> dict[str, Any]:
        """One registered bot, with its rating per game type."""
        return self._call("GET", f"/v1/bots/{bot_id}")

    def change_bot(self, bot_id: str, **fields: Any) -> dict[str, Any]:
        """Change a bot of the client's player: any of ``url``, ``secret``, ``description``, ``timeout_seconds`` and
        ``games``. The bot as changed must answer a challenge first, so ``change_bot(id)`` checks that it still does."""
        return self._call("PATCH", f"/v1/bots/{bot_id}", json=fields, retry="rate")

    def retire_bot(self, bot_id: str, key: str | None = None) -> None:
        """Retire a bot of the client's player (or, with ``key``, a bot registered before bots had owners)."""
        headers = {"Authorization": f"Bearer {key}"} if key is not None else None
        self._call("DELETE", f"/v1/bots/{bot_id}", headers=headers, retry="rate")

    # The wire.

    def _url(self, path: str) -> str:
        return self.base_url + path

    def _headers(self) -> dict[str, str]:
        language = {"Accept-Language": self.language} if self.language else {}
        return {**language, **({"Authorization": f"Bearer {self.token}"} if self.token else {})}

    def _call(
        self, method: str, path: str, *, retry: str = "safe", headers: dict[str, str] | None = None, **kw: Any
    ) -> Any:
        """One request, retried as the module says: ``retry="safe"`` for reads and keyed moves, ``"rate"`` for
        requests retried only on a 429. The JSON answer (None if empty), or the problem raised."""
        pauses = _Pauses(self.max_wait)
        while True:
            try:
                response = self.session.request(
                    method, self._url(path), headers={**self._headers(), **(headers or {})}, timeout=self.timeout, **kw
                )
            except requests.RequestException as error:
                if retry != "safe":
                    raise Unreachable(f"{method} {path}: {error}") from error
                pauses.wait(None, error)
                continue
            if response.status_code < 400:
                return response.json() if response.content else None
            problem = problem_error(response)
            if isinstance(problem, RateLimited) or (retry == "safe" and _retryable(problem)):
                pauses.wait(problem.retry_after, problem)
                continue
            raise problem


def _retryable(problem: ProblemError) -> bool:
    """A refusal worth trying again as it is: too many requests, or a server error (5xx)."""
    return isinstance(problem, RateLimited) or problem.status >= 500


class _Pauses:
    """The waits between the tries of one request: Retry-After when given, else backoff; ``budget`` seconds in all."""

    def __init__(self, budget: float) -> None:
        self.budget = budget
        self.spent = 0.0
        self.tries = 0

    def reset(self) -> None:
        """The request got through: the next failure starts afresh."""
        self.spent = 0.0
        self.tries = 0

    def wait(self, asked: float | None, cause: Exception) -> None:
        """Sleep before the next try; raise the cause (Unreachable for no answer) when the budget is spent."""
        backoff = min(0.2 * 2**self.tries, 2.0)
        pause = max(SHORTEST_PAUSE, min(asked, LONGEST_PAUSE) if asked is not None else backoff)
        if self.spent + pause > self.budget:
            if isinstance(cause, DogparkError):
                raise cause
            raise Unreachable(f"no answer after {self.tries + 1} tries: {cause}") from cause
        self.tries += 1
        self.spent += pause
        time.sleep(pause)
