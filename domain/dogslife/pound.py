"""The pound: sending a dog there with its forced drop (spec §4.6), and its way out in phase 1 (§4.2.1)."""

from __future__ import annotations

from domain.dogslife.board import KIOSK
from domain.dogslife.cards import draw, shuffle_stack
from domain.dogslife.content import POUND_RELEASE
from domain.dogslife.state import Play, is_paper


def send_to_pound(play: Play, seat: int, reason: str) -> None:
    """§4.6: drop everything where the dog stands (newspapers on the kiosk go back to the stack, R22), then onto
    pound track space 1."""
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


def leaves_pound(play: Play, seat: int) -> bool:
    """§4.2.1: draw one card per track space (all of them, R5); True when the dog leaves, else it moves up the track."""
    track = play.seat(seat)["pound"]
    if track < POUND_RELEASE:
        results = [draw(play, seat, "pound") for _ in range(track)]
        if any(result != "leave" for result in results):
            play.emit("StayedInPound", seat=seat, track=track + 1)
            return False
    play.emit("LeftPound", seat=seat)
    return True
