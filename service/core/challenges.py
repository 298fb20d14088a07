"""Challenges: a player asks a named player to a private game of two; accepted, the game is made with both seated.

A challenge's settings are checked as a game's are when it is made (domain.table.create), so an acceptance never
finds them wrong. The challenged player is notified ("challenged"). The challenged player accepts; either player
declines (the challenger so withdraws it); the first answer stands, and the other player is told it
("challenge_accepted" with the game, "challenge_declined", "challenge_withdrawn"). DOGPARK_CHALLENGE_SECONDS after
it was made, an unanswered challenge is gone, and the sweeper tells its challenger ("challenge_expired").
"""

from __future__ import annotations

import secrets
from typing import Any

from domain import table as tables
from domain.engine import BadOptions
from service.core.problems import CHALLENGE_ANSWERED, NOT_YOUR_CHALLENGE, Problem, not_found
from service.core.wiring import Services

#: A challenge's game has two seats, both a person's: the challenger's and the challenged player's.
SEATS = 2
#: The table settings a challenge may give (a challenge's game is always private, never a hotseat).
CHALLENGE_SETTINGS = ("clock", "on_timeout", "absent_after")


def seats(challenge: dict[str, Any], names: dict[str, str | None]) -> list[dict[str, Any]]:
    """The seats of a challenge's game: the challenger's at its ``seat``, the challenged player's at the other, each
    kept for its player (``names``: the players' names by id)."""
    players = [challenge["to"]] * SEATS
    players[challenge["seat"]] = challenge["from"]
    return [{"human": True, "player": pid, "name": names.get(pid)} for pid in players]


def challenge(svc: Services, by: str, to: str, body: dict[str, Any]) -> dict[str, Any]:
    """Challenge player ``to`` for player ``by`` to the game ``body`` describes (type, options, seat, settings);
    raise BadOptions for settings a game would refuse, 404 for an unknown player."""
    if by == to:
        raise BadOptions("player", "a player challenges another player, not itself")
    challenged = svc.players.get(to)
    if challenged is None:
        raise not_found(f"player {to!r}")
    seat = body.get("seat", 0)
    if seat not in range(SEATS):
        raise BadOptions("seat", f"the challenger's seat: 0 to {SEATS - 1}")
    settings = {name: body[name] for name in CHALLENGE_SETTINGS if body.get(name) is not None}
    record = {"from": by, "to": to, "type": body["type"], "options": body.get("options", {}), "seat": seat}
    record["settings"] = settings
    # The game the acceptance makes, checked now: a refusal is the challenger's to see, not the challenged player's.
    names: dict[str, str | None] = {by: None, to: None}
    tables.create(record["type"], record["options"], seats(record, names), secrets.token_hex(32), **settings)
    made = svc.challenges.create(record, svc.settings.challenge_seconds)
    tell(svc, made, "challenged", by, name_of(svc, by))
    return made


def name_of(svc: Services, pid: str) -> str | None:
    """A player's name; None for a player gone."""
    known = svc.players.get(pid)
    return known["name"] if known is not None else None


def tell(svc: Services, found: dict[str, Any], kind: str, by: str, name: str | None, game: str | None = None) -> None:
    """Tell the challenge's player other than ``by`` what ``by`` (named ``name``) did (``kind``: made, accepted,
    declined, withdrew it); ``game``: the game an acceptance made."""
    other = found["to"] if by == found["from"] else found["from"]
    svc.notifications.send(other, kind, game, None, challenge=found["id"], by=name, type=found["type"])


def tell_expired(svc: Services) -> int:
    """Tell the challenger of each challenge that expired unanswered, once; how many were told."""
    expired = svc.challenges.expired_unanswered()
    for found in expired:
        tell(svc, found, "challenge_expired", found["to"], name_of(svc, found["to"]))
    return len(expired)


def answerable(svc: Services, challenge_id: str, player: str, accepting: bool) -> dict[str, Any]:
    """The challenge ``player`` may answer: the challenged player's to accept, either player's to decline; 404 for
    one unknown or expired, 403 for another's, 409 for one answered already."""
    found = svc.challenges.get(challenge_id)
    if found is None:
        raise not_found(f"challenge {challenge_id!r}")
    allowed = (found["to"],) if accepting else (found["to"], found["from"])
    if player not in allowed:
        verb = "accepts" if accepting else "declines"
        raise Problem(NOT_YOUR_CHALLENGE, f"only {' or '.join(allowed)} {verb} challenge {challenge_id!r}")
    if found["answer"] is not None:
        raise answered(found)
    return found


def answered(found: dict[str, Any]) -> Problem:
    """The 409 of a challenge answered already."""
    return Problem(
        CHALLENGE_ANSWERED,
        f"challenge {found['id']!r} was {found['answer']} already",
        answer=found["answer"],
        game=found["game"],
    )


def second(svc: Services, challenge_id: str) -> Problem:
    """The problem of an answer written second: 409 with the answer that stands, or 404 for a challenge that expired
    meanwhile (the sweeper's "expired" is no answer to show)."""
    now = svc.challenges.get(challenge_id)
    return answered(now) if now is not None else not_found(f"challenge {challenge_id!r}")


def accept(svc: Services, challenge_id: str, player: str) -> dict[str, Any]:
    """Accept a challenge for the challenged ``player``: the private game is made with both players seated (it
    starts at once), and the challenger is told; the challenge with its ``game``."""
    found = answerable(svc, challenge_id, player, accepting=True)
    if not svc.challenges.answer(challenge_id, "accepted"):
        raise second(svc, challenge_id)
    names = {pid: name_of(svc, pid) for pid in (found["from"], found["to"])}
    made = seats(found, names)
    outcome = svc.handler.create(
        found["type"], found["options"], made, creator=found["from"], private=True, **found["settings"]
    )
    # The challenger's seat is claimed last: the claim that starts the game is then the challenger's, which tells it
    # no turn (notices.py), so "challenge_accepted" is the one thing the challenger is told, whichever seat acts first.
    for seat in (1 - found["seat"], found["seat"]):
        svc.handler.claim(outcome.game_id, seat, made[seat]["name"], made[seat]["player"])
    svc.challenges.started(challenge_id, outcome.game_id)
    tell(svc, found, "challenge_accepted", player, names[player], outcome.game_id)
    return {**found, "answer": "accepted", "game": outcome.game_id}


def decline(svc: Services, challenge_id: str, player: str) -> dict[str, Any]:
    """Decline a challenge for either of its players, and tell the other: the challenger that it was declined, the
    challenged player that it was withdrawn (the challenge it was told of no longer stands); the challenge, answered."""
    found = answerable(svc, challenge_id, player, accepting=False)
    if not svc.challenges.answer(challenge_id, "declined"):
        raise second(svc, challenge_id)
    tell(svc, found, "challenge_withdrawn" if player == found["from"] else "challenge_declined", player,
         name_of(svc, player))
    return {**found, "answer": "declined"}
