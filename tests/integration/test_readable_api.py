"""The API shows a game to a client that does not know it: ``you`` in every state, text on events, labels on moves."""

from __future__ import annotations

import json
import time
import uuid

import pytest

from domain.catalogue import GAMES
from service.core.config import Settings
from service.http.app import create_app
from tests.integration.players import auth

#: A small table of each game: one human, seat 0, and bots.
TABLES = {
    "felix": [{"human": True}, {"bot": "random"}, {"bot": "random"}],
    "spots": [{"human": True}, {"bot": "random"}],
    "dogs": [{"human": True}, {"bot": "random"}],
    "dogslife": [{"human": True}, {"bot": "random"}],
}


@pytest.fixture
def app(redis_url):
    settings = Settings(
        redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", keepalive_seconds=0.2, create_rate="off"
    )
    app = create_app(settings)
    yield app
    app.extensions["dogpark"].queue.empty()


@pytest.fixture
def client(app):
    with app.test_client() as client:
        yield client


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_seat_and_a_spectator_find_in_the_state_the_same_you_as_at_the_top(client, game):
    game_id = client.post("/v1/games", json={"type": game, "seats": TABLES[game]}).json["id"]
    token = client.post(f"/v1/games/{game_id}/seats/0").json["token"]

    seat = client.get(f"/v1/games/{game_id}", headers=auth(token)).json
    spectator = client.get(f"/v1/games/{game_id}").json

    assert (seat["you"], seat["state"]["you"]) == (0, 0)
    assert (spectator["you"], spectator["state"]["you"]) == (None, None)
    assert not {"seat", "me"} & (set(seat["state"]) | set(spectator["state"]))


def felix_for_three(client) -> tuple[str, list[str]]:
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    return game_id, [client.post(f"/v1/games/{game_id}/seats/{s}").json["token"] for s in range(3)]


def test_each_legal_move_has_its_own_label_and_posts_as_it_is_with_events_that_read_as_text(client):
    game_id, tokens = felix_for_three(client)
    on_turn = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    view = client.get(f"/v1/games/{game_id}", headers=auth(tokens[on_turn])).json
    labels = [move["label"] for move in view["legal_moves"]]

    sent = client.post(f"/v1/games/{game_id}/commands", json=view["legal_moves"][0], headers=auth(tokens[on_turn]))

    assert all(isinstance(label, str) and label for label in labels) and len(set(labels)) == len(labels)
    assert sent.status_code == 200, sent.json
    assert [event["type"] for event in sent.json["events"]] == ["CardPlayed"]
    name = view["seats"][on_turn]["name"] or f"Player {on_turn + 1}"
    assert sent.json["events"][0]["text"].startswith(f"{name} ")


def test_the_events_page_and_the_stream_read_each_event_as_its_reader_may_see_it(app, client):
    # Given a seat put a card face down
    game_id, tokens = felix_for_three(client)
    owner = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    other = (owner + 1) % 3
    move = client.get(f"/v1/games/{game_id}", headers=auth(tokens[owner])).json["legal_moves"][0]
    played = client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[owner])).json["version"]

    # When the owner, another seat and a spectator read the log, and the other seat follows the stream
    pages = {
        who: client.get(f"/v1/games/{game_id}/events", headers=headers).json["events"]
        for who, headers in (("owner", auth(tokens[owner])), ("other", auth(tokens[other])), ("spectator", {}))
    }
    streamed = next_streamed(app, game_id, auth(tokens[other]), "CardPlayed")

    # Then every event reads as a line; the card is named to its owner only, in the page as in the stream
    felix = GAMES["felix"]
    card = {"type": "CardPlayed", "data": {"seat": owner, "position": pages["owner"][-1]["data"]["position"],
                                           "card": move["command"]["card"]}}
    texts = {who: next(e["text"] for e in page if e["version"] == played) for who, page in pages.items()}
    assert all(event["text"] for page in pages.values() for event in page)
    assert texts["owner"] == felix.describe(card)
    assert texts["other"] == texts["spectator"] == felix.describe(felix.redact(card, other)) != texts["owner"]
    assert (streamed["version"], streamed["text"]) == (played, texts["other"])


def next_streamed(app, game_id: str, headers: dict, kind: str, timeout: float = 30) -> dict:
    """The first event of ``kind`` a stream from the start of the log sends (the log holds one already)."""
    response = app.test_client().get(f"/v1/games/{game_id}/events/stream", headers=headers, buffered=False)
    deadline, text = time.monotonic() + timeout, ""
    try:
        for chunk in response.response:
            text += chunk.decode()
            for message in text.split("\n\n")[:-1]:
                if f"event: {kind}" in message:
                    return json.loads(message.split("data: ", 1)[1])
            assert time.monotonic() < deadline, f"no {kind} on the stream"
    finally:
        response.close()
    raise AssertionError(f"the stream ended before a {kind}")
