"""Players over HTTP: a player token claims seats and acts for them, the player's games are one read, and no player
ever sees, claims or acts for another's seats."""

from __future__ import annotations

import time
import uuid

from domain import table as tables
from events.store import key
from service.core.auth import issue_ticket, redeem_player_ticket, redeem_ticket
from service.core.config import Settings
from service.core.problems import PROBLEM
from service.core.reads import rfc3339
from service.http.app import create_app
from tests.integration.players import auth, new_player, services
from workers import jobs


def new_game(client, seats: int = 3, **settings) -> str:
    made = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * seats, **settings})
    assert made.status_code == 201, made.json
    return made.json["id"]


def claim(client, game_id: str, seat: int, token: str | None = None):
    return client.post(f"/v1/games/{game_id}/seats/{seat}", headers=auth(token) if token else {})


def my_games(client, token: str, query: str = "") -> list[dict]:
    answer = client.get(f"/v1/players/me/games{query}", headers=auth(token))
    assert answer.status_code == 200, answer.json
    return answer.json["games"]


def three_players_seated(client) -> tuple[str, list[str]]:
    """A running Felix game whose three seats three players claimed, and their tokens by seat."""
    game_id = new_game(client)
    tokens = [new_player(client, name)[1] for name in ("Ana", "Bo", "Cy")]
    for seat, token in enumerate(tokens):
        assert claim(client, game_id, seat, token).status_code == 201
    return game_id, tokens


def test_a_new_player_gets_a_token_once_and_the_token_says_who_it_is(client):
    made = client.post("/v1/players", json={"name": "Ana"})
    me = client.get("/v1/players/me", headers=auth(made.json["token"]))

    assert made.status_code == 201 and made.headers["Cache-Control"] == "no-store"
    assert (me.status_code, me.json["id"], me.json["name"]) == (200, made.json["id"], "Ana")
    assert "token" not in me.json
    assert me.json["links"]["games"] == "/v1/players/me/games"


def test_a_players_name_is_required_and_short(client):
    for body in ({}, {"name": ""}, {"name": "x" * 41}, {"name": "Ana", "extra": 1}):
        refused = client.post("/v1/players", json=body)
        assert (refused.status_code, refused.content_type) == (422, PROBLEM), body


def test_a_seat_claimed_with_a_player_token_belongs_to_the_player_and_no_seat_token_is_issued(client):
    pid, token = new_player(client, "Ana")
    game_id = new_game(client)

    claimed = claim(client, game_id, 1, token)
    view = client.get(f"/v1/games/{game_id}", headers=auth(token))

    assert claimed.status_code == 201
    assert (claimed.json["token"], claimed.json["player"], claimed.json["seat"]) == (None, pid, 1)
    assert view.json["you"] == 1
    assert services(client).store.read_hash(game_id, "tokens") == {}, "no seat token exists for the seat"


def test_the_claim_writes_the_players_entry_in_its_own_append(client, monkeypatch):
    pid, token = new_player(client, "Ana")
    game_id = new_game(client)
    store = services(client).store
    appends = []
    append = store.append

    def recorded(*args, **kwargs):
        appends.append(kwargs.get("index") or [])
        return append(*args, **kwargs)

    monkeypatch.setattr(store, "append", recorded)
    claim(client, game_id, 0, token)

    assert len(appends) == 1, "the claim is one append"
    assert {(w.command, w.key, w.field) for w in appends[0]} == {
        ("hset", f"player:{{{pid}}}:games", game_id),
        ("zadd", f"player:{{{pid}}}:order", game_id),
        ("publish", f"player:{{{pid}}}:games", game_id),
    }
    assert [(g["id"], g["seats"], g["status"], g["your_turn"]) for g in my_games(client, token)] == [
        (game_id, [0], "open", False)
    ]


def test_each_players_entry_follows_the_turn_as_it_passes(client):
    game_id, tokens = three_players_seated(client)

    for _ in range(4):
        view = client.get(f"/v1/games/{game_id}").json
        turns = [my_games(client, token)[0]["your_turn"] for token in tokens]
        assert turns == [seat in view["to_act"] for seat in range(3)]
        acting = tokens[view["to_act"][0]]
        move = client.get(f"/v1/games/{game_id}", headers=auth(acting)).json["legal_moves"][0]
        assert client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(acting)).status_code == 200


def test_the_bots_moves_made_by_the_worker_bring_the_turn_to_the_player_in_its_entry(client, monkeypatch):
    _, token = new_player(client, "Ana")
    made = client.post(
        "/v1/games", json={"type": "felix", "seats": [{"bot": "random"}, {"human": True}, {"bot": "greedy"}]}
    )
    game_id = made.json["id"]
    claim(client, game_id, 1, token)
    monkeypatch.setattr(jobs, "services", lambda: services(client))

    while 1 not in client.get(f"/v1/games/{game_id}").json["to_act"]:
        assert my_games(client, token)[0]["your_turn"] is False
        jobs.advance(game_id, None)

    assert my_games(client, token)[0]["your_turn"] is True


def test_my_games_come_newest_first_and_filter_by_status(client):
    _, token = new_player(client, "Ana")
    games = [new_game(client) for _ in range(3)]
    for game_id in games:
        claim(client, game_id, 0, token)
    for seat in (1, 2):
        claim(client, games[1], seat)
    # The system ends the third game: every batch that changes an entry writes it, whoever sent the command.
    services(client).handler.execute(games[2], None, {"kind": "system"}, dict(tables.EXPIRE))

    assert [g["id"] for g in my_games(client, token)] == games[::-1]
    assert [g["status"] for g in my_games(client, token)] == ["finished", "running", "open"]
    assert [g["id"] for g in my_games(client, token, "?status=running")] == [games[1]]
    assert [g["id"] for g in my_games(client, token, "?status=open&limit=5")] == [games[0]]
    assert [g["id"] for g in my_games(client, token, "?limit=1")] == [games[2]]
    assert client.get("/v1/players/me/games?status=paused", headers=auth(token)).status_code == 422


def test_an_entry_has_the_games_links_and_a_deadline_in_rfc_3339_or_null(client):
    _, token = new_player(client, "Ana")
    game_id = new_game(client)
    claim(client, game_id, 2, token)

    (entry,) = my_games(client, token)

    assert entry["links"]["self"] == f"/v1/games/{game_id}" and entry["type"] == "felix"
    assert entry["deadline"] is None


def test_an_entrys_deadline_is_its_seats_clock_deadline_while_the_player_is_to_act(client):
    game_id = services(client).handler.create("felix", {}, [{"human": True}] * 3, clock={"turn_seconds": 60}).game_id
    tokens = [new_player(client, name)[1] for name in ("Ana", "Bo", "Cy")]
    for seat, token in enumerate(tokens):
        claim(client, game_id, seat, token)

    for _ in range(3):
        table = services(client).repo.load(game_id).table
        acting = tables.to_act(table)[0]
        deadlines = [my_games(client, token)[0]["deadline"] for token in tokens]
        assert deadlines == [rfc3339(table["clocks"][acting]["deadline"]) if s == acting else None for s in range(3)]
        move = client.get(f"/v1/games/{game_id}", headers=auth(tokens[acting])).json["legal_moves"][0]
        client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[acting]))


def test_while_a_bot_plays_an_absent_players_seat_it_is_never_that_players_turn(client, monkeypatch):
    settings = {"clock": {"turn_seconds": 1}, "absent_after": 1}
    game_id = services(client).handler.create("felix", {}, [{"human": True}] * 3, **settings).game_id
    tokens = [new_player(client, name)[1] for name in ("Ana", "Bo", "Cy")]
    for seat, token in enumerate(tokens):
        claim(client, game_id, seat, token)
    monkeypatch.setattr(jobs, "services", lambda: services(client))
    absent = tables.to_act(services(client).repo.load(game_id).table)[0]
    time.sleep(1.05)
    jobs.advance(game_id, None)
    bot_turns = 0

    while bot_turns < 3:
        table = services(client).repo.load(game_id).table
        assert tables.standing(table, absent) == "absent"
        assert my_games(client, tokens[absent])[0]["your_turn"] is False
        acting = tables.to_act(table)[0]
        if acting == absent:
            assert tables.legal_moves(table, absent), "the player could still act, and so take the seat back"
            bot_turns += 1
            jobs.advance(game_id, None)
        else:
            move = client.get(f"/v1/games/{game_id}", headers=auth(tokens[acting])).json["legal_moves"][0]
            client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[acting]))


def test_a_player_sees_and_acts_only_for_its_own_seat(client):
    game_id, tokens = three_players_seated(client)
    acting = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    other = (acting + 1) % 3
    move = client.get(f"/v1/games/{game_id}", headers=auth(tokens[acting])).json["legal_moves"][0]
    version = services(client).store.version(game_id)
    base = f"/v1/games/{game_id}"

    own_view = client.get(base, headers=auth(tokens[other]))
    peek = client.get(f"{base}?seat={acting}", headers=auth(tokens[other]))
    as_own_seat = client.post(f"{base}/commands", json=move, headers=auth(tokens[other]))
    for_the_acting_seat = client.post(f"{base}/commands?seat={acting}", json=move, headers=auth(tokens[other]))
    events = client.get(f"{base}/events?seat={acting}", headers=auth(tokens[other]))

    assert own_view.json["you"] == other
    assert (peek.status_code, peek.json["type"], peek.json["seats"]) == (403, "/v1/problems/not-your-seat", [other])
    assert (as_own_seat.status_code, as_own_seat.json["type"]) == (403, "/v1/problems/not-your-turn")
    assert (for_the_acting_seat.status_code, for_the_acting_seat.json["type"]) == (403, "/v1/problems/not-your-seat")
    assert events.status_code == 403
    assert services(client).store.version(game_id) == version, "nothing was appended"


def test_a_player_holding_no_seat_of_a_game_is_refused_there_as_a_problem(client):
    game_id, _ = three_players_seated(client)
    _, stranger = new_player(client, "Dee")
    base = f"/v1/games/{game_id}"

    answers = [
        client.get(base, headers=auth(stranger)),
        client.post(f"{base}/commands", json={"command": {"type": "Pass"}}, headers=auth(stranger)),
        client.post(f"{base}/stream-tickets", headers=auth(stranger)),
        client.get(f"{base}/events", headers=auth(stranger)),
    ]

    for answer in answers:
        assert (answer.status_code, answer.content_type) == (403, PROBLEM)
        assert (answer.json["type"], answer.json["seats"]) == ("/v1/problems/not-your-seat", [])


def test_a_player_cannot_claim_a_seat_another_player_holds(client):
    ana, ana_token = new_player(client, "Ana")
    _, bo_token = new_player(client, "Bo")
    game_id = new_game(client)
    claim(client, game_id, 0, ana_token)

    taken = claim(client, game_id, 0, bo_token)

    assert (taken.status_code, taken.json["type"]) == (409, "/v1/problems/seat-taken")
    assert my_games(client, bo_token) == []
    assert client.get(f"/v1/games/{game_id}", headers=auth(ana_token)).json["you"] == 0


def test_one_players_token_never_works_as_anothers(client):
    ana, ana_token = new_player(client, "Ana")
    bo, bo_token = new_player(client, "Bo")
    game_id = new_game(client)
    claim(client, game_id, 0, ana_token)

    assert client.get("/v1/players/me", headers=auth(bo_token)).json["id"] == bo
    assert client.get("/v1/players/me", headers=auth(ana_token)).json["id"] == ana
    assert my_games(client, bo_token) == [] and len(my_games(client, ana_token)) == 1
    assert client.get(f"/v1/games/{game_id}", headers=auth(bo_token)).status_code == 403


def test_a_seat_token_is_no_player_token_and_an_unknown_token_claims_nothing(client):
    game_id = new_game(client)
    seat_token = claim(client, game_id, 0).json["token"]

    me = client.get("/v1/players/me", headers=auth(seat_token))
    claimed = claim(client, game_id, 1, seat_token)
    made_up = claim(client, game_id, 1, "not-a-token")

    assert (me.status_code, me.json["type"], me.headers["WWW-Authenticate"]) == (
        401,
        "/v1/problems/unauthorized",
        'Bearer realm="dogpark"',
    )
    assert (claimed.status_code, made_up.status_code) == (401, 401)
    assert client.get(f"/v1/games/{game_id}").json["seats"][1]["claimed"] is False


def test_naming_a_seat_without_a_token_is_a_401_not_a_spectators_view(client):
    game_id = new_game(client)

    assert client.get(f"/v1/games/{game_id}?seat=0").status_code == 401


def test_a_player_cannot_hold_two_seats_of_one_game(client):
    pid, token = new_player(client, "Ana")
    game_id = new_game(client)
    claim(client, game_id, 0, token)

    second = claim(client, game_id, 1, token)

    assert (second.status_code, second.json["type"], second.json["rule"]) == (
        422,
        "/v1/problems/illegal-move",
        "PlayerSeated",
    )
    assert my_games(client, token)[0]["seats"] == [0]


def test_in_a_hotseat_game_a_player_holds_several_seats_and_names_the_one_it_speaks_for(client):
    _, token = new_player(client, "Ana")
    game_id = new_game(client, hotseat=True)
    for seat in (0, 1):
        assert claim(client, game_id, seat, token).status_code == 201
    base = f"/v1/games/{game_id}"

    unnamed = client.get(base, headers=auth(token))
    named = client.get(f"{base}?seat=1", headers=auth(token))
    not_held = client.get(f"{base}?seat=2", headers=auth(token))
    not_a_seat = client.get(f"{base}?seat=one", headers=auth(token))

    assert (unnamed.status_code, unnamed.json["type"], unnamed.json["seats"]) == (
        400,
        "/v1/problems/choose-seat",
        [0, 1],
    )
    assert named.json["you"] == 1
    assert (not_held.status_code, not_a_seat.status_code) == (403, 400)
    assert my_games(client, token)[0]["seats"] == [0, 1]


def test_a_hotseat_seat_claimed_through_another_process_is_the_players_there_at_once(client):
    # Another web process on the same settings, whose cached game saw the player hold seat 0 only (a page's commands
    # go to either).
    elsewhere = create_app(services(client).settings)
    _, token = new_player(client, "Ana")
    game_id = new_game(client, hotseat=True)
    claim(client, game_id, 0, token)
    claim(client, game_id, 2)
    elsewhere.test_client().get(f"/v1/games/{game_id}?seat=0", headers=auth(token))
    claim(client, game_id, 1, token)
    version = client.get(f"/v1/games/{game_id}?seat=1", headers=auth(token)).json["version"]
    body = {"command": {"type": "Pass"}, "expected_version": version}

    answers = [
        app.post(f"/v1/games/{game_id}/commands?seat=1", json=body, headers=auth(token))
        for app in (client, elsewhere.test_client())
    ]

    fresh, cached = [(a.status_code, a.json["type"]) for a in answers]
    assert cached == fresh and fresh[1] != "/v1/problems/not-your-seat"


def test_seat_tokens_keep_working_beside_player_seats(client):
    _, token = new_player(client, "Ana")
    game_id = new_game(client)
    claim(client, game_id, 0, token)
    seat_tokens = {seat: claim(client, game_id, seat).json["token"] for seat in (1, 2)}
    acting = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    base = f"/v1/games/{game_id}"
    acting_token = seat_tokens.get(acting, token)

    move = client.get(base, headers=auth(acting_token)).json["legal_moves"][0]
    moved = client.post(f"{base}/commands", json=move, headers=auth(acting_token))

    assert [client.get(base, headers=auth(seat_tokens[s])).json["you"] for s in (1, 2)] == [1, 2]
    assert moved.status_code == 200
    assert client.get(f"{base}?seat=2", headers=auth(seat_tokens[1])).status_code == 403


def test_a_players_stream_ticket_names_the_player_once_and_no_seat_ticket_is_one(client):
    pid, token = new_player(client, "Ana")
    game_id = new_game(client)
    claim(client, game_id, 0, token)
    redis = services(client).redis

    issued = client.post("/v1/players/me/stream-tickets", headers=auth(token))
    ticket = issued.json["ticket"]
    seat_ticket = issue_ticket(redis, game_id, 0, 60)

    assert issued.status_code == 201 and issued.headers["Cache-Control"] == "no-store"
    assert issued.json["stream"] == f"/v1/players/me/stream?ticket={ticket}"
    assert redeem_ticket(redis, game_id, ticket) is None, "a player's ticket opens no seat's stream"
    assert redeem_player_ticket(redis, seat_ticket) is None, "a seat's ticket opens no player's stream"
    assert redeem_player_ticket(redis, ticket) == pid
    assert redeem_player_ticket(redis, ticket) is None, "once"


def test_a_player_gets_a_ticket_to_its_seats_stream_in_a_game(client):
    _, token = new_player(client, "Ana")
    game_id = new_game(client)
    claim(client, game_id, 2, token)

    issued = client.post(f"/v1/games/{game_id}/stream-tickets", headers=auth(token))

    assert redeem_ticket(services(client).redis, game_id, issued.json["ticket"]) == 2
    assert not services(client).redis.exists(key(game_id, "tokens"))


def test_creating_players_counts_against_the_addresss_creation_rate(redis_url):
    settings = Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="2 per 3600")
    client = create_app(settings).test_client()
    address = {"REMOTE_ADDR": f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.7"}

    answers = [client.post("/v1/players", json={"name": "Ana"}, environ_base=address) for _ in range(3)]

    assert [a.status_code for a in answers] == [201, 201, 429]
    assert answers[2].json["type"] == "/v1/problems/rate-limited" and int(answers[2].headers["Retry-After"]) > 0
