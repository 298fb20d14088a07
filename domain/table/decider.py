"""The table as a decider: the events a command causes, and those the batch then brings about.

``_decide`` finds a command's own events: the table's commands (CreateGame, ClaimSeat, ExpireGame, ReplaceBot,
ExpireClock, PlayFor, StartVacation, EndVacation, Resign, Return) here, a seat's Undo, AcceptUndo and DeclineUndo in
``undo``, a move by the game's rules. ``apply`` then folds them and adds what follows in the same batch: the game's
setup once every seat is taken, the clock events, the abandonment at ``max_events``, and the seed once the game is
over.
"""

from __future__ import annotations

import random

from domain.engine import Command, Event, IllegalMove, Seat, arg, copy_json, event, reject_unknown_fields, require
from domain.table import undo
from domain.table.clocks import clock_events, expire_clock
from domain.table.creation import seed_digest
from domain.table.seats import bot_move, controller, thinker, to_act
from domain.table.state import (
    BOT_REPLACED,
    HINTS,
    LIMITS,
    PRIVATE,
    SETTINGS,
    SPECTATOR_CHAT,
    SPECTATOR_DELAY,
    Table,
    fold,
    rules_of,
)
from domain.table.vacations import end_vacation, start_vacation

#: The system's command that ends an open table nobody filled in time.
EXPIRE: Command = {"type": "ExpireGame"}
#: A seat's commands that the table takes whether or not the seat may act now.
ANYTIME = frozenset({"Resign", "Return", *undo.COMMANDS})
#: The system's commands about seats: a clock's expiry, and a fallback bot's move for a seat.
SYSTEM_SEAT_COMMANDS = frozenset({"ExpireClock", "PlayFor"})
#: The system's commands that pause a seat's clock for its player's vacation and run it again (vacations.py).
VACATION_COMMANDS = frozenset({"StartVacation", "EndVacation"})


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
    if table["status"] == "open" and all(spec["claimed"] for spec in table["seats"]):
        events += _folded(table, rules.setup(len(table["seats"]), table["options"], rng))
    if table["clock"] is not None and table["status"] == "running":
        events += _folded(table, clock_events(table, _deciding_seat(seat, command), now))
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
        recordable = (*LIMITS, *SETTINGS, "bots", PRIVATE, SPECTATOR_CHAT, SPECTATOR_DELAY, undo.UNDO, HINTS)
        given = [name for name in recordable if name in command]
        opened = ("game", "options", "seats", "seed_sha256", *given)
        return [event("TableOpened", **{name: command[name] for name in opened})]
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
        reject_unknown_fields(command, ["seat", "move"] if kind == "PlayFor" else ["seat"])
        target = arg(command, "seat", int)
        require(0 <= target < len(table["seats"]), "NoSuchSeat", f"seat {target} does not exist")
        if kind == "ExpireClock":
            return expire_clock(table, target, now)
        return _play_for(table, target, command.get("move"), rng, seed)
    if kind in VACATION_COMMANDS:
        return _vacation(table, seat, command, now)
    clock = table["clocks"][seat] if isinstance(seat, int) and 0 <= seat < len(table["clocks"]) else None
    if clock is not None:
        require(not clock["resigned"], "SeatResigned", f"seat {seat} resigned; its bot plays for it")
        require(not clock["forfeited"], "SeatForfeited", f"seat {seat} forfeited; its bot plays for it")
    if kind in undo.COMMANDS:
        if clock is None or not isinstance(seat, int):
            raise IllegalMove("NoSuchSeat", f"only a seat may {kind}")
        require(not clock["absent"], "NotYourDecision", f"seat {seat} is absent: its bot plays for it")
        return undo.decide(table, rules_of(table), seat, command)
    # Any command of an absent seat takes the seat back first.
    returned = [event("SeatReturned", seat=seat)] if clock is not None and clock["absent"] else []
    if kind in ("Resign", "Return"):
        reject_unknown_fields(command, [])
        require(clock is not None, "NoSuchSeat", f"only a seat may {kind.lower()}")
        if kind == "Return":
            require(bool(returned), "NotAbsent", f"seat {seat} is not absent")
            return returned
        return [*returned, event("SeatResigned", seat=seat)]
    return returned + rules_of(table).decide(table["game"], seat, command, rng)


def _claim(table: Table, command: Command) -> list[Event]:
    """A person takes a human seat of an open table, as a player (``player``: its id) or not.

    A seat kept for a player (``reserved``) is that player's only; any other seat of a private table is taken only
    with an invitation (``invited``: the service spent the seat's invitation for this claim) or by the player who
    created the table (``creator``: the service found the claim's player is the one its meta names).
    """
    target = arg(command, "seat", int)
    require(table["status"] == "open", "GameStarted", "every seat is taken")
    require(0 <= target < len(table["seats"]), "NoSuchSeat", f"seat {target} does not exist")
    taken = table["seats"][target]
    require(taken["kind"] == "human" and not taken["claimed"], "SeatTaken", f"seat {target} is taken")
    name = command.get("name")
    require(name is None or isinstance(name, str) and len(name) <= 40, "BadArgument", "name: up to 40 characters")
    player = command.get("player")
    require(player is None or isinstance(player, str) and 0 < len(player) <= 64, "BadArgument", "player: a player id")
    # A rated game rates players: a seat without one (a seat token's) has nobody to rate.
    require(player is not None or not table["rated"], "RatedSeat", "a seat of a rated game is claimed by a player")
    invited, creator = command.get("invited", False), command.get("creator", False)
    require(isinstance(invited, bool) and isinstance(creator, bool), "BadArgument", "invited, creator: true or false")
    reserved = taken.get("reserved")
    if reserved is not None:
        require(player == reserved, "SeatReserved", f"seat {target} is kept for another player")
    elif table.get(PRIVATE):
        require(invited or creator, "PrivateTable", "the table is private: a seat is claimed with an invitation")
    held = [index for index, spec in enumerate(table["seats"]) if player is not None and spec["player"] == player]
    if held and not table["hotseat"]:
        raise IllegalMove("PlayerSeated", f"the player holds seat {held[0]} of this game already (not a hotseat game)")
    # A claim recorded before players existed has no player field, and replays so; only a claim with an invitation
    # (the service checked its code, which no command or event holds) or by the table's creator says so.
    fields = {"player": player} if "player" in command else {}
    fields |= {flag: True for flag, given in (("invited", invited), ("creator", creator)) if given}
    return [event("SeatClaimed", seat=target, name=name, **fields)]


def _play_for(table: Table, seat: int, move: Command | None, rng: random.Random, seed: str) -> list[Event]:
    """The events of the move the bot controlling a person's seat chooses for it now: a built-in bot's the table
    chooses itself; a thinking level's (seats.thinker) is ``move``, which the search worker brings, and the rules
    take only if it is legal. Either way the seat stays as it stands (an absent seat is not taken back)."""
    name = controller(table, seat)
    require(table["seats"][seat]["kind"] != "bot", "BotSeat", f"seat {seat} is a bot's; it moves itself")
    if name is None:
        raise IllegalMove("NotControlled", f"seat {seat} is played by its player")
    require(seat in to_act(table), "NotToAct", f"seat {seat} may not act now")
    rules = rules_of(table)
    if thinker(table, seat) is None:
        require(move is None, "BadArgument", f"the {name!r} bot chooses seat {seat}'s move itself")
        return rules.decide(table["game"], seat, bot_move(table, seat, name, seed), rng)
    if not isinstance(move, dict):
        raise IllegalMove("BadArgument", f"the {name!r} level's move is brought with it (move: a command)")
    return rules.decide(table["game"], seat, move, rng)


def _vacation(table: Table, seat: Seat, command: Command, now: float) -> list[Event]:
    """The system pauses a seat's clock for its player's vacation (StartVacation {seat, until}), or runs it again."""
    kind = command["type"]
    require(seat is None, "SystemOnly", f"only the system sends {kind}")
    reject_unknown_fields(command, ["seat", "until"] if kind == "StartVacation" else ["seat"])
    target = arg(command, "seat", int)
    require(0 <= target < len(table["seats"]), "NoSuchSeat", f"seat {target} does not exist")
    if kind == "EndVacation":
        return end_vacation(table, target, now)
    return start_vacation(table, target, arg(command, "until", (int, float)), now)


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


def _deciding_seat(seat: Seat, command: Command) -> Seat:
    """The seat whose decision a command made (a fallback bot's move is its seat's); None: no seat's."""
    kind = command.get("type")
    if kind == "PlayFor":
        return command["seat"]
    return None if kind in ANYTIME or kind == "ClaimSeat" else seat


def _folded(table: Table, events: list[Event]) -> list[Event]:
    """``events``, after folding a copy of them into ``table`` (a state may keep lists it is given)."""
    fold(copy_json(events), table)
    return events
