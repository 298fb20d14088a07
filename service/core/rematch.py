"""Play again: a rematch of a finished game with the same players, seat order rotated by one, options kept.

Any seat of a person offers it; every other seat of a person accepts (a bot accepts at once) or declines. The seat
whose acceptance completes it creates the new game with everyone seated (service/core/seating.py): a player's seat
for the player, a seat that had a seat token with a new one, handed to the accepting seat in its answer and to the
others once, when they read the rematch with their old token. An offer stands ``OFFER_SECONDS``; a decline or an
expiry ends it, and any seat may then offer anew.

The state is a small record beside the game (events/rematch.py), not an event: a finished game's log ends with its
seed, as its audit and its streams expect. Each change of the rematch is told to the game's other players
(notification ``rematch``), and a player's stream gets it too (``event: rematch``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain import table as tables
from events.players import games_key
from events.rematch import Rematches
from service.core.problems import BUSY, NO_REMATCH, Problem
from service.core.reads import rfc3339
from service.core.seating import Seated, seat_everyone
from service.core.wiring import Services

#: How long an offer stands without every seat accepting it.
OFFER_SECONDS = 3600
#: How long the seat completing a rematch has to create its game before the rematch counts as expired.
START_SECONDS = 60
#: How long a rematch is kept after its last change (its new game's id, its tokens to hand over).
KEEP_SECONDS = 7 * 86_400
#: Compare-and-set tries before a request gives up (BUSY): only a crowd of seats answering at once needs more than one.
ATTEMPTS = 20

#: A rematch as stored: ``offered_by`` (a seat), ``accepted`` (seats, bots' included), ``declined`` (a seat or None),
#: ``game`` (the new game's id, or None), ``expires`` (server time), ``changes`` (how many so far).
State = dict[str, Any]
#: What a request makes of the rematch: the new state given the stored one (None: none) and the time; None: no change.
Decide = Callable[[State | None, float], State | None]


@dataclass
class Answer:
    """What a seat learns from a rematch request: the rematch as shown, its seat in the new game, and that seat's
    new seat token if the caller is to receive one now (None: the seat is a player's, or the game has not started)."""

    rematch: dict[str, Any] | None
    seat: int | None
    token: str | None

    def body(self) -> dict[str, Any]:
        """The answer as the API sends it."""
        return {"rematch": self.rematch, "seat": self.seat, "token": self.token}


def status(state: State, now: float) -> str:
    """Where a rematch stands: started, declined, expired, starting (every seat accepted) or offered."""
    if state["game"] is not None:
        return "started"
    if state["declined"] is not None:
        return "declined"
    if now > state["expires"]:
        return "expired"
    return "starting" if state.get("starting") else "offered"


def shown(state: State | None, now: float) -> dict[str, Any] | None:
    """A rematch as the game's view shows it (None: never offered)."""
    if state is None:
        return None
    return {
        "offered_by": state["offered_by"],
        "accepted": state["accepted"],
        "declined": state["declined"],
        "game": state["game"],
        "status": status(state, now),
        "expires": rfc3339(state["expires"]),
    }


def new_seat(old: int, seats: int) -> int:
    """The seat the holder of ``old`` has in the rematch: seat order rotated by one (seat 1 plays first)."""
    return (old - 1) % seats


def read(svc: Services, game_id: str) -> State | None:
    """The game's rematch, if one was offered."""
    raw = Rematches(svc.redis).read(game_id)
    return None if raw is None else json.loads(raw)


def offer(svc: Services, game_id: str, seat: int) -> Answer:
    """Offer a rematch, or accept the one offered; the acceptance that completes it starts the new game."""
    table = finished(svc, game_id)
    bots = [index for index, spec in enumerate(table["seats"]) if spec["kind"] == "bot"]

    def decide(state: State | None, now: float) -> State | None:
        stands = state is not None and status(state, now) in ("offered", "starting", "started")
        if state is not None and stands:
            if seat in state["accepted"]:
                return None
            accepted = sorted({*state["accepted"], seat})
            return {**state, "accepted": accepted, "starting": len(accepted) == len(table["seats"])}
        accepted = sorted({seat, *bots})
        return {
            "offered_by": seat,
            "accepted": accepted,
            "declined": None,
            "game": None,
            "expires": now + OFFER_SECONDS,
            "starting": len(accepted) == len(table["seats"]),
            "changes": 0 if state is None else state["changes"],
        }

    state, changed = change(svc, game_id, decide)
    if changed and state["starting"]:
        state, seated = start(svc, game_id, table, state, seat)
        mine = new_seat(seat, len(table["seats"]))
        return Answer(shown(state, time.time()), mine, seated.tokens.get(mine))
    if changed:
        tell(svc, game_id, table, state, seat)
    return answer(svc, game_id, table, state, seat)


def decline(svc: Services, game_id: str, seat: int) -> Answer:
    """Decline the rematch offered: it is over (409 NO_REMATCH when no offer stands)."""
    table = finished(svc, game_id)

    def decide(state: State | None, now: float) -> State | None:
        if state is None or status(state, now) != "offered":
            raise Problem(NO_REMATCH, "no rematch offer stands at this game", rematch=shown(state, now))
        return {**state, "declined": seat}

    state, _ = change(svc, game_id, decide)
    tell(svc, game_id, table, state, seat)
    return Answer(shown(state, time.time()), None, None)


def answer(svc: Services, game_id: str, table: tables.Table, state: State | None, seat: int) -> Answer:
    """The rematch as ``seat`` reads it: once started, its new seat, and its new seat token if one is kept for it."""
    if state is None or state["game"] is None:
        return Answer(shown(state, time.time()), None, None)
    token = Rematches(svc.redis).take_token(game_id, seat)
    return Answer(shown(state, time.time()), new_seat(seat, len(table["seats"])), token)


def finished(svc: Services, game_id: str) -> tables.Table:
    """The table of a game that was played to its end; 409 NO_REMATCH for any other (404 for none): a game not over,
    or a table that expired before its seats were filled."""
    table = svc.repo.load(game_id).table
    if table["status"] != "finished" or (table["abandoned"] or {}).get("reason") == "expired":
        why = "is not over" if table["status"] != "finished" else "never started"
        raise Problem(NO_REMATCH, f"the game {why}: a rematch is offered once a game was played", rematch=None)
    return table


def change(svc: Services, game_id: str, decide: Decide) -> tuple[State, bool]:
    """Apply ``decide(state, now)`` (the new state, or None for no change) to the stored state, atomically: a
    compare-and-set, tried again when another seat changed it first. Answers the state and whether it changed."""
    rematches = Rematches(svc.redis)
    for _ in range(ATTEMPTS):
        raw = rematches.read(game_id)
        state = None if raw is None else json.loads(raw)
        now = time.time()
        after = decide(state, now)
        if after is None:
            assert state is not None
            return state, False
        after = {**after, "changes": after["changes"] + 1}
        if after.get("starting"):
            after["expires"] = min(after["expires"], now + START_SECONDS)
        if rematches.swap(game_id, raw, json.dumps(after), KEEP_SECONDS):
            return after, True
    raise Problem(BUSY, "the rematch changed under this request too many times; try again")


def start(svc: Services, game_id: str, table: tables.Table, state: State, seat: int) -> tuple[State, Seated]:
    """Create the rematch, everyone seated in the rotated order, and record it: the new seat tokens of the seats
    other than ``seat`` (which receives its own in its answer) are kept for them to read once."""
    count = len(table["seats"])
    seats = []
    for new in range(count):
        spec = table["seats"][(new + 1) % count]
        if spec["kind"] == "bot":
            seats.append({"bot": spec["bot"], "name": spec.get("name"), "fallback": spec.get("fallback")})
        else:
            seats.append({"player": spec["player"], "name": spec.get("name")})
    # The table's settings, as it was created with them: a private table stays private, a rated one rated.
    settings: dict[str, Any] = {flag: True for flag in ("hotseat", "rated", "private") if table.get(flag)}
    if not tables.spectator_chat(table):
        settings["spectator_chat"] = False
    if tables.spectator_delay(table):
        settings["spectator_delay"] = tables.spectator_delay(table)
    settings["undo"] = tables.undo.setting(table)
    settings["hints"] = tables.hints(table)
    if table["clock"] is not None:
        settings.update(clock=table["clock"], on_timeout=table["on_timeout"], absent_after=table["absent_after"])
    ceiling = svc.settings.max_events
    max_events = None if table["max_events"] is None else min(table["max_events"], ceiling)
    seated = seat_everyone(svc.handler, table["type"], table["options"], seats, max_events, **settings)
    kept = {old: seated.tokens[new_seat(old, count)] for old in range(count) if new_seat(old, count) in seated.tokens}
    kept.pop(seat, None)
    rematches = Rematches(svc.redis)
    for _ in range(ATTEMPTS):
        raw = rematches.read(game_id)
        current = state if raw is None else json.loads(raw)
        after = {**current, "game": seated.game_id, "starting": False, "changes": current["changes"] + 1}
        if rematches.swap(game_id, raw, json.dumps(after), KEEP_SECONDS, kept):
            tell(svc, game_id, table, after, seat)
            return after, seated
    raise Problem(BUSY, "the rematch changed under this request too many times; try again")


def tell(svc: Services, game_id: str, table: tables.Table, state: State, seat: int) -> None:
    """Tell the game's players of the rematch's change: a notification to each but the one who made it, and an
    announcement to each one's stream (the message on the player's channel is the game's id)."""
    actor = table["seats"][seat].get("player")
    players = {spec["player"] for spec in table["seats"] if spec.get("player") is not None}
    # One PUBLISH each: a Cluster client pipelines no PUBLISH, and a game has a handful of players.
    for pid in sorted(players):
        svc.redis.publish(games_key(pid), game_id)
    for pid in sorted(players - {actor}):
        svc.notifications.send(
            pid,
            "rematch",
            game=game_id,
            version=state["changes"],
            new_game=state["game"],
            state=status(state, time.time()),
        )
