"""GET /v1/game-types/{id} and .../rules: each game's static content, as documented, and its rules as Markdown."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from domain.catalogue import GAMES, rules_text
from service.core.problems import PROBLEM


def documented(document: dict, schema: str) -> Draft202012Validator:
    """A validator of the document's component ``schema``, its references resolved within the document."""
    return Draft202012Validator({"$ref": f"#/components/schemas/{schema}", "components": document["components"]})


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_type_has_the_catalogue_fields_and_its_static_content(client, game):
    listed = next(t for t in client.get("/v1/game-types").json["game_types"] if t["id"] == game)
    detail = client.get(listed["links"]["self"])

    assert detail.status_code == 200
    assert {name: value for name, value in detail.json.items() if name != "content"} == listed
    assert detail.json["content"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_static_content_matches_its_game_schema_in_the_document(client, game):
    document = client.get("/v1/openapi.json").json
    detail = client.get(f"/v1/game-types/{game}").json
    own = {"felix": "FelixContent", "spots": "SpotsContent", "dogs": "DogsContent", "dogslife": "DogsLifeContent"}

    documented(document, "GameTypeDetail").validate(detail)
    assert [schema for schema in own.values() if documented(document, schema).is_valid(detail["content"])] == [
        own[game]
    ]


def test_the_rules_are_served_as_markdown_where_the_catalogue_links_them(client):
    for listed in client.get("/v1/game-types").json["game_types"]:
        rules = client.get(listed["links"]["rules"])

        assert rules.status_code == 200
        assert rules.mimetype == "text/markdown" and rules.mimetype_params["charset"] == "utf-8"
        assert rules.get_data(as_text=True) == rules_text(listed["id"])
        assert f"`{listed['id']}`" in rules.get_data(as_text=True).splitlines()[0]


@pytest.mark.parametrize("path", ["/v1/game-types/chess", "/v1/game-types/chess/rules"])
def test_an_unknown_game_type_is_a_404_problem(client, path):
    response = client.get(path)

    assert response.status_code == 404 and response.mimetype == PROBLEM
    assert response.json["type"] == "/v1/problems/not-found" and "chess" in response.json["detail"]
