"""Who is calling: the seat behind a request's bearer token (a seat's or a player's), or behind a stream's ticket.

A seat token speaks for its seat. A player token speaks for the seat its player holds in the game; in a hotseat
game, where a player may hold several, the query parameter ``seat`` says which. A player token never speaks for
a seat its player does not hold.
"""

from __future__ import annotations

from typing import Literal, overload

from flask import request

from service.core.auth import redeem_player_ticket, redeem_ticket, seat_of
from service.core.player_entries import held_seats
from service.core.problems import CHOOSE_SEAT, INVALID_STREAM_TICKET, NOT_YOUR_SEAT, UNAUTHORIZED, Problem
from service.http.context import services

CHALLENGE = {"WWW-Authenticate": 'Bearer realm="dogpark"'}


def bearer() -> str | None:
    """The bearer token of the current request, if any."""
    # From the environ, where request.headers would find it: a header missing from request.headers costs a KeyError.
    header = request.environ.get("HTTP_AUTHORIZATION", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def not_a_player() -> Problem:
    """The 401 of a token that names no player."""
    return Problem(UNAUTHORIZED, "the token is not a player token (POST /v1/players gives one)", CHALLENGE)


def query(name: str) -> str | None:
    """The request's query parameter ``name``, if given; a URL without a query (most) does not build request.args."""
    return request.args.get(name) if request.query_string else None


@overload
def caller_player(required: Literal[True]) -> str: ...
@overload
def caller_player(required: bool = False) -> str | None: ...
def caller_player(required: bool = False) -> str | None:
    """The id of the player whose token the request bears; None for no token, unless ``required`` (401).

    A token that is no player's is a 401 either way: the caller meant it to speak for somebody.
    """
    token = bearer()
    if token is None:
        if required:
            raise Problem(UNAUTHORIZED, "send the player's token as 'Authorization: Bearer <token>'", CHALLENGE)
        return None
    pid = services().players.by_token(token)
    if pid is None:
        raise not_a_player()
    return pid


@overload
def caller_seat(game_id: str, required: Literal[True]) -> int: ...
@overload
def caller_seat(game_id: str, required: bool = False) -> int | None: ...
def caller_seat(game_id: str, required: bool = False) -> int | None:
    """The seat the request's bearer token speaks for; None for no token (a spectator) unless required."""
    token = bearer()
    if token is None:
        if required or query("seat") is not None:
            raise Problem(
                UNAUTHORIZED, "send the seat's or the player's token as 'Authorization: Bearer <token>'", CHALLENGE
            )
        return None
    svc = services()
    seat = seat_of(token, svc.repo.seat_hashes(game_id, refresh=False))
    if seat is None:
        pid = svc.players.by_token(token)
        if pid is not None:
            return player_seat(game_id, pid)
        # A seat may have been claimed since this process last looked.
        seat = seat_of(token, svc.repo.seat_hashes(game_id, refresh=True))
    if seat is None:
        raise Problem(UNAUTHORIZED, "the token is not a seat token of this game, nor a player's", CHALLENGE)
    return chosen_seat([seat])


def player_seat(game_id: str, pid: str) -> int:
    """The seat of ``game_id`` player ``pid`` speaks for: the one it holds, or (hotseat) the one ``?seat=`` names."""
    repo = services().repo
    seats = held_seats(repo.load(game_id, fresh=False).table).get(pid)
    asked = query("seat")
    if seats is None or asked is not None and asked.isdecimal() and int(asked) not in seats:
        # The player may have claimed a seat (another one, in a hotseat game) since this process last looked.
        seats = held_seats(repo.load(game_id).table).get(pid)
    if seats is None:
        raise Problem(NOT_YOUR_SEAT, f"the player holds no seat of game {game_id!r}", seats=[])
    return chosen_seat(seats)


def chosen_seat(seats: list[int]) -> int:
    """The seat of ``seats`` (the caller's, in this game) that ``?seat=`` names, or the only one without it."""
    asked = query("seat")
    if asked is None:
        if len(seats) > 1:
            raise Problem(CHOOSE_SEAT, f"the player holds seats {seats} of this game: add ?seat=<n>", seats=seats)
        return seats[0]
    if not asked.isdecimal() or len(asked) > 3:
        raise Problem(CHOOSE_SEAT, f"?seat= names a seat by its number, not {asked[:40]!r}", seats=seats)
    if int(asked) not in seats:
        raise Problem(NOT_YOUR_SEAT, f"seat {int(asked)} is not the caller's; its seats here: {seats}", seats=seats)
    return int(asked)


def stream_seat(game_id: str) -> int | None:
    """The seat a stream request speaks for: its ``?ticket=`` (spent here) if it has one, else its bearer token."""
    ticket = query("ticket")
    if ticket is None:
        return caller_seat(game_id)
    seat = redeem_ticket(services().redis, game_id, ticket)
    if seat is None:
        detail = "the ticket is unknown, used, expired or another game's; get a new one"
        raise Problem(INVALID_STREAM_TICKET, detail, CHALLENGE)
    return seat


def stream_player() -> str:
    """The player a player's stream speaks for: its ``?ticket=`` (spent here) if it has one, else its bearer token."""
    ticket = query("ticket")
    if ticket is None:
        return caller_player(required=True)
    pid = redeem_player_ticket(services().redis, ticket)
    if pid is None:
        detail = "the ticket is unknown, used, expired or not a player's; get a new one"
        raise Problem(INVALID_STREAM_TICKET, detail, CHALLENGE)
    return pid
