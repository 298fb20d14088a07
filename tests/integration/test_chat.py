"""A game's chat on a real Redis: its two rooms, plain text, pages, the rate, mutes, reports and the operator's CLI,
quick phrases in each reader's language, and chat messages on the seats' and spectators' event streams."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from events.chat import REPORTS
from events.store import key
from service.core.config import Settings
from service.http.app import create_app
from service.ops.archive import archive
from service.ops.cli import main
from tests.integration.players import auth
from tests.integration.test_archive import finished_game
from tests.sse import Opened, Reader

HUMANS = {"type": "felix", "seats": [{"human": True}] * 3}


def player(client: FlaskClient, name: str) -> tuple[str, str]:
    """A new player: (its id, its token)."""
    made = client.post("/v1/players", json={"name": name}).json
    return made["id"], made["token"]


def table(client: FlaskClient, *tokens: str, **settings: object) -> str:
    """A three-seat Felix game whose first seats are claimed with ``tokens``: its id."""
    game_id = client.post("/v1/games", json={**HUMANS, **settings}).json["id"]
    for seat, token in enumerate(tokens):
        assert client.post(f"/v1/games/{game_id}/seats/{seat}", headers=auth(token)).status_code == 201
    return game_id


def say(client: FlaskClient, game_id: str, token: str | None, room: str, **said: str):
    return client.post(f"/v1/games/{game_id}/chat", json={"room": room, **said}, headers=auth(token) if token else {})


def texts(client: FlaskClient, game_id: str, token: str | None = None, query: str = "") -> list[str]:
    answer = client.get(f"/v1/games/{game_id}/chat{query}", headers=auth(token) if token else {})
    assert answer.status_code == 200, answer.json
    return [message["text"] for message in answer.json["messages"]]


@pytest.fixture
def people(client: FlaskClient) -> dict[str, tuple[str, str]]:
    """Ana and Bo (who sit), Cy (who watches)."""
    return {name: player(client, name) for name in ("Ana", "Bo", "Cy")}


def test_a_seat_reads_and_writes_both_rooms_and_a_spectator_only_theirs(client, people):
    (_, ana), (_, bo), (_, cy) = people["Ana"], people["Bo"], people["Cy"]
    game_id = table(client, ana, bo)

    assert say(client, game_id, ana, "seats", text="our plan").status_code == 201
    assert say(client, game_id, bo, "spectators", text="hello watchers").status_code == 201
    assert say(client, game_id, cy, "spectators", text="go Ana!").status_code == 201
    refused = say(client, game_id, cy, "seats", text="psst, bid high")

    assert refused.status_code == 403 and refused.json["type"] == "/v1/problems/not-your-seat"
    assert texts(client, game_id, ana) == ["our plan", "hello watchers", "go Ana!"]
    assert texts(client, game_id, cy) == texts(client, game_id) == ["hello watchers", "go Ana!"]
    assert texts(client, game_id, bo, "?room=seats") == ["our plan"]
    assert client.get(f"/v1/games/{game_id}/chat?room=seats", headers=auth(cy)).status_code == 403
    assert client.get(f"/v1/games/{game_id}/chat?room=seats").status_code == 403
    assert say(client, game_id, None, "spectators", text="anonymous").status_code == 401
    assert client.get("/v1/games/no-such-game/chat").status_code == 404


def test_a_table_may_close_its_spectators_room_and_says_so_in_its_view(client, people):
    (_, ana), (_, cy) = people["Ana"], people["Cy"]
    closed = table(client, ana, spectator_chat=False)
    open_ = table(client, ana)

    refused = say(client, closed, cy, "spectators", text="hi")

    assert refused.status_code == 403 and refused.json["type"] == "/v1/problems/chat-closed"
    assert refused.headers["Content-Type"] == "application/problem+json"
    assert say(client, closed, ana, "seats", text="just us").status_code == 201
    assert client.get(f"/v1/games/{closed}").json["spectator_chat"] is False
    assert "spectator_chat" not in client.get(f"/v1/games/{open_}").json
    assert say(client, open_, cy, "spectators", text="hi").status_code == 201
    assert client.post("/v1/games", json={**HUMANS, "spectator_chat": "no"}).status_code == 422


def test_a_message_is_plain_text_of_one_to_500_characters_without_control_characters(client, people):
    (_, ana) = people["Ana"]
    game_id = table(client, ana)

    kept = say(client, game_id, ana, "seats", text=" <b>bold</b>\x1b[31m\u202eevil\x00 \nline ")
    longest = say(client, game_id, ana, "seats", text="x" * 500)
    too_long = say(client, game_id, ana, "seats", text="x" * 501)
    empty = say(client, game_id, ana, "seats", text="\x07 \x00")
    both = say(client, game_id, ana, "seats", text="hi", phrase="gg")

    # Markup is kept as it was written: the API never interprets it, and a client shows it as text.
    assert kept.status_code == 201 and kept.json["text"] == "<b>bold</b>[31mevil \nline"
    assert longest.status_code == 201 and len(longest.json["text"]) == 500
    assert [answer.status_code for answer in (too_long, empty, both)] == [422, 422, 422]
    assert too_long.json["type"] == "/v1/problems/invalid-request"


def test_the_chat_is_read_in_pages_after_the_last_id_read(client, people):
    (_, ana), (_, bo) = people["Ana"], people["Bo"]
    game_id = table(client, ana, bo)
    for number in range(7):
        assert say(client, game_id, (ana, bo)[number % 2], "seats", text=f"m{number}").status_code == 201

    pages, after = [], ""
    while True:
        page = client.get(f"/v1/games/{game_id}/chat?limit=3{after}", headers=auth(ana)).json["messages"]
        if not page:
            break
        pages.append([message["text"] for message in page])
        after = f"&after={page[-1]['id']}"

    assert pages == [["m0", "m1", "m2"], ["m3", "m4", "m5"], ["m6"]]
    assert client.get(f"/v1/games/{game_id}/chat?after=<script>").status_code == 422


def test_a_player_past_the_chat_rate_is_told_to_wait_with_retry_after(redis_url, people):
    settings = Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off")
    client = create_app(settings).test_client()
    (_, ana), (_, cy) = people["Ana"], people["Cy"]
    game_id = table(client, ana)

    answers = [say(client, game_id, ana, "seats", text=f"spam {n}").status_code for n in range(11)]
    refused = say(client, game_id, ana, "seats", text="more")

    assert answers == [201] * 10 + [429]
    assert refused.json["type"] == "/v1/problems/rate-limited" and 1 <= int(refused.headers["Retry-After"]) <= 30
    assert refused.headers["Content-Type"] == "application/problem+json"
    # Another player's rate is their own.
    assert say(client, game_id, cy, "spectators", text="hi").status_code == 201


def test_a_muted_players_messages_are_left_out_of_the_muters_reads_until_unmuted(client, people):
    (ana_id, ana), (_, bo), (cy_id, cy) = people["Ana"], people["Bo"], people["Cy"]
    game_id = table(client, ana, bo)
    say(client, game_id, ana, "spectators", text="from Ana")
    say(client, game_id, cy, "spectators", text="from Cy")

    assert client.post(f"/v1/players/me/mutes/{cy_id}", headers=auth(bo)).status_code == 204
    muted = texts(client, game_id, bo)
    listed = client.get("/v1/players/me/mutes", headers=auth(bo)).json
    assert client.delete(f"/v1/players/me/mutes/{cy_id}", headers=auth(bo)).status_code == 204

    assert muted == ["from Ana"] and listed == {"players": [cy_id]}
    assert client.get("/v1/players/me/mutes", headers=auth(bo)).json == {"players": []}
    assert texts(client, game_id, bo) == texts(client, game_id, ana) == ["from Ana", "from Cy"]
    assert client.post(f"/v1/players/me/mutes/{ana_id}", headers=auth(ana)).status_code == 400
    assert client.post("/v1/players/me/mutes/nobody", headers=auth(ana)).status_code == 404
    assert client.delete(f"/v1/players/me/mutes/{cy_id}", headers=auth(bo)).status_code == 404
    assert client.post(f"/v1/players/me/mutes/{cy_id}").status_code == 401


@pytest.fixture
def reports(redis) -> Iterator[list[str]]:
    """The ids of the reports a test made, taken out of the shared Redis after it."""
    made: list[str] = []
    yield made
    if made:
        redis.xdel(REPORTS, *made)


def test_a_seat_reports_a_message_and_the_operator_lists_the_report_and_deletes_the_message(server, people, reports):
    (ana_id, ana), (bo_id, bo), (_, cy) = people["Ana"], people["Bo"], people["Cy"]
    game_id = table(server, ana, bo)
    rude = say(server, game_id, bo, "seats", text="you play like a cat").json
    say(server, game_id, ana, "seats", text="kept")

    made = server.post(f"/v1/games/{game_id}/chat/{rude['id']}/report", json={"reason": "insult"}, headers=auth(ana))
    reports.append(made.json["id"])
    by_spectator = server.post(f"/v1/games/{game_id}/chat/{rude['id']}/report", json={"reason": "x"}, headers=auth(cy))
    unknown = server.post(f"/v1/games/{game_id}/chat/1-0/report", json={"reason": "x"}, headers=auth(ana))
    before = int(made.json["id"].split("-")[0]) - 1
    listed = CliRunner().invoke(main, ["chat", "reports", "--json", "--after", str(before)])
    deleted = CliRunner().invoke(main, ["chat", "delete", game_id, rude["id"]])
    again = CliRunner().invoke(main, ["chat", "delete", game_id, rude["id"]])

    assert made.status_code == 201 and by_spectator.status_code == 403 and unknown.status_code == 404
    report = made.json
    assert report["game"] == game_id and report["message"] == rude["id"] and report["room"] == "seats"
    assert report["sender"] == {"player": bo_id, "seat": 1, "name": "Bo"}
    assert report["reporter"] == {"player": ana_id, "seat": 0, "name": "Ana"}
    assert report["text"] == "you play like a cat" and report["reason"] == "insult" and report["sent_at"] == rude["at"]
    assert report["at"] >= rude["at"]
    assert (
        listed.exit_code == 0 and f'"id": "{report["id"]}"' in listed.output and "you play like a cat" in listed.output
    )
    assert deleted.exit_code == 0 and again.exit_code == 1
    shown = server.get(f"/v1/games/{game_id}/chat", headers=auth(bo)).json["messages"]
    assert [(message["text"], message["deleted"], message["name"]) for message in shown] == [
        (None, True, "Bo"),
        ("kept", False, "Ana"),
    ]
    assert shown[0]["id"] == rude["id"]


def test_the_operator_lists_reports_as_text(server, people, reports):
    (_, ana), (_, bo) = people["Ana"], people["Bo"]
    game_id = table(server, ana, bo)
    message = say(server, game_id, bo, "seats", phrase="gg").json
    report = server.post(
        f"/v1/games/{game_id}/chat/{message['id']}/report", json={"reason": "ironic"}, headers=auth(ana)
    )
    reports.append(report.json["id"])
    before = report.json["id"].split("-")[0]

    listed = CliRunner().invoke(main, ["chat", "reports", "--after", f"{int(before) - 1}"])

    assert listed.exit_code == 0
    assert f"game {game_id} message {message['id']} (seats's room)" in listed.output
    assert "'Good game!'" in listed.output and "'ironic'" in listed.output and "reported by 'Ana'" in listed.output


def test_a_quick_phrase_is_read_in_each_readers_language(client, people):
    (_, ana), (_, bo), (_, cy) = people["Ana"], people["Bo"], people["Cy"]
    game_id = table(client, ana, bo)

    sent = say(client, game_id, ana, "spectators", phrase="gg")
    unknown = say(client, game_id, ana, "spectators", phrase="you-lose")

    assert sent.status_code == 201 and sent.json["phrase"] == "gg" and unknown.status_code == 422
    read = {lang: texts(client, game_id, cy, f"?lang={lang}") for lang in ("en", "pt", "uk", "it")}
    assert read == {"en": ["Good game!"], "pt": ["Bom jogo!"], "uk": ["Гарна гра!"], "it": ["Bella partita!"]}
    by_header = client.get(f"/v1/games/{game_id}/chat", headers={**auth(bo), "Accept-Language": "pt-BR"}).json
    assert by_header["messages"][0]["text"] == "Bom jogo!"
    phrases = {lang: client.get(f"/v1/chat/phrases?lang={lang}").json["phrases"] for lang in ("en", "uk")}
    assert {"id": "your-turn", "text": "Your turn!"} in phrases["en"]
    assert {"id": "your-turn", "text": "Ваш хід!"} in phrases["uk"]
    assert [phrase["id"] for phrase in phrases["en"]] == [phrase["id"] for phrase in phrases["uk"]]


def test_a_games_chat_leaves_redis_with_the_archived_game_and_never_enters_its_log(client, redis, tmp_path):
    svc = client.application.extensions["dogpark"]
    game_id, ana = finished_game(client)
    message = say(client, game_id, ana, "seats", text="gg all").json
    audit = client.get(f"/v1/games/{game_id}/audit").json
    svc.chat.delete(game_id, say(client, game_id, ana, "seats", text="oops").json["id"], "operator")

    archive(svc, audit, tmp_path)

    assert message["id"] not in str(audit) and "gg all" not in str(audit)
    assert redis.exists(key(game_id, "chat"), key(game_id, "chat-deleted")) == 0


@pytest.fixture
def app(streaming_app: Flask) -> Flask:
    return streaming_app


def watch(app: Flask, game_id: str, headers: dict[str, str]) -> Reader:
    def start() -> Opened:
        response = app.test_client().get(f"/v1/games/{game_id}/events/stream", headers=headers, buffered=False)
        return response.status_code, response.response, response.close

    return Reader(start)


def test_a_seats_stream_gets_both_rooms_chat_and_a_spectators_stream_only_theirs(app):
    client = app.test_client()
    (_, ana), (_, bo), (cy_id, cy) = (player(client, name) for name in ("Ana", "Bo", "Cy"))
    game_id = table(client, ana, bo)
    assert client.post(f"/v1/players/me/mutes/{cy_id}", headers=auth(bo)).status_code == 204
    seat = watch(app, game_id, {**auth(ana), "Accept-Language": "it"})
    muting = watch(app, game_id, auth(bo))
    spectator = watch(app, game_id, {"Accept-Language": "uk"})
    try:
        say(client, game_id, bo, "seats", text="secret plan")
        say(client, game_id, cy, "spectators", text="hi from Cy")
        say(client, game_id, ana, "spectators", phrase="thanks")

        for reader in (seat, muting, spectator):
            reader.wait(lambda r: any(m.data["phrase"] == "thanks" for m in r.messages("chat")), "the last message")
    finally:
        for reader in (seat, muting, spectator):
            reader.stop()

    def heard(reader: Reader) -> list[tuple[str, str]]:
        return [(m.data["room"], m.data["text"]) for m in reader.messages("chat")]

    assert heard(seat) == [("seats", "secret plan"), ("spectators", "hi from Cy"), ("spectators", "Grazie!")]
    assert heard(muting) == [("seats", "secret plan"), ("spectators", "Thanks!")]
    assert heard(spectator) == [("spectators", "hi from Cy"), ("spectators", "Дякую!")]
    assert all(m.id is None for m in seat.messages("chat"))
