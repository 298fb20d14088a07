"""Spots as a ``Rules``: the decider that ties the options, setup, tricks, Pes, views and bots together."""

from __future__ import annotations

import random
from typing import Any

from domain.engine import Automatic, BadOptions, Command, Event, IllegalMove, Rules, Seat, Secret, View, require
from domain.spots import text
from domain.spots.bots import BOTS
from domain.spots.commands import HANDLERS, refusal
from domain.spots.content import DOGS
from domain.spots.moves import COMMANDS_BY_PHASE, DECISIONS, legal_moves
from domain.spots.opening import opening
from domain.spots.options import OPTIONS_SCHEMA, normalize_options
from domain.spots.pes import PES_COMMAND, play_pes
from domain.spots.procedures import Ctx
from domain.spots.state import State, completed, evolve
from domain.spots.turns import advance


def _plain(value: Any) -> bool:
    """Arguments are integers, tile ids, or lists of integers; bools and floats are never integers."""
    if isinstance(value, list):
        return all(_plain(v) and not isinstance(v, list | str) for v in value)
    return (isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, str)


def _check(state: State, seat: Seat, command: Command) -> None:
    """Raise IllegalMove unless the command is one of the seat's legal moves, with the rule it breaks."""
    require(isinstance(command, dict), "BadCommand", "a command is an object")
    kind = command.get("type")
    require(isinstance(kind, str) and kind in HANDLERS, "UnknownCommand", f"no command {kind!r}")
    require(state["phase"] in DECISIONS and seat == state["active"], "NotYourTurn")
    require(kind in COMMANDS_BY_PHASE[state["phase"]], "WrongPhase", f"{kind} is not allowed in {state['phase']}")
    for name, value in command.items():
        require(name == "type" or _plain(value), "BadArgument", f"'{name}' has the wrong type")
    if command not in legal_moves(state, seat):
        raise IllegalMove(refusal(state, seat, command), f"{command!r} is not legal now")


class Spots(Rules):
    """Spots (Крапки): push-your-luck dice, 1-5 players, solo against Pes."""

    id = "spots"
    name = "Spots"
    min_players = 1
    max_players = 5
    options_schema = OPTIONS_SCHEMA
    bots = BOTS

    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Return complete options with defaults filled in; raise BadOptions."""
        return normalize_options(options, players)

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
        """The events that lay out the table and start the first turn."""
        if not 1 <= players <= 5:
            raise BadOptions("players", "Spots is for 1 to 5 players")
        return opening(players, options, rng)

    def evolve(self, state: State | None, event: Event) -> State:
        """Apply one event."""
        return evolve(state, event)

    def decide(self, state: State, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
        """The events a command causes, automatic follow-ups included; IllegalMove if it is not legal."""
        require(state["phase"] != "ended", "GameOver")
        if seat is None:
            require(state["phase"] == "pes" and command == PES_COMMAND, "NotAutomatic", "no system step is due")
            ctx = Ctx(state, rng)
            play_pes(ctx)
        else:
            _check(state, seat, command)
            ctx = Ctx(state, rng)
            HANDLERS[command["type"]](ctx, command)
        advance(ctx)
        return ctx.events

    def legal_moves(self, state: State, seat: int) -> list[Command]:
        """Every command the seat may send now."""
        return legal_moves(state, seat)

    def to_act(self, state: State) -> list[int]:
        """The active seat while it has a decision to make."""
        return [state["active"]] if state["phase"] in DECISIONS else []

    def automatic(self, state: State) -> list[Automatic]:
        """Pes's turn, due at once, in solo games."""
        if state["phase"] != "pes":
            return []
        return [{"command": dict(PES_COMMAND), "delay": 0, "since": state["since"]}]

    def result(self, state: State) -> dict[str, Any] | None:
        """Completed dogs per seat; the winner, or no winner when Pes wins a solo game."""
        if state["phase"] != "ended":
            return None
        scores = [{"seat": i, "total": completed(s), "treats": s["treats"]} for i, s in enumerate(state["seats"])]
        out: dict[str, Any] = {"scores": scores, "winners": [] if state["winner"] == "pes" else [state["winner"]]}
        if state["pes"] is not None:
            # Pes's pile is public; naming its dogs lets a final score say which ones beat the player.
            pile = state["pes"]["pile"]
            out["pes"] = {"total": len(pile), "dogs": [DOGS[card].name for card in pile]}
        return out

    def view(self, state: State, seat: Seat) -> View:
        """The whole table but the deck order and the free-walk stack orders (section 7); ``you``: the viewer's seat."""
        return {**text.observe(state), "you": seat}

    def redact(self, event: Event, seat: Seat) -> Event:
        """Deck and stack orders are cut to what lies on top."""
        return text.redact(event)

    def secrets(self, state: State, seat: Seat) -> list[Secret]:
        """The deck order and the free-walk stack orders, the same for every seat (section 7)."""
        return text.secrets(state)

    def describe(self, event: Event) -> str:
        """One readable line."""
        return text.describe(event)

    def label(self, state: State, seat: int, move: Command) -> str:
        """A move as a player says it ("Place the 4 on Bongo")."""
        return text.label(state, seat, move)

    def render(self, state: State, seat: Seat = None) -> str:
        """The table as text."""
        return text.render(text.observe(state))

