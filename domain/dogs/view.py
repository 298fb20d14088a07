"""Hidden information (§7): what a seat sees of the state (``view``) and of each event (``redact``), and what it
may not learn (``secrets``). Nothing is private to one seat (§7.1); what §7.2 hides is hidden from all."""

from __future__ import annotations

from domain.dogs.content import is_blocker
from domain.dogs.moves import pending
from domain.dogs.state import State, fair_price
from domain.engine import Event, Seat, Secret, View

#: Event fields hidden from every seat (§7.3).
HIDDEN_FIELDS = {
    "DogSupplyShuffled": "order",
    "CardDeckShuffled": "order",
    "CardDeckReshuffled": "order",
    "FairDeckShuffled": "order",
    "LostDogsRemoved": "tokens",
}

#: Parts of the state a running game shows only in part (§7.2); the view says what of them is public.
HIDDEN_STATE = ("supply", "deck", "fair_deck", "removed")


def view(state: State, seat: Seat) -> View:
    """All but the supply and deck orders, the Fair pile below its top, removed lost dogs; ``you``: the viewer."""
    over = state["step"] == "over"
    # Shared with the state, not copied (a copy was a measurable share of every command): see Rules.view.
    out = {key: value for key, value in state.items() if over or key not in HIDDEN_STATE}
    due = pending(state)
    out["pending"] = {"step": due[0], "seat": due[1]} if due else None
    out["fair_price"] = fair_price(state)
    out["game"] = "dogs"
    out["you"] = seat
    if over:
        return out
    out["supply"] = {
        group: {"tokens": len(tokens), "blockers": sum(1 for token in tokens if is_blocker(token))}
        for group, tokens in state["supply"].items()
    }
    out["deck"] = len(state["deck"])
    # The Fair deck is empty only inside the setup batch, where a replay may stop.
    top = state["fair_deck"][0] if state["fair_deck"] else None
    out["fair_deck"] = {"top": top, "cards": len(state["fair_deck"])}
    out["removed"] = len(state["removed"])
    return out


def redact(event: Event, seat: Seat) -> Event:
    """Shuffle orders and removed lost tokens are hidden from every seat."""
    field = HIDDEN_FIELDS.get(event["type"])
    if field is None:
        return event
    data = dict(event["data"])
    data[field] = None
    data["count"] = len(event["data"][field])
    return {"type": event["type"], "data": data}


def secrets(state: State, seat: Seat) -> list[Secret]:
    """Hidden from all until the end (§7.2): supplies, draw pile, the Fair pile below its top, removed dogs."""
    if state["step"] == "over":
        return []
    # Blockers are left out: public events name them while they lie in a supply, and they are alike.
    hidden: list[Secret] = [token for tokens in state["supply"].values() for token in tokens if not is_blocker(token)]
    hidden += state["deck"] + state["removed"]
    below = tuple(state["fair_deck"][1:])
    return hidden + ([below] if len(below) > 1 else [])
