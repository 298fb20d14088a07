"""The errors of the kit: one exception class per family of the server's problem kinds.

The server answers every error with an RFC 9457 problem document whose ``type`` is ``/v1/problems/<kind>``.
:func:`problem_error` turns such an answer into the class of its kind (by kind, else by status), carrying the
document: ``error.problem`` is the whole JSON object, ``error.kind`` its kind, ``error.detail`` what went wrong.
"""

from __future__ import annotations

from typing import Any

import requests


class DogparkError(Exception):
    """Anything the kit reports: a problem the server answered, or a server that could not be reached."""


class Unreachable(DogparkError):
    """No answer from the server (connection refused or dropped, a timeout) after the kit's retries."""


class ProblemError(DogparkError):
    """An error answer from the server, with its problem document."""

    def __init__(self, problem: dict[str, Any], status: int, retry_after: float | None = None) -> None:
        self.problem = problem
        self.status = status
        self.detail: str = str(problem.get("detail") or problem.get("title") or f"HTTP {status}")
        self.type: str = str(problem.get("type") or "about:blank")
        #: Seconds the server asked the client to wait before trying again (429 and 503), if it said.
        self.retry_after = retry_after
        super().__init__(f"{status} {self.kind}: {self.detail}")

    @property
    def kind(self) -> str:
        """The problem's kind: the last part of its type (``stale-version``), or ``about:blank``."""
        return self.type.rsplit("/", 1)[-1] if self.type.startswith("/") else self.type


class BadRequest(ProblemError):
    """The request itself is wrong (400, 405, 413, 415, 416, or 422 invalid-request, idempotency-key-reused or
    player-required): sent again unchanged it fails again."""


class Unauthorized(ProblemError):
    """No token, a token not of this game (401 unauthorized), or a spent stream ticket (invalid-stream-ticket)."""


class Forbidden(ProblemError):
    """The token is good but may not do this (403): not this seat's, not now, not this player's bot, challenge or
    table, or a private table's seat without an invitation."""


class NotYourTurn(Forbidden):
    """The seat may not act now (403); ``problem["to_act"]`` lists the seats that may."""


class NotFound(ProblemError):
    """No such game, seat, game type or bot (404)."""


class Conflict(ProblemError):
    """The request does not fit the game's state now (409)."""


class StaleVersion(Conflict):
    """``expected_version`` is not the game's version (409); ``problem["version"]`` is the version now.

    :meth:`dogpark_client.Client.send` attaches the seat's fresh view as ``view`` when it read one.
    """

    view: dict[str, Any] | None = None


class SeatTaken(Conflict):
    """The seat was claimed already or is a bot's (409); ``problem["rule"]`` says which."""


class GameNotOver(Conflict):
    """The audit opens only when the game is over (409)."""


class Refused(ProblemError):
    """The rules or the server's limits refuse what the request asks (422, other than a malformed request)."""


class IllegalMove(Refused):
    """The game's rules refuse the command (422 illegal-move); ``problem["rule"]`` names the rule."""


class VersionNotReached(Refused):
    """The game has not reached the version asked for (422); ``problem["version"]`` is its version now. A stream
    resumed after it saw events the log no longer holds (the server's Redis lost acknowledged writes): start over
    from the game's view."""


class BadOptions(Refused):
    """A new game's type, seats or options are not ones the server accepts (422); ``problem["option"]`` names it."""


class RateLimited(ProblemError):
    """Too many requests of one kind, all-bot games running or requests in flight from one address (429);
    ``retry_after`` says when to try again."""


class Unavailable(ProblemError):
    """The server cannot serve now (503: busy, Redis unavailable, too many streams; 408: the request's body came too
    slowly); try after ``retry_after``."""


class ServerError(ProblemError):
    """The server failed (500 or another 5xx): a bug or an outage on its side."""


#: The class of each problem kind the server is known to send.
KINDS: dict[str, type[ProblemError]] = {
    "bad-request": BadRequest,
    "invalid-request": BadRequest,
    "method-not-allowed": BadRequest,
    "body-too-large": BadRequest,
    "unsupported-media-type": BadRequest,
    "range-not-satisfiable": BadRequest,
    "idempotency-key-reused": BadRequest,
    "unauthorized": Unauthorized,
    "invalid-stream-ticket": Unauthorized,
    "invalid-bot-key": Unauthorized,
    "choose-seat": BadRequest,
    "not-your-turn": NotYourTurn,
    "not-your-seat": Forbidden,
    "not-your-bot": Forbidden,
    "not-invited": Forbidden,
    "not-at-table": Forbidden,
    "not-your-challenge": Forbidden,
    "chat-closed": Forbidden,
    "version-not-reached": VersionNotReached,
    "not-found": NotFound,
    "stale-version": StaleVersion,
    "seat-taken": SeatTaken,
    "game-not-over": GameNotOver,
    "bot-name-taken": Conflict,
    "too-many-notification-hooks": Conflict,
    "challenge-answered": Conflict,
    "no-rematch": Conflict,
    "no-hint": Conflict,
    "too-many-queues": Conflict,
    "on-vacation": Conflict,
    "no-vacation-days": Conflict,
    "not-on-vacation": Conflict,
    "too-many-push-subscriptions": Conflict,
    "illegal-move": IllegalMove,
    "bad-options": BadOptions,
    "player-required": BadRequest,
    "url-not-allowed": Refused,
    "bot-did-not-answer": Refused,
    "bot-suspended": Refused,
    "hook-url-not-allowed": Refused,
    "push-endpoint-not-allowed": Refused,
    "rate-limited": RateLimited,
    "too-many-bot-games": RateLimited,
    "too-many-search-games": RateLimited,
    "too-many-connections": RateLimited,
    "body-timeout": Unavailable,
    "too-many-streams": RateLimited,
    "busy": Unavailable,
    "redis-unavailable": Unavailable,
    "streams-full": Unavailable,
    "internal-error": ServerError,
}

#: The class of a kind the kit does not know (a newer server's), by status.
STATUSES: dict[int, type[ProblemError]] = {
    400: BadRequest,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    405: BadRequest,
    409: Conflict,
    413: BadRequest,
    415: BadRequest,
    422: Refused,
    408: Unavailable,
    429: RateLimited,
    503: Unavailable,
}


def problem_error(response: requests.Response) -> ProblemError:
    """The exception of an error answer: its kind's class, carrying its problem document (one made up if none)."""
    try:
        body = response.json()
    except ValueError:
        body = None
    if not isinstance(body, dict):
        text = response.text.strip().splitlines()[0][:200] if response.text.strip() else response.reason
        body = {"type": "about:blank", "title": response.reason or "", "status": response.status_code, "detail": text}
    error_class = KINDS.get(str(body.get("type", "")).rsplit("/", 1)[-1])
    if error_class is None:
        error_class = STATUSES.get(response.status_code, ServerError if response.status_code >= 500 else ProblemError)
    return error_class(body, response.status_code, retry_after(response))


def retry_after(response: requests.Response) -> float | None:
    """The seconds of a Retry-After header given in seconds; None if absent or a date."""
    value = response.headers.get("Retry-After")
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None
