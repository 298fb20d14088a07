"""A game's chat: a message posted, a page of messages, a report, the quick phrases, a player's mutes."""

from __future__ import annotations

import re
from typing import Any

from marshmallow import ValidationError, fields, validate, validates_schema

from service.core.chat import MAX_REASON, MAX_TEXT, PHRASES, ROOMS, plain
from service.http.schemas.base import Answer, FullMatch, Spoken, Strict

#: A message's id: its chat stream's entry id.
MESSAGE_ID = re.compile(r"\d{1,20}-\d{1,20}")
ROOM = validate.OneOf(ROOMS)


class PlainText(fields.String):
    """Words a person wrote, as the chat keeps them (service/core/chat.py ``plain``): control and bidirectional
    override characters taken out, blanks around trimmed; then 1 to ``longest`` characters, or 422."""

    def __init__(self, longest: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.longest = longest

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = plain(super()._deserialize(value, attr, data, **kwargs))
        if not 1 <= len(text) <= self.longest:
            raise ValidationError(f"1 to {self.longest} characters of text (control characters are taken out)")
        return text


class NewMessage(Strict):
    """POST /v1/games/{id}/chat: a room and either text or a quick phrase."""

    room = fields.String(required=True, validate=ROOM, metadata={"example": "seats"})
    text = PlainText(
        MAX_TEXT,
        metadata={
            "description": f"Plain text, 1 to {MAX_TEXT} characters once control characters (but the line feed) and "
            "bidirectional overrides are taken out. Never read as markup: a client shows it as text.",
            "example": "Nice move!",
        },
    )
    phrase = fields.String(
        validate=validate.OneOf(PHRASES),
        metadata={
            "description": "A quick phrase's id (GET /v1/chat/phrases) instead of text: each reader reads it in "
            "their own language."
        },
    )

    @validates_schema
    def one_of_text_or_phrase(self, data: dict[str, Any], **kwargs: Any) -> None:
        """Exactly one of text and phrase."""
        if ("text" in data) == ("phrase" in data):
            raise ValidationError("send either text or phrase", "_schema")


class ChatQuery(Spoken):
    """GET /v1/games/{id}/chat query."""

    room = fields.String(
        validate=ROOM, metadata={"description": "Only this room (default: every room the caller reads)."}
    )
    after = fields.String(
        validate=FullMatch(MESSAGE_ID),
        metadata={"description": "Messages after this message id (default: from the oldest kept)."},
    )
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))


class Message(Answer):
    """A chat message as its reader reads it."""

    id = fields.String(
        metadata={"description": "The message's id; ids sort as the messages were sent.", "example": "1767261600000-0"}
    )
    room = fields.String(validate=ROOM)
    player = fields.String(allow_none=True, metadata={"description": "Its sender's player id (null: a seat token's)."})
    seat = fields.Integer(allow_none=True, metadata={"description": "Its sender's seat (null: a spectator)."})
    name = fields.String(allow_none=True, metadata={"description": "Its sender's name."})
    text = fields.String(
        allow_none=True,
        metadata={
            "description": "Plain text, never markup: show it as text. A quick phrase's words in the reader's "
            "language. null once the operator deleted the message."
        },
    )
    phrase = fields.String(allow_none=True, metadata={"description": "The quick phrase's id, if it is one."})
    at = fields.Float(metadata={"description": "When it was sent (Unix seconds)."})
    deleted = fields.Boolean(metadata={"description": "true: the operator deleted it; what is left is its tombstone."})


class ChatMessages(Answer):
    """A page of a game's chat, oldest first."""

    messages = fields.List(fields.Nested(Message))


class NewReport(Strict):
    """POST /v1/games/{id}/chat/{message_id}/report."""

    reason = PlainText(MAX_REASON, required=True, metadata={"example": "insults"})


class Party(Answer):
    """Who sent or reported a message."""

    player = fields.String(allow_none=True)
    seat = fields.Integer(allow_none=True)
    name = fields.String(allow_none=True)


class Report(Answer):
    """A report kept for the operator (`dogpark chat reports` lists them)."""

    id = fields.String()
    game = fields.String()
    message = fields.String(metadata={"description": "The reported message's id."})
    room = fields.String(validate=ROOM)
    sender = fields.Nested(Party)
    text = fields.String(metadata={"description": "The message's words as sent (a quick phrase in English)."})
    sent_at = fields.Float()
    reporter = fields.Nested(Party)
    reason = fields.String()
    at = fields.Float(metadata={"description": "When it was reported (Unix seconds)."})


class Phrase(Answer):
    """A quick phrase."""

    id = fields.String(metadata={"example": "gg"})
    text = fields.String(metadata={"description": "Its words in the language asked for.", "example": "Good game!"})


class ChatPhrases(Answer):
    """Every quick phrase, in the language asked for."""

    phrases = fields.List(fields.Nested(Phrase))


class PhrasesQuery(Spoken):
    """GET /v1/chat/phrases query."""


class Mutes(Answer):
    """The players a player muted."""

    players = fields.List(fields.String(), metadata={"description": "Their ids, sorted."})
