"""Retrying a command with its Idempotency-Key, on a real Redis: the retry gets the first answer, never a refusal."""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Iterator

import pytest
from flask import Flask

from service.core.config import Settings
from service.core.handler import keyed_command_id, request_digest
from service.http.app import create_app

COMMANDS = "/v1/games/{}/commands"


def make_app(redis_url: str, **settings: object) -> Flask:
    queue = f"test-{uuid.uuid4().hex[:8]}"
    return create_app(Settings(redis_url=redis_url, queue=queue, create_rate="off", **settings))


@pytest.fixture
def apps(redis_url: str) -> Iterator[list[Flask]]:
    """Three API processes' worth of apps on one Redis, each with its own cache of games."""
    made = [make_app(redis_url) for _ in range(3)]
    yield made
    made[0].extensions["dogpark"].queue.empty()


def felix_for_three(app: Flask) -> tuple[str, list[str]]:
    client = app.test_client()
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    return game_id, [client.post(f"/v1/games/{game_id}/seats/{seat}").json["token"] for seat in range(3)]


def auth(token: str, key: str | None = None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **({"Idempotency-Key": key} if key else {})}


def next_move(app: Flask, game_id: str, tokens: list[str]) -> tuple[int, dict]:
    """The seat to act and its first legal move (with the expected version it was listed at)."""
    client = app.test_client()
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    return seat, client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json["legal_moves"][0]


def stored_with(app: Flask, game_id: str, command_id: str) -> list[int]:
    """The versions whose events the command id appended."""
    envelopes = app.extensions["dogpark"].store.read(game_id)
    return [e["version"] for e in envelopes if e["command_id"] == command_id]


@pytest.mark.parametrize("cached", [True, False], ids=["cached-game", "game-from-a-snapshot"])
def test_a_retry_after_the_game_moved_on_returns_the_first_response_byte_for_byte(redis_url, cached):
    # Without a cache and with a snapshot at every version, the first answer is decided on a game read from
    # a snapshot, the retry's is folded from the log: the two must still spell the body the same way.
    app = make_app(redis_url) if cached else make_app(redis_url, game_cache=0, snapshot_every=1)
    client = app.test_client()
    game_id, tokens = felix_for_three(app)
    seat, move = next_move(app, game_id, tokens)

    first = client.post(COMMANDS.format(game_id), json=move, headers=auth(tokens[seat], "bid-1"))
    other, other_move = next_move(app, game_id, tokens)
    moved_on = client.post(COMMANDS.format(game_id), json=other_move, headers=auth(tokens[other]))
    retry = client.post(COMMANDS.format(game_id), json=move, headers=auth(tokens[seat], "bid-1"))

    assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
    assert moved_on.status_code == 200 and moved_on.json["version"] > first.json["version"]
    assert (retry.status_code, retry.data) == (first.status_code, first.data)
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert stored_with(app, game_id, keyed_command_id(seat, "bid-1")) == [e["version"] for e in first.json["events"]]


def test_a_command_applied_before_its_client_saw_an_answer_is_returned_on_retry(apps):
    app = apps[0]
    client = app.test_client()
    game_id, tokens = felix_for_three(app)
    seat, move = next_move(app, game_id, tokens)
    # The first attempt reached the handler and was applied, but its answer never reached the client (a 5xx,
    # a dropped connection): the retry with the same key must say what was applied.
    handler = app.extensions["dogpark"].handler
    applied = handler.execute(
        game_id, seat, {"kind": "seat", "seat": seat}, move["command"], move["expected_version"],
        command_id=keyed_command_id(seat, "lost-answer"),
    )
    other, other_move = next_move(app, game_id, tokens)
    client.post(COMMANDS.format(game_id), json=other_move, headers=auth(tokens[other]))

    retry = apps[1].test_client().post(COMMANDS.format(game_id), json=move, headers=auth(tokens[seat], "lost-answer"))
    as_it_was = client.get(f"/v1/games/{game_id}/replay?version={applied.loaded.version}", headers=auth(tokens[seat]))

    assert retry.status_code == 200 and retry.headers["Idempotent-Replayed"] == "true"
    assert retry.json["version"] == applied.loaded.version
    assert [e["version"] for e in retry.json["events"]] == [e["version"] for e in applied.envelopes]
    assert {**retry.json["game"], "legal_moves": []} == as_it_was.json
    assert stored_with(app, game_id, keyed_command_id(seat, "lost-answer")) == [e["version"] for e in applied.envelopes]


@pytest.mark.parametrize("versioned", [True, False], ids=["with-expected-version", "without"])
def test_a_retry_whose_original_lands_while_it_is_being_decided_gets_the_original_answer(apps, versioned):
    # The retry checks the key's record (none yet), then the original is appended and cached by the same
    # process (as two greenlets of one gunicorn worker would), then the retry decides on that game.
    app = apps[0]
    game_id, tokens = felix_for_three(app)
    seat, move = next_move(app, game_id, tokens)
    if not versioned:
        move = {"command": move["command"]}
    svc = app.extensions["dogpark"]
    command_id = keyed_command_id(seat, "raced")
    real_load = svc.repo.load
    original = []

    def load_after_the_original_lands(game: str, fresh: bool = True):
        svc.repo.load = real_load  # once: the original's own loads are plain
        original.append(
            svc.handler.execute(
                game, seat, {"kind": "seat", "seat": seat}, move["command"], move.get("expected_version"),
                command_id=command_id,
            )
        )
        return real_load(game, fresh=fresh)

    svc.repo.load = load_after_the_original_lands
    try:
        retry = app.test_client().post(COMMANDS.format(game_id), json=move, headers=auth(tokens[seat], "raced"))
    finally:
        svc.repo.load = real_load

    assert retry.status_code == 200, retry.json
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert retry.json["version"] == original[0].loaded.version
    assert stored_with(app, game_id, command_id) == [e["version"] for e in original[0].envelopes]


@pytest.mark.parametrize("versioned", [True, False], ids=["with-expected-version", "without"])
def test_concurrent_retries_of_an_applied_command_are_never_refused(apps, versioned):
    game_id, tokens = felix_for_three(apps[0])
    rounds, per_app = 8, 3
    for round_ in range(rounds):
        for app in apps:
            # Every process has the game cached, as a process that served it recently would.
            app.test_client().get(f"/v1/games/{game_id}")
        seat, move = next_move(apps[0], game_id, tokens)
        if not versioned:
            move = {"command": move["command"]}
        key = f"round-{round_}"
        start = threading.Barrier(len(apps) * per_app)
        answers = []

        def send(app: Flask, move: dict = move, seat: int = seat, key: str = key, start=start, answers=answers):
            client = app.test_client()
            start.wait()
            response = client.post(COMMANDS.format(game_id), json=move, headers=auth(tokens[seat], key))
            answers.append((response.status_code, response.data, response.headers.get("Idempotent-Replayed")))

        threads = [threading.Thread(target=send, args=(app,)) for app in apps for _ in range(per_app)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)

        assert [status for status, _, _ in answers] == [200] * len(threads), answers
        assert len({body for _, body, _ in answers}) == 1
        assert sorted(str(replayed) for _, _, replayed in answers) == ["None"] + ["true"] * (len(threads) - 1)
        answered = json.loads(answers[0][1])
        assert stored_with(apps[0], game_id, keyed_command_id(seat, key)) == [e["version"] for e in answered["events"]]


def two_moves(app: Flask, game_id: str, tokens: list[str]) -> tuple[int, dict, dict]:
    """The seat to act and two of its legal moves, each with the expected version it was listed at."""
    client = app.test_client()
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    moves = client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json["legal_moves"]
    assert len(moves) >= 2, moves
    return seat, moves[0], moves[1]


@pytest.mark.parametrize(
    "change",
    ["another command", "another expected_version", "no expected_version"],
)
def test_a_key_sent_again_with_another_request_is_refused_and_appends_nothing(apps, change):
    app = apps[0]
    client = app.test_client()
    game_id, tokens = felix_for_three(app)
    seat, move, other = two_moves(app, game_id, tokens)
    changed = {
        "another command": other,
        "another expected_version": {**move, "expected_version": move["expected_version"] + 1},
        "no expected_version": {"command": move["command"]},
    }[change]

    first = client.post(COMMANDS.format(game_id), json=move, headers=auth(tokens[seat], "bid-1"))
    reused = apps[1].test_client().post(COMMANDS.format(game_id), json=changed, headers=auth(tokens[seat], "bid-1"))

    assert first.status_code == 200
    assert reused.status_code == 422, reused.json
    assert reused.json["type"] == "/v1/problems/idempotency-key-reused"
    assert "'bid-1'" in reused.json["detail"]
    assert client.get(f"/v1/games/{game_id}").json["version"] == first.json["version"]


def test_a_retry_with_the_same_command_and_version_but_another_label_gets_the_first_answer(apps):
    app = apps[0]
    game_id, tokens = felix_for_three(app)
    seat, move = next_move(app, game_id, tokens)

    first = app.test_client().post(COMMANDS.format(game_id), json=move, headers=auth(tokens[seat], "bid-1"))
    relabelled = {**move, "label": "the same bid, described otherwise"}
    retry = apps[1].test_client().post(COMMANDS.format(game_id), json=relabelled, headers=auth(tokens[seat], "bid-1"))

    assert (retry.status_code, retry.data) == (200, first.data)
    assert retry.headers["Idempotent-Replayed"] == "true"


def test_a_key_recorded_before_requests_were_digested_still_gets_its_first_answer(apps):
    # A game stored by an earlier dogpark: its keyed commands' records hold the command and seat only.
    app = apps[0]
    game_id, tokens = felix_for_three(app)
    seat, move, other = two_moves(app, game_id, tokens)
    svc = app.extensions["dogpark"]
    command_id = keyed_command_id(seat, "from-before")
    applied = svc.handler.execute(
        game_id, seat, {"kind": "seat", "seat": seat}, move["command"], move["expected_version"], command_id=command_id
    )
    record = json.loads(svc.store.read_field(game_id, "commands", command_id))

    retry = apps[1].test_client().post(COMMANDS.format(game_id), json=other, headers=auth(tokens[seat], "from-before"))

    assert record == {"seat": seat, "command": move["command"]}
    assert retry.status_code == 200 and retry.headers["Idempotent-Replayed"] == "true"
    assert retry.json["version"] == applied.loaded.version


def test_a_keyed_commands_record_keeps_the_digest_of_its_command_and_expected_version(apps):
    app = apps[0]
    game_id, tokens = felix_for_three(app)
    seat, move = next_move(app, game_id, tokens)

    app.test_client().post(COMMANDS.format(game_id), json=move, headers=auth(tokens[seat], "bid-1"))
    store = app.extensions["dogpark"].store
    record = json.loads(store.read_field(game_id, "commands", keyed_command_id(seat, "bid-1")))

    assert record == {
        "seat": seat,
        "command": move["command"],
        "request_sha256": request_digest(move["command"], move["expected_version"]),
    }
    assert len(record["request_sha256"]) == 64


def test_a_request_with_another_body_racing_the_original_of_its_key_is_refused(apps):
    # As the race above: the original lands while the other request is being decided; the key is then recorded with
    # the original's digest, whichever way the other request finds it (refused by the rules, or a duplicate append).
    app = apps[0]
    game_id, tokens = felix_for_three(app)
    seat, move, other = two_moves(app, game_id, tokens)
    svc = app.extensions["dogpark"]
    real_load = svc.repo.load

    def load_after_the_original_lands(game: str, fresh: bool = True):
        svc.repo.load = real_load
        svc.handler.send(game, seat, move["command"], move["expected_version"], key="raced")
        return real_load(game, fresh=fresh)

    svc.repo.load = load_after_the_original_lands
    try:
        raced = app.test_client().post(COMMANDS.format(game_id), json=other, headers=auth(tokens[seat], "raced"))
    finally:
        svc.repo.load = real_load

    assert raced.status_code == 422, raced.json
    assert raced.json["type"] == "/v1/problems/idempotency-key-reused"
    assert stored_with(app, game_id, keyed_command_id(seat, "raced"))
