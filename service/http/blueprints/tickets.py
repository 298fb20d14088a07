"""POST /v1/games/{id}/stream-tickets: a seat's single-use ticket to its event stream, for browsers.

A browser's EventSource cannot send an Authorization header, and a seat token must never travel in a URL
(URLs are logged, kept in histories and sent as Referer). So a seat trades its token for a ticket that opens
its stream once, within DOGPARK_STREAM_TICKET_SECONDS: a ticket in a URL is worth nothing once used.
"""

from __future__ import annotations

from collections.abc import Callable

from flask_smorest import Blueprint

from service.core.auth import issue_ticket
from service.core.problems import NOT_FOUND, PROBLEM, RATE_LIMITED, UNAUTHORIZED
from service.http.access import caller_seat
from service.http.blueprints import problem, type_links
from service.http.context import services
from service.http.ratelimit import Rate, take
from service.http.schemas.games import StreamTicket
from service.http.schemas.problems import Problem as ProblemSchema

#: Tickets one seat may get per minute: far more than a reconnecting browser needs, and each is a Redis key.
TICKET_RATE = Rate(30, 60)

blp = Blueprint("stream-tickets", __name__, url_prefix="/v1/games", description="Tickets to a seat's event stream.")


def tickets_rate_limited(blp: Blueprint, whom: str) -> Callable:
    """Document the 429 of a route that issues stream tickets, TICKET_RATE for ``whom`` ("the seat")."""
    return blp.alt_response(
        429,
        schema=ProblemSchema,
        content_type=PROBLEM,
        description=f"More than {TICKET_RATE.count} tickets for {whom} in {TICKET_RATE.seconds} s; Retry-After says "
        "when the window ends." + type_links(RATE_LIMITED),
        headers={"Retry-After": {"description": "Seconds until a retry may pass.", "schema": {"type": "integer"}}},
    )


@blp.route("/<game_id>/stream-tickets", methods=["POST"])
@blp.response(201, StreamTicket)
@problem(blp, 401, "No token, or not a token of this game.", UNAUTHORIZED)
@problem(blp, 404, "No such game.", NOT_FOUND)
@tickets_rate_limited(blp, "the seat")
@blp.doc(security=[{"seatToken": []}])
def issue_stream_ticket(game_id: str) -> tuple[dict, int, dict[str, str]]:
    """A ticket that opens the caller's seat's event stream once, as GET .../events/stream?ticket=<ticket>.

    For clients that cannot send headers (a browser's EventSource). The ticket is valid for
    DOGPARK_STREAM_TICKET_SECONDS (60 by default) and for one stream only: to reconnect, get a new ticket and
    pass the last event id you received as 'after'.
    """
    svc = services()
    # An unknown game is a 404, as everywhere, before its tokens are looked at.
    svc.repo.secret(game_id)
    seat = caller_seat(game_id, required=True)
    take(svc.redis, TICKET_RATE, "stream-ticket", f"{game_id}:{seat}")
    seconds = svc.settings.stream_ticket_seconds
    ticket = issue_ticket(svc.redis, game_id, seat, seconds)
    body = {"ticket": ticket, "expires_in": seconds, "stream": f"/v1/games/{game_id}/events/stream?ticket={ticket}"}
    # The ticket is a credential until it is used: no cache may keep it.
    return body, 201, {"Cache-Control": "no-store"}
