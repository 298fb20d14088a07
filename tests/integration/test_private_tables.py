"""Private tables over HTTP: not in the lobby, seats claimed only with an invitation or by the player kept for; an
invitation is spent once, revocable, listed without its code, and no view, event or lobby ever shows a code."""

from __future__ import annotations

import json
import threading
import uuid
from dataclasses import replace

import pytest

from domain import table as tables
from events.invitations import invitations_key
from events.store import key
from events.tokens import token_hash
from service.core.problems import PROBLEM
from service.http.app import create_app
from service.ops.verify import verify
from tests.integration.conftest import empty_queues, unlimited
from tests.integration.players import auth, new_player, services


@pytest.fixture(autouse=True)
def _no_notifications_left(client):
    """The notifications a test queued go with it (the client fixture empties the steps' queues only)."""
    yield
    services(client).notifications.queue.empty()


def private_game(client, token: str, seats: list[dict] | None = None) -> str:
    """A private Felix game created by the player of ``token``: three human seats unless ``seats`` says."""
    body = {"type": "felix", "seats": seats or [{"human": True}] * 3, "private": True}
    made = client.post("/v1/games", json=body, headers=auth(token))
    assert made.status_code == 201, made.json
    return made.json["id"]


def invite(client, game_id: str, token: str, seat: int, **more):
    return client.post(f"/v1/games/{game_id}/invitations", json={"seat": seat, **more}, headers=auth(token))


def claim(client, game_id: str, seat: int, token: str | None = None, **body):
    return client.post(f"/v1/games/{game_id}/seats/{seat}", json=body, headers=auth(token) if token else {})


def notifications(client) -> list[tuple]:
    """The notifications queued so far: (player, kind, game, version, data) each."""
    return [tuple(job.args) for job in services(client).notifications.queue.get_jobs()]


def test_a_private_game_is_in_no_lobby_and_says_it_is_private(client):
    _, token = new_player(client, "Ana")
    game_id = private_game(client, token)
    public = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]

    listed = [game["id"] for game in client.get("/v1/games?type=felix&limit=500").json["games"]]
    view = client.get(f"/v1/games/{game_id}").json

    assert public in listed and game_id not in listed
    assert view["private"] is True and "private" not in client.get(f"/v1/games/{public}").json
    assert services(client).repo.load(game_id).table["private"] is True


def test_a_strangers_claim_of_a_private_seat_is_refused_with_not_invited(client):
    _, token = new_player(client, "Ana")
    _, stranger = new_player(client, "Mallory")
    game_id = private_game(client, token)

    by_player = claim(client, game_id, 1, stranger)
    anonymous = claim(client, game_id, 2)

    for refused in (by_player, anonymous):
        assert refused.status_code == 403 and refused.mimetype == PROBLEM
        assert refused.json["type"] == "/v1/problems/not-invited" and refused.json["rule"] == "PrivateTable"
    assert not any(seat["claimed"] for seat in client.get(f"/v1/games/{game_id}").json["seats"])


def test_the_creator_claims_a_seat_of_its_private_table_without_an_invitation(client):
    _, token = new_player(client, "Ana")
    game_id = private_game(client, token)

    claimed = claim(client, game_id, 0, token)
    events = client.get(f"/v1/games/{game_id}/events").json["events"]

    assert claimed.status_code == 201, claimed.json
    assert [ev["data"] for ev in events if ev["type"] == "SeatClaimed"][0]["creator"] is True


def test_an_invitation_claims_its_seat_once_and_the_log_says_invited_without_the_code(client):
    _, token = new_player(client, "Ana")
    _, guest = new_player(client, "Bo")
    _, other = new_player(client, "Cy")
    game_id = private_game(client, token)
    made = invite(client, game_id, token, 1)
    code = made.json["code"]

    claimed = claim(client, game_id, 1, guest, invitation=code)
    again = claim(client, game_id, 2, other, invitation=code)
    events = client.get(f"/v1/games/{game_id}/events").json["events"]
    stored = json.dumps(services(client).store.read(game_id, 0, 100)) + json.dumps(
        services(client).store.read_hash(game_id, "commands")
    )

    assert made.status_code == 201 and made.json["seat"] == 1 and len(code) >= 43
    assert made.json["url"] == f"/#/games/{game_id}?invitation={code}"
    assert made.headers["Cache-Control"] == "no-store"
    assert claimed.status_code == 201, claimed.json
    assert again.status_code == 403 and again.json["type"] == "/v1/problems/not-invited"
    assert services(client).invitations.list(game_id) == []
    seated = [ev for ev in events if ev["type"] == "SeatClaimed"]
    assert seated[0]["data"]["seat"] == 1 and seated[0]["data"]["invited"] is True
    assert code not in json.dumps(events) and code not in stored and token_hash(code) not in stored


def test_an_invitation_is_for_its_seat_and_its_named_player_only(client):
    _, token = new_player(client, "Ana")
    bo, guest = new_player(client, "Bo")
    _, other = new_player(client, "Cy")
    game_id = private_game(client, token)
    code = invite(client, game_id, token, 1, player=bo).json["code"]

    wrong_seat = claim(client, game_id, 2, guest, invitation=code)
    wrong_player = claim(client, game_id, 1, other, invitation=code)
    right = claim(client, game_id, 1, guest, invitation=code)

    assert wrong_seat.status_code == wrong_player.status_code == 403
    assert right.status_code == 201, right.json


def test_a_player_an_invitation_names_is_notified_and_claims_without_the_code(client):
    ana, token = new_player(client, "Ana")
    bo, guest = new_player(client, "Bo")
    game_id = private_game(client, token)
    invite(client, game_id, token, 2, player=bo)

    told = notifications(client)
    claimed = claim(client, game_id, 2, guest)

    assert (bo, "invited", game_id, None, {"seat": 2, "by": "Ana", "type": "felix"}) in told
    assert all(ana != player for player, *_ in told)
    assert claimed.status_code == 201, claimed.json
    assert services(client).invitations.list(game_id) == []


def test_a_seat_kept_for_a_player_is_only_that_players_and_the_player_is_told(client):
    ana, token = new_player(client, "Ana")
    bo, kept_for = new_player(client, "Bo")
    _, stranger = new_player(client, "Mallory")
    seats = [{"human": True, "player": ana}, {"human": True, "player": bo}, {"human": True}]
    game_id = private_game(client, token, seats)
    public = client.post("/v1/games", json={"type": "felix", "seats": seats}).json["id"]

    taken_by_stranger = [claim(client, game, 1, stranger) for game in (game_id, public)]
    taken = claim(client, game_id, 1, kept_for)
    view = client.get(f"/v1/games/{public}").json

    assert [refused.json.get("rule") for refused in taken_by_stranger] == ["SeatReserved", "SeatReserved"]
    assert all(refused.status_code == 403 for refused in taken_by_stranger)
    assert taken.status_code == 201, taken.json
    assert [seat.get("reserved") for seat in view["seats"]] == [ana, bo, None]
    assert (bo, "invited", game_id, None, {"seat": 1, "by": "Ana", "type": "felix"}) in notifications(client)


def test_a_private_game_needs_a_creator_or_a_kept_seat(client):
    refused = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3, "private": True})
    unknown = client.post(
        "/v1/games",
        json={"type": "felix", "seats": [{"human": True, "player": "nobody"}, {"human": True}, {"human": True}]},
    )

    assert refused.status_code == 422 and refused.json["option"] == "private", refused.json
    assert unknown.status_code == 422 and unknown.json["option"] == "seats[0].player", unknown.json


def test_only_the_creator_or_a_seated_player_invites_lists_and_revokes(client):
    _, token = new_player(client, "Ana")
    bo, guest = new_player(client, "Bo")
    _, stranger = new_player(client, "Mallory")
    game_id = private_game(client, token)
    first = invite(client, game_id, token, 1).json
    assert claim(client, game_id, 1, guest, invitation=first["code"]).status_code == 201

    by_stranger = invite(client, game_id, stranger, 2)
    listed_by_stranger = client.get(f"/v1/games/{game_id}/invitations", headers=auth(stranger))
    by_seated = invite(client, game_id, guest, 2)
    revoked_by_stranger = client.delete(
        f"/v1/games/{game_id}/invitations/{by_seated.json['code']}", headers=auth(stranger)
    )
    listed = client.get(f"/v1/games/{game_id}/invitations", headers=auth(token))

    assert by_stranger.status_code == listed_by_stranger.status_code == revoked_by_stranger.status_code == 403
    assert by_stranger.json["type"] == "/v1/problems/not-at-table"
    assert by_seated.status_code == 201
    (shown,) = listed.json["invitations"]
    assert shown.pop("created") > 1e9
    assert shown == {"id": token_hash(by_seated.json["code"]), "seat": 2, "player": None, "by": bo}
    assert by_seated.json["code"] not in listed.get_data(as_text=True)


def test_a_revoked_invitation_claims_nothing(client):
    _, token = new_player(client, "Ana")
    _, guest = new_player(client, "Bo")
    game_id = private_game(client, token)
    by_code = invite(client, game_id, token, 1).json["code"]
    by_id = invite(client, game_id, token, 2).json["code"]

    revoked = [
        client.delete(f"/v1/games/{game_id}/invitations/{name}", headers=auth(token))
        for name in (by_code, token_hash(by_id))
    ]
    again = client.delete(f"/v1/games/{game_id}/invitations/{by_code}", headers=auth(token))
    refused = claim(client, game_id, 1, guest, invitation=by_code)

    assert [answer.status_code for answer in revoked] == [204, 204]
    assert again.status_code == 404 and by_code not in again.get_data(as_text=True)
    assert refused.status_code == 403
    assert services(client).invitations.list(game_id) == []


def test_an_invitation_a_refused_claim_spent_is_put_back(client):
    _, token = new_player(client, "Ana")
    _, guest = new_player(client, "Bo")
    game_id = private_game(client, token)
    first = invite(client, game_id, token, 1).json["code"]
    second = invite(client, game_id, token, 2).json["code"]
    assert claim(client, game_id, 1, guest, invitation=first).status_code == 201

    # Bo holds a seat already (not a hotseat game): the table refuses, and the invitation stays for somebody else.
    refused = claim(client, game_id, 2, guest, invitation=second)

    assert refused.status_code == 422 and refused.json["rule"] == "PlayerSeated"
    assert [invitation["seat"] for invitation in services(client).invitations.list(game_id)] == [2]


def test_invitations_expire_with_the_open_game(client):
    _, token = new_player(client, "Ana")
    game_id = private_game(client, token)
    invite(client, game_id, token, 1)
    opened = float(services(client).redis.hget(key(game_id, "meta"), "created"))

    expires = services(client).redis.expiretime(invitations_key(game_id))

    assert abs(expires - (opened + services(client).settings.open_game_seconds)) <= 2


def test_an_invitation_is_spent_by_one_of_many_simultaneous_claims(redis_url):
    app = create_app(unlimited(redis_url))
    try:
        client = app.test_client()
        _, token = new_player(client, "Ana")
        game_id = private_game(client, token)
        code = invite(client, game_id, token, 1).json["code"]
        guests = [new_player(client, f"Guest {n}")[1] for n in range(8)]
        answers: list[int] = []
        start = threading.Barrier(len(guests))

        def race(guest: str) -> None:
            start.wait()
            answers.append(claim(app.test_client(), game_id, 1, guest, invitation=code).status_code)

        threads = [threading.Thread(target=race, args=(guest,)) for guest in guests]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

        assert sorted(answers) == [201] + [403] * 7
    finally:
        empty_queues(app.extensions["dogpark"])
        app.extensions["dogpark"].notifications.queue.empty()


def test_invitations_and_challenges_count_against_the_address_rate(redis_url):
    app = create_app(replace(unlimited(redis_url), create_rate="5 per 60"))
    client = app.test_client()
    address = {"REMOTE_ADDR": f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"}
    ana = client.post("/v1/players", json={"name": "Ana"}, environ_base=address).json
    bo = client.post("/v1/players", json={"name": "Bo"}, environ_base=address).json
    felix = {"type": "felix", "seats": [{"human": True}] * 3}
    game = client.post("/v1/games", json=felix, headers=auth(ana["token"]), environ_base=address).json["id"]
    try:
        invitations = [
            client.post(
                f"/v1/games/{game}/invitations", json={"seat": 1}, headers=auth(ana["token"]), environ_base=address
            )
            for _ in range(3)
        ]
        challenge = client.post(
            f"/v1/players/{bo['id']}/challenges",
            json={"type": "spots"},
            headers=auth(ana["token"]),
            environ_base=address,
        )

        assert [answer.status_code for answer in invitations] == [201, 201, 429]
        assert challenge.status_code == 429 and challenge.json["type"] == "/v1/problems/rate-limited"
    finally:
        app.extensions["dogpark"].notifications.queue.empty()


def test_a_seat_token_sent_with_a_creation_names_no_creator_as_before(client):
    public = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    seat_token = claim(client, public, 0).json["token"]

    made = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}, headers=auth(seat_token))

    assert made.status_code == 201, made.json
    assert services(client).store.read_field(made.json["id"], "meta", "creator") is None


def test_a_private_tables_audit_verifies_its_claims_by_invitation_and_by_its_creator(client):
    _, token = new_player(client, "Ana")
    _, guest = new_player(client, "Bo")
    game_id = private_game(client, token)
    code = invite(client, game_id, token, 1).json["code"]
    assert claim(client, game_id, 0, token).status_code == claim(client, game_id, 1, guest, invitation=code).status_code
    # Nobody takes seat 2: the system expires the table, which makes its audit public.
    services(client).handler.execute(game_id, None, {"kind": "system"}, tables.EXPIRE)

    audit = client.get(f"/v1/games/{game_id}/audit").json
    verdict = verify(audit)

    assert verdict.ok, verdict.problems
    claims = [ev["data"] for ev in audit["events"] if ev["type"] == "SeatClaimed"]
    assert [(data.get("creator"), data.get("invited")) for data in claims] == [(True, None), (None, True)]
    assert audit["events"][0]["data"]["private"] is True and code not in json.dumps(audit)
