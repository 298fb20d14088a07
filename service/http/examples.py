"""Examples for the OpenAPI document: what the API answers, from games played in memory by the real code.

Swagger UI fills a schema that has no example with filler (``"string"``, ``additionalProp1``), and "Try it out"
sends that filler. So every request and response body gets an example here, made by the functions the endpoints
use (the table, the views, the event store's seal, the bots' schedule) from seeded games: a Felix game with one
human, Ana, and three bots, and a table nobody filled, which the system expired (the audit). They follow the
rules and the schemas as those change, and come out the same on every run, as the committed document must.
"""

from __future__ import annotations

import json
from typing import Any

from marshmallow import Schema

from domain import table as tables
from domain.catalogue import GAMES, static_content
from domain.engine import Command, Seat, rng_for
from domain.felix.content import cat_value
from domain.schedule import bot_action
from events.envelope import GENESIS, Envelope, seal
from service.core.config import Settings
from service.core.problems import ILLEGAL_MOVE, STALE_VERSION
from service.core.reads import game_view, links, logged_times, visible_event
from service.http.blueprints.catalogue import game_type
from service.http.blueprints.problems import page
from service.http.schemas import catalogue, games, health, problems

#: 2026-01-01 10:00 UTC: the examples' clock, which moves a second per command.
START = 1_767_261_600.0
SETTINGS = Settings()

#: The body that creates the example game: a Felix game for Ana and three bots.
CREATE: dict[str, Any] = {
    "type": "felix",
    "options": {},
    "seats": [{"human": True, "name": "Ana"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}],
}
#: What a seat token and a stream ticket look like (new_token's 256 bits, URL-safe base64).
TOKEN = "q8ZkN3vR7mXo1YbT5cLw2HsJ9dFa4GeU6iPn0KtVxWy"
TICKET = "Vb3Nq7Lm2Xc8Rt5Yk1Hs9Dw4Fg6Jp0ZaEoUiTeMnBvC"


class Game:
    """A game played in memory as the command handler plays it: each command decided, its events sealed in a log."""

    def __init__(self, game_id: str, seed: str) -> None:
        self.id = game_id
        self.seed = seed
        self.table: tables.Table | None = None
        self.log: list[Envelope] = []
        self.commands: dict[str, dict[str, Any]] = {}

    @property
    def version(self) -> int:
        """The game's version: its last event's."""
        return len(self.log)

    def run(self, seat: Seat, actor: dict[str, Any], command: Command, at: float) -> list[Envelope]:
        """Decide ``command`` at time ``at``, append its events and return them as sealed."""
        command_id = f"create:{self.id}" if self.table is None else f"{self.id[:8]}{self.version:016x}"
        first = self.version + 1
        events, self.table = tables.apply(self.table, seat, command, rng_for(self.seed, first), self.seed)
        previous = self.log[-1]["hash"] if self.log else GENESIS
        sealed = [envelope for envelope, _ in seal(events, first, previous, actor, command_id, at)]
        self.log += sealed
        self.commands[command_id] = {"seat": seat, "command": command}
        return sealed

    def bots_move(self, until: int) -> None:
        """Let the bots move, as the workers do, until seat ``until`` is to act."""
        assert self.table is not None
        while tables.to_act(self.table) != [until]:
            seat = tables.to_act(self.table)[0]
            action = bot_action(self.table, seat, self.table["seats"][seat]["bot"], self.seed)
            self.run(action.seat, action.actor, action.command, START + self.version)

    def view(self, seat: Seat) -> dict[str, Any]:
        """The game now, as GET /v1/games/{id} answers ``seat`` (a copy, so later moves do not change it)."""
        assert self.table is not None
        return _frozen(game_view(self.id, self.table, self.version, seat, logged_times(self.log)))

    def events(self, envelopes: list[Envelope], seat: Seat) -> list[dict[str, Any]]:
        """``envelopes`` as ``seat`` may see them."""
        return _frozen([visible_event("felix", envelope, seat) for envelope in envelopes])


def _frozen(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _felix() -> dict[str, Any]:
    """Ana's game: created, claimed, the bots' first moves, Ana's first card; each body as the API answers it."""
    game = Game("7c1e4a92b05d3f68", "5b0f6c1d9e8a7f3b2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0f2a3b5c7d9e1f3a5b")
    created = tables.create(
        CREATE["type"], CREATE["options"], CREATE["seats"], game.seed, SETTINGS.max_events, SETTINGS.open_game_seconds
    )
    game.run(None, {"kind": "system"}, created, START)
    opened = game.view(None)
    claim = {"type": "ClaimSeat", "seat": 0, "name": "Ana"}
    game.run(0, {"kind": "seat", "seat": 0}, claim, START + game.version)
    claimed = game.view(0)
    game.bots_move(until=0)
    before = game.view(0)
    # Ana puts her best cat face down.
    move = max(before["legal_moves"], key=lambda move: cat_value(move["command"]["card"]) or 0)
    appended = game.run(0, {"kind": "seat", "seat": 0}, move["command"], START + game.version)
    return {
        "created": opened,
        "claimed": {"seat": 0, "token": TOKEN, "player": None, "game": claimed},
        "view": before,
        "command": move,
        "result": {"version": game.version, "events": game.events(appended, 0), "game": game.view(0)},
        "events": {"version": game.version, "events": game.events(game.log, 0)},
        "lobby": {
            "games": [
                {
                    "id": game.id,
                    "type": "felix",
                    "status": "running",
                    "open_seats": 0,
                    "created": START,
                    "replaced_bots": [],
                    "players": before["seats"],
                    "result": None,
                    "rated": False,
                    "links": links(game.id),
                }
            ]
        },
        "ticket": {
            "ticket": TICKET,
            "expires_in": SETTINGS.stream_ticket_seconds,
            "stream": f"/v1/games/{game.id}/events/stream?ticket={TICKET}",
        },
    }


def _expired_audit() -> dict[str, Any]:
    """The audit of a table nobody filled, which the system expired: a whole log, short enough to show."""
    game = Game("e41b7d0c93a2f865", "9d2e4f6a8b0c1d3e5f7a9b1c3d5e7f9a0b2c4d6e8f1a3b5c7d9e0f2a4b6c8d1e")
    seats: list[dict[str, Any]] = [{"human": True, "name": "Ana"}, {"human": True}, {"bot": "greedy"}]
    created = tables.create("felix", {}, seats, game.seed, SETTINGS.max_events, SETTINGS.open_game_seconds)
    game.run(None, {"kind": "system"}, created, START)
    game.run(None, {"kind": "system"}, dict(tables.EXPIRE), START + SETTINGS.open_game_seconds)
    return {"id": game.id, "type": "felix", "seed": game.seed, "events": game.log, "commands": game.commands}


FELIX = _felix()

#: The example of each schema, shown wherever it is a request or response body.
EXAMPLES: dict[type[Schema], Any] = {
    games.CreateGame: CREATE,
    games.ClaimSeat: {"name": "Ana"},
    games.SendCommand: FELIX["command"],
    catalogue.Catalogue: {"game_types": [game_type(rules) for rules in GAMES.values()]},
    catalogue.GameTypeDetail: {**game_type(GAMES["felix"]), "content": static_content("felix")},
    games.GameView: FELIX["view"],
    games.Claimed: FELIX["claimed"],
    games.CommandResult: FELIX["result"],
    games.EventPage: FELIX["events"],
    games.Lobby: FELIX["lobby"],
    games.Audit: _expired_audit(),
    games.StreamTicket: FELIX["ticket"],
    problems.ProblemKinds: {"problems": [page(STALE_VERSION), page(ILLEGAL_MOVE)]},
    problems.ProblemKind: page(STALE_VERSION),
    health.Health: {"status": "ok", "redis": "ok"},
}
#: The body POST /v1/games answers with: the table, open until Ana claims her seat.
CREATED = FELIX["created"]
