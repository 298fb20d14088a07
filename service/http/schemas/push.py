"""Request and response schemas of Web Push (service/http/blueprints/push.py)."""

from __future__ import annotations

from collections.abc import Callable

from marshmallow import ValidationError, fields, validate

from domain.language import LANGUAGES
from events.push import unb64url
from service.http.schemas.base import Answer, Strict

#: The longest endpoint accepted: browsers' push services give a few hundred characters.
MAX_ENDPOINT = 2048


def _key_of(length: int | None, name: str) -> Callable[[str], None]:
    """A base64url key of ``length`` bytes (None: 16 or more)."""

    def check(text: str) -> None:
        try:
            raw = unb64url(text)
        except ValueError:
            raise ValidationError(f"{name} is base64url") from None
        if (length is not None and len(raw) != length) or (length is None and len(raw) < 16):
            raise ValidationError(f"{name} is {length or 'at least 16'} bytes, base64url")

    return check


class PushKeys(Strict):
    """The subscription's keys, as the browser gives them."""

    p256dh = fields.String(
        required=True,
        validate=[validate.Length(max=200), _key_of(65, "p256dh")],
        metadata={"description": "The browser's P-256 public key (an uncompressed point, 65 bytes), base64url."},
    )
    auth = fields.String(
        required=True,
        validate=[validate.Length(max=200), _key_of(None, "auth")],
        metadata={"description": "The browser's authentication secret (16 bytes), base64url."},
    )


class NewPushSubscription(Strict):
    """POST /v1/players/me/push-subscriptions: a browser's PushSubscription.toJSON()."""

    endpoint = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_ENDPOINT),
        metadata={"description": "The push service's URL for this browser (https)."},
    )
    expirationTime = fields.Raw(  # noqa: N815 (the browser's spelling)
        allow_none=True, metadata={"description": "Ignored: the browser's own, as toJSON() gives it."}
    )
    keys = fields.Nested(PushKeys, required=True)
    language = fields.String(
        validate=validate.OneOf(LANGUAGES),
        metadata={
            "description": "The language the player's notifications are written in from now on; default: the "
            "request's (?lang=, else Accept-Language)."
        },
    )


class PushSubscriptionShown(Answer):
    """A push subscription as the API shows it (not its keys)."""

    id = fields.String()
    endpoint = fields.String()
    language = fields.String(metadata={"description": "The language the player's notifications are written in."})
    created = fields.Float(metadata={"description": "Server time (Unix seconds) it was registered at."})


class PushSubscriptionList(Answer):
    """The player's push subscriptions, oldest first."""

    subscriptions = fields.List(fields.Nested(PushSubscriptionShown))


class PushKey(Answer):
    """The server's VAPID public key."""

    public_key = fields.String(
        metadata={
            "description": "The VAPID application server key (an uncompressed P-256 point, base64url): the "
            "applicationServerKey of PushManager.subscribe()."
        }
    )
