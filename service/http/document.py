"""The OpenAPI document at /v1/openapi.json: its prose, security schemes and shared responses, and the plugins that
document what every operation on games may answer and give each schema its example (service/http/examples.py)."""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

from apispec import APISpec, BasePlugin
from flask_smorest import Api
from marshmallow import Schema

from domain.language import LANGUAGES
from service.core.problems import INVALID_REQUEST, PROBLEM
from service.core.problems import REDIS_UNAVAILABLE as REDIS_UNAVAILABLE_KIND
from service.http.blueprints import type_links
from service.http.examples import EXAMPLES
from service.http.schemas.base import LANG_DESCRIPTION
from service.http.schemas.choices import argument_schemas
from service.http.schemas.commands import command_schemas, command_unions
from service.http.schemas.content import CONTENT_SCHEMAS
from service.http.schemas.problems import Problem as ProblemSchema
from service.http.schemas.views import GAME_STATE, VIEW_SCHEMAS, state_union

#: The document's prose: what the API is, the errors gunicorn answers before it, the request ids.
API_INFO = {
    "description": (
        "dogpark: an event-sourced server for turn-based board games. Every command is appended as an "
        "event to the game's log; views and logs are redacted per seat. Seat tokens are bearer tokens, "
        "returned once when a seat is claimed. Errors are application/problem+json; each kind of error has its "
        "own `type`, a path under /v1/problems that answers with what it means and what to do (GET /v1/problems "
        "lists them).\n\n"
        "Except these, which the HTTP server (gunicorn) answers itself, before the API sees the request, with "
        "a short text/html page and `Connection: close`: a malformed request line or header, or a header "
        "holding bytes HTTP does not allow (400); a request line longer than 4094 bytes, such as a very long "
        "URL (414); more than 100 header fields, or one longer than 8190 bytes (431); a transfer coding it "
        "does not support (501). A body larger than DOGPARK_MAX_BODY_BYTES (64 KiB by default) is the API's "
        "413, a problem document.\n\n"
        "Any operation may be answered 429 `too-many-connections` (with `Retry-After`, and the connection closed) "
        "when the server process that took it is already reading or answering DOGPARK_CLIENT_CONNECTIONS (128 by "
        "default) requests from the same address; open event streams do not count.\n\n"
        "Every response carries `X-Request-ID`: the request's own, when it sent 1 to 128 printable ASCII characters "
        "without spaces, else a fresh id. The server's log lines for the request, and for the bot moves it set "
        "off, name it: quote it when reporting a problem."
    ),
}

#: flask-smorest's settings of the document (the app's config).
OPENAPI = {
    "API_TITLE": "dogpark",
    # The package's version (setup.cfg), so the document says which release it describes.
    "API_VERSION": version("dogpark"),
    "OPENAPI_VERSION": "3.1.0",
    "OPENAPI_URL_PREFIX": "/v1",
    "OPENAPI_JSON_PATH": "openapi.json",
    "API_SPEC_OPTIONS": {"info": API_INFO},
}

#: The 503 every operation on games may answer: each reads or writes Redis, which may be down or frozen.
REDIS_UNAVAILABLE = {
    "description": "Redis is down or does not answer within DOGPARK_REDIS_TIMEOUT; try again after Retry-After."
    + type_links(REDIS_UNAVAILABLE_KIND),
    "headers": {"Retry-After": {"description": "Seconds to wait before trying again.", "schema": {"type": "integer"}}},
    "content": {PROBLEM: {"schema": ProblemSchema}},
}

#: The header that says the language of an answer's words, and what it holds.
CONTENT_LANGUAGE = "Content-Language"
SPOKEN_IN = {
    "description": "The language of the answer's words (texts, labels, prompts, names, problem titles): en, pt, uk "
    "or it, as ?lang= or else Accept-Language asked (English for any other). The answer varies with "
    "Accept-Language.",
    "schema": {"type": "string", "enum": list(LANGUAGES)},
}

#: ``?lang=``, on an operation without a query schema of its own.
LANG = {"in": "query", "name": "lang", "schema": {"type": "string"}, "description": LANG_DESCRIPTION}
#: The bearer tokens an operation may ask for.
SECURITY_SCHEMES = {
    "seatToken": "A seat token (from claiming a seat), or the token of a player holding a seat of the game, which "
    "speaks for that seat; in a hotseat game, where a player may hold several, add ?seat=<n> to say which.",
    "playerToken": "A player's token (POST /v1/players): it claims seats for the player and acts for them, and it "
    "registers, changes and retires the player's webhook bots.",
    "botKey": "The key of a webhook bot registered before bots had owners (its registration returned it once): it "
    "retires the bot.",
}


class RedisOutages(BasePlugin):
    """Documents REDIS_UNAVAILABLE on each operation under /v1/games and /v1/players unless it has its own 503."""

    def operation_helper(self, path: str | None = None, operations: dict | None = None, **kwargs: Any) -> None:
        """Add the 503 to each of the path's operations."""
        if path and path.startswith(("/v1/games", "/v1/players")):
            for operation in (operations or {}).values():
                operation.setdefault("responses", {}).setdefault("503", "REDIS_UNAVAILABLE")


class AnswerLanguages(BasePlugin):
    """Documents Content-Language on each operation's successful answers: every answer says the language of its
    words (service/http/language.py)."""

    def operation_helper(self, path: str | None = None, operations: dict | None = None, **kwargs: Any) -> None:
        """Add the header to each successful response of the path's operations."""
        for operation in (operations or {}).values():
            for status, response in operation.get("responses", {}).items():
                if str(status).startswith("2") and isinstance(response, dict):
                    response.setdefault("headers", {}).setdefault(CONTENT_LANGUAGE, CONTENT_LANGUAGE)

class Languages(BasePlugin):
    """Documents ``?lang=`` on each operation under /v1 whose query schema (Spoken) does not hold it already: every
    answer's words are in the language asked for (service/http/language.py)."""

    def operation_helper(self, path: str | None = None, operations: dict | None = None, **kwargs: Any) -> None:
        """Add the parameter to each of the path's operations that lacks it."""
        if not (path and path.startswith("/v1")):
            return
        for operation in (operations or {}).values():
            parameters = operation.setdefault("parameters", [])
            if not any(_takes_lang(parameter) for parameter in parameters):
                parameters.append(dict(LANG))


def _takes_lang(parameter: Any) -> bool:
    """True for the ``lang`` parameter, or a query schema that holds it."""
    if not isinstance(parameter, dict) or parameter.get("in") != "query":
        return False
    schema = parameter.get("schema")
    return parameter.get("name") == "lang" or (isinstance(schema, Schema) and "lang" in schema.fields)


class Examples(BasePlugin):
    """Gives each schema its example (service.http.examples), and documents the schemas the document names only by
    name.

    Swagger UI shows a schema's example, and "Try it out" sends it, instead of filler made from the field types.
    """

    def init_spec(self, spec: APISpec) -> None:
        """Register the schemas that fields name by reference: each game's content (GameTypeDetail's content), views
        and their union (GameView's state), commands and their unions (a legal move's, a choice's and a sent
        command's), and a message's argument (every ``*_args``)."""
        for schema in (*CONTENT_SCHEMAS.values(), *VIEW_SCHEMAS.values(), *command_schemas()):
            spec.components.schema(schema.__name__, schema=schema)
        unions = {GAME_STATE: state_union(), **command_unions(), **argument_schemas()}
        for name, component in unions.items():
            spec.components.schema(name, component=component)

    def schema_helper(self, name: str, definition: dict, **kwargs: Any) -> dict | None:
        """The schema's example, if it has one."""
        schema = kwargs.get("schema")
        cls = type(schema) if isinstance(schema, Schema) else schema
        return {"example": EXAMPLES[cls]} if cls in EXAMPLES else None


def plugins() -> list[BasePlugin]:
    """The document's own plugins, fresh for each app's API."""
    return [RedisOutages(), AnswerLanguages(), Languages(), Examples()]


def document(api: Api) -> None:
    """Add the document's shared responses and security schemes to the API's spec."""
    api.spec.components.response("REDIS_UNAVAILABLE", REDIS_UNAVAILABLE, lazy=True)
    api.spec.components.header(CONTENT_LANGUAGE, SPOKEN_IN)
    # flask-smorest declares its shared error responses as application/json; they are sent as problem documents.
    unprocessable = "The body or query does not match its schema." + type_links(INVALID_REQUEST)
    for name, description in (("UNPROCESSABLE_ENTITY", unprocessable), ("DEFAULT_ERROR", "An error")):
        shared = {"description": description, "content": {PROBLEM: {"schema": ProblemSchema}}}
        api.spec.components.response(name, shared, lazy=True)
    for name, description in SECURITY_SCHEMES.items():
        api.spec.components.security_scheme(name, {"type": "http", "scheme": "bearer", "description": description})
