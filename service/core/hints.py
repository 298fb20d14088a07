"""A seat's hint (GET /v1/games/{id}/hint): what the medium bot would play there now (domain/hints.py).

The bot reads the seat's view, its legal moves and its redacted log from the store, nothing else. A hint is advice:
never recorded nor replayed, so its search draws fresh randomness and nothing need reproduce it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain import hints
from domain import table as tables
from domain.engine import IllegalMove
from service.core.problems import NO_HINT, Problem
from service.core.reads import spoken
from service.core.wiring import Services


def hint(svc: Services, game_id: str, seat: int, language: str, count: Callable[[str], None]) -> dict[str, Any]:
    """The medium bot's move for ``seat`` of ``game_id`` now, with its label in ``language``; 409 when no hint may
    be given. ``count`` counts the ask against the rate of whoever asks (the seat's player, else the seat)."""
    loaded = svc.repo.load(game_id)
    table = loaded.table
    player = table["seats"][seat].get("player")
    count(player if player is not None else f"{game_id}:{seat}")
    try:
        asked = hints.question(table, seat, lambda: svc.repo.history(loaded, seat))
    except IllegalMove as refused:
        raise Problem(NO_HINT, refused.detail, rule=refused.reason) from None
    given = hints.answer(table["type"], asked, random.Random())
    said = spoken("label", tables.label(table, seat, given.move), language, tables.names(table, language))
    return {"move": given.move, **said, "bot": given.bot, "version": loaded.version}
