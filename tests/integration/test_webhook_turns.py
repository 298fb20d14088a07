"""A registered bot's turn, run in this process against the real Redis and a bot on loopback: its move or its
fallback's, each appended once, and an answer for a version the game left behind dropped."""

from __future__ import annotations

import dataclasses
import json
import threading
import time
import uuid
from collections.abc import Callable, Iterator

import pytest

from domain import table as tables
from events.store import GAME_KEYS, key
from service.core.config import Settings
from service.core.problems import BOT_SUSPENDED, Problem
from service.core.webhook_http import Answer
from service.core.wiring import Services, build, webhook_queue
from tests.webhook_bots import BotServer, serving
from workers.webhooks import MAX_CALL, Place, Unusable, _call, _turn, call_body, judge

SECRET = "s" * 64


@pytest.fixture
def svc(redis_url: str) -> Iterator[Services]:
    """Services on the test Redis, allowed to call loopback, with a queue of their own."""
    settings = Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", webhook_allow=("127.0.0.0/8",))
    services = build(settings)
    yield services
    services.queue.empty()
    webhook_queue(settings, services.queue.connection).empty()


@pytest.fixture
def seated(svc: Services) -> Iterator[Callable[..., str]]:
    """seated(bot server, humans, timeout, name) -> a new Felix game id with the bot in every seat but the
    ``humans``' (claimed, by ``name`` if given), one of its seats to act; cleaned up after."""
    made: list[tuple[str, str]] = []

    def seat(server: BotServer, humans: tuple[int, ...] = (), timeout: float = 2.0, name: str | None = None) -> str:
        bot = svc.bots.register(f"test-{uuid.uuid4().hex[:8]}", server.url, "", ["felix"], timeout, SECRET, owner="p")
        seats = [{"human": True} if n in humans else {"bot": bot.name, "fallback": "greedy"} for n in range(3)]
        game_id = svc.handler.create("felix", {}, seats).game_id
        for n in humans:
            svc.handler.claim(game_id, n, name)
        table = svc.repo.load(game_id, fresh=True).table
        while (acting := tables.to_act(table)[0]) in humans:
            # A person who starts moves first, so that the bot is to act.
            move = tables.legal_moves(table, acting)[0]
            table = svc.handler.execute(game_id, acting, {"kind": "seat", "seat": acting}, move).loaded.table
        made.append((game_id, bot.id))
        return game_id

    yield seat
    for game_id, bot_id in made:
        svc.redis.delete(*(key(game_id, suffix) for suffix in GAME_KEYS), key(game_id, "webhook:1"))
        svc.bots.retire(bot_id)


def last_batch(svc: Services, game_id: str) -> dict:
    return svc.store.read(game_id)[-1]


def test_the_bots_answer_is_appended_as_its_seats_move_under_the_command_id_of_its_version(svc, seated):
    with serving("first") as bot:
        game_id = seated(bot)
        version = svc.repo.load(game_id).version

        outcome = _turn(svc, game_id, version)

    moved = svc.store.read(game_id, version)
    seat = bot.calls[1]["seat"]
    assert "-> version" in outcome
    assert moved[0]["actor"] == {"kind": "bot", "seat": seat, "name": svc.repo.load(game_id).table["seats"][0]["bot"]}
    assert moved[0]["command_id"] == f"webhook-{version}"
    assert [(c["kind"], c["seat"]) for c in bot.calls] == [("start", seat), ("turn", seat)]
    assert bot.calls[1]["version"] == version


def test_a_failed_call_is_played_by_the_fallback_with_its_reason(svc, seated):
    with serving("status500") as bot:
        game_id = seated(bot)
        version = svc.repo.load(game_id).version

        _turn(svc, game_id, version)

    actor = svc.store.read(game_id, version)[0]["actor"]
    assert actor["name"] == "greedy" and actor["reason"] == "status 500" and actor["for"].startswith("test-")


def test_two_jobs_for_one_version_call_the_bot_once_and_append_once(svc, seated):
    with serving("sleep", seconds=0.3) as bot:
        game_id = seated(bot, timeout=2.0)
        version = svc.repo.load(game_id).version
        outcomes: list[str] = []
        jobs = [threading.Thread(target=lambda: outcomes.append(_turn(svc, game_id, version))) for _ in range(4)]
        for job in jobs:
            job.start()
        for job in jobs:
            job.join()

    appended = [o for o in outcomes if "-> version" in o]
    assert [c["kind"] for c in bot.calls].count("turn") == 1
    assert len(appended) == 1 and len(outcomes) == 4
    assert all(o.startswith(("another job calls the bot", "stale")) for o in outcomes if o not in appended)
    assert svc.repo.load(game_id, fresh=True).version > version
    assert [e["command_id"] for e in svc.store.read(game_id, version)][:1] == [f"webhook-{version}"]
    assert _turn(svc, game_id, version).startswith("stale")


def test_an_answer_for_a_version_the_game_left_behind_is_dropped(svc, seated):
    """Seat 1 (a person) resigns while the bot thinks: the bot's answer, for the version before, is not appended."""
    with serving("sleep", seconds=0.5) as bot:
        game_id = seated(bot, humans=(1,), timeout=2.0)
        version = svc.repo.load(game_id, fresh=True).version
        outcome: list[str] = []
        job = threading.Thread(target=lambda: outcome.append(_turn(svc, game_id, version)))
        job.start()
        while not [c for c in bot.calls if c["kind"] == "turn"]:
            time.sleep(0.01)
        svc.handler.execute(game_id, 1, {"kind": "seat", "seat": 1}, {"type": "Resign"})
        job.join()

    assert outcome == ["superseded: the game moved on while the bot was called"]
    assert [e["type"] for e in svc.store.read(game_id, version)] == ["SeatResigned"]


def test_the_call_holds_the_seats_view_and_legal_moves_and_its_deadline(svc, seated):
    with serving("first") as bot:
        game_id = seated(bot)
    loaded = svc.repo.load(game_id)
    registered = svc.bots.get(loaded.table["seats"][0]["webhook"])
    seat = tables.to_act(loaded.table)[0]

    body = call_body("turn", game_id, loaded.table, loaded.version, seat, registered, svc, with_events=True)

    assert body["view"]["you"] == seat and body["view"]["version"] == loaded.version
    assert body["view"]["state"]["hands"][(seat + 1) % 3] is None
    assert "legal_moves" not in body["view"]
    assert body["legal_moves"] and all(
        set(m) == {"command", "expected_version", "label", "label_key", "label_args"} for m in body["legal_moves"]
    )
    assert body["deadline"].endswith("Z") and len(body["events"]) == min(20, loaded.version)
    assert all("command_id" not in e and "hash" not in e for e in body["events"])


def test_the_call_calls_the_players_by_name_in_its_events_and_view(svc, seated):
    with serving("first") as bot:
        game_id = seated(bot, humans=(1,), name="Ana")
    loaded = svc.repo.load(game_id)
    registered = svc.bots.get(loaded.table["seats"][0]["webhook"])
    seat = tables.to_act(loaded.table)[0]

    body = call_body("turn", game_id, loaded.table, loaded.version, seat, registered, svc, with_events=True)

    assert "Ana takes a seat." in [event["text"] for event in body["events"]]
    assert body["view"]["seats"][1]["name"] == "Ana"


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (Answer(200, b'{"move": {"type": "Pass"}}'), None),
        (Answer(200, b'{"move": {"command": {"type": "Pass"}, "expected_version": 3, "label": "Pass"}}'), None),
        (Answer(200, b'{"move": {"type": "Bid", "amount": 99}}'), "illegal move"),
        (Answer(200, b"[1, 2]"), "malformed"),
        (Answer(200, b"not json"), "malformed"),
        (Answer(401, b"{}"), "signature"),
        (Answer(503, b"{}"), "status 503"),
        (Answer(302, b""), "status 302"),
    ],
)
def test_an_answer_is_taken_only_when_it_names_one_of_the_legal_moves(answer, reason):
    legal = [{"type": "Bid", "amount": 1}, {"type": "Pass"}]
    if reason is None:
        assert judge(answer, legal) == {"type": "Pass"}
    else:
        with pytest.raises(Unusable) as unusable:
            judge(answer, legal)
        assert unusable.value.reason == reason


def test_a_bots_settings_are_recorded_in_the_table_so_a_replay_needs_no_registry(svc, seated):
    with serving("first") as bot:
        game_id = seated(bot)
    opened = svc.store.read(game_id)[0]["data"]["seats"][0]
    replace_after = dataclasses.asdict(svc.settings)["webhook_failures"]

    assert opened["kind"] == "bot" and opened["fallback"] == "greedy" and opened["replace_after"] == replace_after
    assert svc.bots.get(opened["webhook"]).name == opened["bot"]


def test_a_registered_bots_turn_is_queued_straight_for_the_webhook_worker(svc, seated):
    with serving("first") as bot:
        game_id = seated(bot)
    calls = webhook_queue(svc.settings, svc.queue.connection)

    queued = [job.args for job in calls.get_jobs()]

    assert queued == [(game_id, svc.repo.load(game_id).version)]
    assert svc.queue.count == 0


def test_a_retired_bots_seat_goes_to_its_fallback_for_good_at_its_next_turn(svc, seated):
    with serving("first") as bot:
        game_id = seated(bot)
        loaded = svc.repo.load(game_id)
        svc.bots.retire(loaded.table["seats"][0]["webhook"])

        _turn(svc, game_id, loaded.version)

    replaced = svc.store.read(game_id, loaded.version)[0]
    assert replaced["type"] == "BotReplaced" and replaced["data"]["reason"] == "retired"
    assert bot.calls == []


def test_a_call_longer_than_its_limit_leaves_its_oldest_events_out(svc, seated):
    with serving("first") as bot:
        game_id = seated(bot)
        registered = svc.bots.get(svc.repo.load(game_id).table["seats"][0]["webhook"])
        events = [{"version": n, "text": "x" * (MAX_CALL // 64)} for n in range(100)]
        body = {"kind": "start", "game": game_id, "events": events}

        _call(svc, registered, body, Place())

    sent = bot.calls[-1]
    assert len(json.dumps(sent, separators=(",", ":"))) <= MAX_CALL
    assert sent["events"] == events[-len(sent["events"]) :] and 50 < len(sent["events"]) < 100


def turn_call(game_id: str, moves: int, label: str, choices: int) -> dict:
    """A turn's call of ``moves`` legal moves, each labelled ``label``, its view's choices ``choices`` bytes long."""
    legal = [{"command": {"type": "Pick", "n": n}, "expected_version": 7, "label": label} for n in range(moves)]
    view = {"you": 0, "choices": {"prompt": "x" * choices, "as": "buttons", "options": []}}
    events = [{"version": n, "text": "an event"} for n in range(20)]
    return {"kind": "turn", "game": game_id, "view": view, "legal_moves": legal, "events": events}


def test_a_turn_still_too_long_without_events_leaves_its_views_choices_out(svc, seated):
    with serving("first") as bot:
        game_id = seated(bot)
        registered = svc.bots.get(svc.repo.load(game_id).table["seats"][0]["webhook"])
        body = turn_call(game_id, 1000, "A move", MAX_CALL)

        _call(svc, registered, body, Place())

    sent = bot.calls[-1]
    assert len(json.dumps(sent, separators=(",", ":"))) <= MAX_CALL
    assert sent["events"] == [] and sent["view"] == {"you": 0, "choices": None}
    assert sent["legal_moves"] == body["legal_moves"]


def test_a_turn_still_too_long_without_choices_sends_its_legal_moves_unlabelled(svc, seated):
    with serving("first") as bot:
        game_id = seated(bot)
        registered = svc.bots.get(svc.repo.load(game_id).table["seats"][0]["webhook"])
        body = turn_call(game_id, 4000, "A long label " * 100, 1000)

        _call(svc, registered, body, Place())

    sent = bot.calls[-1]
    assert len(json.dumps(sent, separators=(",", ":"))) <= MAX_CALL
    assert sent["view"]["choices"] is None
    assert sent["legal_moves"] == [{"command": m["command"], "expected_version": 7} for m in body["legal_moves"]]


def test_a_bot_with_as_many_calls_in_flight_as_it_may_is_not_called_and_its_fallback_plays_at_once(svc, seated):
    with serving("first") as bot:
        game_id = seated(bot)
        loaded = svc.repo.load(game_id)
        bot_id = loaded.table["seats"][0]["webhook"]
        # Other games' calls hold every place the bot has (DOGPARK_WEBHOOK_BOT_CALLS).
        for _ in range(svc.settings.webhook_bot_calls):
            svc.bots.take_call(bot_id, svc.settings.webhook_bot_calls, 30)
        started = time.monotonic()

        _turn(svc, game_id, loaded.version)

    moved = svc.store.read(game_id, loaded.version)[0]
    assert time.monotonic() - started < 1.0
    assert moved["actor"]["name"] == "greedy" and moved["actor"]["reason"] == "busy"
    assert bot.calls == []
    # A failure like any other: a seat whose bot is busy turn after turn goes to its fallback for good.
    assert svc.redis.hget(key(game_id, "meta"), f"webhook_failures:{moved['actor']['seat']}") == b"1"


def test_a_bot_whose_calls_time_out_again_and_again_is_suspended_and_no_new_game_may_seat_it(svc, seated):
    suspend_after = svc.settings.webhook_suspend_after
    with serving("silent", seconds=1.0) as bot:
        game_id = seated(bot, timeout=0.2)
        bot_id = svc.repo.load(game_id).table["seats"][0]["webhook"]
        # Every call times out (a seat's start call, then each of its turns'), whatever the game.
        turns = 0
        while svc.bots.get(bot_id).suspended is None and turns < suspend_after:
            _turn(svc, game_id, svc.repo.load(game_id, fresh=True).version)
            turns += 1
    registered = svc.bots.get(bot_id)
    assert registered is not None and registered.suspended is not None
    assert int(svc.redis.hget(f"{{bots}}:bot:{bot_id}", "timeouts")) == suspend_after

    with pytest.raises(Problem) as refused:
        svc.handler.create("felix", {}, [{"bot": registered.name}, {"bot": "random"}, {"bot": "random"}])

    assert refused.value.kind is BOT_SUSPENDED and refused.value.status == 422
    assert registered.name in refused.value.detail
    # The game it sits in goes on: its fallback plays the turns it misses.
    assert svc.repo.load(game_id, fresh=True).table["status"] == "running"
