"""Every read speaks the asker's language: ?lang= first, then Accept-Language, English otherwise; Content-Language."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

CYRILLIC = re.compile(r"[\u0400-\u04ff]")


@pytest.fixture(scope="module")
def client(module_client: FlaskClient) -> FlaskClient:
    """One app for the module's requests: each reads or writes games of its own."""
    return module_client


def felix_game(client: FlaskClient, humans: list[str], bots: int = 0) -> tuple[str, list[str]]:
    """A Felix game whose first seats are the named humans', the rest greedy bots: its id and the humans' tokens."""
    seats = [{"human": True}] * len(humans) + [{"bot": "greedy"}] * bots
    created = client.post("/v1/games", json={"type": "felix", "seats": seats})
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    tokens = []
    for seat, name in enumerate(humans):
        claimed = client.post(f"/v1/games/{game_id}/seats/{seat}", json={"name": name})
        assert claimed.status_code == 201, claimed.json
        tokens.append(claimed.json["token"])
    return game_id, tokens


def test_lang_picks_the_language_of_a_view_and_says_it_in_content_language(client: FlaskClient):
    game_id, tokens = felix_game(client, ["Ana", "Bia", "Caio"])
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]

    view = client.get(f"/v1/games/{game_id}?lang=uk", headers={"Authorization": f"Bearer {tokens[seat]}"})

    assert view.status_code == 200 and view.headers["Content-Language"] == "uk"
    assert "Accept-Language" in view.headers["Vary"]
    texts = [view.json["choices"]["prompt"], *[move["label"] for move in view.json["legal_moves"]]]
    assert all(CYRILLIC.search(text) for text in texts), texts


def test_built_in_bots_are_named_apart_in_the_asker_s_language(client: FlaskClient):
    game_id, _ = felix_game(client, ["Ana"], bots=2)

    english = [seat["name"] for seat in client.get(f"/v1/games/{game_id}").json["seats"]]
    italian = [seat["name"] for seat in client.get(f"/v1/games/{game_id}?lang=it").json["seats"]]

    assert english == ["Ana", "Greedy Bella", "Greedy Max"]
    assert italian == ["Ana", "Bella Goloso", "Max Goloso"]


def test_accept_language_is_read_by_each_tag_s_primary_subtag_in_order_of_preference(client: FlaskClient):
    asked = {
        "pt-BR,pt;q=0.9,en;q=0.5": "pt",
        "it-IT, en;q=0.1": "it",
        "en-US, uk;q=0.8": "en",
        "fr-FR, de;q=0.5, uk;q=0.1": "uk",
        "fr-FR": "en",
    }

    answered = {
        header: client.get("/v1/game-types", headers={"Accept-Language": header}).headers["Content-Language"]
        for header in asked
    }

    assert answered == asked


def test_lang_wins_over_accept_language_and_an_unknown_one_falls_back_to_english(client: FlaskClient):
    assert client.get("/v1/game-types?lang=it", headers={"Accept-Language": "uk"}).headers["Content-Language"] == "it"
    assert client.get("/v1/game-types?lang=xx").headers["Content-Language"] == "en"


def test_the_catalogue_names_the_games_in_the_asker_s_language(client: FlaskClient):
    english = {game["id"]: game["name"] for game in client.get("/v1/game-types").json["game_types"]}
    ukrainian = {game["id"]: game["name"] for game in client.get("/v1/game-types?lang=uk").json["game_types"]}

    assert set(english) == set(ukrainian)
    # As each game's Ukrainian players know it: DOGS keeps its name in every language.
    assert ukrainian == {"felix": "Фелікс: Кіт у мішку", "spots": "Крапки", "dogs": "DOGS", "dogslife": "Собаче життя"}


def test_an_event_carries_its_key_and_arguments_with_players_as_seats(client: FlaskClient):
    game_id, _ = felix_game(client, ["Ana"], bots=2)

    events = client.get(f"/v1/games/{game_id}/events?lang=pt").json["events"]

    claimed = next(event for event in events if event["type"] == "SeatClaimed")
    assert claimed["text_key"] == "table-seat-claimed" and claimed["text_args"] == {"player": {"seat": 0}}
    assert "Ana" in claimed["text"] and "lugar" in claimed["text"]


def test_a_problem_s_title_is_in_the_asker_s_language(client: FlaskClient):
    missing = client.get("/v1/games/no-such-game", headers={"Accept-Language": "it"})

    assert missing.status_code == 404 and missing.headers["Content-Language"] == "it"
    assert missing.json["title"] == "Non trovato" and missing.json["type"].endswith("/not-found")


def test_an_illegal_move_asked_in_ukrainian_is_refused_in_ukrainian_keeping_its_rule_and_english_detail(
    client: FlaskClient,
):
    game_id, tokens = felix_game(client, ["Ana", "Bia", "Caio"])
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    move = {"command": {"type": "PlayCard", "card": "9/cat15"}}
    token = {"Authorization": f"Bearer {tokens[seat]}"}

    english = client.post(f"/v1/games/{game_id}/commands", json=move, headers=token)
    ukrainian = client.post(f"/v1/games/{game_id}/commands", json=move, headers={**token, "Accept-Language": "uk"})

    assert english.status_code == ukrainian.status_code == 422 and ukrainian.headers["Content-Language"] == "uk"
    assert set(english.json) == {"type", "title", "status", "detail", "rule"}
    assert english.json["title"] == "Illegal Move" and english.json["rule"] == "CardNotInHand"
    assert ukrainian.json == {
        **english.json,
        "title": "Недозволений хід",
        "detail": "Цієї карти немає у вас на руці.",
        "detail_en": english.json["detail"],
    }


def test_a_problem_without_a_rule_says_its_kind_s_detail_in_the_asker_s_language(client: FlaskClient):
    english = client.get("/v1/games/no-such-game")
    portuguese = client.get("/v1/games/no-such-game?lang=pt")

    assert portuguese.json["detail"] == "O que o pedido indica não existe."
    assert portuguese.json["detail_en"] == english.json["detail"] and "detail_en" not in english.json


def test_a_problem_type_s_page_gives_its_title_in_the_asker_s_language(client: FlaskClient):
    page = client.get("/v1/problems/illegal-move", headers={"Accept-Language": "it"})

    assert page.status_code == 200 and page.json["title"] == "Mossa non consentita"
