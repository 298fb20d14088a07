"""The games' requests and answers: create, claim, command, view, the lobby, the log, the audit, stream tickets."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, validate, validates_schema

from domain.table import MAX_SPECTATOR_DELAY
from service.http.schemas.base import GAME_TYPE, LINKS, MAX_NAME, MAX_VERSION, Answer, Name, Spoken, Strict
from service.http.schemas.choices import ChoiceNode, arguments, key
from service.http.schemas.commands import LEGAL, SENT
from service.http.schemas.commands.command import COMPONENTS
from service.http.schemas.rematch import Rematch
from service.http.schemas.views import GAME_STATE
from service.http.schemas.views.table import SeatClock

#: The longest label a command may carry (characters).
MAX_LABEL = 1000


class JsonBoolean(fields.Boolean):
    """JSON's true or false only: marshmallow's Boolean takes "yes", "off", 1 and 0 as well."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


def json_boolean(description: str, **more: Any) -> fields.Boolean:
    """A body's boolean that takes JSON's true and false only."""
    return JsonBoolean(metadata={"description": description, **more})


class SeatSpec(Strict):
    """A seat at creation: a built-in bot, a registered webhook bot, or a human who claims it later."""

    bot = fields.String(
        metadata={
            "description": "A built-in bot's name or a level's, easy, medium or hard (see /v1/game-types), or a "
            "registered bot's (see /v1/bots)."
        }
    )
    fallback = fields.String(
        metadata={
            "description": "A registered bot's fallback: the built-in bot that plays a turn whose call failed, and "
            "the seat for good after DOGPARK_WEBHOOK_FAILURES (5) failures in a row (easy, not a level that thinks); "
            "default random.",
            "example": "greedy",
        }
    )
    human = json_boolean("true: a human claims this seat with POST .../seats/{seat}.")
    player = fields.String(
        validate=validate.Length(min=1, max=64),
        metadata={
            "description": "A human seat kept for this player (an id, POST /v1/players): only the player's token "
            "claims it, and the player is told (an 'invited' notification). See docs/tables.md.",
            "example": "3f9a0c2e7b1d4865",
        },
    )
    name = Name(validate=validate.Length(max=MAX_NAME), metadata={"description": "A display name."})

    @validates_schema
    def _bot_or_human(self, data: dict, **_: object) -> None:
        if ("bot" in data) == bool(data.get("human")):
            raise ValidationError("give either 'bot' or 'human: true'")
        if "fallback" in data and "bot" not in data:
            raise ValidationError("only a registered bot's seat has a fallback")
        if "player" in data and "bot" in data:
            raise ValidationError("only a human seat is kept for a player")


class CreateGame(Strict):
    """POST /v1/games."""

    type = fields.String(required=True, metadata={"example": "felix"})
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seats = fields.List(fields.Nested(SeatSpec), required=True, validate=validate.Length(min=1, max=8))
    max_events = fields.Integer(
        strict=True,
        validate=validate.Range(min=1),
        metadata={
            "description": "Abandon the game (no winners) once its log reaches this many events. At most the "
            "server's limit (DOGPARK_MAX_EVENTS, 50,000 by default), which is also the default; above it: 422."
        },
    )
    # The table's settings: checked by domain.table.create, which names the field of a bad value (422 bad-options).
    clock = fields.Dict(
        metadata={
            "description": "A clock for every seat a person plays (none by default): {turn_seconds: N}, each "
            "decision within N seconds, or {initial_seconds: N, increment_seconds: M}, a bank of N seconds per "
            "seat that loses the time the seat takes and gains M after each of its moves. Seconds: 1 to 604800 "
            "(an increment may be 0). A seat whose time runs out is played for that decision by the on_timeout "
            "bot; see docs/clocks.md.",
            "oneOf": [
                {
                    "type": "object",
                    "properties": {"turn_seconds": {"type": "number", "minimum": 1, "maximum": 604800}},
                    "required": ["turn_seconds"],
                    "additionalProperties": False,
                },
                {
                    "type": "object",
                    "properties": {
                        "initial_seconds": {"type": "number", "minimum": 1, "maximum": 604800},
                        "increment_seconds": {"type": "number", "minimum": 0, "maximum": 604800},
                    },
                    "required": ["initial_seconds", "increment_seconds"],
                    "additionalProperties": False,
                },
            ],
            "example": {"turn_seconds": 60},
        }
    )
    on_timeout = fields.String(
        metadata={
            "description": "With a clock: what happens when a seat's time runs out. 'bot:<name>' (default "
            "'bot:random'; one of the game's built-in bots or levels, see /v1/game-types) makes that decision for it; "
            "'forfeit' takes the seat out of the winners, and the random bot plays on for it.",
            "example": "bot:greedy",
        }
    )
    absent_after = fields.Integer(
        strict=True,
        metadata={
            "description": "With a clock: after this many expiries in a row (default 3) the seat is absent, and its "
            "bot plays on at once until the seat sends any command (Return, or a move).",
            "minimum": 1,
            "maximum": 100,
        },
    )
    hotseat = json_boolean("true: one player may hold several seats of this game (default false).")
    vacation_days = fields.Float(
        metadata={
            "description": "With a clock: the most days each seat's clock may pause while its player is on vacation, "
            "over the whole game (fractions of a day too; 0: none). Default: 7 where the clock gives a decision a "
            "day or more, else 0 (docs/players.md#vacations).",
            "minimum": 0,
            "maximum": 60,
        },
    )
    rated = json_boolean(
        "true: the finished game updates the ratings of its players and bots in its game type "
        "(default false; docs/ratings.md). Every person's seat is then claimed with a player token (422 "
        "player-required otherwise), and it is not a hotseat game (422 bad-options)."
    )
    undo = fields.String(
        validate=validate.OneOf(["off", "safe", "ask"]),
        metadata={
            "description": "Whether a seat may take back its own latest decisions (default 'safe'; docs/undo.md): "
            "'safe' where, since the version it returns to, no other seat acted, nothing was left to chance and "
            "nothing hidden was shown to anyone; 'ask' also past those limits when every other player accepts; "
            "'off' never.",
            "example": "safe",
        },
    )
    hints = json_boolean(
        "Whether a seat may ask what the medium bot would play in its place (GET /v1/games/{id}/hint; "
        "docs/api.md#hints). Default true, but false at a rated table, which refuses true (422 bad-options naming "
        "hints).",
        example=True,
    )
    private = json_boolean(
        "true: a private table (default false): not in the lobby, and a seat is claimed only with an invitation "
        "(POST /v1/games/{id}/invitations) or by the player it is kept for (a seat's 'player'). Needs the creator's "
        "player token, or a seat kept for a player. See docs/tables.md."
    )
    spectator_chat = json_boolean(
        "false: the game's spectators may not chat (default true: its spectators' room is open to them; the seats "
        "read and write both rooms). See docs/chat.md."
    )
    spectator_delay = fields.Integer(
        strict=True,
        metadata={
            "description": "Moves the game's spectators read it behind, while it runs (default 0: none). A move is "
            "one seat's decision (its person's command, or a bot's for the seat); system steps and the claims "
            "before the start are not moves. Every spectator read (the view, the log, its stream, replays) stops "
            "where the game stood that many moves ago; the seats see everything at once, and once the game is over "
            "the whole of it is public. See docs/streams.md.",
            "minimum": 0,
            "maximum": MAX_SPECTATOR_DELAY,
            "example": 2,
        },
    )


class ClaimSeat(Strict):
    """POST /v1/games/{id}/seats/{seat}."""

    name = Name(validate=validate.Length(max=MAX_NAME))
    invitation = fields.String(
        load_only=True,
        validate=validate.Length(min=1, max=100),
        metadata={
            "description": "An invitation code for this seat (POST /v1/games/{id}/invitations): the claim spends it. "
            "A private table's seats are claimed only so, or by the player a seat is kept for."
        },
    )


class CommandObject(fields.Raw):
    """A command: a JSON object with a string ``type``, documented as one of the commands (and no other type, so
    that the document's anyOf stands alone); the rules check the rest (422 illegal-move)."""

    default_error_messages = {"invalid": "Not a valid mapping type."}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.make_error("invalid")
        return dict(value)


class SendCommand(Strict):
    """POST /v1/games/{id}/commands."""

    command = CommandObject(
        required=True,
        metadata={
            "description": "One of the legal moves' commands, or a table command (Resign, Return) at any time.",
            "anyOf": SENT,
            "example": {"type": "Bid", "amount": 3},
        },
    )
    expected_version = fields.Integer(
        strict=True,
        validate=validate.Range(min=0, max=MAX_VERSION),
        metadata={"description": "Refuse (409) unless the game is at this version; omit to act on the freshest."},
    )
    label = fields.String(
        load_only=True,
        validate=validate.Length(max=MAX_LABEL),
        metadata={"description": "Ignored: a legal move's label, so that a legal move posts as it is."},
    )
    label_key = fields.String(
        load_only=True,
        validate=validate.Length(max=MAX_LABEL),
        metadata={"description": "Ignored: a legal move's label_key, so that a legal move posts as it is."},
    )
    label_args = fields.Dict(
        load_only=True,
        metadata={"description": "Ignored: a legal move's label_args, so that a legal move posts as it is."},
    )

    @validates_schema
    def _command_has_a_type(self, data: dict, **_: object) -> None:
        if not isinstance(data.get("command", {}).get("type"), str):
            raise ValidationError({"command": ["needs a string 'type'"]})

    @staticmethod
    def quick_load(body: Any) -> dict[str, Any] | None:
        """What ``load`` returns for a body it surely takes (a move as clients send it), without marshmallow's cost;
        None for any other body, which ``load`` then decides (service/http/bodies.py)."""
        if type(body) is not dict or not body.keys() <= _SEND_COMMAND_FIELDS:
            return None
        command, version = body.get("command"), body.get("expected_version", 0)
        if type(command) is not dict or type(command.get("type")) is not str:
            return None
        if type(version) is not int or not 0 <= version <= MAX_VERSION:
            return None
        labels = (body.get("label", ""), body.get("label_key", ""))
        if any(type(label) is not str or len(label) > MAX_LABEL for label in labels):
            return None
        if type(body.get("label_args", {})) is not dict:
            return None
        if type(body.get("label_key", "")) is not str or type(body.get("label_args", {})) is not dict:
            return None
        # As load builds it: the fields in their declared order, the command a copy.
        loaded: dict[str, Any] = {"command": dict(command)}
        loaded.update((name, body[name]) for name in _SEND_COMMAND_OPTIONAL if name in body)
        return loaded


_SEND_COMMAND_FIELDS = SendCommand().fields.keys()
#: The fields beside the command, in their declared order.
_SEND_COMMAND_OPTIONAL = [name for name in _SEND_COMMAND_FIELDS if name != "command"]


class LobbyQuery(Spoken):
    """GET /v1/games query."""

    type = fields.String(validate=GAME_TYPE, metadata={"description": "Only the games of this type."})
    status = fields.String(validate=validate.OneOf(["open", "running", "finished"]))
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=500))
    before = fields.Float(metadata={"description": "Paging: only games created before this time."})


class EventsQuery(Spoken):
    """GET /v1/games/{id}/events query."""

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_VERSION))
    limit = fields.Integer(load_default=1000, validate=validate.Range(min=1, max=10_000))


class ReplayQuery(Spoken):
    """GET /v1/games/{id}/replay query."""

    version = fields.Integer(
        required=True,
        validate=validate.Range(min=1, max=MAX_VERSION),
        metadata={"description": "From 1 (the table just opened) to the game's version.", "example": 1},
    )


class Actor(Answer):
    """Who caused an event: the system (kind alone), a seat (its seat), or a bot (its seat and name)."""

    OPTIONAL = frozenset({"seat", "name", "for_", "reason"})

    kind = fields.String(validate=validate.OneOf(["seat", "bot", "system"]))
    seat = fields.Integer()
    name = fields.String()
    for_ = fields.String(
        data_key="for",
        attribute="for",
        metadata={
            "description": "A bot playing a person's seat says why: timeout (the seat's clock ran out), absent, "
            "resigned or forfeited; a registered bot's fallback names the registered bot it plays for (and "
            "'reason' says why); a bot seat's own bot has none.",
            "example": "timeout",
        },
    )
    reason = fields.String(
        metadata={
            "description": "Why a registered bot's fallback played its turn: timeout, error, status <n>, signature, "
            "malformed, illegal move, too large, refused, retired, or replaced (docs/bots.md, 'Fallbacks').",
            "example": "timeout",
        }
    )


class Logged(Answer):
    """What every event holds: its place in the log, its type and data, who caused it and when."""

    version = fields.Integer()
    type = fields.String()
    data = fields.Dict()
    actor = fields.Nested(Actor)
    time = fields.Float(metadata={"description": "Server time (Unix seconds) it was appended at."})


class Event(Logged):
    """An event as the caller may see it (hidden items removed)."""

    text = fields.String(
        metadata={
            "description": "The event in one line for humans, in the asker's language (?lang=, Accept-Language), "
            "written from the data as shown to the caller (it tells nothing the data hides); empty for bookkeeping "
            "that another event's text tells.",
            "example": "Rex bids 3 (puts in 3).",
        }
    )
    text_key = key("text")
    text_args = arguments("text")


class Seat(Answer):
    """A seat at the table."""

    OPTIONAL = frozenset({"replaced_by", "reserved"})

    seat = fields.Integer()
    kind = fields.String()
    bot = fields.String(allow_none=True)
    name = fields.String(allow_none=True)
    claimed = fields.Boolean()
    replaced_by = fields.String(
        allow_none=True,
        metadata={
            "description": "A registered bot's seat only: the built-in bot that plays it for the rest of the game "
            "since the bot failed too often in a row (BotReplaced); null while the registered bot plays."
        },
    )
    reserved = fields.String(
        metadata={
            "description": "A seat kept for a named player only (its creation's seat gave 'player'): the player's id; "
            "only that player claims it (docs/tables.md)."
        }
    )


#: What a list of games tells of each game's seats and result, as its view shows them (service/core/summaries.py).
PLAYERS = fields.List(
    fields.Nested(Seat),
    metadata={"description": "Who sits, as the game's view's seats: a bot named in the asker's language."},
)
RESULT = fields.Dict(
    allow_none=True, metadata={"description": "null until the game is over; then its result, as in the game's view."}
)
RATED = fields.Boolean(metadata={"description": "Whether the game's result updates its players' ratings."})


class LegalMove(Answer):
    """A body ready to POST to the commands URL."""

    command = fields.Raw(
        metadata={
            "description": "A command of the game, or the table's undo (docs/undo.md), ready to POST.",
            "anyOf": LEGAL,
        }
    )
    expected_version = fields.Integer()
    label = fields.String(
        metadata={
            "description": "The move in a few words for humans, in the asker's language, distinct among the seat's "
            "legal moves.",
            "example": "Bid 3 mice",
        }
    )
    label_key = key("label")
    label_args = arguments("label")


class Deadline(Answer):
    """A pending system step that waits for a time: the server acts then unless the game moves on first."""

    at = fields.String(
        metadata={
            "format": "date-time",
            "description": "When it falls due: RFC 3339, UTC, to the millisecond.",
            "example": "2026-01-01T10:00:20.000Z",
        }
    )
    seat = fields.Integer(
        allow_none=True, metadata={"description": "The seat it waits on; null: no seat in particular."}
    )
    what = fields.String(
        metadata={
            "description": "The command the server then issues: ExpireGame (a table nobody filled is abandoned); "
            "ExpireClock (the seat's clock runs out: a bot decides for it); EndVacation (the seat's clock, paused "
            "for its player's vacation, runs again); in A Dog's Life, TimeOutActions (the seat's action phase "
            "ends), ChooseTruckRoute (the server picks the truck's route at a fork) or ExpireTime (the timed "
            "variant ends).",
            "example": "ChooseTruckRoute",
        }
    )


class UndoAsked(Answer):
    """An undo asked of the table (setting 'ask'): who asks, back to which version, which rule it breaks, who must
    accept and who did."""

    seat = fields.Integer()
    to_version = fields.Integer()
    rule = fields.String(metadata={"enum": ["OtherSeatActed", "ChanceRecorded", "SomethingRevealed"]})
    asked = fields.List(fields.Integer())
    accepted = fields.List(fields.Integer())


class UndoShown(Answer):
    """The table's undo setting, and the undo asked of its seats now (null: none)."""

    setting = fields.String(metadata={"enum": ["off", "safe", "ask"]})
    pending = fields.Nested(UndoAsked, allow_none=True)


class GameView(Answer):
    """A game as the caller may see it."""

    OPTIONAL = frozenset(
        {"clocks", "rated", "private", "rematch", "spectator_chat", "spectator_delay", "undo", "hints"}
    )

    id = fields.String()
    type = fields.String()
    version = fields.Integer()
    status = fields.String()
    options = fields.Dict()
    seats = fields.List(fields.Nested(Seat))
    private = fields.Boolean(
        metadata={
            "description": "Only at a private table (true): not in the lobby, and a seat is claimed only with an "
            "invitation or by the player it is kept for (docs/tables.md)."
        }
    )
    spectator_chat = fields.Boolean(
        metadata={
            "description": "Only where spectators may not chat (false): the spectators' room is closed (docs/chat.md)."
        }
    )
    undo = fields.Nested(
        UndoShown,
        metadata={"description": "Only at a table with an undo setting (docs/undo.md): it, and an undo asked now."},
    )
    hints = fields.Boolean(
        metadata={
            "description": "Only at a table that gives no hints (false): a rated table, or one created with hints "
            "false. Elsewhere a seat may ask GET /v1/games/{id}/hint (docs/api.md#hints)."
        }
    )
    spectator_delay = fields.Integer(
        metadata={
            "description": "Only at a table whose spectators are delayed: the moves they read the running game behind "
            "(a spectator's view is the game as it stood then; docs/streams.md)."
        }
    )
    seed_sha256 = fields.String(metadata={"description": "SHA-256 of the secret seed, public from the start."})
    seed = fields.String(allow_none=True, metadata={"description": "Revealed once the game is over."})
    to_act = fields.List(fields.Integer())
    rated = fields.Boolean(
        metadata={"description": "Only at a rated game, true: its result updates its players' ratings."}
    )
    you = fields.Integer(allow_none=True, metadata={"description": "The caller's seat (null: spectator)."})
    deadlines = fields.List(
        fields.Nested(Deadline),
        metadata={
            "description": "Every pending deadline, soonest first: a seat's time to act, a timed game's end, an "
            "open table's expiry. Bots' turns and steps due at once are none. Dated from the logged times of "
            "the events they count from, so a replay shows them as they stood then."
        },
    )
    state = fields.Raw(
        allow_none=True,
        metadata={
            "description": "The game's own view, hidden items removed; null until the game starts. Its shape is "
            "the game's own, told apart by its `game` (GameState).",
            "oneOf": [{"$ref": COMPONENTS + GAME_STATE}, {"type": "null"}],
        },
    )
    legal_moves = fields.List(fields.Nested(LegalMove))
    choices = fields.Nested(
        ChoiceNode,
        allow_none=True,
        metadata={"description": "The legal moves as a tree of small choices (docs/frontends.md); null: none."},
    )
    clocks = fields.List(
        fields.Nested(SeatClock),
        metadata={
            "description": "Each seat's clock and standing, by seat: only at a table with a clock, or where a "
            "seat resigned."
        },
    )
    rematch = fields.Nested(
        Rematch,
        allow_none=True,
        metadata={
            "description": "Only in GET /v1/games/{id} of a finished game: its rematch (docs/play-again.md), null "
            "while none was offered."
        },
    )
    result = fields.Dict(
        allow_none=True,
        metadata={
            "description": "null until the game is over; then scores and winners (seats). A solo game of Spots "
            "adds 'pes': {total, dogs, won}, Pes's completed dogs and whether Pes won (then winners is []). A game "
            "the table abandoned (too many events, or never filled) has none of either, and 'abandoned' says why: "
            "{reason: 'max_events', limit} or {reason: 'expired', seconds}. Where a seat resigned or forfeited, "
            "'resigned' and 'forfeited' list them (seats), and the winners are those in good standing: a resigned "
            "seat ranks below every other, a forfeited one cannot win (docs/clocks.md)."
        },
    )
    links = LINKS


class Claimed(Answer):
    """A claimed seat: its bearer token is shown this once; a seat claimed with a player token gets none."""

    seat = fields.Integer()
    token = fields.String(
        allow_none=True,
        metadata={
            "description": "The seat's bearer token, shown this once; null when the seat was claimed with a player "
            "token: no seat token is issued, the player's token acts for the seat."
        },
    )
    player = fields.String(
        allow_none=True,
        metadata={"description": "The id of the player the seat belongs to, if it was claimed with a player token."},
    )
    game = fields.Nested(GameView)


class CommandResult(Answer):
    """What a command appended, as the caller may see it."""

    version = fields.Integer()
    events = fields.List(fields.Nested(Event))
    game = fields.Nested(GameView)


class EventPage(Answer):
    """A page of the log."""

    version = fields.Integer(metadata={"description": "The game's current version."})
    events = fields.List(fields.Nested(Event))


class LobbyEntry(Answer):
    """A game in the lobby."""

    id = fields.String()
    type = fields.String()
    status = fields.String()
    open_seats = fields.Integer()
    created = fields.Float()
    replaced_bots = fields.List(
        fields.Integer(),
        metadata={
            "description": "Seats whose registered (webhook) bot failed too many calls in a row and is played by its "
            "fallback built-in bot for the rest of the game."
        },
    )
    players = PLAYERS
    result = RESULT
    rated = RATED
    links = LINKS


class Lobby(Answer):
    """Games by type and status, newest first."""

    games = fields.List(fields.Nested(LobbyEntry))


class AuditEvent(Logged):
    """A stored event, unredacted, with its place in the hash chain."""

    command_id = fields.String()
    hash = fields.String()


class Audit(Answer):
    """The whole history of a finished game, enough to verify it independently."""

    id = fields.String()
    type = fields.String()
    seed = fields.String()
    events = fields.List(fields.Nested(AuditEvent))
    commands = fields.Dict(
        metadata={
            "description": "command id -> {seat, command}: each command as it was sent. One sent with an "
            "Idempotency-Key also holds request_sha256, the SHA-256 of the canonical JSON of [command, "
            "expected_version], which a retry with its key must match."
        }
    )


class StreamTicket(Answer):
    """A single-use ticket that opens the seat's event stream, for a client that cannot send headers."""

    ticket = fields.String(metadata={"description": "Pass it as the stream's ?ticket=; it opens one stream, once."})
    expires_in = fields.Float(
        metadata={"description": "Seconds the ticket is valid for (DOGPARK_STREAM_TICKET_SECONDS)."}
    )
    stream = fields.String(metadata={"description": "The stream's URL with the ticket, ready for an EventSource."})
