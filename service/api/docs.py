"""/docs: Swagger UI, served from local files (no CDN), on the document at /v1/openapi.json, with real examples."""

from __future__ import annotations

from typing import Any

from apispec import APISpec, BasePlugin
from flask_swagger_ui import get_swaggerui_blueprint
from marshmallow import Schema

from service.content_schemas import CONTENT_SCHEMAS
from service.examples import EXAMPLES
from service.view_schemas import VIEW_SCHEMAS

blp = get_swaggerui_blueprint("/docs", "/v1/openapi.json", config={"app_name": "dogpark API"})


class Examples(BasePlugin):
    """Gives each schema its example (service.examples), and documents the schemas the document names only by name.

    Swagger UI shows a schema's example, and "Try it out" sends it, instead of filler made from the field types.
    """

    def init_spec(self, spec: APISpec) -> None:
        """Register each game's content and view schemas, which GameTypeDetail's content and GameView's state name
        in a oneOf."""
        for schema in (*CONTENT_SCHEMAS.values(), *VIEW_SCHEMAS.values()):
            spec.components.schema(schema.__name__, schema=schema)

    def schema_helper(self, name: str, definition: dict, **kwargs: Any) -> dict | None:
        """The schema's example, if it has one."""
        schema = kwargs.get("schema")
        cls = type(schema) if isinstance(schema, Schema) else schema
        return {"example": EXAMPLES[cls]} if cls in EXAMPLES else None
