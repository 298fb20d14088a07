"""Counter's rules: two seats alternate, seat 0 first; each move adds 1 or 2 to the total and its mover's count.

After ``moves`` moves (an option, 1000 by default) the game ends: a seat scores what it added; the higher
score wins, equal scores share the win. Every listed move is legal, and deciding one is a few comparisons.
"""

from __future__ import annotations

from typing import Any

from domain.engine import BadOptions, Command, Event, Seat, State, arg, event, reject_unknown_fields, require

PLAYERS = 2
#: The steps a move may add.
STEPS = (1, 2)
DEFAULT_MOVES = 1000
MAX_MOVES = 20_000

OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "moves": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_MOVES,
            "default": DEFAULT_MOVES,
            "description": "The game ends after this many moves, both seats' together.",
        }
    },
    "additionalProperties": False,
}


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Two players; ``moves`` from 1 to MAX_MOVES (default DEFAULT_MOVES)."""
    if players != PLAYERS:
        raise BadOptions("players", "Counter is for 2 players")
    if not isinstance(options, dict):
        raise BadOptions("options", "must be an object")
    unknown = sorted(set(options) - {"moves"})
    if unknown:
        raise BadOptions(unknown[0], "Counter has no such option")
    moves = options.get("moves", DEFAULT_MOVES)
    if not isinstance(moves, int) or isinstance(moves, bool) or not 1 <= moves <= MAX_MOVES:
        raise BadOptions("moves", f"must be an integer from 1 to {MAX_MOVES}")
    return {"moves": moves}


def setup(options: dict[str, Any]) -> list[Event]:
    """The one event that starts a game: no chance at all, seat 0 moves first."""
    return [event("GameStarted", moves=options["moves"])]


def decide(state: State, seat: Seat, command: Command) -> list[Event]:
    """Increment {by: 1|2} from the seat on turn: Incremented, and GameEnded after the last move."""
    require(command.get("type") == "Increment", "UnknownCommand", f"no command {command.get('type')!r}")
    reject_unknown_fields(command, ["by"])
    require(not state["over"], "GameOver")
    require(seat == state["turn"], "NotYourTurn")
    by = arg(command, "by", int)
    require(by in STEPS, "BadArgument", "'by' must be 1 or 2")
    counts = list(state["counts"])
    counts[seat] += by
    events = [event("Incremented", seat=seat, by=by, total=state["total"] + by)]
    if state["made"] + 1 == state["moves"]:
        events.append(event("GameEnded", **final_result(counts)))
    return events


def legal_moves(state: State, seat: int) -> list[Command]:
    """Both increments for the seat on turn; nothing for the other seat or after the end."""
    if state["over"] or seat != state["turn"]:
        return []
    return [{"type": "Increment", "by": by} for by in STEPS]


def to_act(state: State) -> list[int]:
    """The seat on turn, none after the end."""
    return [] if state["over"] else [state["turn"]]


def final_result(counts: list[int]) -> dict[str, Any]:
    """Each seat scores what it added; the highest wins, a tie shares the win."""
    best = max(counts)
    return {"scores": list(counts), "winners": [seat for seat, count in enumerate(counts) if count == best]}


def result(state: State) -> dict[str, Any] | None:
    """None while the game runs; then the scores and winners."""
    return final_result(state["counts"]) if state["over"] else None
