"""Streams speak their reader's language: a stream takes ?lang= (or Accept-Language) as it opens, its events and turns
are rendered in it with the players' names, and the fan-out renders each batch once per seat and language followed.

On Counter (offered as with DOGPARK_EXTRA_GAMES=counter), whose words and the table's are translated.
"""

from __future__ import annotations

import dataclasses
import re
import uuid
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain import catalogue
from domain.counter import RULES as COUNTER
from service.core.config import Settings
from service.http.app import create_app
from service.streams import batches, registry
from tests.integration.players import auth
from tests.sse import Opened, Reader

CYRILLIC = re.compile(r"[\u0400-\u04ff]")
SETTINGS = Settings(keepalive_seconds=0.3, create_rate="off", replay_rate="off")


@pytest.fixture
def app(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """An app on the test Redis that offers Counter; its reader is stopped and its queue emptied afterwards."""
    settings = dataclasses.replace(SETTINGS, redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}")
    made = create_app(settings)
    # After the app is made, as tests/integration/test_stored_games.py offers it: the OpenAPI document is left as is.
    monkeypatch.setitem(catalogue.GAMES, COUNTER.id, COUNTER)
    yield made
    made.extensions["dogpark.fanout"].stop()
    made.extensions["dogpark"].queue.empty()


def counter_of(app: Flask, names: list[str], player: str | None = None) -> tuple[str, list[str]]:
    """A running Counter game whose seats Ana and Bo claimed by name (the first with ``player``'s token, if given):
    its id and the tokens that act for each seat."""
    # Made by the handler: the API's schema lists the games offered when its modules were imported.
    game_id = app.extensions["dogpark"].handler.create(COUNTER.id, {"moves": 40}, [{"human": True}] * 2).game_id
    client, tokens = app.test_client(), []
    for seat, name in enumerate(names):
        headers = auth(player) if player and seat == 0 else {}
        claimed = client.post(f"/v1/games/{game_id}/seats/{seat}", json={"name": name}, headers=headers)
        assert claimed.status_code == 201, claimed.json
        tokens.append(player if player and seat == 0 else claimed.json["token"])
    return game_id, tokens


@dataclasses.dataclass
class Stream:
    """A stream read on a thread, and the headers it was answered with."""

    reader: Reader
    headers: dict[str, str]


def stream(app: Flask, path: str, headers: dict[str, str] | None = None) -> Stream:
    """A stream of ``path`` opened in this process, read on a thread."""
    answered: dict[str, str] = {}

    def start() -> Opened:
        response = app.test_client().get(path, headers=headers or {}, buffered=False)
        answered.update(response.headers)
        return response.status_code, response.response, response.close

    reader = Reader(start)
    assert reader.status == 200
    reader.wait(lambda r: ": keep-alive" in r.text, "a keep-alive")
    return Stream(reader, answered)


def play(client: FlaskClient, game_id: str, tokens: list[str], moves: int) -> int:
    """``moves`` first legal moves, each by the seat to act; the game's version after them."""
    version = 0
    for _ in range(moves):
        seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
        move = client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json["legal_moves"][0]
        answer = client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[seat]))
        assert answer.status_code == 200, answer.json
        version = answer.json["version"]
    return version


def texts(reader: Reader) -> dict[int, str]:
    """version -> the text of each event the stream sent."""
    return {m.data["version"]: m.data["text"] for m in reader.messages() if m.event != "turn"}


def logged(client: FlaskClient, game_id: str, headers: dict[str, str], after: int = 0) -> dict[int, str]:
    """version -> each event's text as GET .../events gives it with ``headers`` (a seat's token, a language)."""
    events = client.get(f"/v1/games/{game_id}/events?after={after}", headers=headers).json["events"]
    return {event["version"]: event["text"] for event in events}


def words_of(view: dict) -> list[str]:
    """The words a seat's view gives it to act: its choices' prompt and its moves' labels."""
    return [view["choices"]["prompt"], *[move["label"] for move in view["legal_moves"]]]


def test_a_stream_opened_with_lang_uk_reads_its_events_and_its_turns_in_ukrainian_calling_players_by_name(app):
    client = app.test_client()
    game_id, tokens = counter_of(app, ["Ana", "Bo"])

    ana = stream(app, f"/v1/games/{game_id}/events/stream?lang=uk", auth(tokens[0]))
    last = play(client, game_id, tokens, 4)
    ana.reader.wait(lambda r: last in r.versions(), "the last move's events")
    ana.reader.wait(lambda r: len(r.messages("turn")) == 3, "a turn on opening and after each of Bo's moves")

    assert ana.headers["Content-Language"] == "uk"
    assert texts(ana.reader) == logged(client, game_id, {**auth(tokens[0]), "Accept-Language": "uk"})
    assert all(CYRILLIC.search(text) for text in texts(ana.reader).values())
    assert "Ana займає місце." in texts(ana.reader).values() and "Bo займає місце." in texts(ana.reader).values()
    turn = ana.reader.messages("turn")[-1].data
    assert turn["view"] == client.get(f"/v1/games/{game_id}?lang=uk", headers=auth(tokens[0])).json
    assert all(CYRILLIC.search(word) for word in words_of(turn["view"])), words_of(turn["view"])


def test_two_streams_of_one_seat_in_two_languages_each_get_their_own_events_and_turns(app):
    client = app.test_client()
    game_id, tokens = counter_of(app, ["Ana", "Bo"])
    opened = client.get(f"/v1/games/{game_id}").json["version"]

    headers = {**auth(tokens[0]), "Last-Event-ID": str(opened)}
    streams = {
        language: stream(app, f"/v1/games/{game_id}/events/stream?lang={language}", headers)
        for language in ("uk", "it")
    }
    last = play(client, game_id, tokens, 4)

    for language, each in streams.items():
        each.reader.wait(lambda r: last in r.versions(), "the last move's events")
        each.reader.wait(lambda r: len(r.messages("turn")) == 3, "a turn on opening and after each of Bo's moves")
        expected = logged(client, game_id, {**auth(tokens[0]), "Accept-Language": language}, after=opened)
        assert texts(each.reader) == expected, language
        view = client.get(f"/v1/games/{game_id}?lang={language}", headers=auth(tokens[0])).json
        assert each.reader.messages("turn")[-1].data["view"] == view, language
    assert set(texts(streams["uk"].reader).values()).isdisjoint(texts(streams["it"].reader).values())


def test_a_stream_asking_for_pt_br_in_accept_language_gets_portuguese_and_says_content_language_pt(app):
    client = app.test_client()
    game_id, tokens = counter_of(app, ["Ana", "Bo"])
    portuguese = {"Accept-Language": "pt-BR,pt;q=0.9,en;q=0.5"}

    spectator = stream(app, f"/v1/games/{game_id}/events/stream", portuguese)
    last = play(client, game_id, tokens, 2)
    spectator.reader.wait(lambda r: last in r.versions(), "the last move's events")

    assert spectator.headers["Content-Language"] == "pt"
    assert texts(spectator.reader) == logged(client, game_id, {"Accept-Language": "pt"})
    assert "Ana ocupa um lugar." in texts(spectator.reader).values()


def test_a_seat_claimed_while_a_stream_is_open_is_called_by_the_name_it_claimed_with(app):
    client = app.test_client()
    game_id = app.extensions["dogpark"].handler.create(COUNTER.id, {}, [{"human": True}] * 2).game_id
    spectator = stream(app, f"/v1/games/{game_id}/events/stream?lang=uk")

    for seat, name in enumerate(["Ana", "Bo"]):
        assert client.post(f"/v1/games/{game_id}/seats/{seat}", json={"name": name}).status_code == 201
    last = client.get(f"/v1/games/{game_id}").json["version"]
    spectator.reader.wait(lambda r: last in r.versions(), "the claims' events")

    claims = [m.data["text"] for m in spectator.reader.messages("SeatClaimed")]
    assert claims == ["Ana займає місце.", "Bo займає місце."]


def test_a_players_stream_opened_with_lang_uk_reads_its_games_events_and_turns_in_ukrainian(app):
    client = app.test_client()
    player = client.post("/v1/players", json={"name": "Ana"}).json["token"]
    game_id, tokens = counter_of(app, ["Ana", "Bo"], player=player)

    ana = stream(app, "/v1/players/me/stream?lang=uk", auth(player))
    last = play(client, game_id, tokens, 4)
    ana.reader.wait(lambda r: last in [m.data["version"] for m in r.messages()], "the last move's events")
    ana.reader.wait(lambda r: len(r.messages("turn")) == 3, "a turn on opening and after each of Bo's moves")

    assert ana.headers["Content-Language"] == "uk"
    opened = min(texts(ana.reader))
    assert texts(ana.reader) == logged(client, game_id, {**auth(player), "Accept-Language": "uk"}, after=opened - 1)
    turn = ana.reader.messages("turn")[-1].data
    assert turn["view"] == client.get(f"/v1/games/{game_id}?lang=uk", headers=auth(player)).json


def counted(monkeypatch: pytest.MonkeyPatch, module: object, name: str, key: Callable[..., tuple]) -> Counter[tuple]:
    """Count the calls of ``module.name`` by ``key`` of their arguments."""
    calls: Counter[tuple] = Counter()
    original: Callable = getattr(module, name)

    def counting(*args):
        calls[key(*args)] += 1
        return original(*args)

    monkeypatch.setattr(module, name, counting)
    return calls


def test_the_fan_out_renders_each_batch_once_per_seat_and_language_followed_not_once_per_stream(app, monkeypatch):
    client = app.test_client()
    game_id, tokens = counter_of(app, ["Ana", "Bo"])
    opened = client.get(f"/v1/games/{game_id}").json["version"]
    path = f"/v1/games/{game_id}/events/stream?after={opened}&lang="
    followed = [("uk", tokens[0])] * 3 + [("en", tokens[0])] * 2 + [("uk", None)] * 2
    streams = [stream(app, path + language, auth(token) if token else {}) for language, token in followed]
    # (version, seat, language) of each event rendered; (version, seat, language) of each turn made.
    events = counted(
        monkeypatch, batches, "event_message", lambda _, e, seat, language, *__: (e["version"], seat, language)
    )
    turns = counted(
        monkeypatch, registry, "turn_message", lambda _, __, version, seat, ___, language: (version, seat, language)
    )

    last = play(client, game_id, tokens, 4)
    for each in streams:
        each.reader.wait(lambda r: last in r.versions(), "the last move's events")

    assert {(seat, language) for _, seat, language in events} == {(0, "uk"), (0, "en"), (None, "uk")}
    assert {version for version, *_ in events} == set(range(opened + 1, last + 1))
    assert set(events.values()) == {1}, "each event once per seat and language, however many streams read it so"
    assert {(seat, language) for _, seat, language in turns} == {(0, "uk"), (0, "en")}
    assert set(turns.values()) == {1}, "each turn once per seat and language"


QUERY_READS = [
    "/v1/games?lang=uk&limit=1",
    "/v1/games/{game}/events?lang=uk",
    "/v1/games/{game}/replay?version=1&lang=uk",
    "/v1/players/me/games?lang=uk",
    "/v1/bots?lang=uk",
]


@pytest.mark.parametrize("read", QUERY_READS)
def test_lang_is_taken_and_spoken_by_every_read_whose_query_is_checked(app, read):
    client = app.test_client()
    player = client.post("/v1/players", json={"name": "Ana"}).json["token"]
    game_id, _ = counter_of(app, ["Ana", "Bo"], player=player)

    answer = client.get(read.format(game=game_id), headers=auth(player))

    assert answer.status_code == 200, answer.json
    assert answer.headers["Content-Language"] == "uk"


def test_every_operation_documents_lang(app):
    document = app.test_client().get("/v1/openapi.json").json

    undocumented = [
        f"{method} {path}"
        for path, operations in document["paths"].items()
        if path.startswith("/v1")
        for method, operation in operations.items()
        if isinstance(operation, dict)
        and not any(p["in"] == "query" and p["name"] == "lang" for p in operation.get("parameters", []))
    ]

    assert undocumented == []
