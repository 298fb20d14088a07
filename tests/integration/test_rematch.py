"""Play again on a real Redis: a finished game's rematch, offered and accepted by every seat, starts a new game with
the same players, seat order rotated by one, options and settings kept; a decline or an expiry ends the offer."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from jsonschema import Draft202012Validator

from events.rematch import Rematches
from events.store import key
from service.core import rematch
from service.core.player_entries import held_seats
from tests.integration.players import auth, services
from workers import jobs


def play_to_the_end(client, game_id: str, tokens: dict[int, str]) -> None:
    """Play the people's seats (their first legal move) and the bots' (the worker's job) until the game is over (as
    seat 0 sees it: a spectator may be kept behind)."""
    view = client.get(f"/v1/games/{game_id}", headers=auth(tokens[0])).json
    while view["status"] != "finished":
        seat = view["to_act"][0] if view["to_act"] else None
        if seat in tokens:
            move = client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json["legal_moves"][0]
            client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[seat]))
        else:
            jobs.advance(game_id, None)
        view = client.get(f"/v1/games/{game_id}", headers=auth(tokens[0])).json


def finished_game(client, seats: list[dict], **settings) -> tuple[str, dict[int, str], str]:
    """A Felix game of ``seats`` played to its end (12 events at most): a player holds seat 0 and seat tokens the
    other people's seats. Its id, the tokens by seat (the player's for seat 0), and the player's id."""
    made = client.post("/v1/players", json={"name": "Ana"}).json
    created = client.post("/v1/games", json={"type": "felix", "seats": seats, "max_events": 12, **settings})
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    tokens = {0: made["token"]}
    assert client.post(f"/v1/games/{game_id}/seats/0", headers=auth(made["token"])).status_code == 201
    for seat, spec in enumerate(seats[1:], start=1):
        if "bot" not in spec:
            tokens[seat] = client.post(f"/v1/games/{game_id}/seats/{seat}", json={"name": f"S{seat}"}).json["token"]
    play_to_the_end(client, game_id, tokens)
    return game_id, tokens, made["id"]


def offer(client, game_id: str, token: str, path: str = ""):
    return client.post(f"/v1/games/{game_id}/rematch{path}", headers=auth(token))


def rematch_jobs(client) -> list[tuple]:
    return [job.args for job in services(client).notifications.queue.jobs if job.args[1] == "rematch"]


def test_a_rematch_every_seat_accepts_starts_with_the_seats_rotated_and_the_options_and_settings_kept(server):
    clock = {"turn_seconds": 60}
    game_id, tokens, pid = finished_game(server, [{"human": True}] * 3, clock=clock, undo="ask")
    old = services(server).repo.load(game_id).table

    offered = offer(server, game_id, tokens[0])
    accepted = offer(server, game_id, tokens[1])
    assert server.get(f"/v1/games/{game_id}").json["rematch"] | {"expires": None} == {
        "offered_by": 0,
        "accepted": [0, 1],
        "declined": None,
        "game": None,
        "status": "offered",
        "expires": None,
    }
    started = offer(server, game_id, tokens[2])

    assert offered.status_code == accepted.status_code == started.status_code == 200
    assert offered.headers["Cache-Control"] == "no-store"
    assert offered.json["rematch"]["status"] == "offered" and offered.json["seat"] is None
    new_id = started.json["rematch"]["game"]
    assert started.json["rematch"]["status"] == "started" and started.json["seat"] == 1
    new = services(server).repo.load(new_id).table
    assert new["status"] == "running" and new["options"] == old["options"]
    assert (new["clock"], new["max_events"], new["undo"]["setting"]) == (old["clock"], 12, "ask")
    assert [seat["name"] for seat in new["seats"]] == [seat["name"] for seat in old["seats"][1:] + old["seats"][:1]]
    assert held_seats(new) == {pid: [2]}
    assert server.get(f"/v1/games/{new_id}", headers=auth(started.json["token"])).json["you"] == 1
    assert server.get(f"/v1/games/{new_id}", headers=auth(tokens[0])).json["you"] == 2
    # Seat 1 was not there when the game started: it reads its new token with its old one, once.
    first, second = (server.get(f"/v1/games/{game_id}/rematch", headers=auth(tokens[1])).json for _ in range(2))
    assert first["seat"] == 0 and first["token"] is not None and second["token"] is None
    assert server.get(f"/v1/games/{new_id}", headers=auth(first["token"])).json["you"] == 0
    assert server.get(f"/v1/games/{game_id}/rematch", headers=auth(tokens[0])).json["token"] is None
    # The player, who offered, is told of each change the others made: an acceptance, then the start.
    assert rematch_jobs(server) == [
        (pid, "rematch", game_id, 2, {"new_game": None, "state": "offered"}),
        (pid, "rematch", game_id, 4, {"new_game": new_id, "state": "started"}),
    ]
    assert server.get(f"/v1/games/{game_id}").json["rematch"]["game"] == new_id


def test_bots_stay_bots_in_their_rotated_seats_and_accept_at_once(server):
    game_id, tokens, pid = finished_game(server, [{"human": True}, {"bot": "random"}, {"bot": "greedy"}])

    started = offer(server, game_id, tokens[0]).json

    assert started["rematch"]["status"] == "started" and started["seat"] == 2 and started["token"] is None
    new = services(server).repo.load(started["rematch"]["game"]).table
    assert [(seat["kind"], seat.get("bot")) for seat in new["seats"]] == [
        ("bot", "random"),
        ("bot", "greedy"),
        ("human", None),
    ]
    assert new["status"] == "running" and held_seats(new) == {pid: [2]}
    assert rematch_jobs(server) == []


def test_a_declined_rematch_is_over_until_a_seat_offers_anew(server):
    game_id, tokens, pid = finished_game(server, [{"human": True}] * 3)
    offer(server, game_id, tokens[1])

    declined = offer(server, game_id, tokens[0], "/decline")
    again = offer(server, game_id, tokens[2], "/decline")
    accepting = offer(server, game_id, tokens[2])

    assert declined.status_code == 200
    assert declined.json["rematch"]["status"] == "declined" and declined.json["rematch"]["declined"] == 0
    assert again.status_code == 409 and again.json["type"] == "/v1/problems/no-rematch"
    assert again.json["rematch"]["status"] == "declined"
    assert accepting.json["rematch"] | {"expires": None} == {
        "offered_by": 2,
        "accepted": [2],
        "declined": None,
        "game": None,
        "status": "offered",
        "expires": None,
    }
    # The player is told of the offer of seat 1 and of seat 2's; its own decline it knows.
    assert [args[3:] for args in rematch_jobs(server)] == [
        (1, {"new_game": None, "state": "offered"}),
        (3, {"new_game": None, "state": "offered"}),
    ]


def test_an_expired_offer_is_over(server, monkeypatch):
    game_id, tokens, _ = finished_game(server, [{"human": True}] * 3)
    monkeypatch.setattr(rematch, "OFFER_SECONDS", -1)

    offered = offer(server, game_id, tokens[0])
    declined = offer(server, game_id, tokens[1], "/decline")

    assert offered.json["rematch"]["status"] == "expired"
    assert declined.status_code == 409 and declined.json["rematch"]["status"] == "expired"


def test_a_game_not_over_has_no_rematch_and_a_rematch_needs_a_seats_token(server):
    made = server.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json
    token = server.post(f"/v1/games/{made['id']}/seats/0").json["token"]
    game_id, _, _ = finished_game(server, [{"human": True}] * 3)

    running = offer(server, made["id"], token)

    assert running.status_code == 409 and running.json["type"] == "/v1/problems/no-rematch"
    assert server.post(f"/v1/games/{game_id}/rematch").status_code == 401
    assert offer(server, game_id, token).status_code == 401
    assert offer(server, "no-such-game", token).status_code == 404
    assert "rematch" not in server.get(f"/v1/games/{made['id']}").json
    assert server.get(f"/v1/games/{game_id}").json["rematch"] is None


def test_two_seats_accepting_at_once_start_one_game(server):
    game_id, tokens, _ = finished_game(server, [{"human": True}] * 3)
    offer(server, game_id, tokens[0])
    svc = services(server)

    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda seat: rematch.offer(svc, game_id, seat), [1, 2]))

    (starter,) = [answer for answer in answers if answer.seat is not None]
    assert starter.rematch is not None and starter.rematch["status"] == "started"
    stored = rematch.read(svc, game_id)
    assert stored is not None and stored["game"] == starter.rematch["game"] and stored["changes"] == 4


def test_a_change_decided_on_a_rematch_another_seat_changed_since_is_refused(server, game_id, redis):
    rematches = Rematches(services(server).redis)
    assert rematches.swap(game_id, None, '{"first": 1}', 60)

    stale = rematches.swap(game_id, None, '{"second": 1}', 60)
    fresh = rematches.swap(game_id, '{"first": 1}', '{"second": 1}', 60, {0: "token"})

    assert not stale and fresh and rematches.read(game_id) == '{"second": 1}'
    assert rematches.take_token(game_id, 0) == "token" and rematches.take_token(game_id, 0) is None
    assert 0 < redis.ttl(key(game_id, "rematch")) <= 60
    redis.delete(key(game_id, "rematch"))


def test_a_finished_games_view_and_a_rematch_answer_match_their_schemas_in_the_openapi_document(server):
    game_id, tokens, _ = finished_game(server, [{"human": True}] * 3)
    schemas = server.get("/v1/openapi.json").json["components"]
    answered = offer(server, game_id, tokens[0]).json

    view = server.get(f"/v1/games/{game_id}", headers=auth(tokens[1])).json

    assert view["rematch"]["offered_by"] == 0
    for name, body in (("GameView", view), ("RematchAnswer", answered)):
        errors = list(Draft202012Validator({**schemas["schemas"][name], "components": schemas}).iter_errors(body))
        assert not errors, (name, errors)


def test_a_private_rated_games_rematch_is_private_and_rated_with_its_player_seated(server):
    made = server.post("/v1/players", json={"name": "Ana"}).json
    seats = [{"human": True}, {"bot": "greedy"}, {"bot": "random"}]
    body = {"type": "felix", "seats": seats, "max_events": 12, "private": True, "rated": True}
    created = server.post("/v1/games", json=body, headers=auth(made["token"]))
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    assert server.post(f"/v1/games/{game_id}/seats/0", headers=auth(made["token"])).status_code == 201
    play_to_the_end(server, game_id, {0: made["token"]})

    started = offer(server, game_id, made["token"])

    assert started.status_code == 200, started.json
    new_game = started.json["rematch"]["game"]
    view = server.get(f"/v1/games/{new_game}", headers=auth(made["token"])).json
    assert view["private"] is True and view["rated"] is True
    assert view["you"] == 2 and view["status"] == "running"


def test_a_rematch_keeps_its_spectators_as_far_behind(server):
    game_id, tokens, _ = finished_game(server, [{"human": True}, {"human": True}, {"bot": "random"}], spectator_delay=3)
    offer(server, game_id, tokens[0])
    new_id = offer(server, game_id, tokens[1]).json["rematch"]["game"]

    assert server.get(f"/v1/games/{new_id}").json["spectator_delay"] == 3


def test_a_rematch_keeps_a_table_without_hints(server):
    game_id, tokens, _ = finished_game(server, [{"human": True}, {"human": True}, {"bot": "random"}], hints=False)
    offer(server, game_id, tokens[0])
    new_id = offer(server, game_id, tokens[1]).json["rematch"]["game"]

    assert server.get(f"/v1/games/{new_id}").json["hints"] is False
