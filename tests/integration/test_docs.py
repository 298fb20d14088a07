"""The interactive docs (/docs) show real examples: every body has one, it matches its schema, and "Try it out" works.

Swagger UI shows (and "Try it out" sends) a body's example: the media type's, else its schema's. Without one it
makes filler from the field types ("string", additionalProp1, an integer's maximum), which is what these
tests keep out.
"""

from __future__ import annotations

import configparser
import json
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from service.ops.verify import verify

SETUP_CFG = Path(__file__).resolve().parents[2] / "setup.cfg"
#: What Swagger UI writes where a schema gives no example.
FILLER = ("additionalProp1", '"string"')




@pytest.fixture
def document(client) -> dict:
    return client.get("/v1/openapi.json").json


def operations(document: dict) -> Iterator[tuple[str, str, dict]]:
    """(method, path, operation) for every operation of the document."""
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in {"get", "post", "put", "patch", "delete"}:
                yield method.upper(), path, operation


def bodies(document: dict) -> Iterator[tuple[str, dict]]:
    """Every JSON request body and successful JSON response body: (where, its media type object)."""
    for method, path, operation in operations(document):
        for media_type, media in operation.get("requestBody", {}).get("content", {}).items():
            if media_type.endswith("json"):
                yield f"{method} {path} request", media
        for status, response in operation["responses"].items():
            for media_type, media in response.get("content", {}).items():
                if status.startswith("2") and media_type.endswith("json"):
                    yield f"{method} {path} {status}", media


def schema_of(document: dict, media: dict) -> dict:
    """A media type's schema, its reference resolved."""
    name = media["schema"].get("$ref", "").rsplit("/", 1)[-1]
    return document["components"]["schemas"][name] if name else media["schema"]


def shown(document: dict, media: dict) -> Any:
    """The example Swagger UI shows for a body: the media type's, else its schema's (None: it makes filler)."""
    return media["example"] if "example" in media else schema_of(document, media).get("example")


def validator(document: dict, schema: dict) -> Draft202012Validator:
    """A validator of ``schema``, its references resolved within the document."""
    return Draft202012Validator({**schema, "components": document["components"]})


def test_the_document_is_versioned_as_the_package(document):
    setup = configparser.ConfigParser()
    setup.read(SETUP_CFG)

    assert document["info"]["version"] == version("dogpark") == setup["metadata"]["version"]


def test_every_body_the_docs_show_has_a_real_example(document):
    examples = {where: shown(document, media) for where, media in bodies(document)}

    assert "POST /v1/games request" in examples and "GET /v1/games/{game_id} 200" in examples
    assert [where for where, example in examples.items() if example is None] == []
    assert [where for where, example in examples.items() if any(f in json.dumps(example) for f in FILLER)] == []


def test_every_example_matches_the_schema_of_its_body(document):
    mismatched = {
        where: error.message
        for where, media in bodies(document)
        for error in validator(document, media["schema"]).iter_errors(shown(document, media))
    }

    assert mismatched == {}


def test_try_it_out_creates_the_example_game_and_claims_its_seat(client, document):
    create = document["paths"]["/v1/games"]["post"]["requestBody"]["content"]["application/json"]
    claim = document["paths"]["/v1/games/{game_id}/seats/{seat}"]["post"]["requestBody"]["content"]["application/json"]

    created = client.post("/v1/games", json=shown(document, create))
    claimed = client.post(f"/v1/games/{created.json['id']}/seats/0", json=shown(document, claim))

    assert created.status_code == 201, created.json
    assert [seat["kind"] for seat in created.json["seats"]] == ["human", "bot", "bot", "bot"]
    assert claimed.status_code == 201, claimed.json
    assert claimed.json["game"]["status"] == "running"


def test_the_command_example_is_one_of_the_example_views_legal_moves(document):
    schemas = document["components"]["schemas"]
    command, view = schemas["SendCommand"]["example"], schemas["GameView"]["example"]

    assert command in view["legal_moves"]
    assert 0 < command["expected_version"] == view["version"] < 100


def test_the_audit_example_is_a_log_dogpark_verify_accepts(document):
    verdict = verify(document["components"]["schemas"]["Audit"]["example"])

    assert verdict.ok, verdict.problems
    assert verdict.result["abandoned"]["reason"] == "expired"


def test_no_summary_or_description_shows_reStructuredText_backticks(document):
    texts = [
        text
        for _, _, operation in operations(document)
        for text in (operation.get("summary", ""), operation.get("description", ""))
    ]

    assert texts and [text for text in texts if "``" in text] == []
    assert "``" not in json.dumps(document)
