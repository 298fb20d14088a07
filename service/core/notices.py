"""What a command tells the players of its game, told from their index entries before and after it.

The command handler (``CommandHandler._commit``) hands each of these to ``Notifications.send``: "turn" for a player
whose seat comes to act, "clock" for the same turn when it has a deadline (the worker holds it until
DOGPARK_CLOCK_WARNING of the turn's time is left), "game_over" when the game finishes. The player whose command it
was is here: told neither the turn nor the end it brought, only the clock warning, which comes later.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from events.players import Entry


@dataclass(frozen=True)
class Notice:
    """One notification to queue: its player, its kind and its data."""

    player: str
    kind: str
    data: dict[str, Any] = field(default_factory=dict)


def notices(
    before: dict[str, Entry], after: dict[str, Entry], actor: str | None, now: float, clock_warning: float
) -> list[Notice]:
    """The notifications a command's change of the players' entries (``before`` -> ``after``) calls for; ``actor``
    is the player whose seat sent it (None: the system, a bot), ``clock_warning`` the share of a turn's time left at
    which its player is told (0: never)."""
    found = []
    for pid, entry in after.items():
        held = before.get(pid)
        if entry["status"] == "finished":
            if pid != actor and (held is None or held["status"] != "finished"):
                found.append(Notice(pid, "game_over", {"type": entry["type"]}))
            continue
        if not entry["your_turn"] or (held is not None and held["your_turn"]):
            continue
        if pid != actor:
            found.append(Notice(pid, "turn", {"type": entry["type"]}))
        deadline = entry["deadline"]
        if clock_warning > 0 and deadline is not None and deadline > now:
            warn_at = deadline - clock_warning * (deadline - now)
            found.append(Notice(pid, "clock", {"type": entry["type"], "deadline": deadline, "warn_at": warn_at}))
    return found
