"""Request and response schemas of notification webhooks (service/http/blueprints/notification_hooks.py)."""

from __future__ import annotations

from marshmallow import fields, validate

from service.http.schemas.base import Answer, Strict

EXAMPLE_URL = "https://push.example.org/dogpark/ana"


class NewNotificationHook(Strict):
    """POST /v1/players/me/notification-hooks."""

    url = fields.String(
        required=True,
        validate=validate.Length(min=1, max=2000),
        metadata={
            "description": "Where dogpark POSTs the player's notifications: https, a host this server may call.",
            "example": EXAMPLE_URL,
        },
    )


class NotificationHook(Answer):
    """A notification webhook as its player sees it after registration: no secret."""

    id = fields.String(metadata={"example": "8d1f0c3a9b2e4f67"})
    url = fields.String(metadata={"example": EXAMPLE_URL})
    created = fields.Float(metadata={"description": "Server time (Unix seconds) the hook was registered at."})


class NotificationHookCreated(NotificationHook):
    """A new notification webhook: its secret is shown this once."""

    secret = fields.String(
        metadata={
            "description": "The secret every call to the hook is signed with (Dogpark-Signature: t=...,v1=<hex "
            "HMAC-SHA256 of '<t>.<body>'>), shown this once: keep it where the receiver reads it."
        }
    )


class NotificationHooks(Answer):
    """The player's notification webhooks, oldest first."""

    hooks = fields.List(fields.Nested(NotificationHook))
