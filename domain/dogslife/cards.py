"""The decks and the newspaper stack: shuffling a deck (spec §3.5), drawing a card (§4.4), resolving a find (§4.5),
and shuffling the stack again when a newspaper goes back into it (§4.3.5, R22)."""

from __future__ import annotations

from typing import Any

from domain.dogslife.content import CARDS, CARDS_PER_DECK, DOGS, MAX_HUNGER
from domain.dogslife.state import Play, address_of


def shuffle_deck(play: Play, seat: int) -> None:
    """§3.5: shuffle the seat's 13 cards into its deck (order server-only)."""
    play.emit("DeckShuffled", seat=seat, order=play.rng.sample(DOGS[play.seat(seat)["dog"]].deck, CARDS_PER_DECK))


def draw(play: Play, seat: int, purpose: str) -> Any:
    """§4.4: the result of the top card for ``purpose``, reshuffling (R30) whenever the shuffle card comes up."""
    dog = play.seat(seat)
    while dog["deck"][0] == DOGS[dog["dog"]].shuffle_card:
        play.emit("CardDrawn", seat=seat, purpose=purpose, card=dog["deck"][0], result="shuffle")
        play.emit("DeckReshuffled", seat=seat, order=play.rng.sample(DOGS[dog["dog"]].deck, CARDS_PER_DECK))
    card = dog["deck"][0]
    result = CARDS[card][purpose]
    play.emit("CardDrawn", seat=seat, purpose=purpose, card=card, result=result)
    return result


def find(play: Play, seat: int, purpose: str) -> None:
    """§4.5: draw for a trash, restaurant or newspaper find and resolve it."""
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
