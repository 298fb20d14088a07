"""The health checks' answer."""

from __future__ import annotations

from marshmallow import Schema, fields


class Health(Schema):
    """Health check."""

    status = fields.String()
    redis = fields.String()
