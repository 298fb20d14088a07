"""How a command unfolds into events: card draws, finds, the pound, turns and the truck phase (spec §4)."""

from __future__ import annotations

import random
from typing import Any

from domain.dogslife import truck
from domain.dogslife.board import ADJ, KIOSK
from domain.dogslife.content import CARDS, DOGS
from domain.dogslife.state import MAX_HUNGER, State, address_of, dog_ap, evolve, is_paper
from domain.engine import Event, copy_json, event


class Play:
    """A command being decided: a private copy of the state that follows every event emitted so far."""

    def __init__(self, state: State | None, rng: random.Random) -> None:
        self.state = copy_json(state)
        self.rng = rng
        self.events: list[Event] = []

    def emit(self, type_: str, **data: Any) -> None:
        """Record an event and fold it into the private state."""
        ev = event(type_, **data)
        self.events.append(ev)
        self.state = evolve(self.state, ev)

    def seat(self, seat: int) -> dict[str, Any]:
        """The seat's dog as it stands now."""
        return self.state["seats"][seat]


def draw(play: Play, seat: int, purpose: str) -> Any:
    """4.4: the result of the top card for ``purpose``, reshuffling (R30) whenever the shuffle card comes up."""
    dog = play.seat(seat)
    while dog["deck"][0] == DOGS[dog["dog"]].shuffle_card:
        play.emit("CardDrawn", seat=seat, purpose=purpose, card=dog["deck"][0], result="shuffle")
        play.emit("DeckReshuffled", seat=seat, order=play.rng.sample(DOGS[dog["dog"]].deck, 13))
    card = dog["deck"][0]
    result = CARDS[card][purpose]
    play.emit("CardDrawn", seat=seat, purpose=purpose, card=card, result=result)
    return result


def find(play: Play, seat: int, purpose: str) -> None:
    """4.5: draw for a trash, restaurant or newspaper find and resolve it."""
    result = draw(play, seat, purpose)
    dog = play.seat(seat)
    if result is None:
        play.emit("NothingFound", seat=seat, reason="card")
    elif result != "B":
        play.emit("FoodFound", seat=seat, days=result, hunger=min(MAX_HUNGER, dog["hunger"] + result))
    elif None not in dog["slots"]:
        play.emit("NothingFound", seat=seat, reason="no_slot")
    elif play.state["bones"] < 1:
        play.emit("NothingFound", seat=seat, reason="no_bone_left")
    else:
        play.emit("BoneFound", seat=seat, slot=dog["slots"].index(None))


def shuffle_stack(play: Play) -> None:
    """Shuffle the newspaper stack (order server-only)."""
    stack = [address_of(item) for item in play.state["stack"]]
    play.emit("NewspaperStackShuffled", order=play.rng.sample(stack, len(stack)))


def send_to_pound(play: Play, seat: int, reason: str) -> None:
    """4.6: drop everything where the dog stands, then onto pound track space 1."""
    dog = play.seat(seat)
    space, slots = dog["space"], dog["slots"]
    if any(item is not None for item in slots):
        papers = sum(1 for item in slots if is_paper(item))
        returned = papers if space == KIOSK else 0
        play.emit(
            "ItemsDropped", seat=seat, space=space, bones=slots.count("bone"), newspapers=papers - returned,
            returned=returned,
        )
        if returned:
            shuffle_stack(play)
    play.emit("SentToPound", seat=seat, reason=reason, **{"from": space})


def after_action(play: Play) -> None:
    """The phase ends when the AP run out (unless the action already ended it or won)."""
    if play.state["phase"] == "actions" and play.state["ap"] == 0:
        play.emit("ActionPhaseEnded", seat=play.state["active"], reason="ap")


def bury(play: Play, seat: int, slot: int) -> None:
    """4.3.8 with the win checks of §5 and §4.9."""
    dog = play.seat(seat)
    buried = dog["buried"] + 1
    play.emit("BoneBuried", seat=seat, den=dog["den"], buried=buried, slot=slot, ap_left=play.state["ap"] - 1)
    if buried >= play.state["options"]["bone_target"]:
        play.emit("GameWon", seat=seat, reason="target")
    elif seat in play.state["sudden_death"]:
        play.emit("GameWon", seat=seat, reason="tiebreak")
    else:
        after_action(play)


def end_turn(play: Play, seat: int) -> None:
    """A turn that ends without a truck phase: the next seat's turn starts."""
    play.emit("TurnEnded", seat=seat)
    next_turn(play)


def phase_one(play: Play, seat: int) -> bool:
    """4.2: hunger or pound. True when the dog goes on to phase 2."""
    dog = play.seat(seat)
    if dog["pound"]:
        track = dog["pound"]
        if track < 4:
            results = [draw(play, seat, "pound") for _ in range(track)]  # R5: all k cards, always
            if any(r != "leave" for r in results):
                play.emit("StayedInPound", seat=seat, track=track + 1)
                return False
        play.emit("LeftPound", seat=seat)
        return True
    if dog["hunger"] == 0:
        play.emit("DogStarved", seat=seat)
        send_to_pound(play, seat, "hunger")
        return False
    play.emit("HungerDropped", seat=seat, hunger=dog["hunger"] - 1)
    return True


def _timed_end(play: Play) -> bool:
    """4.9, once the round after time ran out ends: a strict leader wins (True); else the tied seats go on."""
    buried = [d["buried"] for d in play.state["seats"]]
    tied = [seat for seat, total in enumerate(buried) if total == max(buried)]
    if len(tied) == 1:
        play.emit("GameWon", seat=tied[0], reason="time")
        return True
    play.emit("SuddenDeathStarted", seats=tied)
    return False


def rounds_run_out(state: State) -> bool:
    """4.9 by rounds: the last round (``timed_rounds``) has begun and time has not yet been called."""
    limit = state["options"]["timed_rounds"]
    return bool(limit) and state["round"] >= limit and not state["time_up"]


def next_turn(play: Play) -> None:
    """Start turns clockwise until a dog reaches its action phase (or the timed game ends); 4.9 skips the untied."""
    s = play.state
    seat, round_ = s["active"], s["round"]
    while True:
        seat = s["first"] if seat is None else (seat + 1) % s["players"]
        if seat == s["first"]:
            if round_ and not s["sudden_death"]:
                if rounds_run_out(s):
                    # ExpireTime was never issued in the last round (every dog spent it in the pound, so no command
                    # came between its turns): the round counter calls time here, before the round is judged.
                    play.emit("TimeExpired")
                if s["time_up"] and _timed_end(play):
                    return
            round_ += 1  # a round begins at the first seat, even when sudden death passes it over
        if s["sudden_death"] and seat not in s["sudden_death"]:
            continue
        play.emit("TurnStarted", seat=seat, round=round_)
        if phase_one(play, seat):
            play.emit("ActionPhaseStarted", seat=seat, ap=dog_ap(s, seat))
            return
        play.emit("TurnEnded", seat=seat)


def roll_truck(play: Play) -> None:
    """4.7 steps 1-3: roll; a forced route (or a server choosing at once) moves the truck now."""
    s = play.state
    value = play.rng.randint(1, 6)
    options = truck.routes(s["truck"]["cell"], s["truck"]["rear"], value)
    play.emit("TruckDieRolled", seat=s["active"], value=value, routes=options)
    if len(options) == 1:
        move_truck(play, options[0], "forced")
    elif s["options"]["route_deadline_seconds"] == 0:
        move_truck(play, play.rng.choice(options), "server")


def move_truck(play: Play, route: list[str], chosen_by: str) -> None:
    """4.7 steps 3-6: drive the route, catch the dog on the end cell, check the adjacent ones, end the turn."""
    s = play.state
    start, to = s["truck"]["cell"], route[-1]
    play.emit("TruckRouteChosen", route=route, chosen_by=chosen_by)
    play.emit("TruckMoved", route=route, to=to, rear=truck.rear_after(start, route), **{"from": start})
    order = [(s["active"] + i) % s["players"] for i in range(s["players"])]
    for seat in order:
        if play.seat(seat)["space"] == to:
            play.emit("DogCaught", seat=seat, cell=to)
            send_to_pound(play, seat, "truck")
    for seat in order:
        dog = play.seat(seat)
        if dog["space"] in ADJ[to] and dog["space"] != dog["den"]:
            result = draw(play, seat, "escape")
            play.emit("EscapeChecked", seat=seat, result=result)
            if result == "caught":
                send_to_pound(play, seat, "truck")
    end_turn(play, s["active"])
