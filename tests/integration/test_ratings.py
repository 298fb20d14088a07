"""Ratings on the real Redis: rated games played to their end by commands rate their players and bots once, in one
pool per game type; unrated and abandoned games rate nobody; the leaderboard pages; the public profile.

The games' bot turns are the worker's own job (workers.jobs.advance) and their rating is the rating worker's job
(workers.ratings.rate), called here in turn instead of by RQ workers.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from events.bots import Bots
from events.ratings import Ratings, builtin_player, player_entry, ranks, rated_player
from service.core.wiring import Services
from tests.integration.players import auth
from workers import jobs, ratings


@pytest.fixture
def svc(server: FlaskClient, redis) -> Iterator[Services]:
    """The server's services, with a ratings pool and a bot registry of the test's own (deleted after), its webhook
    queue emptied after."""
    services = server.application.extensions["dogpark"]
    prefix = f"test-ratings-{uuid.uuid4().hex[:8]}"
    services.ratings, services.bots = Ratings(redis, prefix), Bots(redis, prefix)
    yield services
    services.calls.queue.empty()
    keys = list(redis.scan_iter(f"{{{prefix}}}:*"))
    if keys:
        redis.delete(*keys)


def player(client: FlaskClient, name: str) -> tuple[str, str]:
    """A new player's id and token."""
    created = client.post("/v1/players", json={"name": name}).json
    return created["id"], created["token"]


def rated_felix(client: FlaskClient, tokens: list[str], bots: list[str], **more: object) -> str:
    """A rated Felix game whose first seats the players of ``tokens`` claim, the rest ``bots``; its id."""
    seats = [{"human": True}] * len(tokens) + [{"bot": bot} for bot in bots]
    created = client.post("/v1/games", json={"type": "felix", "seats": seats, "rated": True, **more})
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    for seat, token in enumerate(tokens):
        claimed = client.post(f"/v1/games/{game_id}/seats/{seat}", headers=auth(token))
        assert claimed.status_code == 201, claimed.json
    return game_id


def play_out(client: FlaskClient, game_id: str, tokens: list[str]) -> dict:
    """Play the game to its end: each person's first legal move, the bots' by the worker's job; its last view."""
    for _ in range(5000):
        view = client.get(f"/v1/games/{game_id}").json
        if view["status"] == "finished":
            return view
        seat = view["to_act"][0]
        if seat < len(tokens):
            move = client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json["legal_moves"][0]
            assert (
                client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[seat])).status_code == 200
            )
        else:
            jobs.advance(game_id, None)
    raise AssertionError(f"{game_id} did not finish")


def queued_ratings(svc: Services) -> list[tuple]:
    """The rating jobs in the webhook worker's queue, as (function, arguments)."""
    return [(job.func_name, job.args) for job in svc.calls.queue.get_jobs() if job.func_name == "workers.ratings.rate"]


def test_a_rated_game_played_to_its_end_rates_its_players_and_bots_once_in_one_pool(server, svc):
    (ana, ana_token), (bo, bo_token) = player(server, "Ana"), player(server, "Bo")
    game_id = rated_felix(server, [ana_token, bo_token], ["greedy", "random"])

    last = play_out(server, game_id, [ana_token, bo_token])
    first, again = ratings.rate(game_id), ratings.rate(game_id)

    assert last["rated"] is True and last["result"]["winners"]
    assert queued_ratings(svc) == [("workers.ratings.rate", (game_id,))]
    assert (first, again) == ("rated", "rated already")
    entries = [player_entry(ana), player_entry(bo), builtin_player("greedy"), builtin_player("random")]
    kept = svc.ratings.ratings("felix", entries)
    assert set(kept) == set(entries) and {rating["games"] for rating in kept.values()} == {1}
    place = ranks(last["result"])
    better = [(a, b) for a in range(4) for b in range(4) if place[str(a)] < place[str(b)]]
    assert better and all(kept[entries[a]]["mu"] > kept[entries[b]]["mu"] for a, b in better)
    profile = server.get(f"/v1/players/{ana}")
    assert profile.status_code == 200
    assert profile.json["ratings"] == {
        "felix": {**kept[player_entry(ana)], "ordinal": svc.ratings.rating_of(ana, "felix")}
    }
    assert "token" not in profile.json and profile.json["name"] == "Ana"


def test_a_rating_job_run_twice_at_once_rates_the_game_once(server, svc):
    (_, ana_token), (_, bo_token) = player(server, "Ana"), player(server, "Bo")
    game_id = rated_felix(server, [ana_token, bo_token], ["greedy"])
    play_out(server, game_id, [ana_token, bo_token])
    answers: list[str] = []

    threads = [threading.Thread(target=lambda: answers.append(ratings.rate(game_id))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(answers) == ["rated", "rated already", "rated already", "rated already"]
    assert svc.ratings.ratings("felix", [builtin_player("greedy")])[builtin_player("greedy")]["games"] == 1


def test_an_unrated_game_played_to_its_end_rates_nobody(server, svc):
    (ana, ana_token), (bo, bo_token) = player(server, "Ana"), player(server, "Bo")
    seats = [{"human": True}, {"human": True}, {"bot": "greedy"}]
    game_id = server.post("/v1/games", json={"type": "felix", "seats": seats}).json["id"]
    for seat, token in enumerate([ana_token, bo_token]):
        server.post(f"/v1/games/{game_id}/seats/{seat}", headers=auth(token))

    last = play_out(server, game_id, [ana_token, bo_token])

    assert "rated" not in last
    assert queued_ratings(svc) == []
    assert ratings.rate(game_id).startswith("not rated")
    assert svc.ratings.ratings("felix", [player_entry(ana), player_entry(bo), builtin_player("greedy")]) == {}
    assert server.get(f"/v1/players/{ana}").json["ratings"] == {}


def test_an_abandoned_rated_game_rates_nobody(server, svc):
    (ana, ana_token), (_, bo_token) = player(server, "Ana"), player(server, "Bo")
    game_id = rated_felix(server, [ana_token, bo_token], ["greedy"], max_events=12)

    last = play_out(server, game_id, [ana_token, bo_token])

    assert last["result"]["abandoned"]["reason"] == "max_events"
    assert queued_ratings(svc) == []
    assert ratings.rate(game_id).startswith("not rated")
    assert svc.ratings.rating_of(ana, "felix") is None


def test_a_rated_games_seats_are_claimed_by_players_and_it_is_no_hotseat_game(server, svc):
    seats = [{"human": True}, {"bot": "greedy"}, {"bot": "random"}]
    game_id = server.post("/v1/games", json={"type": "felix", "seats": seats, "rated": True}).json["id"]

    anonymous = server.post(f"/v1/games/{game_id}/seats/0", json={"name": "Zed"})
    hotseat = server.post("/v1/games", json={"type": "felix", "seats": seats, "rated": True, "hotseat": True})
    not_a_flag = server.post("/v1/games", json={"type": "felix", "seats": seats, "rated": "yes"})

    assert anonymous.status_code == 422
    assert anonymous.json["type"] == "/v1/problems/player-required" and anonymous.json["rule"] == "RatedSeat"
    assert server.get(f"/v1/games/{game_id}").json["seats"][0]["claimed"] is False
    assert hotseat.status_code == 422 and hotseat.json["type"] == "/v1/problems/bad-options"
    assert hotseat.json["option"] == "rated"
    assert not_a_flag.status_code == 422 and not_a_flag.json["type"] == "/v1/problems/invalid-request"


def test_a_rated_game_records_that_it_is_rated_in_its_first_event(server, svc):
    _, token = player(server, "Ana")
    game_id = rated_felix(server, [token], ["greedy", "random"])

    opened = server.get(f"/v1/games/{game_id}/events").json["events"][0]

    assert opened["type"] == "TableOpened" and opened["data"]["rated"] is True


def test_the_leaderboard_pages_hold_each_entry_once_highest_first_with_players_and_bots_named(server, svc):
    ana, _ = player(server, "Ana")
    bo, _ = player(server, "Bo")
    pool = svc.ratings
    # Ana beats both bot levels; Bo loses to both: four entries, and two of them tie in every game.
    for n in range(3):
        pool.rate(
            f"a{n}", "felix", [(player_entry(ana), 1), (builtin_player("greedy"), 2), (builtin_player("random"), 2)]
        )
        pool.rate(
            f"b{n}", "felix", [(builtin_player("greedy"), 1), (builtin_player("random"), 1), (player_entry(bo), 2)]
        )

    pages, cursor = [], None
    for _ in range(10):  # four entries: a page each, and no more
        query = {"limit": 1} | ({"cursor": cursor} if cursor else {})
        page = server.get("/v1/game-types/felix/leaderboard", query_string=query)
        assert page.status_code == 200, page.json
        pages += page.json["entries"]
        cursor = page.json["next"]
        if cursor is None:
            break
    whole = server.get("/v1/game-types/felix/leaderboard").json

    assert pages == whole["entries"] and whole["next"] is None
    assert [(e["kind"], e["id"], e["name"]) for e in whole["entries"]][0] == ("player", ana, "Ana")
    assert {(e["kind"], e["id"], e["name"]) for e in whole["entries"]} == {
        ("player", ana, "Ana"),
        ("player", bo, "Bo"),
        ("builtin", "greedy", "greedy"),
        ("builtin", "random", "random"),
    }
    ordinals = [e["ordinal"] for e in whole["entries"]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert all(e["games"] == 6 for e in whole["entries"] if e["kind"] == "builtin")


def test_a_leaderboard_page_starts_below_its_cursors_rating_whatever_moved_since(svc):
    pool = svc.ratings
    pool.rate("g1", "felix", [(player_entry("p1"), 1), (player_entry("p2"), 2), (player_entry("p3"), 3)])
    first, cursor = pool.page("felix", 1)

    pool.rate("g2", "felix", [(player_entry("p2"), 1), (player_entry("p1"), 2)])
    rest, _ = pool.page("felix", 5, cursor)

    assert [entry for entry, _ in first] == [player_entry("p1")] and cursor is not None
    board = pool.page("felix", 5)[0]
    below = [entry for entry, rating in board if (rating["ordinal"], entry) < cursor]
    assert [entry for entry, _ in rest] == below and player_entry("p2") not in below, "p2 rose above the cursor"


def test_ratings_kept_before_leaderboards_are_put_on_the_board_on_its_first_read(svc, redis):
    pool = svc.ratings
    pool.rate("g1", "felix", [(rated_player("b1"), 1), (builtin_player("random"), 2)])
    redis.delete(f"{pool.tag}:board:felix", f"{pool.tag}:boarded:felix")

    page, cursor = pool.page("felix", 10)

    assert [entry for entry, _ in page] == [rated_player("b1"), builtin_player("random")] and cursor is None


def test_a_retired_bot_leaves_the_leaderboard(svc):
    bot = svc.bots.register("whiskers", "https://bots.example.org/w", "", ["felix"], 2.0, "s" * 64, owner="p1")
    svc.ratings.rate("g1", "felix", [(rated_player(bot.id), 1), (builtin_player("random"), 2)])
    before = [entry for entry, _ in svc.ratings.page("felix", 10)[0]]

    svc.bots.retire(bot.id)

    assert before == [rated_player(bot.id), builtin_player("random")]
    assert [entry for entry, _ in svc.ratings.page("felix", 10)[0]] == [builtin_player("random")]


def test_games_ending_at_once_each_update_the_ratings_the_other_left(svc):
    ranked = [(player_entry("p1"), 1), (builtin_player("random"), 2)]
    threads = [threading.Thread(target=svc.ratings.rate, args=(f"g{n}", "felix", ranked)) for n in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert svc.ratings.ratings("felix", [player_entry("p1")])[player_entry("p1")]["games"] == 10
    assert svc.ratings.page("felix", 5)[0][0][1]["games"] == 10


def test_a_players_rating_for_the_quick_play_matcher_is_its_ordinal_or_none(svc):
    assert svc.ratings.rating_of("p1", "felix") is None

    svc.ratings.rate("g1", "felix", [(player_entry("p1"), 1), (builtin_player("random"), 2)])

    kept = svc.ratings.ratings("felix", [player_entry("p1")])[player_entry("p1")]
    assert svc.ratings.rating_of("p1", "felix") == kept["mu"] - 3 * kept["sigma"]
    assert svc.ratings.rating_of("p1", "dogs") is None


def test_unknown_players_and_game_types_and_bad_cursors_are_refused(server, svc):
    missing = server.get("/v1/players/0123456789abcdef")
    no_type = server.get("/v1/game-types/chess/leaderboard")
    bad_cursor = server.get("/v1/game-types/felix/leaderboard?cursor=yesterday")
    too_many = server.get("/v1/game-types/felix/leaderboard?limit=201")

    assert missing.status_code == 404 and missing.json["type"] == "/v1/problems/not-found"
    assert no_type.status_code == 404 and no_type.json["type"] == "/v1/problems/not-found"
    assert bad_cursor.status_code == 422 and bad_cursor.json["type"] == "/v1/problems/invalid-request"
    assert too_many.status_code == 422
