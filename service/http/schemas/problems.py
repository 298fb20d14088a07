"""Problem documents (RFC 9457) and the pages of their kinds (service/core/problems.py)."""

from __future__ import annotations

from marshmallow import fields, validate

from service.core.problems import BLANK, KINDS
from service.http.schemas.base import Answer


class Problem(Answer):
    """An error (RFC 9457), with the extension members some errors add."""

    OPTIONAL = frozenset(
        {
            "errors",
            "rule",
            "option",
            "version",
            "to_act",
            "seats",
            "bots",
            "cap",
            "limit",
            "running",
            "answer",
            "game",
            "detail_en",
            "rematch",
            "days_left",
            "vacation",
        }
    )

    type = fields.String(
        validate=validate.OneOf([*(kind.type for kind in KINDS.values()), BLANK]),
        metadata={
            "description": "The problem's kind, a URI reference relative to the API's origin: GET it for what the "
            "kind means and what to do (GET /v1/problems lists every kind). 'about:blank' only for an HTTP error "
            "with no kind of its own.",
            "example": "/v1/problems/stale-version",
        },
    )
    title = fields.String(metadata={"description": "The kind's title, in the asker's language (Content-Language)."})
    status = fields.Integer()
    detail = fields.String(
        metadata={
            "description": "What went wrong, in the asker's language. In English it is specific to this request; "
            "in another language it is a sentence of the service's catalogues, the rule's for an illegal move "
            "(or a taken seat) and the kind's otherwise, and 'detail_en' keeps the specific English detail.",
        }
    )
    detail_en = fields.String(
        metadata={
            "description": "A problem answered in another language than English (and not about:blank): the "
            "specific English detail that 'detail' translates as a general sentence. Absent in English.",
            "example": "it is seat 2's turn",
        }
    )
    errors = fields.Dict(
        metadata={
            "description": "A request that does not match its schema: location -> field -> messages.",
            "example": {"json": {"seats": ["Missing data for required field."]}},
        }
    )
    rule = fields.String(metadata={"description": "An illegal move (422): the rule it breaks."})
    option = fields.String(metadata={"description": "Bad options (422): the option at fault."})
    version = fields.Integer(
        metadata={"description": "The game's version now: a stale expected_version (409), a replay past it (422)."}
    )
    to_act = fields.List(fields.Integer(), metadata={"description": "A seat that may not act (403): who may."})
    seats = fields.List(
        fields.Integer(),
        metadata={"description": "A player's token used for a seat it does not name or hold (400, 403): its seats."},
    )
    bots = fields.List(
        fields.String(), metadata={"description": "Seats naming suspended bots (422 bot-suspended): their names."}
    )
    cap = fields.String(
        validate=validate.OneOf(["address", "token", "spectators"]),
        metadata={
            "description": "Too many streams (429 too-many-streams): the cap reached, a client address's, a "
            "seat's or player's token's, or a game's spectators'."
        },
    )
    limit = fields.Integer(
        metadata={
            "description": "Too many streams (429 too-many-streams): how many streams the cap reached allows; too "
            "many queues (409 too-many-queues): how many a player may wait in."
        }
    )
    rematch = fields.Dict(
        allow_none=True,
        metadata={
            "description": "No rematch to answer (409 no-rematch): the rematch as it stands (as the game's view "
            "has it: Rematch), null for none."
        },
    )
    running = fields.Integer(
        metadata={"description": "Too many all-bot games (429 too-many-bot-games), or games with a searching level "
            "(429 too-many-search-games): how many the address has running."}
    )
    answer = fields.String(
        validate=validate.OneOf(["accepted", "declined"]),
        metadata={"description": "A challenge answered already (409 challenge-answered): its answer."},
    )
    days_left = fields.Integer(
        metadata={"description": "Too few vacation days (409 no-vacation-days): the days left this year."}
    )
    vacation = fields.Dict(
        metadata={"description": "On vacation already (409 on-vacation): the vacation on (since, until, days)."}
    )
    game = fields.String(
        allow_none=True,
        metadata={
            "description": "A challenge answered already (409 challenge-answered): the game its acceptance made "
            "(null: declined)."
        },
    )


class ProblemKind(Answer):
    """A kind of problem the API sends: its type, and what it means and what to do."""

    type = fields.String(metadata={"description": "The 'type' of every problem of this kind."})
    title = fields.String()
    status = fields.Integer()
    meaning = fields.String()
    remedy = fields.String(metadata={"description": "What a client should do about it."})


class ProblemKinds(Answer):
    """Every kind of problem the API sends."""

    problems = fields.List(fields.Nested(ProblemKind))
