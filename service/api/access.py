"""Who is calling: the seat behind a request's bearer token."""

from __future__ import annotations

from service.auth import bearer, seat_of
from service.problems import Problem
from service.wiring import services

CHALLENGE = {"WWW-Authenticate": 'Bearer realm="dogpark"'}


def caller_seat(game_id: str, required: bool = False) -> int | None:
    """The seat the request's bearer token belongs to; None for no token (a spectator) unless required."""
    token = bearer()
    if token is None:
        if required:
            raise Problem(401, "Unauthorized", "send the seat's token as 'Authorization: Bearer <token>'", CHALLENGE)
        return None
    repo = services().repo
    seat = seat_of(token, repo.seat_hashes(game_id, refresh=False))
    if seat is None:
        # A seat may have been claimed since this process last looked.
        seat = seat_of(token, repo.seat_hashes(game_id, refresh=True))
    if seat is None:
        raise Problem(401, "Unauthorized", "the token is not a seat token of this game", CHALLENGE)
    return seat
