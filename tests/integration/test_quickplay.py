"""Quick play on a real Redis: players wait in a queue, a table forms as they arrive (first in, first seated; nearest
ratings first), bots fill a table after the wait asked for, and no player is ever seated twice."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

from rq.registry import ScheduledJobRegistry

from events.quickplay import Queues
from events.ratings import player_entry
from service.core import quickplay
from service.core.config import Settings
from service.http.app import create_app
from tests.integration.conftest import unlimited
from tests.integration.players import auth, new_player, services
from workers import quickplay as quickplay_job
from workers.sweeper import sweep


def join(client, token: str, **body):
    return client.post("/v1/quickplay", json={"type": "felix", "players": 3, **body}, headers=auth(token))


def seated_jobs(client) -> list[tuple]:
    return [job.args for job in services(client).notifications.queue.jobs if job.args[1] == "seated"]


def test_players_arriving_in_a_queue_are_seated_at_one_game_first_in_first_seated(server):
    players = [new_player(server, name) for name in ("Ana", "Bo", "Cy")]

    first = join(server, players[0][1])
    second = join(server, players[1][1])
    third = join(server, players[2][1])

    assert first.status_code == second.status_code == third.status_code == 200
    assert (first.json["status"], first.json["position"], first.json["size"]) == ("waiting", 0, 1)
    assert (second.json["status"], second.json["position"], second.json["size"]) == ("waiting", 1, 2)
    assert third.json["status"] == "seated" and third.json["position"] is None
    game_id = third.json["game"]
    view = server.get(f"/v1/games/{game_id}").json
    assert view["status"] == "running"
    assert [seat["name"] for seat in view["seats"]] == ["Ana", "Bo", "Cy"]
    for seat, (_, token) in enumerate(players):
        assert server.get(f"/v1/games/{game_id}", headers=auth(token)).json["you"] == seat
        mine = server.get("/v1/quickplay", headers=auth(token)).json["queues"]
        assert [(entry["status"], entry["game"]) for entry in mine] == [("seated", game_id)]
    assert sorted(seated_jobs(server)) == sorted((pid, "seated", game_id, None, {}) for pid, _ in players)


def test_the_oldest_player_sits_with_the_nearest_ratings_and_a_long_wait_widens_the_window(server):
    svc = services(server)
    ratings = {}

    def arrive(name: str, rating: float) -> dict:
        pid, _ = new_player(server, name)
        ratings[pid] = rating
        return quickplay.join(svc, pid, "felix", 3, rating_of=ratings.get, window=(5.0, 0.5)) | {"pid": pid}

    ana, bo, cy = arrive("Ana", 20.0), arrive("Bo", 40.0), arrive("Cy", 21.0)
    assert [entry["status"] for entry in (ana, bo, cy)] == ["waiting"] * 3
    dan = arrive("Dan", 22.0)

    game_id = dan["game"]
    assert [seat["name"] for seat in server.get(f"/v1/games/{game_id}").json["seats"]] == ["Ana", "Cy", "Dan"]
    (left,) = quickplay.status(svc, bo["pid"])
    assert (left["status"], left["position"], left["size"]) == ("waiting", 0, 1)

    eve, fay = arrive("Eve", 48.0), arrive("Fay", 49.0)
    assert eve["status"] == fay["status"] == "waiting"
    assert quickplay.fill(svc, bo["queue"], window=(5.0, 0.5)) == []
    (widened,) = quickplay.fill(svc, bo["queue"], now=time.time() + 20, window=(5.0, 0.5))
    assert [seat["name"] for seat in server.get(f"/v1/games/{widened}").json["seats"]] == ["Bo", "Eve", "Fay"]


def test_of_more_players_within_the_window_than_seats_the_nearest_ratings_are_seated(server):
    svc = services(server)
    named = {"Ana": 20.0, "Bo": 30.0, "Cy": 40.0, "Dan": 50.0, "Eve": 22.0}
    ratings = {new_player(server, name)[0]: rating for name, rating in named.items()}
    for pid in ratings:
        assert quickplay.join(svc, pid, "felix", 3, rating_of=ratings.get, window=(5.0, 0.5))["status"] == "waiting"
    (queue,) = {entry["queue"] for pid in ratings for entry in quickplay.status(svc, pid)}

    # Ana waited 30 s: Bo, Cy and Eve are within her window of 20, and Eve and Bo nearest her.
    (game_id,) = quickplay.fill(svc, queue, now=time.time() + 30, window=(5.0, 0.5))

    assert [seat["name"] for seat in server.get(f"/v1/games/{game_id}").json["seats"]] == ["Ana", "Bo", "Eve"]


def test_a_player_who_asked_for_bots_is_seated_with_the_games_bots_by_the_job_queued_for_the_end_of_its_wait(server):
    svc = services(server)
    pid, token = new_player(server, "Ana")
    waiting = join(server, token, bots_after_seconds=0.2).json
    patient = new_player(server, "Bo")
    assert join(server, patient[1]).json["status"] == "waiting"

    scheduled = ScheduledJobRegistry(queue=svc.queue)
    (job_id,) = scheduled.get_job_ids()
    job = svc.queue.fetch_job(job_id)
    assert job.func_name == "workers.quickplay.fill" and job.args[0] == waiting["queue"]
    assert int(job.args[1]) == int(ScheduledJobRegistry(queue=svc.queue).get_scheduled_time(job_id).timestamp())
    assert quickplay.fill(svc, waiting["queue"]) == []

    # The job, even if RQ wakes it early in the second it is due, waits out the rest of the wait.
    (game_id,) = quickplay_job.fill(*job.args)

    view = server.get(f"/v1/games/{game_id}", headers=auth(token)).json
    assert view["status"] == "running" and view["you"] == 0
    assert [(seat["kind"], seat["bot"]) for seat in view["seats"]] == [("human", None), *[("bot", "greedy")] * 2]
    assert seated_jobs(server) == [(pid, "seated", game_id, None, {})]
    # A player who did not ask for bots is not seated with them.
    assert server.get("/v1/quickplay", headers=auth(patient[1])).json["queues"][0]["status"] == "waiting"


def test_the_sweeper_seats_a_player_whose_wait_for_bots_is_over_should_its_job_be_lost(server):
    svc = services(server)
    pid, token = new_player(server, "Ana")
    join(server, token, bots_after_seconds=0)
    svc.queue.empty()
    svc.queue.connection.delete(ScheduledJobRegistry(queue=svc.queue).key)

    sweep(svc, time.time())
    (entry,) = quickplay.status(svc, pid)
    game_id = entry["game"]

    assert game_id is not None and server.get(f"/v1/games/{game_id}", headers=auth(token)).json["you"] == 0


def test_the_sweeper_stops_looking_at_a_queue_nobody_waits_in_or_joined_for_an_hour(server):
    svc = services(server)
    queues = Queues(svc.redis, svc.settings.queue)
    players = [new_player(server, name)[1] for name in ("Ana", "Bo", "Cy", "Dan")]
    formed = [join(server, token).json for token in players[:3]][-1]
    waiting = join(server, players[3], players=4).json

    quickplay.fill_all(svc, now=time.time() + quickplay.IDLE_SECONDS - 60)
    kept = set(queues.queues())
    quickplay.fill_all(svc, now=time.time() + quickplay.IDLE_SECONDS + 60)

    assert {formed["queue"], waiting["queue"]} <= kept
    assert formed["queue"] not in queues.queues() and waiting["queue"] in queues.queues()
    assert join(server, players[0]).json["status"] == "waiting" and formed["queue"] in queues.queues()


def test_a_player_waits_in_three_queues_at_most_and_leaves_them_all(server):
    svc = services(server)
    pid, token = new_player(server, "Ana")
    answers = [join(server, token, players=count) for count in (3, 4, 5)]
    assert [answer.status_code for answer in answers] == [200] * 3
    again = join(server, token, players=3)
    assert again.status_code == 200 and again.json["since"] == answers[0].json["since"]

    refused = join(server, token, type="spots", players=2)

    assert refused.status_code == 409 and refused.json["type"] == "/v1/problems/too-many-queues"
    assert refused.json["limit"] == 3
    assert server.delete("/v1/quickplay", headers=auth(token)).status_code == 204
    assert server.get("/v1/quickplay", headers=auth(token)).json == {"queues": []}
    queues = Queues(svc.redis, svc.settings.queue)
    assert all(queues.place(answer.json["queue"], pid) == (None, 0) for answer in answers)


def test_options_and_player_counts_the_game_does_not_take_are_bad_options_and_quick_play_needs_a_player(server):
    _, token = new_player(server, "Ana")

    two = join(server, token, players=2)
    unknown = join(server, token, options={"nope": 1})
    anonymous = server.post("/v1/quickplay", json={"type": "felix", "players": 3})

    assert (two.status_code, two.json["type"], two.json["option"]) == (422, "/v1/problems/bad-options", "players")
    assert (unknown.status_code, unknown.json["type"]) == (422, "/v1/problems/bad-options")
    assert anonymous.status_code == 401
    assert server.get("/v1/quickplay", headers=auth(token)).json == {"queues": []}


def test_joining_a_queue_counts_against_the_addresses_creation_rate(redis_url):
    settings = Settings(**{**unlimited(redis_url).__dict__, "create_rate": "3 per 60"})
    client = create_app(settings).test_client()
    _, token = new_player(client, "Ana")

    answers = [join(client, token, players=count).status_code for count in (3, 4, 5)]

    assert answers == [200, 200, 429]


def test_players_joining_at_once_from_many_threads_are_each_seated_once(server):
    svc = services(server)
    pids = [new_player(server, f"P{number}")[0] for number in range(30)]

    with ThreadPoolExecutor(8) as pool:
        entries = list(pool.map(lambda pid: quickplay.join(svc, pid, "felix", 3), pids))

    games = {}
    for pid in pids:
        (entry,) = quickplay.status(svc, pid)
        games.setdefault(entry["game"], []).append(pid)
    assert None not in games and len(games) == 10
    for game_id, seated in games.items():
        players = {seat["player"] for seat in svc.repo.load(game_id).table["seats"]}
        assert players == set(seated)
    assert sum(entry["status"] == "seated" for entry in entries) == 10


def test_over_http_players_sit_with_the_nearest_of_their_real_ratings(server):
    svc = services(server)
    named = {name: new_player(server, name) for name in ("Ana", "Bo", "Cy", "Dan")}
    entry = {name: player_entry(pid) for name, (pid, _) in named.items()}
    # Ana, Cy and Dan win ten games each against Bo: Bo's rating ends far below theirs.
    for game in range(10):
        ranked = [(entry["Ana"], 1), (entry["Cy"], 1), (entry["Dan"], 1), (entry["Bo"], 2)]
        assert svc.ratings.rate(f"rated-{named['Ana'][0]}-{game}", "felix", ranked)
    low, high = svc.ratings.rating_of(named["Bo"][0], "felix"), svc.ratings.rating_of(named["Ana"][0], "felix")
    assert low is not None and high is not None and high - low > 2 * quickplay.RATING_WINDOW[0]

    for name in ("Ana", "Bo", "Cy"):
        assert join(server, named[name][1]).json["status"] == "waiting"
    seated = join(server, named["Dan"][1]).json

    assert seated["status"] == "seated"
    assert [seat["name"] for seat in server.get(f"/v1/games/{seated['game']}").json["seats"]] == ["Ana", "Cy", "Dan"]
