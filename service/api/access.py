"""Who is calling: the seat behind a request's bearer token, or behind a stream's ticket."""

from __future__ import annotations

from flask import request

from service.auth import bearer, redeem_ticket, seat_of
from service.problems import INVALID_STREAM_TICKET, UNAUTHORIZED, Problem
from service.wiring import services

CHALLENGE = {"WWW-Authenticate": 'Bearer realm="dogpark"'}


def caller_seat(game_id: str, required: bool = False) -> int | None:
    """The seat the request's bearer token belongs to; None for no token (a spectator) unless required."""
    token = bearer()
    if token is None:
        if required:
            raise Problem(UNAUTHORIZED, "send the seat's token as 'Authorization: Bearer <token>'", CHALLENGE)
        return None
    repo = services().repo
    seat = seat_of(token, repo.seat_hashes(game_id, refresh=False))
    if seat is None:
        # A seat may have been claimed since this process last looked.
        seat = seat_of(token, repo.seat_hashes(game_id, refresh=True))
    if seat is None:
        raise Problem(UNAUTHORIZED, "the token is not a seat token of this game", CHALLENGE)
    return seat


def stream_seat(game_id: str) -> int | None:
    """The seat a stream request speaks for: its ``?ticket=`` (spent here) if it has one, else its bearer token."""
    ticket = request.args.get("ticket")
    if ticket is None:
        return caller_seat(game_id)
    seat = redeem_ticket(services().redis, game_id, ticket)
    if seat is None:
        detail = "the ticket is unknown, used, expired or another game's; get a new one"
        raise Problem(INVALID_STREAM_TICKET, detail, CHALLENGE)
    return seat
