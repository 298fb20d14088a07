"""The OpenAPI document: the committed file is what the app serves, and it is valid OpenAPI 3.1."""

from __future__ import annotations

import yaml
from openapi_spec_validator import validate

from api_spec import SPEC_PATH
from service.core.config import Settings
from service.core.problems import PROBLEM
from service.http.app import create_app


def served(redis_url: str) -> dict:
    with create_app(Settings(redis_url=redis_url)).test_client() as client:
        return client.get("/v1/openapi.json").get_json()


def test_the_committed_document_is_exactly_what_the_app_serves(redis_url):
    assert yaml.safe_load(SPEC_PATH.read_text()) == served(redis_url), "run `make spec` and commit the result"


def test_the_document_is_valid_openapi_3_1(redis_url):
    document = served(redis_url)

    validate(document)
    assert document["openapi"].startswith("3.1")


def test_every_endpoint_is_documented(redis_url):
    paths = served(redis_url)["paths"]

    assert {
        "/v1/game-types",
        "/v1/games",
        "/v1/games/{game_id}",
        "/v1/games/{game_id}/seats/{seat}",
        "/v1/games/{game_id}/commands",
        "/v1/games/{game_id}/events",
        "/v1/games/{game_id}/events/stream",
        "/v1/games/{game_id}/replay",
        "/v1/games/{game_id}/audit",
        "/healthz",
        "/livez",
    } <= set(paths)


def error_responses(document: dict) -> dict[str, dict]:
    """Every documented error response, "METHOD path status" -> the response, shared ones resolved."""
    shared = document["components"]["responses"]
    return {
        f"{method.upper()} {path} {status}": shared.get(response.get("$ref", "").rsplit("/", 1)[-1], response)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in {"get", "post", "put", "patch", "delete"}
        for status, response in operation["responses"].items()
        if not status.startswith(("1", "2", "3"))
    }


def test_every_error_response_is_documented_as_a_problem_document(redis_url):
    errors = error_responses(served(redis_url))

    assert errors
    assert {name: set(response["content"]) for name, response in errors.items()} == {
        name: {PROBLEM} for name in errors
    }


def test_the_interactive_docs_are_served_from_local_files(redis_url):
    with create_app(Settings(redis_url=redis_url)).test_client() as client:
        page = client.get("/docs/")
        script = client.get("/docs/swagger-ui-bundle.js")

    assert page.status_code == 200 and b"/v1/openapi.json" in page.data
    assert b"//cdn" not in page.data and b"unpkg.com" not in page.data
    assert script.status_code == 200 and len(script.data) > 100_000


def test_documenting_a_move_adds_no_call_to_its_requests(redis_url):
    endpoint = create_app(Settings(redis_url=redis_url)).view_functions["commands.send_command"]
    layers = []
    while endpoint is not None:
        layers.append(endpoint.__code__.co_qualname.split(".")[0])
        endpoint = getattr(endpoint, "__wrapped__", None)

    # webargs reads the body, flask-smorest's arguments and response decorators pass it on; the seven documented
    # refusals and the extra parameter live in the docs alone.
    assert layers == ["Parser", "ArgumentsMixin", "ResponseMixin", "send_command"]
