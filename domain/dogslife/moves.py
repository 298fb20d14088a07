"""Who acts, what is legal and what a command does: ``to_act``, ``automatic``, ``legal_moves`` and ``decide``.

The commands are those of spec §4.10: choosing a dog (§3.2), the actions of phase 2 (§4.3; their checks are
actions.py's), choosing the truck's route (§4.7), and the system's steps: the truck's roll, the deadlines (R28, R32)
and the timed end (§4.9).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.dogslife.actions import ACTIONS, barred, foreign_mark, in_transit, occupants, precondition, stop_path
from domain.dogslife.board import HOUSE_OF
from domain.dogslife.cards import draw, find, shuffle_deck, shuffle_stack
from domain.dogslife.content import DOGS, SEARCH_TOKENS
from domain.dogslife.pound import send_to_pound
from domain.dogslife.scoring import burial_win, rounds_run_out, time_expiry_due
from domain.dogslife.state import Play, State, address_of
from domain.dogslife.truck import move_truck, roll_truck
from domain.dogslife.turns import end_turn, next_turn
from domain.engine import Automatic, Command, Event, IllegalMove, Seat, reject_unknown_fields, require


def chooser(state: State) -> int | None:
    """§3.2: the seat that picks its dog next (dog_assignment = choose), or None."""
    return next((seat for seat, dog in enumerate(state["seats"]) if dog["dog"] is None), None)


def to_act(state: State) -> list[int]:
    """The setup chooser, the active seat in its action phase, or the active seat at a truck fork."""
    phase = state["phase"]
    if phase == "setup":
        seat = chooser(state)
        return [] if seat is None else [seat]
    if phase == "actions" or (phase == "truck" and state["routes"]):
        return [state["active"]]
    return []


def automatic(state: State) -> list[Automatic]:
    """The truck's roll (at once), the deadlines of the action phase and the route choice, and the timed end."""
    steps: list[Automatic] = []
    if state["phase"] == "over":
        return steps
    options = state["options"]
    if rounds_run_out(state):
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


def legal_moves(state: State, seat: int) -> list[Command]:
    """Every command decide accepts from ``seat`` now."""
    phase = state["phase"]
    if phase == "setup" and seat == chooser(state):
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
    transit = in_transit(state, seat)
    for kind, (check, candidates) in ACTIONS.items():
        if barred(state, kind, transit):
            continue
        for command in candidates(state, seat):
            try:
                check(state, seat, command)
            except IllegalMove:
                continue
            out.append(command)
    return out


def decide(state: State, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
    """The events a command causes; IllegalMove for anything the rules refuse."""
    return _decided(state, seat, command, rng, own=False).events


def apply(state: State, seat: Seat, command: Command, rng: random.Random) -> tuple[list[Event], State]:
    """``decide`` worked out on ``state`` itself (the caller's own): the command's events, and the state after."""
    play = _decided(state, seat, command, rng, own=True)
    return play.events, play.state


def _decided(state: State, seat: Seat, command: Command, rng: random.Random, own: bool) -> Play:
    """The command checked and played out on a working state (``state`` itself if ``own``)."""
    require(isinstance(command, dict) and isinstance(command.get("type"), str), "BadCommand", "no command type")
    kind = command["type"]
    require(kind in ARGUMENTS, "UnknownCommand", f"no command {kind}")
    reject_unknown_fields(command, ARGUMENTS[kind])
    require(state["phase"] != "over", "GameOver")
    if seat is None:
        require(kind in SYSTEM_COMMANDS, "UnknownCommand", f"the system cannot {kind}")
        play = Play(state, rng, own)
        SYSTEM_COMMANDS[kind](play, command)
        return play
    require(isinstance(seat, int) and 0 <= seat < state["players"], "BadSeat")
    require(kind in SEAT_COMMANDS, "UnknownCommand", f"no command {kind}")
    play = Play(state, rng, own)
    SEAT_COMMANDS[kind](play, seat, command)
    return play


# The seats' commands.


# Each command's checks read ``play.state`` before its first event: the state the command was sent at.


def _choose_dog(play: Play, seat: int, command: Command) -> None:
    """§3.2: a dog not yet taken, in seat order; the last choice starts the first turn."""
    state = play.state
    require(state["phase"] == "setup" and seat == chooser(state), "NotYourChoice")
    dog = command.get("dog")
    require(isinstance(dog, str) and dog in DOGS, "BadArgument", "unknown dog")
    require(all(other["dog"] != dog for other in state["seats"]), "DogTaken")
    play.emit("DogAssigned", seat=seat, dog=dog)
    shuffle_deck(play, seat)
    if chooser(play.state) is None:
        next_turn(play)


def _take_action(play: Play, seat: int, command: Command) -> None:
    """§4.3: the common preconditions, the action's own check, then what it does."""
    kind = command["type"]
    precondition(play.state, seat, kind)
    check, _candidates = ACTIONS[kind]
    found = check(play.state, seat, command)
    EFFECTS[kind](play, seat, found)


def _seat_chooses_route(play: Play, seat: int, command: Command) -> None:
    """§4.7 step 3: the active seat sends the truck along a route, or leaves the choice to the server."""
    require(seat == play.state["active"], "NotYourTurn")
    _choose_route(play, command, "seat")


def _choose_route(play: Play, command: Command, chosen_by: str) -> None:
    """R28: a listed route, or null for the server's uniform pick."""
    state = play.state
    require(state["phase"] == "truck" and bool(state["routes"]), "NoRouteToChoose")
    require("route" in command, "BadArgument", "'route' is required (null = no preference)")
    route = command["route"]
    require(route is None or route in state["routes"], "IllegalRoute")
    if route is None:
        move_truck(play, play.rng.choice(state["routes"]), "server")
    else:
        move_truck(play, route, chosen_by)


# The system's commands.


def _server_chooses_route(play: Play, command: Command) -> None:
    """R28: the route deadline has passed; the server picks."""
    _choose_route(play, command, "server")


def _move_truck(play: Play, command: Command) -> None:
    """§4.7 steps 1-3: the truck's roll, due at once after the action phase."""
    require(play.state["phase"] == "truck" and not play.state["routes"], "NoTruckMove")
    roll_truck(play)


def _expire_time(play: Play, command: Command) -> None:
    """§4.9: time is called; the round is played to its end."""
    require(time_expiry_due(play.state), "NotTimed", "no timed end is due")
    play.emit("TimeExpired")


def _time_out_actions(play: Play, command: Command) -> None:
    """R32 and §4.3.13: walk a dog in transit to the nearest stopping space, then end the action phase."""
    state = play.state
    require(state["phase"] == "actions" and bool(state["options"]["action_deadline_seconds"]), "NoActionDeadline")
    seat = state["active"]
    if in_transit(state, seat):
        path = stop_path(state, seat, state["seats"][seat]["space"], state["ap"], occupants(state))
        assert path is not None, "R18 lets a dog pass through only with a stopping space in reach"
        for to in path:
            _move(play, seat, to)  # the same events as the seat's own moves: AP spent, a foreign mark sniffed
    if play.state["phase"] == "actions":
        play.emit("ActionPhaseEnded", seat=seat, reason="timeout")


SeatCommand = Callable[[Play, int, Command], None]
SystemCommand = Callable[[Play, Command], None]

#: Command type -> what it does when a seat sends it.
SEAT_COMMANDS: dict[str, SeatCommand] = {
    "ChooseDog": _choose_dog,
    **dict.fromkeys(ACTIONS, _take_action),
    "ChooseTruckRoute": _seat_chooses_route,
}

#: Command type -> what it does when the server sends it (an automatic step).
SYSTEM_COMMANDS: dict[str, SystemCommand] = {
    "MoveTruck": _move_truck,
    "ChooseTruckRoute": _server_chooses_route,
    "ExpireTime": _expire_time,
    "TimeOutActions": _time_out_actions,
}

#: The fields each command takes besides its type. Any other is refused: a command is stored as it was sent.
ARGUMENTS: dict[str, tuple[str, ...]] = {
    **{kind: () for kind in (*ACTIONS, *SYSTEM_COMMANDS)},
    "Move": ("to",),
    "PickUp": ("item",),
    "Drop": ("slot",),
    "Attack": ("target_seat",),
    "ChooseTruckRoute": ("route",),
    "ChooseDog": ("dog",),
}


# What each action of phase 2 does once its check has passed (§4.3.1-4.3.13); ``found`` is what the check returned.


def _after_action(play: Play) -> None:
    """The phase ends when the AP run out (unless the action already ended it or won)."""
    if play.state["phase"] == "actions" and play.state["ap"] == 0:
        play.emit("ActionPhaseEnded", seat=play.state["active"], reason="ap")


def _move(play: Play, seat: int, to: str) -> None:
    here = play.seat(seat)["space"]
    play.emit("DogMoved", seat=seat, to=to, ap_left=play.state["ap"] - 1, **{"from": here})
    if foreign_mark(play.state, seat, to):
        play.emit("LamppostSniffed", seat=seat, cell=to, owner=play.state["marks"][to])
        play.emit("ActionPhaseEnded", seat=seat, reason="sniff")
    else:
        _after_action(play)


def _search(play: Play, seat: int, cell: str) -> None:
    find(play, seat, "trash")
    play.emit("TrashSearched", seat=seat, cell=cell, ap_left=play.state["ap"] - 1)
    if play.state["tokens"] == 0:
        play.emit("TrashDayHappened", kept=cell, returned=SEARCH_TOKENS - 1)  # §4.8
    _after_action(play)


def _beg(play: Play, seat: int, restaurant: str) -> None:
    find(play, seat, "restaurant")
    play.emit("Begged", seat=seat, restaurant=restaurant, ap_left=play.state["ap"] - 1)
    _after_action(play)


def _take(play: Play, seat: int, slot: int) -> None:
    address = address_of(play.state["stack"][0])
    play.emit("NewspaperTaken", seat=seat, slot=slot, address=address, ap_left=play.state["ap"] - 1)
    _after_action(play)


def _deliver(play: Play, seat: int, slot: int) -> None:
    address = address_of(play.seat(seat)["slots"][slot])
    play.emit(
        "NewspaperDelivered", seat=seat, house=HOUSE_OF[address], address=address, slot=slot,
        ap_left=play.state["ap"] - 1,
    )
    shuffle_stack(play)
    find(play, seat, "newspaper")
    _after_action(play)


def _pick_up(play: Play, seat: int, found: tuple[str, int]) -> None:
    item, slot = found
    space = play.seat(seat)["space"]
    extra = {"address": address_of(play.state["ground"][space]["papers"][-1])} if item == "newspaper" else {}
    play.emit("ItemPickedUp", seat=seat, space=space, item=item, slot=slot, ap_left=play.state["ap"] - 1, **extra)
    _after_action(play)


def _drop(play: Play, seat: int, slot: int) -> None:
    dog = play.seat(seat)
    item = "bone" if dog["slots"][slot] == "bone" else "newspaper"
    play.emit("ItemDropped", seat=seat, space=dog["space"], item=item, slot=slot, ap_left=play.state["ap"] - 1)
    _after_action(play)


def _bury(play: Play, seat: int, slot: int) -> None:
    """§4.3.8, and the win it may bring (§5, §4.9)."""
    dog = play.seat(seat)
    buried = dog["buried"] + 1
    play.emit("BoneBuried", seat=seat, den=dog["den"], buried=buried, slot=slot, ap_left=play.state["ap"] - 1)
    reason = burial_win(play.state, seat, buried)
    if reason:
        play.emit("GameWon", seat=seat, reason=reason)
    else:
        _after_action(play)


def _drink(play: Play, seat: int, levels: tuple[int, int]) -> None:
    bladder, reserve = levels
    play.emit("BladderFilled", seat=seat, bladder=bladder, reserve=reserve, ap_left=play.state["ap"] - 1)
    _after_action(play)


def _pee(play: Play, seat: int, replaced: int | None) -> None:
    cell = play.seat(seat)["space"]
    play.emit("LamppostMarked", seat=seat, cell=cell, replaced=replaced, ap_left=play.state["ap"] - 1)
    _after_action(play)


def _attack(play: Play, seat: int, target: int) -> None:
    play.emit("AttackDeclared", seat=seat, target=target, ap_left=play.state["ap"] - 1)
    mine, theirs = draw(play, seat, "attack"), draw(play, target, "attack")
    winner = seat if mine > theirs else target if theirs > mine else None
    play.emit("FightResolved", attacker_claws=mine, defender_claws=theirs, winner=winner)
    if winner == target:
        send_to_pound(play, seat, "fight")
        play.emit("ActionPhaseEnded", seat=seat, reason="lost_fight")
        end_turn(play, seat)  # R29: no truck after a lost attack
        return
    if winner == seat:
        send_to_pound(play, target, "fight")
    _after_action(play)


def _end(play: Play, seat: int, found: None) -> None:
    play.emit("ActionPhaseEnded", seat=seat, reason="ended")


#: Phase 2's command type -> what the action does.
EFFECTS: dict[str, Callable[[Play, int, Any], None]] = {
    "Move": _move,
    "SearchTrash": _search,
    "Beg": _beg,
    "TakeNewspaper": _take,
    "DeliverNewspaper": _deliver,
    "PickUp": _pick_up,
    "Drop": _drop,
    "Bury": _bury,
    "Drink": _drink,
    "Pee": _pee,
    "Attack": _attack,
    "EndActions": _end,
}
