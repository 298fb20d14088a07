"""The table: what every game shares around its rules (seats, start, the secret seed, clocks).

A table is itself a decider. Its own events frame a game's events:

- ``TableOpened`` (type, options, seats, the SHA-256 of the secret seed, the table's limits and settings),
- ``SeatClaimed`` for each human seat,
- then the game's own events once every seat is filled, with the table's seat events (below) between them,
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

The table's settings (``SETTINGS``) are in CreateGame and TableOpened only when given, so a table without them
logs exactly as before: ``clock``, ``on_timeout``, ``absent_after`` and ``hotseat`` (without it, one player may
not hold two seats of a game: ``PlayerSeated``).

Clocks. Time is data: ``apply`` gets the server time a command is decided at, and each deadline is fixed in an
event, so a replay decides as the live game did. With a clock, every seat that no built-in bot plays has one:

- ``ClockStarted {seat, deadline, remaining}`` as it starts a decision (it just became able to act, or just acted
  and can still act): ``remaining`` is ``turn_seconds`` with a turn clock, the seat's bank with a Fischer clock;
- ``ClockStopped {seat, remaining}`` as its decision ends and it cannot act any more (by its move, or by another's
  that took its turn away): the bank it keeps. design.md names no such event; without it a bank would be lost
  between turns;
- ``ClockExpired {seat, deadline}`` by the system's ``ExpireClock``, refused before the deadline (``NotDue``, so
  an audit that replays shows each expiry came after its deadline). The seat's fallback bot (``on_timeout``) then
  plays that decision and the seat's next decision is its own again. After ``absent_after`` expiries in a row (no
  decision of the seat in time between them) the same batch holds ``SeatAbsent``: the bot plays on at once, with
  no clock, until the seat sends any command (``Return``, or a move, which is then preceded by ``SeatReturned``).
  With ``on_timeout: forfeit`` the first expiry is followed by ``SeatForfeited`` instead, and the random bot plays
  on for the seat;
- ``Resign`` (a seat's command, at any time of a running game) records ``SeatResigned``: its bot plays on for it.

A Fischer bank loses the time the seat took and gains the increment after each of the seat's moves, its fallback
bot's included (so a bank that ran out comes back by the increment); never below 0.

A fallback bot's move is the system's ``PlayFor {seat}``: the table itself chooses the move from the seat's view
and legal moves with the bot's seed-derived rng, as the schedule does for a bot seat. So the table tells a bot's
move from the person's (only the person's returns an absent seat), and a replay recomputes every such choice.

A registered bot (a webhook bot, which dogpark calls over HTTP) sits in a bot seat that records its id
(``webhook``), its built-in ``fallback`` and ``replace_after``; it has no clock (its call has a timeout). Its moves
are the seat's own, as the webhook worker sends them or as its fallback plays a failed call. After
``replace_after`` failures in a row the system's ``ReplaceBot`` records ``BotReplaced``, and from then on the
fallback plays the seat like a bot seat's own bot (``controller``).

The event store, the API, the workers and ``dogpark verify`` all go through
``decide`` and ``evolve`` here, so a replay is the same code as the live game.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, NamedTuple

from domain.catalogue import GAMES
from domain.engine import (
    BadOptions,
    Command,
    Event,
    IllegalMove,
    Rules,
    Seat,
    View,
    arg,
    bot_rng,
    copy_json,
    event,
    reject_unknown_fields,
    require,
)

#: The table's events about a seat's clock and standing while the game runs.
SEAT_EVENTS = frozenset(
    {"ClockStarted", "ClockStopped", "ClockExpired", "SeatAbsent", "SeatReturned", "SeatResigned", "SeatForfeited"}
)
#: A registered (webhook) bot's seat handed to its fallback bot for the rest of the game (the system's ReplaceBot).
BOT_REPLACED = "BotReplaced"
TABLE_EVENTS = frozenset({"TableOpened", "SeatClaimed", "GameAbandoned", "SeedRevealed", BOT_REPLACED, *SEAT_EVENTS})
#: The table's limits, in CreateGame and TableOpened; None (or absent, in an older log) means none.
LIMITS = ("max_events", "open_seconds")
#: The table's settings, in CreateGame and TableOpened only when given, and their defaults.
SETTINGS: dict[str, Any] = {"clock": None, "on_timeout": "bot:random", "absent_after": 3, "hotseat": False}
#: The system's command that ends an open table nobody filled in time.
EXPIRE: Command = {"type": "ExpireGame"}
#: A seat's commands that the table takes whether or not the seat may act now.
ANYTIME = frozenset({"Resign", "Return"})
#: The system's commands about seats: a clock's expiry, and a fallback bot's move for a seat.
SYSTEM_SEAT_COMMANDS = frozenset({"ExpireClock", "PlayFor"})
#: The bot that plays a seat that resigned or forfeited when ``on_timeout`` names none.
DEFAULT_BOT = "random"
#: The longest clock setting, in seconds (a week).
MAX_SECONDS = 7 * 24 * 3600
#: The most expiries in a row ``absent_after`` may wait for.
MAX_ABSENT_AFTER = 100
#: Bump when the table's own shape or fold changes, so stored snapshots are rebuilt (2: the limits, "abandoned";
#: 3: a claim without a name keeps the seat's name; 4: settings, players, per-seat clocks, table events in play;
#: 5: a registered bot's seat may be replaced).
SHAPE = 5

Table = dict[str, Any]


class Turn(NamedTuple):
    """Whether a seat's own player may act now (a bot plays none of its decisions), and its clock's deadline."""

    may_act: bool
    deadline: float | None


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
    registered: dict[str, dict[str, Any]] | None = None,
    **settings: Any,
) -> Command:
    """Validate a new game's settings and return its CreateGame command (limits None: none); raise BadOptions.

    ``settings`` are the table's ``SETTINGS`` (clock, on_timeout, absent_after, hotseat); one that is None is not
    given, and only given ones are recorded. ``registered`` are the registered bots the seats may name that are
    not built-in ones, by the name a seat gives, each as the service's registry has it: ``{"id", "name",
    "games", "replace_after"}`` (see ``_bot_seat``).
    """
    if game_type not in GAMES:
        raise BadOptions("type", f"unknown game type {game_type!r}; see /v1/game-types")
    rules = GAMES[game_type]
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise BadOptions("seats", f"{rules.name} takes {rules.min_players} to {rules.max_players} players")
    normalized = []
    for i, spec in enumerate(seats):
        if "bot" in spec:
            normalized.append(_bot_seat(rules, i, spec, registered or {}))
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
        **_settings(rules, {name: value for name, value in settings.items() if value is not None}),
    }


def _bot_seat(rules: Rules, i: int, spec: dict[str, Any], registered: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A bot seat as TableOpened records it: a built-in bot; or a registered one, with its id (``webhook``), the
    built-in ``fallback`` that plays its failed turns (default random), and ``replace_after``, the failures in a row
    after which the fallback plays the seat for good. The record is all a replay needs, without the registry."""
    name, fallback = spec["bot"], spec.get("fallback")
    if name in rules.bots:
        if fallback is not None:
            raise BadOptions(f"seats[{i}].fallback", "only a registered bot has a fallback")
        return {"kind": "bot", "bot": name, "name": spec.get("name") or name}
    bot = registered.get(name)
    if bot is None or rules.id not in bot["games"]:
        raise BadOptions(
            f"seats[{i}].bot", f"no bot {name!r} plays {rules.name}: built-in are {sorted(rules.bots)}; see /v1/bots"
        )
    fallback = DEFAULT_BOT if fallback is None else fallback
    if fallback not in rules.bots:
        raise BadOptions(f"seats[{i}].fallback", f"a built-in bot: {sorted(rules.bots)}")
    return {
        "kind": "bot",
        "bot": bot["name"],
        "name": spec.get("name") or bot["name"],
        "webhook": bot["id"],
        "fallback": fallback,
        "replace_after": bot["replace_after"],
    }


def _settings(rules: Rules, given: dict[str, Any]) -> dict[str, Any]:
    """The given table settings, checked; raise BadOptions naming the field."""
    unknown = sorted(set(given) - set(SETTINGS))
    if unknown:
        raise BadOptions(unknown[0], "no such table setting")
    if "clock" in given:
        given["clock"] = _clock_setting(given["clock"])
    elif "on_timeout" in given or "absent_after" in given:
        raise BadOptions(next(k for k in ("on_timeout", "absent_after") if k in given), "needs a clock")
    choices = ["forfeit", *(f"bot:{name}" for name in sorted(rules.bots))]
    on_timeout = given.get("on_timeout")
    if on_timeout is not None and (not isinstance(on_timeout, str) or on_timeout not in choices):
        raise BadOptions("on_timeout", f"one of {choices}")
    absent_after = given.get("absent_after")
    if absent_after is not None and (
        not isinstance(absent_after, int) or isinstance(absent_after, bool) or not 1 <= absent_after <= MAX_ABSENT_AFTER
    ):
        raise BadOptions("absent_after", f"an integer from 1 to {MAX_ABSENT_AFTER}")
    if not isinstance(given.get("hotseat", False), bool):
        raise BadOptions("hotseat", "true or false")
    return given


def _clock_setting(clock: Any) -> dict[str, float]:
    """A clock as given: {turn_seconds} or {initial_seconds, increment_seconds}; raise BadOptions naming the field."""
    shapes = ({"turn_seconds"}, {"initial_seconds", "increment_seconds"})
    if not isinstance(clock, dict) or set(clock) not in shapes:
        raise BadOptions("clock", "either {turn_seconds} or {initial_seconds, increment_seconds}")
    for name, value in clock.items():
        least = 0 if name == "increment_seconds" else 1
        if isinstance(value, bool) or not isinstance(value, int | float) or not least <= value <= MAX_SECONDS:
            raise BadOptions(f"clock.{name}", f"a number of seconds from {least} to {MAX_SECONDS}")
    return dict(clock)


def decide(
    table: Table | None, seat: Seat, command: Command, rng: random.Random, seed: str, now: float = 0.0
) -> list[Event]:
    """The events a command causes at this table (None: a table not yet created). Never mutates ``table``."""
    events, _ = apply(copy_json(table), seat, command, rng, seed, now)
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
    events = _decide(table, seat, command, rng, seed, now)
    table = fold(copy_json(events), table)
    assert table is not None
    rules = rules_of(table)
    if table["status"] == "open" and all(s["claimed"] for s in table["seats"]):
        events += _folded(table, rules.setup(len(table["seats"]), table["options"], rng))
    if table["clock"] is not None and table["status"] == "running":
        events += _folded(table, _clock_events(table, _decider(seat, command), now))
    limit = table["max_events"]
    if table["status"] == "running" and limit is not None and table["version"] >= limit:
        events += _folded(table, [event("GameAbandoned", reason="max_events", limit=limit)])
    if table["status"] == "finished" and table["seed"] is None:
        if seed_digest(seed) != table["seed_sha256"]:
            raise IllegalMove("WrongSeed", "the seed does not match the game's commitment")
        events += _folded(table, [event("SeedRevealed", seed=seed)])
    return events, table


def _decide(
    table: Table | None, seat: Seat, command: Command, rng: random.Random, seed: str, now: float
) -> list[Event]:
    """The command's own events, before the start, the clocks or the end they may bring about."""
    kind = command.get("type") if isinstance(command, dict) else None
    if table is None:
        require(kind == "CreateGame" and seat is None, "NoSuchGame")
        # A command recorded before the limits and settings existed opened its table without them, and replays so.
        opened = ("game", "options", "seats", "seed_sha256", *(k for k in (*LIMITS, *SETTINGS) if k in command))
        return [event("TableOpened", **{k: command[k] for k in opened})]
    require(kind != "CreateGame", "GameExists")
    if table["abandoned"] is not None:
        raise IllegalMove("GameAbandoned", f"the game was abandoned ({table['abandoned']['reason']})")
    if kind == EXPIRE["type"]:
        require(seat is None, "SystemOnly", "only the system expires a game")
        require(table["status"] == "open", "GameStarted", "a game that started never expires")
        return [event("GameAbandoned", reason="expired", seconds=table["open_seconds"])]
    if kind == "ClaimSeat":
        return _claim(table, command)
    require(table["status"] == "running", "GameNotRunning", f"the game is {table['status']}")
    if kind == "ReplaceBot":
        return _replace_bot(table, seat, command)
    if kind in SYSTEM_SEAT_COMMANDS:
        require(seat is None, "SystemOnly", f"only the system sends {kind}")
        reject_unknown_fields(command, ["seat"])
        target = arg(command, "seat", int)
        require(0 <= target < len(table["seats"]), "NoSuchSeat", f"seat {target} does not exist")
        return _expire_clock(table, target, now) if kind == "ExpireClock" else _play_for(table, target, rng, seed)
    clock = table["clocks"][seat] if isinstance(seat, int) and 0 <= seat < len(table["clocks"]) else None
    if clock is not None:
        require(not clock["resigned"], "SeatResigned", f"seat {seat} resigned; its bot plays for it")
        require(not clock["forfeited"], "SeatForfeited", f"seat {seat} forfeited; its bot plays for it")
    # Any command of an absent seat takes the seat back first.
    returned = [event("SeatReturned", seat=seat)] if clock is not None and clock["absent"] else []
    if kind in ANYTIME:
        reject_unknown_fields(command, [])
        require(clock is not None, "NoSuchSeat", f"only a seat may {kind.lower()}")
        if kind == "Return":
            require(bool(returned), "NotAbsent", f"seat {seat} is not absent")
            return returned
        return [*returned, event("SeatResigned", seat=seat)]
    return returned + rules_of(table).decide(table["game"], seat, command, rng)


def _claim(table: Table, command: Command) -> list[Event]:
    """A person takes a human seat of an open table, as a player (``player``: its id) or not."""
    target = arg(command, "seat", int)
    require(table["status"] == "open", "GameStarted", "every seat is taken")
    require(0 <= target < len(table["seats"]), "NoSuchSeat", f"seat {target} does not exist")
    taken = table["seats"][target]
    require(taken["kind"] == "human" and not taken["claimed"], "SeatTaken", f"seat {target} is taken")
    name = command.get("name")
    require(name is None or isinstance(name, str) and len(name) <= 40, "BadArgument", "name: up to 40 characters")
    player = command.get("player")
    require(player is None or isinstance(player, str) and 0 < len(player) <= 64, "BadArgument", "player: a player id")
    held = [i for i, s in enumerate(table["seats"]) if player is not None and s["player"] == player]
    if held and not table["hotseat"]:
        raise IllegalMove("PlayerSeated", f"the player holds seat {held[0]} of this game already (not a hotseat game)")
    # A claim recorded before players existed has no player field, and replays so.
    return [event("SeatClaimed", seat=target, name=name, **({"player": player} if "player" in command else {}))]


def _expire_clock(table: Table, seat: int, now: float) -> list[Event]:
    """The system ends a seat's decision whose clock ran out; refused before its deadline."""
    clock = table["clocks"][seat]
    deadline = clock["deadline"]
    require(deadline is not None, "NoClock", f"no clock runs for seat {seat}")
    require(now >= deadline, "NotDue", f"seat {seat}'s clock runs until {deadline}")
    events = [event("ClockExpired", seat=seat, deadline=deadline)]
    if table["on_timeout"] == "forfeit":
        return [*events, event("SeatForfeited", seat=seat)]
    if clock["expiries"] + 1 >= table["absent_after"]:
        events.append(event("SeatAbsent", seat=seat, expiries=clock["expiries"] + 1))
    return events


def _play_for(table: Table, seat: int, rng: random.Random, seed: str) -> list[Event]:
    """The events of the move the bot controlling a person's seat chooses for it now."""
    name = controller(table, seat)
    require(table["seats"][seat]["kind"] != "bot", "BotSeat", f"seat {seat} is a bot's; it moves itself")
    require(name is not None, "NotControlled", f"seat {seat} is played by its player")
    require(seat in to_act(table), "NotToAct", f"seat {seat} may not act now")
    return rules_of(table).decide(table["game"], seat, bot_move(table, seat, name, seed), rng)


def _replace_bot(table: Table, seat: Seat, command: Command) -> list[Event]:
    """The system hands a registered bot's seat to its fallback for the rest of the game: its calls failed
    ``failures`` times in a row, the last for ``reason`` (the webhook worker counts them; workers/webhooks.py)."""
    require(seat is None, "SystemOnly", "only the system replaces a bot")
    reject_unknown_fields(command, ["seat", "failures", "reason"])
    target, failures, reason = arg(command, "seat", int), arg(command, "failures", int), arg(command, "reason", str)
    require(0 <= target < len(table["seats"]), "NoSuchSeat", f"seat {target} does not exist")
    spec = table["seats"][target]
    require("webhook" in spec, "NotRegistered", f"seat {target} is not a registered bot's")
    require(not spec.get("replaced"), "BotReplaced", f"seat {target}'s bot was replaced already")
    require(failures > 0 and 0 < len(reason) <= 40, "BadArgument", "failures: above 0; reason: 1 to 40 characters")
    return [
        event(BOT_REPLACED, seat=target, bot=spec["bot"], fallback=spec["fallback"], failures=failures, reason=reason)
    ]


def _decider(seat: Seat, command: Command) -> Seat:
    """The seat whose decision a command made (a fallback bot's move is its seat's); None: no seat's."""
    kind = command.get("type")
    if kind == "PlayFor":
        return command["seat"]
    return None if kind in ANYTIME or kind == "ClaimSeat" else seat


def _clock_events(table: Table, decider: Seat, now: float) -> list[Event]:
    """The clock events that end a batch: each clocked seat's decision that starts, goes on after a move, or stops."""
    acting = set(to_act(table))
    setting = table["clock"]
    turn_seconds = setting.get("turn_seconds")
    events = []
    for seat, clock in enumerate(table["clocks"]):
        if _played_by_bot(table, seat):
            continue
        running = clock["deadline"] is not None
        # A running clock's bank is what is left of it now; a stopped one's is what it kept.
        bank = max(0.0, clock["deadline"] - now) if running else clock["remaining"]
        if seat == decider:
            bank += setting.get("increment_seconds", 0)
        elif (running or clock["expired"]) == (seat in acting):
            continue  # a decision still running, or still waiting for its fallback move; or no decision at all
        remaining = round(turn_seconds if turn_seconds is not None else bank, 3)
        if seat in acting:
            events.append(event("ClockStarted", seat=seat, deadline=round(now + remaining, 3), remaining=remaining))
        else:
            events.append(event("ClockStopped", seat=seat, remaining=remaining))
    return events


def _folded(table: Table, events: list[Event]) -> list[Event]:
    """``events``, after folding a copy of them into ``table`` (a state may keep lists it is given)."""
    fold(copy_json(events), table)
    return events


def evolve(table: Table | None, ev: Event) -> Table:
    """Apply one event (a table event or the game's own). May update the table in place."""
    kind, data = ev["type"], ev["data"]
    if kind == "TableOpened":
        settings = {k: data.get(k, default) for k, default in SETTINGS.items()}
        return {
            "type": data["game"],
            "options": data["options"],
            "seats": [{**s, "claimed": s["kind"] == "bot", "player": None} for s in data["seats"]],
            "seed_sha256": data["seed_sha256"],
            **{k: data.get(k) for k in LIMITS},
            **settings,
            "clocks": [_fresh_clock(settings["clock"]) for _ in data["seats"]],
            # Where the table's seat events sit among the game's: [game events before them, seat events so far].
            "inserts": [],
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
        seat.update(
            claimed=True, name=seat["name"] if data["name"] is None else data["name"], player=data.get("player")
        )
    elif kind in SEAT_EVENTS:
        _insert(table)
        _evolve_clock(table["clocks"][data["seat"]], kind, data)
    elif kind == BOT_REPLACED:
        _insert(table)
        table["seats"][data["seat"]]["replaced"] = True
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


def _fresh_clock(setting: dict[str, float] | None) -> dict[str, Any]:
    """A seat's clock before its first decision (``remaining`` None: the table has no clock)."""
    remaining = None if setting is None else setting.get("turn_seconds", setting.get("initial_seconds"))
    return {
        "remaining": remaining,
        "deadline": None,
        "expiries": 0,
        "expired": False,
        "absent": False,
        "resigned": False,
        "forfeited": False,
    }


def _evolve_clock(clock: dict[str, Any], kind: str, data: dict[str, Any]) -> None:
    """Fold one seat event into the seat's clock and standing.

    ``expiries`` counts the seat's decisions in a row that ran out: a decision that ends while its clock still
    runs (a ClockStarted or ClockStopped with a deadline pending) sets it back to 0, as a return does.
    """
    if kind in ("ClockStarted", "ClockStopped"):
        if clock["deadline"] is not None:
            clock["expiries"] = 0
        clock.update(deadline=data.get("deadline"), remaining=data["remaining"], expired=False)
    elif kind == "ClockExpired":
        clock.update(deadline=None, remaining=0, expired=True, expiries=clock["expiries"] + 1)
    elif kind == "SeatReturned":
        clock.update(absent=False, expired=False, expiries=0)
    else:
        flag = {"SeatAbsent": "absent", "SeatResigned": "resigned", "SeatForfeited": "forfeited"}[kind]
        clock.update(deadline=None, expired=False, **{flag: True})


def _insert(table: Table) -> None:
    """Note a seat event among the game's events, so that the game's event numbers still find their versions."""
    inserts = table["inserts"]
    total = inserts[-1][1] if inserts else 0
    game_events = table["version"] - 1 - table["offset"] - total
    if inserts and inserts[-1][0] == game_events:
        inserts[-1][1] += 1
    else:
        inserts.append([game_events, total + 1])


def fold(events: list[Event], table: Table | None = None) -> Table | None:
    """Apply events in order."""
    for ev in events:
        table = evolve(table, ev)
    return table


def game_version(table: Table, number: int) -> int:
    """The stream version of the game's own event ``number`` (1-based): the seat events before it shift it."""
    for game_events, total in reversed(table["inserts"]):
        if game_events < number:
            return table["offset"] + number + total
    return table["offset"] + number


def to_act(table: Table) -> list[int]:
    """Seats that may act now."""
    return rules_of(table).to_act(table["game"]) if table["status"] == "running" else []


def legal_moves(table: Table, seat: Seat) -> list[Command]:
    """The commands ``seat`` may send now."""
    if seat is None or table["status"] != "running":
        return []
    return rules_of(table).legal_moves(table["game"], seat)


def fallback_bot(table: Table) -> str:
    """The built-in bot that plays a person's seat when it times out, is absent, resigned or forfeited."""
    on_timeout = table["on_timeout"]
    return on_timeout.removeprefix("bot:") if on_timeout.startswith("bot:") else DEFAULT_BOT


def standing(table: Table, seat: int) -> str | None:
    """Why a bot plays a person's seat now: "resigned", "forfeited", "absent", "timeout"; None: it does not.

    "timeout": the seat's clock ran out and the seat has not moved since (its fallback move is due).
    """
    if table["seats"][seat]["kind"] == "bot":
        return None
    clock = table["clocks"][seat]
    for flag in ("resigned", "forfeited", "absent"):
        if clock[flag]:
            return flag
    return "timeout" if clock["expired"] and seat in to_act(table) else None


def controller(table: Table, seat: int) -> str | None:
    """The built-in bot playing ``seat`` now: a bot seat's own, or the fallback bot (``standing``); None: a person.

    A registered bot's seat is played by its webhook (None) until BotReplaced, and by its fallback after.
    """
    spec = table["seats"][seat]
    if "webhook" in spec:
        return spec["fallback"] if spec.get("replaced") else None
    if spec["kind"] == "bot":
        return spec["bot"]
    return fallback_bot(table) if standing(table, seat) is not None else None


def turn(table: Table, seat: int) -> Turn:
    """Whether ``seat``'s own player may act now (no bot decides for it), and when its clock runs out (None: none)."""
    may_act = seat in to_act(table) and controller(table, seat) is None
    return Turn(may_act, table["clocks"][seat]["deadline"] if may_act else None)


def bot_move(table: Table, seat: int, name: str, seed: str) -> Command:
    """The built-in bot ``name``'s move in ``seat``: from its view, its legal moves and its rng, nothing else."""
    rules = rules_of(table)
    game = table["game"]
    rng = bot_rng(seed, table["version"], seat)
    return rules.bots[name](rules.view(game, seat), rules.legal_moves(game, seat), rng)


def _played_by_bot(table: Table, seat: int) -> bool:
    """True for a seat a built-in bot plays for good (a bot seat; an absent, resigned or forfeited one): no clock."""
    return table["seats"][seat]["kind"] == "bot" or standing(table, seat) not in (None, "timeout")


def result(table: Table) -> dict[str, Any] | None:
    """The game's result once it is over; an abandoned game's has no scores or winners and says why.

    With seats that resigned or forfeited, the result lists them (``resigned``, ``forfeited``) and the winners
    change: a seat in good standing always ranks above a resigned one, and a forfeited one is out of the ranking.
    The winners are the game's winners of the best tier that holds any (good standing, then resigned); when the
    game's winners all stand lower, the tier's seats with the highest ``total`` score win (every game's scores
    have one), ties sharing. A game with no winners (solo Spots lost to Pes) keeps none.
    """
    if table["abandoned"] is not None:
        return {"abandoned": table["abandoned"], "scores": [], "winners": []}
    if table["status"] != "finished":
        return None
    out = rules_of(table).result(table["game"])
    resigned = [seat for seat, clock in enumerate(table["clocks"]) if clock["resigned"]]
    forfeited = [seat for seat, clock in enumerate(table["clocks"]) if clock["forfeited"]]
    if not resigned and not forfeited or out is None:
        return out
    good = [seat for seat in range(len(table["seats"])) if seat not in resigned and seat not in forfeited]
    return {**out, "winners": _winners(out, [good, resigned]), "resigned": resigned, "forfeited": forfeited}


def _winners(out: dict[str, Any], tiers: list[list[int]]) -> list[int]:
    """The winners of the best tier that holds a seat (see ``result``)."""
    tier = next(filter(None, tiers), None)
    if not out["winners"] or tier is None:
        return []
    kept = [seat for seat in out["winners"] if seat in tier]
    if kept:
        return kept
    totals = {score["seat"]: score["total"] for score in out["scores"] if score["seat"] in tier}
    best = max(totals.values())
    return [seat for seat, total in totals.items() if total == best]


def view(table: Table, seat: Seat) -> View:
    """The table as ``seat`` may see it (None: a spectator).

    ``clocks`` (only at a table with a clock, or where a seat resigned) holds each seat's clock: ``remaining``
    seconds as of its last event, ``deadline`` (server time, seconds since the epoch) while its clock runs,
    ``expiries`` in a row, and whether it is ``absent``, ``resigned`` or ``forfeited``.
    """
    rules = rules_of(table)
    shown = {
        "type": table["type"],
        "status": table["status"],
        "options": table["options"],
        "seats": [
            {
                "seat": i,
                "kind": s["kind"],
                "bot": s.get("bot"),
                "name": s.get("name"),
                "claimed": s["claimed"],
                # A registered bot's seat: the built-in bot that plays it for good since BotReplaced (None: not yet).
                **({"replaced_by": s["fallback"] if s.get("replaced") else None} if "webhook" in s else {}),
            }
            for i, s in enumerate(table["seats"])
        ],
        "seed_sha256": table["seed_sha256"],
        "seed": table["seed"],
        "to_act": to_act(table),
        "state": rules.view(table["game"], seat) if table["game"] is not None else None,
        "result": result(table),
    }
    if table["clock"] is not None or any(c["resigned"] for c in table["clocks"]):
        shown["clocks"] = [
            {"seat": i, **{k: c[k] for k in ("remaining", "deadline", "expiries", "absent", "resigned", "forfeited")}}
            for i, c in enumerate(table["clocks"])
        ]
    return shown


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
        case "ClockStarted":
            return f"Seat {data['seat']}'s clock runs: {data['remaining']:g} seconds to decide."
        case "ClockStopped":
            return f"Seat {data['seat']}'s clock stops with {data['remaining']:g} seconds kept."
        case "ClockExpired":
            return f"Seat {data['seat']} ran out of time: a bot decides for it."
        case "SeatAbsent":
            times = f"{data['expiries']} times in a row" if data["expiries"] > 1 else "once"
            return f"Seat {data['seat']} timed out {times}: it is absent, and a bot plays for it until it returns."
        case "SeatReturned":
            return f"Seat {data['seat']} is back."
        case "SeatResigned":
            return f"Seat {data['seat']} resigns: a bot plays on for it, and it ranks last."
        case "SeatForfeited":
            return f"Seat {data['seat']} forfeits on time: a bot plays on for it, and it cannot win."
        case "BotReplaced":
            return (
                f"Seat {data['seat']}'s bot {data['bot']} failed {data['failures']} times in a row ({data['reason']}): "
                f"{data['fallback']} plays for it from now on."
            )
    return GAMES[table_type].describe(ev)
