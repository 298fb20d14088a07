"""The process's one reader feeds every stream: turns when a seat may act, and no event lost when news is.

The app runs in this process (Flask's test client); each stream is read on a thread of its own. The writing
straight to a client's socket that gunicorn's gevent worker allows is tested here with gevent's sockets and events.
"""

from __future__ import annotations

import dataclasses
import socket
import time
import uuid
from collections.abc import Callable, Iterator
from types import SimpleNamespace

import gevent
import gevent.event
import gevent.socket
import pytest
import redis as redis_py
from flask import Flask
from flask.testing import FlaskClient

from domain import table as tables
from events.store import key
from service.core.config import Settings
from service.http.app import create_app
from service.streams import crowds, greenlets
from service.streams import reader as readers
from service.streams.batches import Batch, batches
from service.streams.sse import KEEPALIVE_CHUNK, chunk
from service.streams.subscription import END, TICK, Subscription
from tests.integration.players import auth
from tests.integration.test_worker_caches import backed_up, restore
from tests.sse import Opened, Reader

SETTINGS = Settings(keepalive_seconds=0.3, create_rate="off")


@pytest.fixture
def make_app(redis_url: str) -> Iterator[Callable[..., Flask]]:
    """Apps on the test Redis (settings overridden); their readers are stopped and queues emptied afterwards."""
    apps: list[Flask] = []

    def make(**overrides) -> Flask:
        settings = dataclasses.replace(SETTINGS, redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}")
        apps.append(create_app(dataclasses.replace(settings, **overrides)))
        return apps[-1]

    yield make
    for app in apps:
        app.extensions["dogpark.fanout"].stop()
        app.extensions["dogpark"].queue.empty()


def seated_felix(client: FlaskClient) -> tuple[str, list[str]]:
    """A running Felix game of three human seats, and their tokens."""
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    return game_id, [client.post(f"/v1/games/{game_id}/seats/{s}").json["token"] for s in range(3)]


def follow(app: Flask, game_id: str, token: str | None = None, after: int | None = None) -> Reader:
    """A stream of the game opened in this process (a seat's, with its token), read on a thread."""
    headers = auth(token) if token else {}
    if after is not None:
        headers["Last-Event-ID"] = str(after)

    def start() -> Opened:
        response = app.test_client().get(f"/v1/games/{game_id}/events/stream", headers=headers, buffered=False)
        return response.status_code, response.response, response.close

    reader = Reader(start)
    assert reader.status == 200
    return reader


def first_move(client: FlaskClient, game_id: str, tokens: list[str]) -> Callable[[], dict]:
    """The first legal move of the seat to act, ready to send: sending it returns the game as the command answered."""
    to_act = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    view = client.get(f"/v1/games/{game_id}", headers=auth(tokens[to_act])).json

    def send() -> dict:
        answer = client.post(f"/v1/games/{game_id}/commands", json=view["legal_moves"][0], headers=auth(tokens[to_act]))
        assert answer.status_code == 200, answer.json
        return answer.json["game"]

    return send


def play(client: FlaskClient, game_id: str, tokens: list[str], moves: int) -> list[dict]:
    """Send ``moves`` first legal moves, each by the seat to act; the game after each, as the command answered."""
    return [first_move(client, game_id, tokens)() for _ in range(moves)]


def test_on_open_the_seat_to_act_gets_a_turn_with_its_view_and_the_others_do_not(make_app):
    app = make_app()
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    shown = client.get(f"/v1/games/{game_id}").json

    streams = [follow(app, game_id, token) for token in tokens]
    for stream in streams:
        stream.wait(lambda s: ": keep-alive" in s.text, "a keep-alive")
    turns = {seat: stream.messages("turn") for seat, stream in enumerate(streams)}
    acting = shown["to_act"][0]
    own_view = client.get(f"/v1/games/{game_id}", headers=auth(tokens[acting])).json

    assert {seat: len(got) for seat, got in turns.items()} == {s: int(s == acting) for s in range(3)}
    turn = turns[acting][0].data
    assert turn == {"game": game_id, "version": shown["version"], "view": own_view, "deadline": None}
    assert turn["view"]["legal_moves"], "the turn holds the moves the seat may send"
    assert streams[acting].versions() == list(range(1, shown["version"] + 1)), "the log comes first, then the turn"


def test_a_seat_gets_a_turn_after_every_batch_after_which_it_may_act_and_after_no_other(make_app):
    app = make_app()
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    opened_at = client.get(f"/v1/games/{game_id}").json
    streams = [follow(app, game_id, token, after=opened_at["version"]) for token in tokens]
    for stream in streams:
        stream.wait(lambda s: ": keep-alive" in s.text, "a keep-alive")

    games = play(client, game_id, tokens, 12)
    last = games[-1]["version"]
    for stream in streams:
        stream.wait(lambda s: last in s.versions(), "the last move's events")
    # The turn after the last batch follows that batch's events.
    streams[games[-1]["to_act"][0]].wait(lambda s: last in [m.data["version"] for m in s.messages("turn")], "a turn")

    for seat, stream in enumerate(streams):
        expected = [g["version"] for g in [opened_at, *games] if seat in g["to_act"]]
        got = [m.data["version"] for m in stream.messages("turn")]
        assert got == expected, f"seat {seat}"
        assert all(m.data["view"]["you"] == seat and m.data["view"]["legal_moves"] for m in stream.messages("turn"))


def test_a_spectator_gets_the_events_and_no_turns(make_app):
    app = make_app()
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    spectator = follow(app, game_id)

    last = play(client, game_id, tokens, 4)[-1]["version"]
    spectator.wait(lambda s: last in s.versions(), "the last move's events")

    assert spectator.versions() == list(range(1, last + 1))
    assert spectator.messages("turn") == []


def test_a_seat_that_reconnects_with_its_last_event_id_gets_what_it_missed_then_its_turn(make_app):
    app = make_app()
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    first = follow(app, game_id, tokens[seat])
    first.wait(lambda s: s.messages("turn"), "the turn on open")
    first.stop()
    seen = first.versions()[-1]

    # The seat moves (with another client) and the others play on until it is its turn again.
    games = play(client, game_id, tokens, 1)
    while seat not in games[-1]["to_act"]:
        games += play(client, game_id, tokens, 1)
    again = follow(app, game_id, tokens[seat], after=seen)
    again.wait(lambda s: s.messages("turn"), "the turn on reopening")

    assert again.versions() == list(range(seen + 1, games[-1]["version"] + 1))
    assert [m.data["version"] for m in again.messages("turn")] == [games[-1]["version"]]
    assert again.text.index("event: turn") > again.text.rindex("\nid: "), "the turn comes after the missed events"


def test_every_event_reaches_a_stream_even_when_no_announcement_reaches_its_process(make_app, monkeypatch):
    app = make_app()
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    fanout = app.extensions["dogpark.fanout"]
    stream = follow(app, game_id)
    stream.wait(lambda s: ": keep-alive" in s.text, "a keep-alive")
    # Pub/sub delivers at most once: here, never; the length compared at each keep-alive finds the news.
    monkeypatch.setattr(fanout.reader, "_announced", lambda message: None)

    last = play(client, game_id, tokens, 5)[-1]["version"]
    stream.wait(lambda s: last in s.versions(), "the events, found at a keep-alive", timeout=10)

    assert stream.versions() == list(range(1, last + 1))


def calls(redis: redis_py.Redis, command: str) -> int:
    """How many ``command`` commands the test Redis has run (each test's Redis is private to its session)."""
    return redis.info("commandstats").get(f"cmdstat_{command}", {}).get("calls", 0)


def moves_read(client: FlaskClient, game_id: str, tokens: list[str], stream: Reader, redis: redis_py.Redis) -> int:
    """Send the first legal move and wait until ``stream`` has its events: the XRANGEs Redis ran meanwhile."""
    send = first_move(client, game_id, tokens)
    before = calls(redis, "xrange")
    last = send()["version"]
    stream.wait(lambda s: last in s.versions(), "the move's events")
    return calls(redis, "xrange") - before


def opened(app: Flask, game_id: str) -> Reader:
    """A spectator's stream of the game, once it has the log so far."""
    stream = follow(app, game_id)
    version = app.test_client().get(f"/v1/games/{game_id}").json["version"]
    stream.wait(lambda s: version in s.versions(), "the log so far")
    return stream


def test_a_stream_gets_every_event_in_order_with_no_read_when_the_announcements_carry_them(make_app, redis):
    # A keep-alive far away: only the announcements bring the news.
    app = make_app(keepalive_seconds=60)
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    stream = opened(app, game_id)

    # Sending a command reads nothing; its delivery to the stream reads nothing either.
    reads = [moves_read(client, game_id, tokens, stream, redis) for _ in range(6)]

    assert reads == [0] * 6
    assert stream.versions() == list(range(1, max(stream.versions()) + 1))


def test_a_process_decides_a_command_on_what_its_reader_heard_of_another_processs_appends_with_no_read(
    make_app, redis
):
    here, elsewhere = make_app(keepalive_seconds=60), make_app(keepalive_seconds=60)
    client = elsewhere.test_client()
    game_id = client.post("/v1/games", json={"type": "dogslife", "seats": [{"human": True}] * 2}).json["id"]
    stream = opened(here, game_id)
    # Seated and moved elsewhere: the last claim starts the action phase, whose deadline counts from that event.
    tokens = [client.post(f"/v1/games/{game_id}/seats/{seat}").json["token"] for seat in range(2)]
    last = play(client, game_id, tokens, 1)[-1]["version"]
    stream.wait(lambda s: last in s.versions(), "what the other process appended")
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    move = client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json["legal_moves"][0]
    before = calls(redis, "xrange"), calls(redis, "hmget")

    answer = here.test_client().post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[seat]))

    assert answer.status_code == 200, answer.json
    assert answer.json["game"]["version"] == last + 1
    # No read of the log (neither its new events nor the time the deadline counts from), and no append refused as
    # stale first: one append, whose script reads the command's record and the game's head with one HMGET.
    assert (calls(redis, "xrange") - before[0], calls(redis, "hmget") - before[1]) == (0, 1)


def test_news_announced_by_its_version_alone_is_read_and_reaches_the_stream_in_order(make_app, redis, monkeypatch):
    app = make_app(keepalive_seconds=60)
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    # Every batch over the bound, as a big one (a game's start) is: the script announces its version alone.
    store = app.extensions["dogpark"].store
    script = store._append.script.replace("ANNOUNCED_BYTES = 8192", "ANNOUNCED_BYTES = 0")
    assert script != store._append.script
    monkeypatch.setattr(store, "_append", store.redis.register_script(script))
    stream = opened(app, game_id)
    with redis.pubsub(ignore_subscribe_messages=True) as listener:
        listener.subscribe(key(game_id, "appended"))
        listener.get_message(timeout=1)

        reads = [moves_read(client, game_id, tokens, stream, redis) for _ in range(3)]
        heard = [listener.get_message(timeout=1) for _ in range(3)]

    assert all(message["data"].isdigit() for message in heard), "announced by the version alone"
    assert all(count >= 1 for count in reads), "each move's news was read"
    assert stream.versions() == list(range(1, max(stream.versions()) + 1))


def test_a_lost_announcement_is_made_good_by_a_read_at_the_next_in_order_with_no_duplicate(
    make_app, redis, monkeypatch
):
    app = make_app(keepalive_seconds=60)
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    fanout = app.extensions["dogpark.fanout"]
    stream = opened(app, game_id)
    announced, lost = fanout.reader._announced, []

    def losing_the_first(message: list) -> None:
        if not lost and message[2].endswith(b":appended"):
            lost.append(message)
            return
        announced(message)

    monkeypatch.setattr(fanout.reader, "_announced", losing_the_first)

    # Counted from before the lost move: on a slow machine the deliverer's periodic look may make the gap good
    # before the next move is announced, which is a read all the same.
    before = calls(redis, "xrange")
    missed = first_move(client, game_id, tokens)()["version"]
    moves_read(client, game_id, tokens, stream, redis)

    assert len(lost) == 1 and missed in stream.versions()
    assert calls(redis, "xrange") > before, "the envelopes heard began after a gap: the news was read"
    assert stream.versions() == list(range(1, max(stream.versions()) + 1))


def test_an_old_appenders_bare_version_on_the_events_channel_still_reaches_the_streams(make_app, redis, monkeypatch):
    # During a rolling deploy an appender of the release before announces the version alone on game:{id}:events.
    app = make_app(keepalive_seconds=60)
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    fanout = app.extensions["dogpark.fanout"]
    stream = opened(app, game_id)
    announced = fanout.reader._announced
    monkeypatch.setattr(fanout.reader, "_announced", lambda m: None if m[2].endswith(b":appended") else announced(m))

    last = first_move(client, game_id, tokens)()["version"]
    redis.publish(key(game_id, "events"), last)
    stream.wait(lambda s: last in s.versions(), "the move, announced the old way", timeout=5)

    assert stream.versions() == list(range(1, last + 1))


def test_an_append_made_while_the_reader_reconnects_reaches_the_streams_at_once(make_app, redis_url, monkeypatch):
    # A keep-alive far away: only the look the reader takes when it subscribes again can find the move in time.
    app = make_app(keepalive_seconds=60)
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    fanout = app.extensions["dogpark.fanout"]
    made: list[redis_py.Connection] = []
    connect = fanout.reader.listener_connection

    def reconnecting() -> redis_py.Connection:
        if made:
            # The reader lost its connection: a move lands before it subscribes again, announced to nobody.
            play(app.test_client(), game_id, tokens, 1)
        made.append(connect())
        return made[-1]

    monkeypatch.setattr(fanout.reader, "listener_connection", reconnecting)
    stream = follow(app, game_id)
    version = client.get(f"/v1/games/{game_id}").json["version"]
    stream.wait(lambda s: version in s.versions(), "the log so far")
    host, port = made[0]._sock.getsockname()[:2]

    killed = redis_py.Redis.from_url(redis_url).client_kill_filter(_type="pubsub", addr=f"{host}:{port}")
    stream.wait(lambda s: version + 1 in s.versions(), "the move made while the reader was away", timeout=5)

    assert killed == 1 and len(made) == 2
    assert stream.versions() == list(range(1, max(stream.versions()) + 1))
    assert not stream.ended


def test_the_streams_of_a_game_whose_log_lost_events_end(make_app, redis):
    app = make_app()
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    backup = backed_up(redis, game_id)
    shown = play(client, game_id, tokens, 3)[-1]
    stream = follow(app, game_id, tokens[0])
    stream.wait(lambda s: shown["version"] in s.versions(), f"version {shown['version']}")

    # The moves are lost, as in a failover to a replica that had not got them.
    restore(redis, game_id, backup)
    stream.wait(lambda s: s.ended, "the stream to end", timeout=5)

    stored = redis.xlen(key(game_id, "events"))
    assert stored < shown["version"]
    assert stream.versions()[-1] == shown["version"], "what was sent stays sent: the client resumes from the store"
    assert client.get(f"/v1/games/{game_id}").json["version"] == stored


def test_a_stream_resumed_after_events_the_log_lost_is_told_to_start_over(make_app, redis):
    app = make_app()
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    backup = backed_up(redis, game_id)
    shown = play(client, game_id, tokens, 3)[-1]["version"]
    restore(redis, game_id, backup)
    stored = redis.xlen(key(game_id, "events"))

    resumed = client.get(
        f"/v1/games/{game_id}/events/stream", headers={**auth(tokens[0]), "Last-Event-ID": str(shown)},
        buffered=False,
    )

    assert resumed.status_code == 422, "the stream opened"
    assert resumed.json["type"] == "/v1/problems/version-not-reached" and resumed.json["version"] == stored
    assert app.extensions["dogpark.fanout"].streams() == 0, "the refused stream gave its room back"
    follow(app, game_id, tokens[0], after=stored).wait(lambda s: ": keep-alive" in s.text, "a keep-alive")


def test_a_stream_resumed_after_a_version_its_reader_has_not_handed_out_yet_opens(make_app, monkeypatch):
    # The client saw the version elsewhere (another process's stream, the command's answer): only the log decides.
    monkeypatch.setattr(readers, "HOLD_CROWD", 1)
    app = make_app(keepalive_seconds=60, fanout_hold_ms=3000)
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    follow(app, game_id, after=client.get(f"/v1/games/{game_id}").json["version"])
    answered = play(client, game_id, tokens, 1)[-1]["version"]

    resumed = client.get(
        f"/v1/games/{game_id}/events/stream", headers={**auth(tokens[0]), "Last-Event-ID": str(answered)},
        buffered=False,
    )

    assert resumed.status_code == 200, resumed.get_data(as_text=True)
    resumed.close()


def test_the_reader_subscribes_again_however_often_its_connection_was_lost(make_app):
    fanout = make_app().extensions["dogpark.fanout"]

    # More than redis-py's default bound of a pool (100): every reconnection makes one, none is given back.
    made = [fanout.reader.listener_connection() for _ in range(150)]

    assert len({id(connection) for connection in made}) == 150


def test_the_readers_connection_hands_over_each_message_as_an_ordinary_reply(make_app, redis_url):
    # Under RESP3 a message is a push, which redis-py's parser first writes whole into the text of a debug line: the
    # reader's connection speaks RESP2, where it is a plain reply (read as RESP3's push, this read would time out).
    connection = make_app().extensions["dogpark.fanout"].reader.listener_connection()
    connection.connect()
    try:
        connection.send_command("SUBSCRIBE", "test:plain-replies")
        connection.read_response(timeout=1)
        redis_py.Redis.from_url(redis_url).publish("test:plain-replies", "news")
        message = connection.read_response(timeout=1)
    finally:
        connection.disconnect()

    assert message == [b"message", b"test:plain-replies", b"news"]


def test_the_reader_keeps_its_one_subscription_through_quiet_spells_and_hears_the_news_after_them(
    make_app, monkeypatch
):
    monkeypatch.setattr(readers, "LISTEN_SLICE", 0.05)
    # A keep-alive far away: only the announcement can bring the move in time.
    app = make_app(keepalive_seconds=60)
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    fanout = app.extensions["dogpark.fanout"]
    made: list[redis_py.Connection] = []
    connect = fanout.reader.listener_connection
    monkeypatch.setattr(fanout.reader, "listener_connection", lambda: made.append(connect()) or made[-1])
    stream = follow(app, game_id)
    version = client.get(f"/v1/games/{game_id}").json["version"]
    stream.wait(lambda s: version in s.versions(), "the log so far")

    time.sleep(20 * readers.LISTEN_SLICE)
    play(client, game_id, tokens, 1)
    stream.wait(lambda s: version + 1 in s.versions(), "the move, announced", timeout=2)

    assert len(made) == 1, "one subscription, never made again"


def test_a_stream_kept_busy_by_news_gets_no_keep_alive_and_an_idle_one_is_never_silent_for_a_period(make_app):
    # Looks every half second; a stream silent for 1.5 s of the 2 is owed a keep-alive.
    app = make_app(keepalive_seconds=2.0)
    client = app.test_client()
    busy_game, tokens = seated_felix(client)
    idle_game, _ = seated_felix(client)
    busy, idle = opened(app, busy_game), opened(app, idle_game)

    until = time.monotonic() + 4.0
    while time.monotonic() < until:
        play(client, busy_game, tokens, 1)
        time.sleep(0.2)

    # A crowd of such streams would otherwise take its keep-alives all at once, beside its news.
    assert ": keep-alive" not in busy.text
    assert idle.text.count(": keep-alive") >= 2
    assert idle.longest_silence() < 2.0 + 0.3, "an idle stream silent for a whole keep-alive period"


def test_news_that_never_stops_coming_does_not_put_off_the_keep_alives_of_an_idle_stream(make_app, monkeypatch):
    # Looks every 0.1 s; a stream silent for 0.3 s is owed a keep-alive.
    app = make_app(keepalive_seconds=0.4)
    client = app.test_client()
    busy_game, _ = seated_felix(client)
    idle_game, _ = seated_felix(client)
    fanout = app.extensions["dogpark.fanout"]
    opened(app, busy_game)
    idle = opened(app, idle_game)
    before = idle.text.count(": keep-alive")
    refresh = fanout.reader._refresh

    def busy_for_ever(game_id: str, newest: int = 0) -> None:
        # Each piece of the busy game's news takes a while, and more is waiting when it is done.
        refresh(game_id, newest)
        time.sleep(0.05)
        fanout.reader.nudge(busy_game)

    monkeypatch.setattr(fanout.reader, "_refresh", busy_for_ever)
    fanout.reader.nudge(busy_game)

    idle.wait(lambda s: s.text.count(": keep-alive") >= before + 2, "keep-alives beside the news", timeout=3)


class SlowStream:
    """A stream whose every hand-out takes ``seconds`` of the CPU (a write to its socket); ``handed`` counts them."""

    handed = 0

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.spoke = 0.0

    def put(self, *items: object) -> None:
        until = time.perf_counter() + self.seconds
        while time.perf_counter() < until:
            pass
        SlowStream.handed += 1


def test_a_crowds_hand_out_lets_a_ready_request_run_between_slices_and_does_not_sleep_between_them(monkeypatch):
    # As under gunicorn's gevent worker; 200 streams of 0.1 ms each are 20 ms of writes, about 60 slices.
    monkeypatch.setattr(greenlets, "under_gevent", lambda: True)
    monkeypatch.setattr(SlowStream, "handed", 0)
    pauses: list[float] = []
    pause = crowds._pause

    def timed(answering: crowds.Answering | None = None) -> None:
        began = time.perf_counter()
        pause(answering)
        pauses.append(time.perf_counter() - began)

    monkeypatch.setattr(crowds, "_pause", timed)
    crowd = [SlowStream(0.0001) for _ in range(200)]
    handed_first: list[int] = []
    gevent.spawn(lambda: handed_first.append(SlowStream.handed))

    crowds.hand_out(crowd, TICK)

    assert handed_first and handed_first[0] < 10, "the request ready before the hand-out ran only after the crowd"
    # A timer instead (the event loop makes any one of less than a millisecond a millisecond) pauses 1 ms or more.
    median = sorted(pauses)[len(pauses) // 2]
    assert len(pauses) >= 20 and median < 0.0005, f"{len(pauses)} pauses, {median * 1000:.2f} ms at the median"


def test_a_crowds_hand_out_lets_a_request_it_finds_being_answered_finish_before_its_next_slice(monkeypatch):
    # A request that waits twice (for its body, for Redis) while 200 streams of 0.1 ms each are handed out.
    monkeypatch.setattr(greenlets, "under_gevent", lambda: True)
    monkeypatch.setattr(SlowStream, "handed", 0)
    answering = crowds.Answering()
    handed_at_answer: list[int] = []

    def app(environ: dict, start_response: Callable) -> list[bytes]:
        for _ in range(2):
            gevent.sleep(0.002)
        handed_at_answer.append(SlowStream.handed)
        return [b"answered"]

    request = gevent.spawn(answering.wrap(app), {}, None)
    gevent.sleep(0)  # the request has begun, and waits

    crowds.hand_out([SlowStream(0.0001) for _ in range(200)], TICK, answering=answering)

    assert request.value == [b"answered"]
    assert handed_at_answer[0] < 10, f"the request was answered after {handed_at_answer[0]} streams were handed"
    assert answering.count == 0


def gevent_answering(monkeypatch: pytest.MonkeyPatch) -> crowds.Answering:
    """An Answering as under gunicorn's gevent worker, whose wait lets the requests run."""
    monkeypatch.setattr(greenlets, "under_gevent", lambda: True)
    with monkeypatch.context() as patched:
        patched.setattr(crowds.threading, "Event", gevent.event.Event)
        return crowds.Answering()


def answered_request(
    answering: crowds.Answering, answered: list[str], name: str, seconds: float, path: str = ""
) -> gevent.Greenlet:
    """A request of ``path`` being answered for ``seconds``, which then adds ``name`` to ``answered``."""

    def app(environ: dict, start_response: Callable) -> list[bytes]:
        gevent.sleep(seconds)
        answered.append(name)
        return [b""]

    return gevent.spawn(answering.wrap(app), {"PATH_INFO": path}, None)


def test_a_games_news_waits_for_the_games_requests_being_answered_not_for_other_games(make_app, monkeypatch):
    # Redis sends the announcement before the appending command's reply: the command is answered first, however few
    # streams follow its game.
    monkeypatch.setattr(crowds, "ANSWER_WAIT", 5.0)
    reader = make_app().extensions["dogpark.fanout"].reader
    reader.answering = gevent_answering(monkeypatch)
    answered: list[str] = []

    other = answered_request(reader.answering, answered, "another-game", 1.0, "/v1/games/another-game/commands")
    command = answered_request(reader.answering, answered, "the-game", 0.004, "/v1/games/the-game/commands")
    gevent.sleep(0)  # both have begun, and wait for Redis
    reader.nudge("the-game")

    reader._hold("the-game")

    assert answered == ["the-game"], f"the news went on with {answered} answered"
    gevent.joinall([command, other])


def test_the_wait_for_the_requests_being_answered_ends_once_those_begun_before_it_finish(monkeypatch):
    # Under a steady load a request is always being answered: waiting for none would wait ANSWER_WAIT every time.
    monkeypatch.setattr(crowds, "ANSWER_WAIT", 5.0)
    answering = gevent_answering(monkeypatch)
    answered: list[str] = []

    first = answered_request(answering, answered, "first", 0.01)
    gevent.sleep(0)
    waiter = gevent.spawn(answering.wait)
    gevent.sleep(0)
    later = answered_request(answering, answered, "later", 1.0)

    waiter.join(timeout=0.5)

    assert waiter.dead and answered == ["first"], f"the wait ended with {answered} answered"
    assert answering.count == 1
    gevent.joinall([first, later])
    assert answering.count == 0


def test_a_process_holds_no_more_streams_than_its_limit_and_a_closed_one_gives_its_room_back(make_app):
    app = make_app(stream_connections=2)
    client = app.test_client()
    game_id, _ = seated_felix(client)
    streams = [follow(app, game_id) for _ in range(2)]

    refused = client.get(f"/v1/games/{game_id}/events/stream")
    streams[0].stop()
    again = follow(app, game_id)
    again.wait(lambda s: ": keep-alive" in s.text, "a keep-alive")

    assert refused.status_code == 503 and int(refused.headers["Retry-After"]) > 0
    assert refused.json["type"] == "/v1/problems/streams-full"
    assert app.extensions["dogpark.fanout"].streams() == 2


def handed_batches(monkeypatch: pytest.MonkeyPatch, busy_after_first: float = 0.0) -> list[tuple[float, list[Batch]]]:
    """Each hand-out of batches from now on (keep-alives left out): when it began, and its batches. The deliverer
    sleeps ``busy_after_first`` seconds after the first."""
    handed: list[tuple[float, list[Batch]]] = []
    hand_out = crowds.hand_out

    def recorded(streams: list[Subscription], *items: object, answering: crowds.Answering | None = None) -> None:
        began = time.monotonic()
        hand_out(streams, *items, answering=answering)
        if TICK not in items:
            handed.append((began, [item for item in items if isinstance(item, Batch)]))
            if len(handed) == 1:
                time.sleep(busy_after_first)

    monkeypatch.setattr(readers, "hand_out", recorded)
    return handed


def test_a_crowded_games_news_is_held_after_its_announcement_then_reaches_every_stream_once_in_order(
    make_app, monkeypatch
):
    # Three streams make a crowd here. A keep-alive far away: only the announcements bring the news.
    monkeypatch.setattr(readers, "HOLD_CROWD", 3)
    handed = handed_batches(monkeypatch)
    app = make_app(keepalive_seconds=60, fanout_hold_ms=2000)
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    opened_at = client.get(f"/v1/games/{game_id}").json
    streams = [follow(app, game_id, token, after=opened_at["version"]) for token in tokens]

    sent = time.monotonic()
    games = play(client, game_id, tokens, 2)
    both_sent = time.monotonic()
    last = games[-1]["version"]
    for stream in streams:
        stream.wait(lambda s: last in s.versions(), "the two moves' events")

    # The hold runs from the first move's announcement, which comes after ``sent``.
    assert handed[0][0] - sent >= 2.0, "nothing reached the streams before the hold was over"
    if both_sent < handed[0][0]:
        # (A machine too busy to send two moves within the hold hands them out apart, as it should.)
        assert [len(batches) for _, batches in handed] == [2], "the move made during the hold went out with the first"
    for seat, stream in enumerate(streams):
        assert stream.versions() == list(range(opened_at["version"] + 1, last + 1))
        expected = [g["version"] for g in [opened_at, *games] if seat in g["to_act"]]
        assert [m.data["version"] for m in stream.messages("turn")] == expected, f"seat {seat}"


def test_a_game_followed_by_fewer_streams_than_a_crowd_is_handed_out_without_a_hold(make_app, monkeypatch):
    monkeypatch.setattr(readers, "HOLD_CROWD", 2)
    app = make_app(keepalive_seconds=60, fanout_hold_ms=60000)
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    stream = follow(app, game_id, after=client.get(f"/v1/games/{game_id}").json["version"])

    last = play(client, game_id, tokens, 1)[-1]["version"]

    stream.wait(lambda s: last in s.versions(), "the move's events, at once", timeout=5)


def test_news_that_waited_for_a_busy_deliverer_is_not_held_again(make_app, monkeypatch):
    monkeypatch.setattr(readers, "HOLD_CROWD", 1)
    # The deliverer is busy for longer than a hold after the first batch: the next move is announced meanwhile.
    handed = handed_batches(monkeypatch, busy_after_first=2.5)
    app = make_app(keepalive_seconds=60, fanout_hold_ms=1000)
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    opened = client.get(f"/v1/games/{game_id}").json["version"]
    # A seat's stream: a spectator's is handed its news at its own pace, never held.
    stream = follow(app, game_id, tokens[0], after=opened)

    first = play(client, game_id, tokens, 1)[-1]["version"]
    stream.wait(lambda s: first in s.versions(), "the first move's events")
    second = play(client, game_id, tokens, 1)[-1]["version"]
    stream.wait(lambda s: second in s.versions(), "the second move's events")

    assert len(handed) == 2
    # Announced more than a hold before the deliverer was free, the second move went out as soon as it was.
    assert handed[1][0] - handed[0][0] < 2.5 + 0.5, "held again once the deliverer was free"
    assert stream.versions() == list(range(opened + 1, second + 1))


def test_a_turn_on_a_clock_carries_the_seats_own_deadline(make_app):
    app = make_app()
    client = app.test_client()
    body = {"type": "felix", "seats": [{"human": True}] * 3, "clock": {"turn_seconds": 30}}
    game_id = client.post("/v1/games", json=body).json["id"]
    tokens = [client.post(f"/v1/games/{game_id}/seats/{s}").json["token"] for s in range(3)]
    acting = client.get(f"/v1/games/{game_id}").json["to_act"][0]

    stream = follow(app, game_id, tokens[acting])
    stream.wait(lambda s: s.messages("turn"), "the turn on open")
    turn = stream.messages("turn")[0].data
    own = [d["at"] for d in turn["view"]["deadlines"] if d["seat"] == acting]

    assert own and turn["deadline"] == own[0]


def english_names(app: Flask, game_id: str) -> dict[str, list[str]]:
    """The game's players' names now, in English, as a batch holds them."""
    return {"en": tables.names(app.extensions["dogpark"].repo.load(game_id).table, "en")}


def lent_socket(subscription: Subscription, seat: int | None) -> tuple[socket.socket, SimpleNamespace, gevent.Greenlet]:
    """A stream that lent the deliverer its socket (a small send buffer), fed on a greenlet; the client's end,
    the stream's place and that greenlet. Nothing reads the client's end until the test does."""
    server, client = gevent.socket.socketpair()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    # As under gunicorn's gevent worker, where the deliverer and the streams are greenlets of one thread.
    subscription._ready = gevent.event.Event()
    position = SimpleNamespace(reading=(seat, "en"), after=0)
    feeding = gevent.spawn(lambda: list(subscription.feed(lambda items: ("", END in items), server, position)))
    gevent.sleep(0)
    return client, position, feeding


def test_a_stream_fed_straight_to_its_socket_gets_every_batch_once_in_order_when_its_client_was_slow(make_app):
    app = make_app()
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    play(client, game_id, tokens, 40)
    envelopes = app.extensions["dogpark"].store.read(game_id)
    names = english_names(app, game_id)
    cut = [Batch(game_id, "felix", appended, {}, names) for appended in batches(envelopes)]
    subscription = Subscription("en")
    their_end, position, feeding = lent_socket(subscription, None)

    for batch in cut:
        subscription.put(batch, TICK)
    expected = b"".join(batch.chunk((None, "en"), 0) + KEEPALIVE_CHUNK for batch in cut)
    received = b""
    their_end.settimeout(5)
    while len(received) < len(expected):
        received += their_end.recv(1 << 16)
    subscription.put(END)
    feeding.join(5)

    # The kernel doubles the 4 KiB asked for; past that the deliverer's writes stop being taken.
    assert len(expected) > 2 * 8192, "more than the socket holds: the stream's greenlet wrote the rest"
    assert received == expected
    assert position.after == cut[-1].last and feeding.dead


def test_a_stream_fed_straight_to_its_socket_ends_when_its_client_hangs_up(make_app):
    app = make_app()
    client = app.test_client()
    game_id, _ = seated_felix(client)
    envelopes = app.extensions["dogpark"].store.read(game_id)
    subscription = Subscription("en")
    their_end, _, feeding = lent_socket(subscription, None)

    their_end.close()
    subscription.put(Batch(game_id, "felix", envelopes, {}, english_names(app, game_id)))
    feeding.join(5)

    assert feeding.dead, "the stream ended"


def test_a_stream_fed_straight_to_its_socket_gets_its_own_seats_turn_after_the_events_and_a_spectator_none(make_app):
    app = make_app()
    game_id, _ = seated_felix(app.test_client())
    envelopes = app.extensions["dogpark"].store.read(game_id)
    turn = "event: turn\ndata: {}\n\n"
    batch = Batch(game_id, "felix", envelopes, {(1, "en"): turn}, english_names(app, game_id))
    seated, watching = Subscription("en"), Subscription("en")
    (seats_end, _, seats_feed), (watchers_end, _, watchers_feed) = lent_socket(seated, 1), lent_socket(watching, None)

    seated.put(batch)
    watching.put(batch)
    seated.put(END)
    watching.put(END)
    gevent.joinall([seats_feed, watchers_feed], timeout=5)

    events = batch.events((None, "en"), 0)
    assert seats_end.recv(1 << 16) == chunk(batch.events((1, "en"), 0) + turn)
    assert watchers_end.recv(1 << 16) == chunk(events) and turn not in events


def test_a_games_spectators_are_handed_its_news_after_its_seats_and_at_most_once_a_pace(make_app, monkeypatch):
    handed = handed_batches(monkeypatch)
    app = make_app(keepalive_seconds=60, spectator_pace_ms=1000)
    client = app.test_client()
    game_id, tokens = seated_felix(client)
    opened = client.get(f"/v1/games/{game_id}").json["version"]
    seat = follow(app, game_id, tokens[0], after=opened)
    spectators = [follow(app, game_id, after=opened) for _ in range(3)]
    began = time.monotonic()

    # Each move once the seat's stream has the one before: a process that fell behind (a loaded machine) would hand
    # the seat several moves at once.
    for _ in range(3):
        moved = play(client, game_id, tokens, 1)[-1]["version"]
        seat.wait(lambda s, moved=moved: moved in s.versions(), "the seat's stream to have the move")
    last = moved
    seated_by = time.monotonic() - began
    for spectator in spectators:
        spectator.wait(lambda s: last in s.versions(), "every spectator to have the three moves")
    watched_by = time.monotonic() - began

    # The seat's stream got each move as it came; the spectators the first at once (none had come for a pace), then
    # the two that came within the pace in one hand-out, a pace later.
    assert [len(batches) for _, batches in handed] == [1, 1, 1, 1, 2]
    assert seated_by < 1.0 <= watched_by
    for stream in [seat, *spectators]:
        assert stream.versions() == list(range(opened + 1, last + 1))


def test_an_open_streams_place_outlives_its_lease_while_its_process_renews_it(make_app):
    # A lease is two keep-alive periods (0.6 s here): the deliverer renews it at each of its looks.
    app = make_app(streams_per_address=1)
    client = app.test_client()
    game_id, _ = seated_felix(client)
    address = {"REMOTE_ADDR": f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.7"}
    opened = app.test_client().get(f"/v1/games/{game_id}/events/stream", environ_base=address, buffered=False)

    time.sleep(5 * SETTINGS.keepalive_seconds)
    refused = app.test_client().get(f"/v1/games/{game_id}/events/stream", environ_base=address)
    opened.close()

    assert opened.status_code == 200
    assert refused.status_code == 429 and refused.json["cap"] == "address"
