"""Games as Redis holds them, written to JSON files and put back: the fixtures of test_stored_games.py.

``python -m tests.integration.stored_games`` plays one game of each type with built-in bots on a private Redis
(with DOGPARK_EXTRA_GAMES=counter, so that Counter is among them),
through the worker's own job, and writes every key of each game (its stream with the entries' ids, its hashes,
its snapshot) to tests/integration/stored/<type>.json, once finished and once half-way. The files were written
before the packages were reshaped (#30) and are not written again: they are what an older dogpark left in Redis.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import redis as redis_py

from events.store import GAME_KEYS, key

FOLDER = Path(__file__).parent / "stored"

#: A game of each type that ends within a few hundred commands, played by bots only.
GAMES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "counter": (["random", "random"], {"moves": 250}),
    "felix": (["greedy", "random", "greedy"], {}),
    "spots": (["greedy", "random"], {}),
    "dogs": (["greedy", "random"], {}),
    "dogslife": (["greedy", "easy"], {"bone_target": 2}),
}


def dump(client: redis_py.Redis, game_id: str) -> dict[str, Any]:
    """Every key of a game, by its suffix: a stream's entries with their ids, a hash's fields, a string's value."""
    keys: dict[str, Any] = {}
    for suffix in GAME_KEYS:
        name = key(game_id, suffix)
        kind = client.type(name).decode()
        if kind == "stream":
            entries = [[i.decode(), {f.decode(): v.decode() for f, v in e.items()}] for i, e in client.xrange(name)]
            keys[suffix] = {"stream": entries}
        elif kind == "hash":
            keys[suffix] = {"hash": {f.decode(): v.decode() for f, v in client.hgetall(name).items()}}
        elif kind == "string":
            keys[suffix] = {"string": client.get(name).decode()}
        elif kind != "none":
            raise ValueError(f"{name} is a {kind}, which this dump does not write")
    return {"game_id": game_id, "keys": keys}


def restore(client: redis_py.Redis, stored: dict[str, Any]) -> str:
    """Put a dumped game back in Redis, under its own id (whose keys must not exist); return the id."""
    game_id = stored["game_id"]
    names = [key(game_id, suffix) for suffix in stored["keys"]]
    assert not client.exists(*names), f"{game_id} is already in Redis"
    for suffix, value in stored["keys"].items():
        name = key(game_id, suffix)
        if "stream" in value:
            for entry_id, fields in value["stream"]:
                client.xadd(name, fields, id=entry_id)
        elif "hash" in value:
            client.hset(name, mapping=value["hash"])
        else:
            client.set(name, value["string"])
    return game_id


def _write_all(redis_url: str) -> None:
    """Play each game type on ``redis_url`` and write its two dumps (half-way and finished)."""
    from service.core.config import Settings
    from service.http.app import create_app
    from workers import jobs

    app = create_app(Settings(redis_url=redis_url, queue=f"stored-{uuid.uuid4().hex[:8]}", create_rate="off"))
    svc = app.extensions["dogpark"]
    jobs.services = lambda: svc  # the worker's job, run here, on this app's Redis
    client = app.test_client()
    redis = redis_py.Redis.from_url(redis_url)
    FOLDER.mkdir(exist_ok=True)
    for game_type, (bots, options) in GAMES.items():
        created = client.post(
            "/v1/games", json={"type": game_type, "seats": [{"bot": b} for b in bots], "options": options}
        )
        game_id = created.json["id"]
        dumps = {}
        for step in range(20000):
            game = client.get(f"/v1/games/{game_id}").json
            if game["status"] == "finished":
                break
            if step == 60:
                dumps["halfway"] = dump(redis, game_id)
            jobs.advance(game_id, None)
        dumps["finished"] = dump(redis, game_id)
        (FOLDER / f"{game_type}.json").write_text(json.dumps(dumps, indent=1, sort_keys=True) + "\n")
        print(game_type, game_id, {name: len(d["keys"]["events"]["stream"]) for name, d in dumps.items()})


if __name__ == "__main__":
    import subprocess
    import tempfile

    from service.ops.private_redis import redis_binary
    from service.ops.processes import free_port, wait_until

    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen([redis_binary(), "--port", str(port), "--bind", "127.0.0.1", "--dir", data])
        url = f"redis://127.0.0.1:{port}/0"
        try:
            wait_until(lambda: redis_py.Redis.from_url(url).ping(), 10, "a private redis-server")
            _write_all(url)
        finally:
            server.terminate()
            server.wait(10)
