"""The table: what every game shares around its rules (seats, start, the secret seed).

A table is itself a decider. Its own events frame a game's events:

- ``TableOpened`` (type, options, seats, the SHA-256 of the secret seed, and the table's limits),
- ``SeatClaimed`` for each human seat,
- then the game's own events once every seat is filled,
- ``GameAbandoned`` if the table ends the game itself (see below),
- ``SeedRevealed`` in the same batch as the event that ends the game.

A table ends a game the rules have not ended in two cases, both recorded in ``TableOpened`` so that a replay
needs no settings:

- ``max_events``: a running game whose log reaches this many events is abandoned by the batch that reaches
  it (after that batch's own events), so no game runs for ever;
- ``open_seconds``: an open table nobody filled in this time is expired by the system's ``ExpireGame``
  command, issued by the schedule ``open_seconds`` after ``TableOpened``; only the start of the game ends
  that deadline, a claim does not.

An abandoned game is ``finished`` like any other, with no winners; its result says why it was abandoned.
A table opened before these limits existed has neither.

The event store, the API, the workers and ``dogpark verify`` all go through
``decide`` and ``evolve`` here, so a replay is the same code as the live game.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from domain.catalogue import GAMES
from domain.engine import BadOptions, Command, Event, IllegalMove, Rules, Seat, View, arg, event, require

TABLE_EVENTS = frozenset({"TableOpened", "SeatClaimed", "GameAbandoned", "SeedRevealed"})
#: The table's limits, in CreateGame and TableOpened; None (or absent, in an older log) means none.
LIMITS = ("max_events", "open_seconds")
#: The system's command that ends an open table nobody filled in time.
EXPIRE: Command = {"type": "ExpireGame"}
#: Bump when the table's own shape or fold changes, so stored snapshots are rebuilt (2: the limits, "abandoned";
#: 3: a claim without a name keeps the seat's name).
SHAPE = 3

Table = dict[str, Any]


def rules_of(table: Table) -> Rules:
    """The rules module of the table's game."""
    return GAMES[table["type"]]


def seed_digest(seed: str) -> str:
    """The public commitment to a secret seed."""
    return hashlib.sha256(seed.encode()).hexdigest()


def create(
    game_type: str,
    options: dict[str, Any],
    seats: list[dict[str, Any]],
    seed: str,
    max_events: int | None = None,
    open_seconds: float | None = None,
) -> Command:
    """Validate a new game's settings and return its CreateGame command (limits None: none); raise BadOptions."""
    if game_type not in GAMES:
        raise BadOptions("type", f"unknown game type {game_type!r}; see /v1/game-types")
    rules = GAMES[game_type]
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise BadOptions("seats", f"{rules.name} takes {rules.min_players} to {rules.max_players} players")
    normalized = []
    for i, spec in enumerate(seats):
        if "bot" in spec:
            if spec["bot"] not in rules.bots:
                raise BadOptions(f"seats[{i}].bot", f"no bot {spec['bot']!r}; choose from {sorted(rules.bots)}")
            normalized.append({"kind": "bot", "bot": spec["bot"], "name": spec.get("name") or spec["bot"]})
        else:
            normalized.append({"kind": "human", "name": spec.get("name")})
    return {
        "type": "CreateGame",
        "game": game_type,
        "options": rules.normalize_options(options, len(seats)),
        "seats": normalized,
        "seed_sha256": seed_digest(seed),
        "max_events": max_events,
        "open_seconds": open_seconds,
    }


def decide(
    table: Table | None, seat: Seat, command: Command, rng: random.Random, seed: str, now: float = 0.0
) -> list[Event]:
    """The events a command causes at this table (None: a table not yet created). Never mutates ``table``."""
    events, _ = apply(_copy(table), seat, command, rng, seed, now)
    return events


def apply(
    table: Table | None, seat: Seat, command: Command, rng: random.Random, seed: str, now: float = 0.0
) -> tuple[list[Event], Table]:
    """Decide a command and fold its events into ``table``, which is updated in place: pass one you own.

    ``now`` is the server time the command is decided at, sealed into its events' envelopes, so a replay
    decides it with the same time (turn clocks count from it).

    The command handler and verify use this, so a command's events are folded once, not once to find out
    whether the game ended and again to get the new state.
    """
    events = _decide(table, seat, command, rng)
    table = fold(_copy(events), table)
    assert table is not None
    rules = rules_of(table)
    if table["status"] == "open" and all(s["claimed"] for s in table["seats"]):
        events += _folded(table, rules.setup(len(table["seats"]), table["options"], rng))
    limit = table["max_events"]
    if table["status"] == "running" and limit is not None and table["version"] >= limit:
        events += _folded(table, [event("GameAbandoned", reason="max_events", limit=limit)])
    if table["status"] == "finished" and table["seed"] is None:
        if seed_digest(seed) != table["seed_sha256"]:
            raise IllegalMove("WrongSeed", "the seed does not match the game's commitment")
        events += _folded(table, [event("SeedRevealed", seed=seed)])
    return events, table


def _decide(table: Table | None, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
    """The command's own events, before the start or the end they may bring about."""
    kind = command.get("type") if isinstance(command, dict) else None
    if table is None:
        require(kind == "CreateGame" and seat is None, "NoSuchGame")
        # A command recorded before the limits existed opened its table without them, and replays so.
        opened = ("game", "options", "seats", "seed_sha256", *(k for k in LIMITS if k in command))
        return [event("TableOpened", **{k: command[k] for k in opened})]
    require(kind != "CreateGame", "GameExists")
    if table["abandoned"] is not None:
        raise IllegalMove("GameAbandoned", f"the game was abandoned ({table['abandoned']['reason']})")
    if kind == EXPIRE["type"]:
        require(seat is None, "SystemOnly", "only the system expires a game")
        require(table["status"] == "open", "GameStarted", "a game that started never expires")
        return [event("GameAbandoned", reason="expired", seconds=table["open_seconds"])]
    if kind == "ClaimSeat":
        target = arg(command, "seat", int)
        require(table["status"] == "open", "GameStarted", "every seat is taken")
        require(0 <= target < len(table["seats"]), "NoSuchSeat", f"seat {target} does not exist")
        taken = table["seats"][target]
        require(taken["kind"] == "human" and not taken["claimed"], "SeatTaken", f"seat {target} is taken")
        name = command.get("name")
        require(name is None or isinstance(name, str) and len(name) <= 40, "BadArgument", "name: up to 40 characters")
        return [event("SeatClaimed", seat=target, name=name)]
    require(table["status"] == "running", "GameNotRunning", f"the game is {table['status']}")
    return rules_of(table).decide(table["game"], seat, command, rng)


def _folded(table: Table, events: list[Event]) -> list[Event]:
    """``events``, after folding a copy of them into ``table`` (a state may keep lists it is given)."""
    fold(_copy(events), table)
    return events


def evolve(table: Table | None, ev: Event) -> Table:
    """Apply one event (a table event or the game's own). May update the table in place."""
    kind, data = ev["type"], ev["data"]
    if kind == "TableOpened":
        return {
            "type": data["game"],
            "options": data["options"],
            "seats": [{**s, "claimed": s["kind"] == "bot"} for s in data["seats"]],
            "seed_sha256": data["seed_sha256"],
            **{k: data.get(k) for k in LIMITS},
            "abandoned": None,
            "seed": None,
            "status": "open",
            "version": 1,
            "offset": None,
            "game": None,
        }
    assert table is not None
    table["version"] += 1
    if kind == "SeatClaimed":
        seat = table["seats"][data["seat"]]
        # A claim without a name keeps the name the seat was created with.
        seat.update(claimed=True, name=seat["name"] if data["name"] is None else data["name"])
    elif kind == "GameAbandoned":
        table["abandoned"] = data
        table["status"] = "finished"
    elif kind == "SeedRevealed":
        table["seed"] = data["seed"]
    else:
        if table["offset"] is None:
            table["offset"] = table["version"] - 1
            table["status"] = "running"
        rules = rules_of(table)
        table["game"] = rules.evolve(table["game"], ev)
        if rules.is_over(table["game"]):
            table["status"] = "finished"
    return table


def fold(events: list[Event], table: Table | None = None) -> Table | None:
    """Apply events in order."""
    for ev in events:
        table = evolve(table, ev)
    return table


def game_version(table: Table, number: int) -> int:
    """The stream version of the game's own event ``number`` (1-based)."""
    return table["offset"] + number


def to_act(table: Table) -> list[int]:
    """Seats that may act now."""
    return rules_of(table).to_act(table["game"]) if table["status"] == "running" else []


def legal_moves(table: Table, seat: Seat) -> list[Command]:
    """The commands ``seat`` may send now."""
    if seat is None or table["status"] != "running":
        return []
    return rules_of(table).legal_moves(table["game"], seat)


def result(table: Table) -> dict[str, Any] | None:
    """The game's result once it is over; an abandoned game's has no scores or winners and says why."""
    if table["abandoned"] is not None:
        return {"abandoned": table["abandoned"], "scores": [], "winners": []}
    return rules_of(table).result(table["game"]) if table["status"] == "finished" else None


def view(table: Table, seat: Seat) -> View:
    """The table as ``seat`` may see it (None: a spectator)."""
    rules = rules_of(table)
    return {
        "type": table["type"],
        "status": table["status"],
        "options": table["options"],
        "seats": [
            {"seat": i, "kind": s["kind"], "bot": s.get("bot"), "name": s.get("name"), "claimed": s["claimed"]}
            for i, s in enumerate(table["seats"])
        ],
        "seed_sha256": table["seed_sha256"],
        "seed": table["seed"],
        "to_act": to_act(table),
        "state": rules.view(table["game"], seat) if table["game"] is not None else None,
        "result": result(table),
    }


def redact(table_type: str, ev: Event, seat: Seat) -> Event:
    """An event as ``seat`` may see it."""
    return ev if ev["type"] in TABLE_EVENTS else GAMES[table_type].redact(ev, seat)


def describe(table_type: str, ev: Event) -> str:
    """One readable line for an event: the table's own, or the game's by its rules.

    Give it the event as redacted for its reader: a line says all its event holds.
    """
    data = ev["data"]
    match ev["type"]:
        case "TableOpened":
            bots = sum(1 for s in data["seats"] if s["kind"] == "bot")
            return f"A new table of {GAMES[data['game']].name} opens with {len(data['seats'])} seats ({bots} bots)."
        case "SeatClaimed":
            return f"Seat {data['seat']} is taken" + (f" by {data['name']}." if data.get("name") else ".")
        case "GameAbandoned" if data["reason"] == "expired":
            return f"Nobody filled the table within {data['seconds']:g} seconds: the game is abandoned."
        case "GameAbandoned":
            return f"The game reached {data['limit']} events and is abandoned."
        case "SeedRevealed":
            return "The secret seed is revealed: anyone can now verify the game."
    return GAMES[table_type].describe(ev)


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))
