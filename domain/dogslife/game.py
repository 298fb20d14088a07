"""A Dog's Life: the decider that ties the board, the dogs, the actions and the truck into the engine contract."""

from __future__ import annotations

import random
from typing import Any

from domain.dogslife import flow, visibility
from domain.dogslife.actions import ACTIONS, foreign_mark, in_transit, occupants, precondition, stop_path
from domain.dogslife.board import ADDRESSES, DENS, HOUSE_OF
from domain.dogslife.bots import BOTS
from domain.dogslife.content import DOGS
from domain.dogslife.flow import Play
from domain.dogslife.render import describe, label, render
from domain.dogslife.state import SEARCH_TOKENS, State, address_of, evolve
from domain.engine import (
    Automatic,
    BadOptions,
    Command,
    Event,
    IllegalMove,
    Rules,
    Seat,
    Secret,
    View,
    event,
    reject_unknown_fields,
    require,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 6
DEFAULT_OPTIONS: dict[str, Any] = {
    "bone_target": 4,
    "timed_minutes": 0,
    "timed_rounds": 0,
    "route_deadline_seconds": 20,
    "action_deadline_seconds": 120,
    "dog_assignment": "random",
    "first_seat": None,
}
OPTIONS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "bone_target": {
            "type": "integer", "minimum": 2, "maximum": 6, "default": 4,
            "description": "bones a dog must bury to win; players x (bone_target - 1) must stay below 30",
        },
        "timed_minutes": {
            "type": "integer", "minimum": 0, "maximum": 1440, "default": 0,
            "description": "timed variant: play this long, then most buried bones wins (0 = off)",
        },
        "timed_rounds": {
            "type": "integer", "minimum": 0, "maximum": 1000, "default": 0,
            "description": "timed variant: play this many full rounds, then most buried bones wins (0 = off)",
        },
        "route_deadline_seconds": {
            "type": "integer", "minimum": 0, "maximum": 3600, "default": 20,
            "description": "time the active seat has to choose the truck's route at a fork (0 = the server at once)",
        },
        "action_deadline_seconds": {
            "type": "integer", "minimum": 0, "maximum": 3600, "default": 120,
            "description": "time the active seat has for its action phase; then the server ends it (R32; 0 = off)",
        },
        "dog_assignment": {"enum": ["random", "choose"], "default": "random"},
        "first_seat": {"type": ["integer", "null"], "minimum": 0, "maximum": 5, "default": None},
    },
    # §4.9: the variant is timed by the clock or by rounds, not both.
    "not": {
        "required": ["timed_minutes", "timed_rounds"],
        "properties": {"timed_minutes": {"minimum": 1}, "timed_rounds": {"minimum": 1}},
    },
}


def _whole(options: dict[str, Any], name: str, low: int, high: int) -> int:
    value = options[name]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadOptions(name, f"must be an integer from {low} to {high}")
    return value


def _chooser(state: State) -> int | None:
    """The seat that picks its dog next (dog_assignment = choose), or None."""
    return next((s for s, dog in enumerate(state["seats"]) if dog["dog"] is None), None)


class DogsLife(Rules):
    """A Dog's Life (2001 rules): bury bones in your den before the others, and keep out of the dogcatcher's truck."""

    id = "dogslife"
    name = "A Dog's Life"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_schema = OPTIONS_SCHEMA
    # 2: "actions_since", the start of the action deadline; 3: newspapers held by id, "sudden_death" lists the tied
    state_version = 3
    bots = BOTS

    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Defaults filled in; BadOptions for an unknown option or a value out of range."""
        if not isinstance(options, dict):
            raise BadOptions("options", "must be an object")
        unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
        if unknown:
            raise BadOptions(unknown[0], "unknown option")
        out = {**DEFAULT_OPTIONS, **options}
        target = _whole(out, "bone_target", 2, 6)
        if players * (target - 1) >= 30:
            raise BadOptions("bone_target", f"{players} players x ({target} - 1) bones must stay below 30 (R2)")
        minutes = _whole(out, "timed_minutes", 0, 1440)
        if _whole(out, "timed_rounds", 0, 1000) and minutes:
            raise BadOptions("timed_rounds", "the game is timed by minutes or by rounds, not both (§4.9)")
        _whole(out, "route_deadline_seconds", 0, 3600)
        _whole(out, "action_deadline_seconds", 0, 3600)
        if out["dog_assignment"] not in ("random", "choose"):
            raise BadOptions("dog_assignment", "must be random or choose")
        if out["first_seat"] is not None:
            _whole(out, "first_seat", 0, players - 1)
        return out

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
        """§3: seat the dogs, deal the dens, shuffle decks and newspapers, pick the first seat."""
        play = Play(None, rng)
        play.emit("GameStarted", players=players, options=options)
        chosen = options["dog_assignment"] == "choose"
        if not chosen:
            for seat, dog in enumerate(rng.sample(sorted(DOGS), players)):
                play.emit("DogAssigned", seat=seat, dog=dog)
        for seat, den in enumerate(rng.sample(DENS, players)):
            play.emit("DenAssigned", seat=seat, den=den)
        if not chosen:
            for seat in range(players):
                _shuffle_deck(play, seat)
        play.emit("NewspaperStackShuffled", order=rng.sample(ADDRESSES, len(ADDRESSES)))
        first = options["first_seat"]
        play.emit("FirstPlayerChosen", seat=rng.randrange(players) if first is None else first)
        if not chosen:
            flow.next_turn(play)
        return play.events

    def evolve(self, state: State | None, event_: Event) -> State:
        """Fold one event."""
        return evolve(state, event_)

    def decide(self, state: State, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
        """The events a command causes; IllegalMove for anything the rules refuse."""
        require(isinstance(command, dict) and isinstance(command.get("type"), str), "BadCommand", "no command type")
        kind = command["type"]
        require(kind in ARGUMENTS, "UnknownCommand", f"no command {kind}")
        reject_unknown_fields(command, ARGUMENTS[kind])
        require(state["phase"] != "over", "GameOver")
        if seat is None:
            require(kind in SYSTEM, "UnknownCommand", f"the system cannot {kind}")
            return SYSTEM[kind](state, command, rng)
        require(isinstance(seat, int) and 0 <= seat < state["players"], "BadSeat")
        if kind in ACTIONS:
            precondition(state, seat, kind)
            found = ACTIONS[kind][0](state, seat, command)
            play = Play(state, rng)
            EFFECTS[kind](play, seat, found)
            return play.events
        if kind == "ChooseTruckRoute":
            require(seat == state["active"], "NotYourTurn")
            return _choose_route(state, command, rng, "seat")
        if kind == "ChooseDog":
            return _choose_dog(state, seat, command, rng)
        raise IllegalMove("UnknownCommand", f"no command {kind}")

    def legal_moves(self, state: State, seat: int) -> list[Command]:
        """Every command decide accepts from ``seat`` now."""
        phase = state["phase"]
        if phase == "setup" and seat == _chooser(state):
            taken = {dog["dog"] for dog in state["seats"]}
            return [{"type": "ChooseDog", "dog": dog} for dog in sorted(DOGS) if dog not in taken]
        if seat != state["active"]:
            return []
        if phase == "truck" and state["routes"]:
            return [{"type": "ChooseTruckRoute", "route": route} for route in state["routes"]] + [
                {"type": "ChooseTruckRoute", "route": None}
            ]
        if phase != "actions":
            return []
        out = []
        for kind, (check, candidates) in ACTIONS.items():
            try:
                precondition(state, seat, kind)
            except IllegalMove:
                continue
            for command in candidates(state, seat):
                try:
                    check(state, seat, command)
                except IllegalMove:
                    continue
                out.append(command)
        return out

    def to_act(self, state: State) -> list[int]:
        """The setup chooser, the active seat in its action phase, or the active seat at a truck fork."""
        phase = state["phase"]
        if phase == "setup":
            chooser = _chooser(state)
            return [] if chooser is None else [chooser]
        if phase == "actions" or (phase == "truck" and state["routes"]):
            return [state["active"]]
        return []

    def automatic(self, state: State) -> list[Automatic]:
        """The truck's roll (at once), the deadlines of the action phase and the route choice, and the timed end."""
        steps: list[Automatic] = []
        if state["phase"] == "over":
            return steps
        options = state["options"]
        if flow.rounds_run_out(state):
            steps.append({"command": {"type": "ExpireTime"}, "delay": 0, "since": state["n"]})
        if state["phase"] == "actions" and options["action_deadline_seconds"]:
            steps.append({
                "command": {"type": "TimeOutActions"},
                "delay": options["action_deadline_seconds"],
                "since": state["actions_since"],
                "seat": state["active"],
            })
        if state["phase"] == "truck" and not state["routes"]:
            steps.append({"command": {"type": "MoveTruck"}, "delay": 0, "since": state["n"]})
        if state["phase"] == "truck" and state["routes"]:
            steps.append({
                "command": {"type": "ChooseTruckRoute", "route": None},
                "delay": options["route_deadline_seconds"],
                "since": state["fork_since"],
                "seat": state["active"],
            })
        if options["timed_minutes"] and not state["time_up"]:
            steps.append({"command": {"type": "ExpireTime"}, "delay": options["timed_minutes"] * 60, "since": 1})
        return steps

    def result(self, state: State) -> dict[str, Any] | None:
        """The winner and every dog's buried bones, once the game is over."""
        if state["phase"] != "over":
            return None
        scores = [
            {"seat": seat, "dog": dog["dog"], "buried": dog["buried"], "total": dog["buried"]}
            for seat, dog in enumerate(state["seats"])
        ]
        return {"scores": scores, "winners": [state["winner"]], "reason": state["win_reason"]}

    def view(self, state: State, seat: Seat) -> View:
        """The table as ``seat`` sees it (§7)."""
        return visibility.view(state, seat)

    def redact(self, event_: Event, seat: Seat) -> Event:
        """The event as ``seat`` sees it (§7)."""
        return visibility.redact(event_, seat)

    def secrets(self, state: State, seat: Seat) -> list[Secret]:
        """Deck and stack orders, and the newspapers ``seat`` does not carry (§7)."""
        return visibility.secrets(state, seat)

    def describe(self, event_: Event) -> str:
        """One readable line."""
        return describe(event_)

    def label(self, state: State, seat: int, move: Command) -> str:
        """A move as a player says it ("Move to D12 (lamppost)")."""
        return label(state, seat, move)

    def render(self, state: State, seat: Seat = None) -> str:
        """The city map and the dog sheets."""
        return render(visibility.view(state, seat))


def _shuffle_deck(play: Play, seat: int) -> None:
    play.emit("DeckShuffled", seat=seat, order=play.rng.sample(DOGS[play.seat(seat)["dog"]].deck, 13))


def _choose_dog(state: State, seat: int, command: Command, rng: random.Random) -> list[Event]:
    require(state["phase"] == "setup" and seat == _chooser(state), "NotYourChoice")
    dog = command.get("dog")
    require(isinstance(dog, str) and dog in DOGS, "BadArgument", "unknown dog")
    require(all(d["dog"] != dog for d in state["seats"]), "DogTaken")
    play = Play(state, rng)
    play.emit("DogAssigned", seat=seat, dog=dog)
    _shuffle_deck(play, seat)
    if _chooser(play.state) is None:
        flow.next_turn(play)
    return play.events


def _choose_route(state: State, command: Command, rng: random.Random, chosen_by: str) -> list[Event]:
    """R28: a listed route, or null for the server's uniform pick."""
    require(state["phase"] == "truck" and bool(state["routes"]), "NoRouteToChoose")
    require("route" in command, "BadArgument", "'route' is required (null = no preference)")
    route = command["route"]
    require(route is None or route in state["routes"], "IllegalRoute")
    play = Play(state, rng)
    if route is None:
        flow.move_truck(play, rng.choice(state["routes"]), "server")
    else:
        flow.move_truck(play, route, chosen_by)
    return play.events


def _move_truck(state: State, command: Command, rng: random.Random) -> list[Event]:
    require(state["phase"] == "truck" and not state["routes"], "NoTruckMove")
    play = Play(state, rng)
    flow.roll_truck(play)
    return play.events


def _expire_time(state: State, command: Command, rng: random.Random) -> list[Event]:
    by_clock = bool(state["options"]["timed_minutes"]) and not state["time_up"]
    require(by_clock or flow.rounds_run_out(state), "NotTimed", "no timed end is due")
    return [event("TimeExpired")]


def _time_out_actions(state: State, command: Command, rng: random.Random) -> list[Event]:
    """R32 and 4.3.13: walk a dog in transit to the nearest stopping space, then end the action phase."""
    require(state["phase"] == "actions" and bool(state["options"]["action_deadline_seconds"]), "NoActionDeadline")
    seat = state["active"]
    play = Play(state, rng)
    if in_transit(state, seat):
        path = stop_path(state, seat, state["seats"][seat]["space"], state["ap"], occupants(state))
        assert path is not None, "R18 lets a dog pass through only with a stopping space in reach"
        for to in path:
            _move(play, seat, to)  # the same events as the seat's own moves: AP spent, a foreign mark sniffed
    if play.state["phase"] == "actions":
        play.emit("ActionPhaseEnded", seat=seat, reason="timeout")
    return play.events


SYSTEM = {
    "MoveTruck": _move_truck,
    "ChooseTruckRoute": lambda state, command, rng: _choose_route(state, command, rng, "server"),
    "ExpireTime": _expire_time,
    "TimeOutActions": _time_out_actions,
}

#: The fields each command takes besides its type. Any other is refused: a command is stored as it was sent.
ARGUMENTS: dict[str, tuple[str, ...]] = {
    **{kind: () for kind in (*ACTIONS, *SYSTEM)},
    "Move": ("to",),
    "PickUp": ("item",),
    "Drop": ("slot",),
    "Attack": ("target_seat",),
    "ChooseTruckRoute": ("route",),
    "ChooseDog": ("dog",),
}


def _move(play: Play, seat: int, to: str) -> None:
    here = play.seat(seat)["space"]
    play.emit("DogMoved", seat=seat, to=to, ap_left=play.state["ap"] - 1, **{"from": here})
    if foreign_mark(play.state, seat, to):
        play.emit("LamppostSniffed", seat=seat, cell=to, owner=play.state["marks"][to])
        play.emit("ActionPhaseEnded", seat=seat, reason="sniff")
    else:
        flow.after_action(play)


def _search(play: Play, seat: int, cell: str) -> None:
    flow.find(play, seat, "trash")
    play.emit("TrashSearched", seat=seat, cell=cell, ap_left=play.state["ap"] - 1)
    if play.state["tokens"] == 0:
        play.emit("TrashDayHappened", kept=cell, returned=SEARCH_TOKENS - 1)
    flow.after_action(play)


def _beg(play: Play, seat: int, restaurant: str) -> None:
    flow.find(play, seat, "restaurant")
    play.emit("Begged", seat=seat, restaurant=restaurant, ap_left=play.state["ap"] - 1)
    flow.after_action(play)


def _take(play: Play, seat: int, slot: int) -> None:
    address = address_of(play.state["stack"][0])
    play.emit("NewspaperTaken", seat=seat, slot=slot, address=address, ap_left=play.state["ap"] - 1)
    flow.after_action(play)


def _deliver(play: Play, seat: int, slot: int) -> None:
    address = address_of(play.seat(seat)["slots"][slot])
    play.emit(
        "NewspaperDelivered", seat=seat, house=HOUSE_OF[address], address=address, slot=slot,
        ap_left=play.state["ap"] - 1,
    )
    flow.shuffle_stack(play)
    flow.find(play, seat, "newspaper")
    flow.after_action(play)


def _pick_up(play: Play, seat: int, found: tuple[str, int]) -> None:
    item, slot = found
    space = play.seat(seat)["space"]
    extra = {"address": address_of(play.state["ground"][space]["papers"][-1])} if item == "newspaper" else {}
    play.emit("ItemPickedUp", seat=seat, space=space, item=item, slot=slot, ap_left=play.state["ap"] - 1, **extra)
    flow.after_action(play)


def _drop(play: Play, seat: int, slot: int) -> None:
    dog = play.seat(seat)
    item = "bone" if dog["slots"][slot] == "bone" else "newspaper"
    play.emit("ItemDropped", seat=seat, space=dog["space"], item=item, slot=slot, ap_left=play.state["ap"] - 1)
    flow.after_action(play)


def _drink(play: Play, seat: int, levels: tuple[int, int]) -> None:
    bladder, reserve = levels
    play.emit("BladderFilled", seat=seat, bladder=bladder, reserve=reserve, ap_left=play.state["ap"] - 1)
    flow.after_action(play)


def _pee(play: Play, seat: int, replaced: int | None) -> None:
    cell = play.seat(seat)["space"]
    play.emit("LamppostMarked", seat=seat, cell=cell, replaced=replaced, ap_left=play.state["ap"] - 1)
    flow.after_action(play)


def _attack(play: Play, seat: int, target: int) -> None:
    play.emit("AttackDeclared", seat=seat, target=target, ap_left=play.state["ap"] - 1)
    mine, theirs = flow.draw(play, seat, "attack"), flow.draw(play, target, "attack")
    winner = seat if mine > theirs else target if theirs > mine else None
    play.emit("FightResolved", attacker_claws=mine, defender_claws=theirs, winner=winner)
    if winner == target:
        flow.send_to_pound(play, seat, "fight")
        play.emit("ActionPhaseEnded", seat=seat, reason="lost_fight")
        flow.end_turn(play, seat)  # R29: no truck after a lost attack
        return
    if winner == seat:
        flow.send_to_pound(play, target, "fight")
    flow.after_action(play)


def _end(play: Play, seat: int, found: None) -> None:
    play.emit("ActionPhaseEnded", seat=seat, reason="ended")


EFFECTS = {
    "Move": _move,
    "SearchTrash": _search,
    "Beg": _beg,
    "TakeNewspaper": _take,
    "DeliverNewspaper": _deliver,
    "PickUp": _pick_up,
    "Drop": _drop,
    "Bury": flow.bury,
    "Drink": _drink,
    "Pee": _pee,
    "Attack": _attack,
    "EndActions": _end,
}

RULES = DogsLife()
