"""What every schema builds on: strict requests, links, the largest version a request may name."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields

#: The largest version a request may name: every JSON client holds it exactly, and it fits a Redis stream ID.
MAX_VERSION = 2**53 - 1
#: Where to go next from a resource: name -> path.
LINKS = fields.Dict(keys=fields.String(), values=fields.String())


class Strict(Schema):
    """Unknown fields are an error, so a typo never passes silently."""

    class Meta:
        unknown = RAISE
