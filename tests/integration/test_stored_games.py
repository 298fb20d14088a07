"""Games an older dogpark left in Redis load, verify and play on: stored fixtures of each game type.

The files in stored/ were written (by stored_games.py) before the packages were reshaped. Each holds a game as
Redis held it half-way and once finished: its stream, hashes and snapshot, byte for byte.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import redis as redis_py

from domain import catalogue
from domain import table as tables
from domain.counter import RULES as COUNTER
from events.envelope import parse
from events.lobby import Lobby
from events.store import GAME_KEYS, key
from service.core.repository import snapshot_tag
from service.ops.verify import verify
from tests.integration.stored_games import FOLDER, GAMES, restore
from workers import jobs


def stored(game_type: str) -> dict[str, Any]:
    return json.loads((FOLDER / f"{game_type}.json").read_text())


@pytest.fixture
def counter_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counter is offered, as with DOGPARK_EXTRA_GAMES=counter (the catalogue reads that at import).

    Asked for after the app is made: the OpenAPI document's examples, built once a process, list the games offered
    when the app's modules are first imported, and a later test compares that document with api_spec's.
    """
    monkeypatch.setitem(catalogue.GAMES, COUNTER.id, COUNTER)


@pytest.fixture
def put_back(redis: redis_py.Redis) -> Iterator[Any]:
    """Restores a stored game into the test Redis; after the test its keys are deleted and it leaves the lobby.

    A stored game played on to its end is indexed as finished, created when it was stored: left in the lobby, it
    would be a game older than an hour that `dogpark archive` finds and cannot read, in a later test on this Redis.
    """
    restored: list[tuple[str, str]] = []

    def put(dumped: dict[str, Any]) -> str:
        restored.append((restore(redis, dumped), events_of(dumped)[0]["data"]["game"]))
        return restored[-1][0]

    yield put
    for game_id, game_type in restored:
        redis.delete(*(key(game_id, suffix) for suffix in GAME_KEYS))
        Lobby(redis).remove(game_id, game_type)


def events_of(dumped: dict[str, Any]) -> list[dict[str, Any]]:
    return [parse(fields["e"]) for _, fields in dumped["keys"]["events"]["stream"]]


#: What each later table shape adds to every table's fold, by shape: the stored snapshots are of shape 5.
ADDED_SINCE: dict[int, dict[str, Any]] = {6: {"rated": False}, 7: {"vacation_days": None}}
#: What each later table shape adds to every seat's clock in the fold, by shape.
CLOCK_ADDED_SINCE: dict[int, dict[str, Any]] = {
    7: {"vacation_since": None, "vacation_until": None, "vacation_seconds": 0.0}
}


#: The stored games with a snapshot (one is taken every 100 events): all but Counter's half-way game.
SNAPSHOTS = [(t, moment) for t in sorted(GAMES) for moment, dumped in stored(t).items() if "snap" in dumped["keys"]]


@pytest.mark.parametrize(("game_type", "moment"), SNAPSHOTS)
def test_a_stored_snapshot_is_what_todays_rules_fold_from_the_stored_events(counter_offered, game_type, moment):
    dumped = stored(game_type)[moment]
    snapshots = dumped["keys"]["snap"]["hash"]
    # Today's tag, but for the table's shape: a later shape's snapshot would be rebuilt, so none is stored under it.
    state_tag = snapshot_tag(game_type).rpartition(":")[0]
    shape, encoded = next(
        (int(tag.rpartition(":")[2]), value) for tag, value in snapshots.items() if tag.startswith(f"{state_tag}:")
    )
    snapshot = parse(encoded)
    events = events_of(dumped)[: snapshot["version"]]
    added = {name: value for later, fields in ADDED_SINCE.items() if later > shape for name, value in fields.items()}
    clock_added = {n: v for later, fields in CLOCK_ADDED_SINCE.items() if later > shape for n, v in fields.items()}
    table = snapshot["state"]["table"]
    clocks = [{**clock, **clock_added} for clock in table["clocks"]]

    folded = tables.fold([{"type": e["type"], "data": e["data"]} for e in events])

    assert shape <= tables.SHAPE and folded == {**table, **added, "clocks": clocks}


@pytest.mark.parametrize("game_type", sorted(GAMES))
def test_a_stored_finished_game_loads_and_its_audit_verifies(server, counter_offered, put_back, game_type):
    dumped = stored(game_type)["finished"]
    game_id = put_back(dumped)

    game = server.get(f"/v1/games/{game_id}")
    audit = server.get(f"/v1/games/{game_id}/audit").json
    verdict = verify(audit)

    assert game.status_code == 200 and game.json["status"] == "finished"
    assert verdict.ok, verdict.problems
    assert verdict.result is not None and verdict.result == game.json["result"]
    assert [e["hash"] for e in audit["events"]] == [e["hash"] for e in events_of(dumped)]


@pytest.mark.parametrize("game_type", sorted(GAMES))
def test_a_stored_game_half_way_plays_on_to_an_end_that_verifies(server, counter_offered, put_back, game_type):
    dumped = stored(game_type)["halfway"]
    game_id = put_back(dumped)
    assert server.get(f"/v1/games/{game_id}").json["status"] == "running"

    for _ in range(5000):
        if server.get(f"/v1/games/{game_id}").json["status"] == "finished":
            break
        jobs.advance(game_id, None)
    audit = server.get(f"/v1/games/{game_id}/audit").json
    verdict = verify(audit)

    assert verdict.ok, verdict.problems
    assert len(audit["events"]) > len(events_of(dumped))
    assert [e["hash"] for e in audit["events"][: len(events_of(dumped))]] == [e["hash"] for e in events_of(dumped)]


@pytest.mark.parametrize("game_type", sorted(GAMES))
def test_a_stored_finished_game_kept_no_past_snapshots_and_replays_every_version_as_its_log_folds(
    server, counter_offered, put_back, game_type
):
    dumped = stored(game_type)["finished"]
    game_id = put_back(dumped)
    table = None

    for version, envelope in enumerate(events_of(dumped), start=1):
        table = tables.evolve(table, {"type": envelope["type"], "data": envelope["data"]})
        replay = server.get(f"/v1/games/{game_id}/replay?version={version}")

        assert replay.status_code == 200, (version, replay.json)
        assert (replay.json["version"], replay.json["state"]) == (version, tables.view(table, None)["state"])
