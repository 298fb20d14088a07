"""Request and response schemas: they validate input and generate the OpenAPI document."""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

#: The largest version a request may name: every JSON client holds it exactly, and it fits a Redis stream ID.
MAX_VERSION = 2**53 - 1


class Strict(Schema):
    """Unknown fields are an error, so a typo never passes silently."""

    class Meta:
        unknown = RAISE


class SeatSpec(Strict):
    """A seat at creation: a built-in bot, or a human who claims it later."""

    bot = fields.String(metadata={"description": "A built-in bot's name (see /v1/game-types)."})
    human = fields.Boolean(metadata={"description": "true: a human claims this seat with POST .../seats/{seat}."})
    name = fields.String(validate=validate.Length(max=40), metadata={"description": "A display name."})

    @validates_schema
    def _bot_or_human(self, data: dict, **_: object) -> None:
        if ("bot" in data) == bool(data.get("human")):
            raise ValidationError("give either 'bot' or 'human: true'")


class CreateGame(Strict):
    """POST /v1/games."""

    type = fields.String(required=True, metadata={"example": "felix"})
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seats = fields.List(fields.Nested(SeatSpec), required=True, validate=validate.Length(min=1, max=8))


class ClaimSeat(Strict):
    """POST /v1/games/{id}/seats/{seat}."""

    name = fields.String(validate=validate.Length(max=40))


class SendCommand(Strict):
    """POST /v1/games/{id}/commands."""

    command = fields.Dict(required=True, metadata={"example": {"type": "Bid", "amount": 3}})
    expected_version = fields.Integer(
        strict=True,
        validate=validate.Range(min=0, max=MAX_VERSION),
        metadata={"description": "Refuse (409) unless the game is at this version; omit to act on the freshest."},
    )

    @validates_schema
    def _command_has_a_type(self, data: dict, **_: object) -> None:
        if not isinstance(data.get("command", {}).get("type"), str):
            raise ValidationError({"command": ["needs a string 'type'"]})


class LobbyQuery(Strict):
    """GET /v1/games query."""

    type = fields.String()
    status = fields.String(validate=validate.OneOf(["open", "running", "finished"]))
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=500))
    before = fields.Float(metadata={"description": "Paging: only games created before this time."})


class EventsQuery(Strict):
    """GET /v1/games/{id}/events query."""

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_VERSION))
    limit = fields.Integer(load_default=1000, validate=validate.Range(min=1, max=10_000))


class ReplayQuery(Strict):
    """GET /v1/games/{id}/replay query."""

    version = fields.Integer(required=True, validate=validate.Range(min=1, max=MAX_VERSION))


class Actor(Schema):
    """Who caused an event."""

    kind = fields.String(validate=validate.OneOf(["seat", "bot", "system"]))
    seat = fields.Integer()
    name = fields.String()


class Event(Schema):
    """An event as the caller may see it (hidden items removed)."""

    version = fields.Integer()
    type = fields.String()
    data = fields.Dict()
    actor = fields.Nested(Actor)
    time = fields.Float()


class Seat(Schema):
    """A seat at the table."""

    seat = fields.Integer()
    kind = fields.String()
    bot = fields.String(allow_none=True)
    name = fields.String(allow_none=True)
    claimed = fields.Boolean()


class LegalMove(Schema):
    """A body ready to POST to the commands URL."""

    command = fields.Dict()
    expected_version = fields.Integer()


class GameView(Schema):
    """A game as the caller may see it."""

    id = fields.String()
    type = fields.String()
    version = fields.Integer()
    status = fields.String()
    options = fields.Dict()
    seats = fields.List(fields.Nested(Seat))
    seed_sha256 = fields.String(metadata={"description": "SHA-256 of the secret seed, public from the start."})
    seed = fields.String(allow_none=True, metadata={"description": "Revealed once the game is over."})
    to_act = fields.List(fields.Integer())
    you = fields.Integer(allow_none=True, metadata={"description": "The caller's seat (null: spectator)."})
    state = fields.Dict(allow_none=True, metadata={"description": "The game's own view, hidden items removed."})
    legal_moves = fields.List(fields.Nested(LegalMove))
    result = fields.Dict(allow_none=True)
    links = fields.Dict(keys=fields.String(), values=fields.String())


class Claimed(Schema):
    """A claimed seat: its bearer token is shown this once."""

    seat = fields.Integer()
    token = fields.String()
    game = fields.Nested(GameView)


class CommandResult(Schema):
    """What a command appended, as the caller may see it."""

    version = fields.Integer()
    events = fields.List(fields.Nested(Event))
    game = fields.Nested(GameView)


class EventPage(Schema):
    """A page of the log."""

    version = fields.Integer(metadata={"description": "The game's current version."})
    events = fields.List(fields.Nested(Event))


class LobbyEntry(Schema):
    """A game in the lobby."""

    id = fields.String()
    type = fields.String()
    status = fields.String()
    open_seats = fields.Integer()
    created = fields.Float()
    links = fields.Dict(keys=fields.String(), values=fields.String())


class Lobby(Schema):
    """Games by type and status, newest first."""

    games = fields.List(fields.Nested(LobbyEntry))


class GameType(Schema):
    """A game the server offers."""

    id = fields.String()
    name = fields.String()
    min_players = fields.Integer()
    max_players = fields.Integer()
    bots = fields.List(fields.String())
    options_schema = fields.Dict(metadata={"description": "JSON Schema of the options object."})


class Catalogue(Schema):
    """Every game type."""

    game_types = fields.List(fields.Nested(GameType))


class AuditEvent(Event):
    """A stored event, unredacted, with its place in the hash chain."""

    command_id = fields.String()
    hash = fields.String()


class Audit(Schema):
    """The whole history of a finished game, enough to verify it independently."""

    id = fields.String()
    type = fields.String()
    seed = fields.String()
    events = fields.List(fields.Nested(AuditEvent))
    commands = fields.Dict(metadata={"description": "command id -> {seat, command}"})


class Health(Schema):
    """Health check."""

    status = fields.String()
    redis = fields.String()


class Problem(Schema):
    """An error (RFC 9457), with the extension members some errors add."""

    type = fields.String()
    title = fields.String()
    status = fields.Integer()
    detail = fields.String()
    errors = fields.Dict(
        metadata={"description": "A request that does not match its schema: location -> field -> messages."}
    )
    rule = fields.String(metadata={"description": "An illegal move (422): the rule it breaks."})
    option = fields.String(metadata={"description": "Bad options (422): the option at fault."})
    version = fields.Integer(
        metadata={"description": "The game's version now: a stale expected_version (409), a replay past it (422)."}
    )
    to_act = fields.List(fields.Integer(), metadata={"description": "A seat that may not act (403): who may."})
