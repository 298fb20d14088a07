"""Turns (spec §4.1): whose turn starts next, clockwise, with phase 1, hunger or pound (§4.2), and the end of the
round in which time ran out (§4.9), when only the seats tied in sudden death play on."""

from __future__ import annotations

from domain.dogslife.pound import leaves_pound, send_to_pound
from domain.dogslife.scoring import judge_timed_end, rounds_run_out
from domain.dogslife.state import Play, dog_ap


def phase_one(play: Play, seat: int) -> bool:
    """§4.2: hunger or pound. True when the dog goes on to phase 2."""
    dog = play.seat(seat)
    if dog["pound"]:
        return leaves_pound(play, seat)
    if dog["hunger"] == 0:
        play.emit("DogStarved", seat=seat)
        send_to_pound(play, seat, "hunger")
        return False
    play.emit("HungerDropped", seat=seat, hunger=dog["hunger"] - 1)
    return True


def next_turn(play: Play) -> None:
    """Start turns clockwise until a dog reaches its action phase (or the timed game ends); §4.9 skips the untied."""
    state = play.state
    seat, round_ = state["active"], state["round"]
    while True:
        seat = state["first"] if seat is None else (seat + 1) % state["players"]
        if seat == state["first"]:
            if round_ and not state["sudden_death"]:
                if rounds_run_out(state):
                    # ExpireTime was never issued in the last round (every dog spent it in the pound, so no command
                    # came between its turns): the round counter calls time here, before the round is judged.
                    play.emit("TimeExpired")
                if state["time_up"] and judge_timed_end(play):
                    return
            round_ += 1  # a round begins at the first seat, even when sudden death passes it over
        if state["sudden_death"] and seat not in state["sudden_death"]:
            continue
        play.emit("TurnStarted", seat=seat, round=round_)
        if phase_one(play, seat):
            play.emit("ActionPhaseStarted", seat=seat, ap=dog_ap(state, seat))
            return
        play.emit("TurnEnded", seat=seat)


def end_turn(play: Play, seat: int) -> None:
    """A turn that ends without a truck phase, or after it: the next seat's turn starts."""
    play.emit("TurnEnded", seat=seat)
    next_turn(play)
