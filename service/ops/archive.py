"""Archiving finished games: each one's audit document to a file, then its keys out of Redis (docs/deploy.md).

A finished game's audit (GET /v1/games/{id}/audit) holds all that its keys hold that still matters: every event
with its hash chain, the commands as sent and the seed; `dogpark verify` checks it on its own. Once it is written
(and read back), the game's keys are deleted, it leaves the lobby and its players' lists of games, and the API
answers 404 for it. Players' tokens and the seats' token hashes go with it: nobody can act in a finished game.
"""

from __future__ import annotations

import gzip
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis

from domain import catalogue
from events.players import games_key, order_key
from events.rematch import SUFFIX as REMATCH
from events.store import GAME_KEYS, key
from service.core.wiring import Services


class NotArchivable(Exception):
    """The game is not over, or its audit does not match what Redis holds: nothing was deleted."""


@dataclass(frozen=True)
class Archived:
    """A game archived: its file, the events it held, and the bytes Redis said its keys used."""

    game_id: str
    path: Path
    events: int
    freed: int


def game_keys(game_id: str) -> list[str]:
    """Every key of a game (one hash slot), its rematch's included."""
    return [key(game_id, suffix) for suffix in (*GAME_KEYS, REMATCH)]


def memory_of(client: redis.Redis, keys: list[str]) -> int:
    """Bytes Redis says ``keys`` use (MEMORY USAGE, every element counted), in one round trip."""
    pipe = client.pipeline(transaction=False)
    for name in keys:
        pipe.memory_usage(name, samples=0)
    return sum(used or 0 for used in pipe.execute())


def archive(svc: Services, audit: dict[str, Any], folder: Path) -> Archived:
    """Write a finished game's audit to ``folder``/<id>.json.gz, read it back, then delete the game from Redis."""
    game_id = audit["id"]
    loaded = svc.repo.load(game_id)
    if loaded.table["status"] != "finished":
        raise NotArchivable(f"game {game_id} is {loaded.table['status']}, not finished")
    if len(audit["events"]) != loaded.version or audit["events"][-1]["hash"] != loaded.last_hash:
        raise NotArchivable(f"the audit of game {game_id} does not end where its log does (version {loaded.version})")
    path = write(audit, folder)
    if json.loads(gzip.decompress(path.read_bytes())) != audit:
        raise NotArchivable(f"{path} does not read back as the audit written")
    keys = game_keys(game_id)
    freed = memory_of(svc.redis, keys)
    players = {seat["player"] for seat in loaded.table["seats"] if seat.get("player")}
    svc.redis.delete(*keys)
    svc.lobby.remove(game_id, loaded.table["type"])
    for pid in players:
        pipe = svc.redis.pipeline(transaction=True)
        pipe.hdel(games_key(pid), game_id)
        pipe.zrem(order_key(pid), game_id)
        pipe.execute()
    return Archived(game_id, path, loaded.version, freed)


def forget(svc: Services, game_id: str) -> None:
    """Take a game whose keys are gone out of the lobby, under whichever game type it was listed.

    The lobby's entry outlives the keys when a process stops between the two deletions of ``archive``; left there,
    it would be listed as finished for ever, with no audit to read.
    """
    for game_type in {**catalogue.GAMES, **catalogue.EXTRA_GAMES}:
        svc.lobby.remove(game_id, game_type)


def write(audit: dict[str, Any], folder: Path) -> Path:
    """The audit as gzipped JSON, written to a temporary name, flushed to disk, then renamed into place."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{audit['id']}.json.gz"
    partial = path.with_suffix(".partial")
    with open(partial, "wb") as out:
        out.write(gzip.compress(json.dumps(audit, separators=(",", ":")).encode()))
        out.flush()
        os.fsync(out.fileno())
    partial.replace(path)
    return path
