"""Each player's entry in a game, as the per-player index holds it (events/players.py), told from the table alone.

The command handler tells the entries before and after each command and writes those that changed with the
command's append, so a player's list of games never lags behind the games.
"""

from __future__ import annotations

from domain import table as tables
from events.contract import IndexWrite
from events.players import Entry, entry_writes


def held_seats(table: tables.Table | None) -> dict[str, list[int]]:
    """The seats each player holds at the table, by player id (none before the table opens)."""
    held: dict[str, list[int]] = {}
    for seat, spec in enumerate(table["seats"] if table is not None else []):
        if spec.get("player") is not None:
            held.setdefault(spec["player"], []).append(seat)
    return held


def entries(game_id: str, table: tables.Table | None, created: float) -> dict[str, Entry]:
    """The entry of each player holding a seat of the game, by player id."""
    held = held_seats(table)
    if not held:
        return {}
    assert table is not None
    found = {}
    for pid, seats in held.items():
        # A seat a bot decides for now (its clock ran out, it is absent) does not wait for its player: turn() says so.
        turns = {seat: tables.turn(table, seat) for seat in seats}
        waiting = [seat for seat, turn in turns.items() if turn.may_act and tables.legal_moves(table, seat)]
        deadlines = [turns[seat].deadline for seat in waiting if turns[seat].deadline is not None]
        found[pid] = {
            "game": game_id,
            "type": table["type"],
            "seats": seats,
            "status": table["status"],
            "your_turn": bool(waiting),
            "deadline": min(deadlines, default=None),
            "created": created,
        }
    return found


def changed_writes(before: dict[str, Entry], after: dict[str, Entry]) -> list[IndexWrite]:
    """The index writes of the entries that differ from ``before`` in ``after``."""
    return [
        write
        for pid, entry in after.items()
        if before.get(pid) != entry
        for write in entry_writes(pid, entry, new=pid not in before)
    ]
