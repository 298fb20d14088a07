"""The health checks' answer."""

from __future__ import annotations

from marshmallow import fields

from service.http.schemas.base import Answer


class Health(Answer):
    """Health check."""

    status = fields.String()
    redis = fields.String()
