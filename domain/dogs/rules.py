"""The DOGS ``Rules``: the engine contract wired to the decider, views and text."""

from __future__ import annotations

import random
from typing import Any

from domain.dogs import bots, render
from domain.dogs.content import is_blocker
from domain.dogs.game import advance, decide
from domain.dogs.moves import fair_price, legal_moves, pending
from domain.dogs.setup import setup_events
from domain.dogs.state import State, evolve
from domain.engine import Automatic, BadOptions, Command, Event, Rules, Seat, Secret, View

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


class DogsRules(Rules):
    """DOGS, the kennel-management game, for 2-4 players."""

    id = "dogs"
    name = "DOGS"
    min_players = 2
    max_players = 4
    options_schema = {
        "type": "object",
        "properties": {"start_player": {"type": ["integer", "null"], "minimum": 0, "maximum": 3}},
        "additionalProperties": False,
    }
    bots = bots.BOTS
    redraw_after = render.REDRAW_AFTER

    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Fill in the start player (null: chosen at random, R31)."""
        unknown = set(options) - {"start_player"}
        if unknown:
            raise BadOptions(sorted(unknown)[0], "unknown option")
        start = options.get("start_player")
        if start is not None and (isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < players):
            raise BadOptions("start_player", f"a seat from 0 to {players - 1}, or null")
        return {"start_player": start}

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
        """The setup events and the automatic start of round 1."""
        return advance(None, setup_events(players, options.get("start_player"), rng), rng)

    def evolve(self, state: State | None, event: Event) -> State:
        """Apply one event."""
        return evolve(state, event)

    def decide(self, state: State, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
        """A command's events and the automatic steps they make due."""
        return decide(state, seat, command, rng)

    def legal_moves(self, state: State, seat: int) -> list[Command]:
        """Every legal command of ``seat`` in canonical form."""
        return legal_moves(state, seat)

    def to_act(self, state: State) -> list[int]:
        """The one pending seat, if any."""
        due = pending(state)
        return [due[1]] if due else []

    def automatic(self, state: State) -> list[Automatic]:
        """Always empty: system steps are emitted with the command that makes them due."""
        return []

    def result(self, state: State) -> dict[str, Any] | None:
        """Scores and winners once the game has ended."""
        if state["step"] != "over":
            return None
        return {"scores": state["scores"], "winners": state["winners"]}

    def view(self, state: State, seat: Seat) -> View:
        """All but the supply and deck orders, the Fair pile below its top, removed lost dogs; ``you``: the viewer."""
        over = state["step"] == "over"
        # Shared with the state, not copied (a copy was a measurable share of every command): see Rules.view.
        out = {key: value for key, value in state.items() if over or key not in HIDDEN_STATE}
        due = pending(state)
        out["pending"] = {"step": due[0], "seat": due[1]} if due else None
        out["fair_price"] = fair_price(state)
        out["you"] = seat
        if over:
            return out
        out["supply"] = {
            g: {"tokens": len(toks), "blockers": sum(1 for t in toks if t.startswith("BLOCKER_"))}
            for g, toks in state["supply"].items()
        }
        out["deck"] = len(state["deck"])
        # The Fair deck is empty only inside the setup batch, where a replay may stop.
        top = state["fair_deck"][0] if state["fair_deck"] else None
        out["fair_deck"] = {"top": top, "cards": len(state["fair_deck"])}
        out["removed"] = len(state["removed"])
        return out

    def redact(self, event: Event, seat: Seat) -> Event:
        """Shuffle orders and removed lost tokens are hidden from every seat."""
        field = HIDDEN_FIELDS.get(event["type"])
        if field is None:
            return event
        data = dict(event["data"])
        data[field] = None
        data["count"] = len(event["data"][field])
        return {"type": event["type"], "data": data}

    def secrets(self, state: State, seat: Seat) -> list[Secret]:
        """Hidden from all until the end (§7.2): supplies, draw pile, the Fair pile below its top, removed dogs."""
        if state["step"] == "over":
            return []
        # Blockers are left out: public events name them while they lie in a supply, and they are alike.
        hidden: list[Secret] = [tok for toks in state["supply"].values() for tok in toks if not is_blocker(tok)]
        hidden += state["deck"] + state["removed"]
        below = tuple(state["fair_deck"][1:])
        return hidden + ([below] if len(below) > 1 else [])

    def describe(self, event: Event) -> str:
        """One readable line."""
        return render.describe(event)

    def label(self, state: State, seat: int, move: Command) -> str:
        """A move as a player says it ("Build pen A2 for 2 coins")."""
        return render.label(state, seat, move)

    def render(self, state: State, seat: Seat = None) -> str:
        """The board, the action board and every kennel."""
        return render.render(state, seat)
