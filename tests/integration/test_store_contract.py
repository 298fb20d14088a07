"""The event store contract (events.contract.Store), one suite run against RedisStore (on the real Redis) and
MemoryStore alike."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis as redis_py
from marshmallow import ValidationError

from events.contract import AppendResult, BrokenChain, Conflict, IndexWrite, Store
from events.envelope import GENESIS, EnvelopeSchema, verify_chain
from events.memory import MemoryStore
from events.store import RedisStore, key
from tests.faults.redis_server import RedisServer

SEAT = {"kind": "seat", "seat": 1}
BOT = {"kind": "bot", "seat": 2, "name": "greedy"}
SYSTEM = {"kind": "system"}

Edit = Callable[[dict[str, Any]], None]


def played(n: int, card: int = 0) -> list[dict[str, Any]]:
    """A batch of ``n`` domain events."""
    return [{"type": "CardPlayed", "data": {"card": card + i, "note": "ünïcode"}} for i in range(n)]


#: What an append wrote outside the game: (a hash's fields, a sorted set's members with their scores).
Indexed = tuple[dict[str, str], dict[str, float]]


class Backend:
    """A store under test and how to reach behind its back to edit what it holds, or read what it wrote elsewhere."""

    def __init__(
        self, store: Store, tamper: Callable[[str, int, Edit], None], indexed: Callable[[str, str], Indexed]
    ) -> None:
        self.store = store
        self.tamper = tamper
        self.indexed = indexed


def redis_backend(client: redis_py.Redis) -> Backend:
    def tamper(game_id: str, version: int, edit: Edit) -> None:
        # Stream entries cannot be changed in place, so rewrite the stream with one entry edited.
        stream = key(game_id, "events")
        entries = client.xrange(stream)
        client.delete(stream)
        for entry_id, fields in entries:
            envelope = json.loads(fields[b"e"])
            if envelope["version"] == version:
                edit(envelope)
            client.xadd(stream, {"e": json.dumps(envelope)}, id=entry_id)
        # A log rewritten behind the store's back is read as one written before heads were kept.
        client.hdel(key(game_id, "cmds"), "")

    def indexed(hash_key: str, sorted_key: str) -> Indexed:
        fields = {f.decode(): v.decode() for f, v in client.hgetall(hash_key).items()}
        return fields, {m.decode(): score for m, score in client.zrange(sorted_key, 0, -1, withscores=True)}

    return Backend(RedisStore(client), tamper, indexed)


def memory_backend() -> Backend:
    store = MemoryStore()

    def tamper(game_id: str, version: int, edit: Edit) -> None:
        envelope = json.loads(store._games[game_id].events[version - 1])
        edit(envelope)
        store._games[game_id].events[version - 1] = json.dumps(envelope).encode()

    def indexed(hash_key: str, sorted_key: str) -> Indexed:
        return dict(store._hashes.get(hash_key, {})), dict(store._sorted.get(sorted_key, {}))

    return Backend(store, tamper, indexed)


@pytest.fixture(params=["redis", "memory"])
def backend(request: pytest.FixtureRequest, redis: redis_py.Redis) -> Backend:
    return redis_backend(redis) if request.param == "redis" else memory_backend()


@pytest.fixture
def store(backend: Backend) -> Store:
    return backend.store


def append_next(store: Store, game_id: str, command_id: str, events: list, **kw: Any) -> AppendResult:
    """Append after whatever the game holds now, as a caller that has just loaded it would."""
    current = store.read(game_id)
    prev_hash = current[-1]["hash"] if current else GENESIS
    return store.append(game_id, len(current), prev_hash, command_id, events, kw.pop("actor", SEAT), **kw)


def test_an_unknown_game_has_no_events(store, game_id):
    assert (store.version(game_id), store.exists(game_id), store.read(game_id)) == (0, False, [])


def test_appended_events_read_back_as_the_envelopes_append_sealed(store, game_id):
    result = store.append(game_id, 0, GENESIS, "c1", played(2), BOT)

    assert (result.first, result.last, result.duplicate) == (1, 2, False)
    assert store.read(game_id) == result.envelopes
    assert [(e["type"], e["data"], e["actor"], e["command_id"]) for e in result.envelopes] == [
        ("CardPlayed", {"card": 0, "note": "ünïcode"}, BOT, "c1"),
        ("CardPlayed", {"card": 1, "note": "ünïcode"}, BOT, "c1"),
    ]
    assert EnvelopeSchema(many=True).validate(result.envelopes) == {}
    assert store.exists(game_id)


def test_a_log_reads_back_from_a_version_newest_first(store, game_id):
    result = store.append(game_id, 0, GENESIS, "c1", played(5), BOT)

    assert store.read_back(game_id, 4, 2) == result.envelopes[3:1:-1]
    assert store.read_back(game_id, 2, 10) == result.envelopes[1::-1]
    assert store.read_back(game_id, 0, 10) == store.read_back("no-such-game", 3, 10) == []


def test_versions_run_gapless_from_one_across_appends(store, game_id):
    for i, size in enumerate([1, 3, 2, 1]):
        append_next(store, game_id, f"c{i}", played(size), actor=SYSTEM)

    assert [e["version"] for e in store.read(game_id)] == list(range(1, 8))
    assert store.version(game_id) == 7
    assert [e["version"] for e in store.read(game_id, after=2, limit=3)] == [3, 4, 5]
    assert store.read(game_id, after=7) == []


def test_event_times_tell_when_each_asked_event_was_sealed_leaving_out_versions_the_game_lacks(store, game_id):
    store.append(game_id, 0, GENESIS, "c1", played(2), SEAT, at=100.5)
    append_next(store, game_id, "c2", played(1), at=200.25)

    assert store.event_times(game_id, [3, 1, 9, 0]) == {3: 200.25, 1: 100.5}
    assert store.event_times("no-such-game", [1]) == {}


def test_a_repeated_command_id_returns_the_first_result_and_writes_nothing_even_after_later_appends(store, game_id):
    first = store.append(game_id, 0, GENESIS, "c1", played(2), SEAT)
    append_next(store, game_id, "c2", played(3))

    again = store.append(game_id, 0, GENESIS, "c1", played(1, card=9), SYSTEM, extra=[("tokens", "1", "other")])

    assert again == AppendResult(1, 2, True, first.envelopes)
    assert store.version(game_id) == 5
    assert store.read_hash(game_id, "tokens") == {}


def test_recorded_tells_what_a_command_id_wrote_and_nothing_for_an_unknown_one(store, game_id):
    append_next(store, game_id, "c1", played(1))
    first = append_next(store, game_id, "c2", played(2))
    append_next(store, game_id, "c3", played(1))

    assert store.recorded(game_id, "c2") == AppendResult(2, 3, True, first.envelopes)
    assert store.recorded(game_id, "nope") is None
    assert store.recorded("no-such-game", "c2") is None


def test_a_stale_expected_version_raises_conflict_and_writes_nothing(store, game_id):
    store.append(game_id, 0, GENESIS, "c1", played(2), SEAT)
    before = store.read(game_id)

    with pytest.raises(Conflict) as raised:
        store.append(game_id, 1, before[0]["hash"], "c2", played(1), SEAT)

    assert (raised.value.expected, raised.value.actual) == (1, 2)
    assert store.read(game_id) == before
    # Nothing of the refused command was recorded, so it may be retried on the fresh version.
    assert append_next(store, game_id, "c2", played(1)).duplicate is False


def test_a_conflicting_batch_writes_none_of_its_events(store, game_id):
    with pytest.raises(Conflict):
        store.append(game_id, 3, GENESIS, "c1", played(5), SEAT)

    assert store.version(game_id) == 0
    assert store.exists(game_id) is False


def test_an_append_from_a_wrong_previous_hash_is_refused_and_writes_nothing(store, game_id):
    store.append(game_id, 0, GENESIS, "c1", played(1), SEAT)

    with pytest.raises(BrokenChain):
        store.append(game_id, 1, GENESIS, "c2", played(1), SEAT)

    assert store.version(game_id) == 1


@pytest.mark.parametrize(
    ("events", "actor"),
    [
        (played(1), {"kind": "seat"}),
        (played(1), {"kind": "robot", "seat": 1}),
        ([{"type": "", "data": {}}], SEAT),
        ([{"type": "CardPlayed", "data": []}], SEAT),
        ([{"data": {}}], SEAT),
    ],
)
def test_an_invalid_envelope_is_refused_before_anything_is_written(store, game_id, events, actor):
    with pytest.raises(ValidationError):
        store.append(game_id, 0, GENESIS, "c1", events, actor)

    assert store.version(game_id) == 0


def test_an_actor_is_refused_after_an_equal_looking_valid_one_was_accepted(store, game_id):
    store.append(game_id, 0, GENESIS, "c1", played(1), SEAT)
    head = store.read(game_id)[-1]["hash"]

    # 1.0 == 1 and hashes alike, yet a seat is an integer: the schema's verdict on SEAT is not reused for it.
    with pytest.raises(ValidationError):
        store.append(game_id, 1, head, "c2", played(1), {"kind": "seat", "seat": 1.0})

    assert store.version(game_id) == 1


def sort_keys(envelope: dict[str, Any]) -> None:
    """Put an envelope's keys in sorted order, in place."""
    fields = sorted(envelope.items())
    envelope.clear()
    envelope.update(fields)


@pytest.mark.parametrize("spelling", ["hash last", "keys sorted"])
def test_the_head_hash_is_checked_however_the_last_envelope_is_spelled(backend, game_id, spelling):
    store = backend.store
    store.append(game_id, 0, GENESIS, "c1", played(1), SEAT)
    head = store.read(game_id)[-1]["hash"]
    if spelling == "keys sorted":
        # As logs written before the hash was put last spell their envelopes.
        backend.tamper(game_id, 1, sort_keys)

    with pytest.raises(BrokenChain):
        store.append(game_id, 1, "f" * 64, "c2", played(1), SEAT)
    store.append(game_id, 1, head, "c2", played(1), SEAT)

    assert verify_chain(store.read(game_id)) is None


def test_an_empty_command_id_is_refused_before_anything_is_written(store, game_id):
    with pytest.raises(ValueError):
        store.append(game_id, 0, GENESIS, "", played(1), SEAT)
    with pytest.raises(ValueError):
        store.recorded(game_id, "")

    assert store.version(game_id) == 0


def test_extra_fields_land_only_with_a_successful_append(store, game_id):
    claim = [("tokens", "2", "a" * 64), ("meta", "status", "running")]
    with pytest.raises(Conflict):
        store.append(game_id, 1, GENESIS, "c1", played(1), SEAT, extra=claim)
    assert store.read_hash(game_id, "tokens") == {}

    store.append(game_id, 0, GENESIS, "c1", played(1), SEAT, extra=claim)

    assert store.read_hash(game_id, "tokens") == {"2": "a" * 64}
    assert store.read_hash(game_id, "meta") == {"status": "running"}


def test_one_field_of_a_service_hash_is_read_alone_and_a_missing_one_is_none(store, game_id):
    store.append(game_id, 0, GENESIS, "c1", played(1), SEAT, extra=[("commands", "c1", '{"seat": 0}')])

    assert store.read_field(game_id, "commands", "c1") == '{"seat": 0}'
    assert store.read_field(game_id, "commands", "c2") is None
    assert store.read_field("no-such-game", "commands", "c1") is None
    with pytest.raises(ValueError):
        store.read_field(game_id, "cmds", "c1")


def test_extra_fields_may_not_touch_the_stores_own_keys(store, game_id):
    with pytest.raises(ValueError):
        store.append(game_id, 0, GENESIS, "c1", played(1), SEAT, extra=[("cmds", "c9", "{}")])

    assert store.version(game_id) == 0


@pytest.fixture
def index_keys(redis: redis_py.Redis, game_id: str) -> Iterator[tuple[str, str]]:
    """A hash and a sorted set outside the game, for its appends to write; deleted after the test."""
    keys = (f"test-index:{{{game_id}}}:games", f"test-index:{{{game_id}}}:order")
    yield keys
    redis.delete(*keys)


def indexing(hash_key: str, sorted_key: str, game: str, entry: str, score: float) -> list[IndexWrite]:
    return [IndexWrite("hset", hash_key, game, entry), IndexWrite("zadd", sorted_key, game, repr(score))]


def test_index_writes_outside_the_game_land_with_the_append_and_only_with_it(backend, game_id, index_keys):
    games, order = index_keys
    store = backend.store
    with pytest.raises(Conflict):
        store.append(game_id, 1, GENESIS, "c1", played(1), SEAT, index=indexing(games, order, "g1", "early", 1.5))
    assert backend.indexed(games, order) == ({}, {})

    store.append(game_id, 0, GENESIS, "c1", played(1), SEAT, index=indexing(games, order, "g1", "first", 1.5))
    again = store.append(game_id, 0, GENESIS, "c1", played(1), SEAT, index=indexing(games, order, "g2", "x", 9.0))

    assert again.duplicate
    assert backend.indexed(games, order) == ({"g1": "first"}, {"g1": 1.5})


def test_a_later_append_overwrites_an_index_entry_and_keeps_its_order(backend, game_id, index_keys):
    games, order = index_keys
    append_next(backend.store, game_id, "c1", played(1), index=indexing(games, order, "g1", "open", 2.0))
    append_next(backend.store, game_id, "c2", played(1), index=indexing(games, order, "g0", "open", 1.0))
    append_next(backend.store, game_id, "c3", played(1), index=indexing(games, order, "g1", "running", 2.0))

    assert backend.indexed(games, order) == ({"g1": "running", "g0": "open"}, {"g0": 1.0, "g1": 2.0})


def test_runs_of_writes_to_one_key_land_field_by_field_as_if_written_one_by_one(backend, game_id, index_keys):
    games, order = index_keys
    extra = [("meta", "status", "open"), ("meta", "seats", "2"), ("tokens", "0", "t0"), ("meta", "status", "running")]
    index = [
        IndexWrite("hset", games, "g1", "a"),
        IndexWrite("hset", games, "g2", "b"),
        IndexWrite("zadd", order, "g1", "1.0"),
        IndexWrite("zadd", order, "g2", "2.0"),
        IndexWrite("publish", games, "g1", ""),
        IndexWrite("hset", games, "g1", "c"),
    ]

    append_next(backend.store, game_id, "c1", played(1), extra=extra, index=index)

    assert backend.store.read_hash(game_id, "meta") == {"status": "running", "seats": "2"}
    assert backend.store.read_hash(game_id, "tokens") == {"0": "t0"}
    assert backend.indexed(games, order) == ({"g1": "c", "g2": "b"}, {"g1": 1.0, "g2": 2.0})


def test_an_index_publish_is_announced_with_the_append_and_only_with_it(redis, game_id, index_keys):
    games, _ = index_keys
    store = RedisStore(redis)
    announce = [IndexWrite("publish", games, "g1", "")]
    with redis.pubsub(ignore_subscribe_messages=True) as listener:
        listener.subscribe(games)
        listener.get_message(timeout=1)
        with pytest.raises(Conflict):
            store.append(game_id, 1, GENESIS, "c1", played(1), SEAT, index=announce)
        store.append(game_id, 0, GENESIS, "c1", played(1), SEAT, index=announce)
        store.append(game_id, 0, GENESIS, "c1", played(1), SEAT, index=announce)

        heard = [listener.get_message(timeout=0.2) for _ in range(3)]

    assert [m["data"] for m in heard if m is not None] == [b"g1"]


def test_an_append_announces_its_version_and_envelopes_as_stored_and_past_the_bound_its_version_alone(
    redis, game_id
):
    store = RedisStore(redis)
    big = [{"type": "CardPlayed", "data": {"card": 0, "note": "x" * 8192}}]
    with redis.pubsub(ignore_subscribe_messages=True) as listener:
        listener.subscribe(key(game_id, "appended"), key(game_id, "events"))
        listener.get_message(timeout=1)
        listener.get_message(timeout=1)
        store.append(game_id, 0, GENESIS, "c1", played(2), SEAT)
        store.append(game_id, 0, GENESIS, "c1", played(2), SEAT)
        append_next(store, game_id, "c2", big)

        heard = [listener.get_message(timeout=0.3) for _ in range(3)]

    stored = [fields[b"e"] for _, fields in redis.xrange(key(game_id, "events"))]
    channel = key(game_id, "appended").encode()
    assert [(m["channel"], m["data"]) for m in heard if m is not None] == [
        (channel, b"\n".join([b"2", *stored[:2]])),
        (channel, b"3"),
    ], "a repeated command announces nothing, and the release before's channel hears nothing"


@pytest.mark.parametrize(
    "write",
    [
        IndexWrite("del", "test-index:{x}:games", "g1", "v"),
        IndexWrite("hset", "game:{x}:meta", "status", "finished"),
        IndexWrite("zadd", "test-index:{x}:order", "g1", "nan"),
        IndexWrite("zadd", "test-index:{x}:order", "g1", "1\n"),
    ],
    ids=["unknown command", "a game's key", "nan score", "trailing newline"],
)
def test_an_index_write_the_store_cannot_make_is_refused_before_anything_is_written(store, game_id, write):
    with pytest.raises(ValueError):
        store.append(game_id, 0, GENESIS, "c1", played(1), SEAT, index=[write])

    assert store.version(game_id) == 0


def test_an_empty_batch_records_its_command_id_without_events(store, game_id):
    store.append(game_id, 0, GENESIS, "c1", played(1), SEAT)
    head = store.read(game_id)[-1]["hash"]

    empty = store.append(game_id, 1, head, "c2", [], SEAT, extra=[("meta", "seen", "yes")])
    again = store.append(game_id, 1, head, "c2", played(1), SEAT)

    assert (empty.first, empty.last, empty.envelopes) == (2, 1, [])
    assert again == AppendResult(2, 1, True, [])
    assert store.version(game_id) == 1
    assert store.read_hash(game_id, "meta") == {"seen": "yes"}


def test_the_hash_chain_of_stored_events_verifies(store, game_id):
    for i in range(4):
        append_next(store, game_id, f"c{i}", played(i + 1))

    assert verify_chain(store.read(game_id)) is None


@pytest.mark.parametrize(
    "edit",
    [
        lambda e: e.update(type="CardDiscarded"),
        lambda e: e["data"].update(card=99),
        lambda e: e.update(actor=SYSTEM),
        lambda e: e.update(command_id="forged"),
        lambda e: e.update(time=e["time"] + 1),
        lambda e: e.update(version=9),
        lambda e: e.update(hash="f" * 64),
    ],
    ids=["type", "data", "actor", "command_id", "time", "version", "hash"],
)
def test_any_edit_of_a_stored_envelope_is_detected_at_its_version(backend, game_id, edit):
    append_next(backend.store, game_id, "c1", played(2))
    append_next(backend.store, game_id, "c2", played(2))

    backend.tamper(game_id, 3, edit)

    assert verify_chain(backend.store.read(game_id)) == 3


def test_a_snapshot_round_trips_under_its_tag_only(store, game_id):
    state = {"hands": [[1, 2], []], "phase": "play", "ratio": 0.5}
    store.save_snapshot(game_id, "dogpark:1", 4, state)

    assert store.load_snapshot(game_id, "dogpark:1") == (4, state)
    assert store.load_snapshot(game_id, "dogpark:2") is None


def test_a_newer_snapshot_replaces_the_older_one(store, game_id):
    store.save_snapshot(game_id, "dogpark:1", 2, {"n": 2})
    store.save_snapshot(game_id, "dogpark:1", 5, {"n": 5})

    assert store.load_snapshot(game_id, "dogpark:1") == (5, {"n": 5})


def test_load_gives_the_snapshot_and_the_events_after_it(store, game_id):
    append_next(store, game_id, "c1", played(3))
    store.save_snapshot(game_id, "dogpark:1", 2, {"n": 2})
    append_next(store, game_id, "c2", played(2))

    version, state, after = store.load(game_id, "dogpark:1")

    assert (version, state) == (2, {"n": 2})
    assert [e["version"] for e in after] == [3, 4, 5]
    assert after == store.read(game_id, after=2)


def test_load_without_a_snapshot_for_the_tag_gives_every_event(store, game_id):
    append_next(store, game_id, "c1", played(3))
    store.save_snapshot(game_id, "dogpark:1", 2, {"n": 2})

    assert store.load(game_id, "dogpark:2") == (0, None, store.read(game_id))


def test_load_at_starts_from_the_nearest_kept_snapshot_at_or_before_the_version(store, game_id):
    append_next(store, game_id, "c1", played(9))
    for version in (3, 6):
        store.save_snapshot(game_id, "dogpark:1", version, {"n": version}, keep=True)
    store.save_snapshot(game_id, "dogpark:1", 8, {"n": 8})

    assert store.load_at(game_id, "dogpark:1", 2) == (0, None, store.read(game_id, 0, 2))
    assert store.load_at(game_id, "dogpark:1", 3) == (3, {"n": 3}, [])
    assert store.load_at(game_id, "dogpark:1", 5) == (3, {"n": 3}, store.read(game_id, 3, 2))
    assert store.load_at(game_id, "dogpark:1", 7) == (6, {"n": 6}, store.read(game_id, 6, 1))


def test_load_at_starts_from_the_newest_snapshot_once_the_version_reaches_it(store, game_id):
    append_next(store, game_id, "c1", played(9))
    store.save_snapshot(game_id, "dogpark:1", 3, {"n": 3}, keep=True)
    store.save_snapshot(game_id, "dogpark:1", 8, {"n": 8})

    assert store.load_at(game_id, "dogpark:1", 8) == (8, {"n": 8}, [])
    assert store.load_at(game_id, "dogpark:1", 9) == (8, {"n": 8}, store.read(game_id, 8))


def test_load_at_takes_only_snapshots_of_its_tag_however_many_of_another_lie_between(store, game_id):
    append_next(store, game_id, "c1", played(30))
    store.save_snapshot(game_id, "dogpark:1", 2, {"n": 2}, keep=True)
    for version in range(5, 30):
        store.save_snapshot(game_id, "dogpark:2", version, {"v2": version}, keep=True)

    assert store.load_at(game_id, "dogpark:1", 29) == (2, {"n": 2}, store.read(game_id, 2, 27))
    assert store.load_at(game_id, "dogpark:2", 29) == (29, {"v2": 29}, [])
    assert store.load_at(game_id, "dogpark:3", 4) == (0, None, store.read(game_id, 0, 4))


def test_load_at_an_unknown_game_gives_nothing(store, game_id):
    assert store.load_at(game_id, "dogpark:1", 5) == (0, None, [])


def test_stream_entry_ids_are_0_dash_version(redis, game_id):
    store = RedisStore(redis)
    append_next(store, game_id, "c1", played(2))
    append_next(store, game_id, "c2", played(1))

    assert [entry_id for entry_id, _ in redis.xrange(key(game_id, "events"))] == [b"0-1", b"0-2", b"0-3"]
    assert {tuple(fields) for _, fields in redis.xrange(key(game_id, "events"))} == {(b"e",)}


def test_each_append_keeps_the_games_head_beside_its_command_records(redis, game_id):
    store = RedisStore(redis)
    append_next(store, game_id, "c1", played(2))
    last = append_next(store, game_id, "c2", played(1)).envelopes[-1]

    assert redis.hget(key(game_id, "cmds"), "") == f"3 {last['hash']}".encode()


@pytest.mark.parametrize("kept", ["none", "behind"])
def test_without_a_head_kept_at_its_version_an_append_reads_the_last_event(redis, game_id, kept):
    store = RedisStore(redis)
    first = append_next(store, game_id, "c1", played(1)).envelopes[-1]
    head = append_next(store, game_id, "c2", played(1)).envelopes[-1]["hash"]
    if kept == "none":
        # As a log written before heads were kept.
        redis.hdel(key(game_id, "cmds"), "")
    else:
        # As a script that keeps no head (an older process's) leaves it after appending version 2.
        redis.hset(key(game_id, "cmds"), "", f"1 {first['hash']}")

    with pytest.raises(BrokenChain):
        store.append(game_id, 2, first["hash"], "c3", played(1), SEAT)
    store.append(game_id, 2, head, "c3", played(1), SEAT)

    events = store.read(game_id)
    assert verify_chain(events) is None
    assert redis.hget(key(game_id, "cmds"), "") == f"3 {events[-1]['hash']}".encode()


def test_an_append_loads_its_script_again_on_a_restarted_server(tmp_path):
    server = RedisServer(tmp_path).start()
    try:
        store = RedisStore(redis_py.Redis(port=server.port))
        append_next(store, "g1", "c1", played(1))
        # A restarted server has the log back from its append-only file, but no scripts.
        server.kill()
        server.start()

        assert append_next(store, "g1", "c2", played(1)).last == 2
        assert verify_chain(store.read("g1")) is None
    finally:
        server.stop()


def test_a_redis_store_works_with_a_client_that_decodes_responses(redis_url, game_id):
    store = RedisStore(redis_py.Redis.from_url(redis_url, decode_responses=True))
    first = store.append(game_id, 0, GENESIS, "c1", played(2), SEAT, extra=[("tokens", "1", "t")])

    assert store.append(game_id, 0, GENESIS, "c1", played(2), SEAT) == AppendResult(1, 2, True, first.envelopes)
    assert store.load(game_id, "dogpark:1") == (0, None, first.envelopes)
    assert store.read_hash(game_id, "tokens") == {"1": "t"}
