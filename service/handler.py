"""The command handler: load, decide, append, enqueue. The one way anything changes a game."""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain import table as tables
from domain.engine import Command, IllegalMove, Seat, rng_for
from events.envelope import GENESIS, Envelope
from events.lobby import Lobby
from events.store import AppendResult, Conflict, RedisStore
from service.auth import new_token, token_hash
from service.config import Settings
from service.problems import Problem
from service.repository import Loaded, Repository
from workers.schedule import due_at


class Stale(Problem):
    """The client's expected_version is not the game's version."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(
            409, "Stale Version", f"expected version {expected}, but the game is at version {actual}", version=actual
        )


@dataclass
class Outcome:
    """What a command did: the game after it and the envelopes it appended (or first appended)."""

    game_id: str
    loaded: Loaded
    envelopes: list[Envelope]
    duplicate: bool = False


class CommandHandler:
    """Runs commands against games; every append goes through ``_commit``."""

    def __init__(
        self,
        settings: Settings,
        store: RedisStore,
        repo: Repository,
        lobby: Lobby,
        enqueue: Callable[[str, int, float], None],
    ) -> None:
        self.settings = settings
        self.store = store
        self.repo = repo
        self.lobby = lobby
        self.enqueue = enqueue

    def create(self, game_type: str, options: dict[str, Any], seats: list[dict[str, Any]]) -> Outcome:
        """Create a game; it starts at once if every seat is a bot. Raises BadOptions."""
        seed = secrets.token_hex(32)
        command = tables.create(game_type, options, seats, seed)
        game_id = secrets.token_hex(8)
        created = f"{time.time():.6f}"
        events, after = tables.apply(None, None, command, rng_for(seed, 1), seed)
        secret = {"type": game_type, "seed": seed, "created": created}
        extra = [("meta", k, v) for k, v in secret.items()]
        empty = Loaded(game_id, None, 0, GENESIS, secret)
        return self._commit(empty, None, after, None, {"kind": "system"}, command, events, f"create:{game_id}", extra)

    def claim(self, game_id: str, seat: int, name: str | None) -> tuple[str, Outcome]:
        """Claim a human seat; returns its bearer token, the only time it is ever shown."""
        token = new_token()
        command = {"type": "ClaimSeat", "seat": seat, "name": name}
        outcome = self.execute(
            game_id, seat, {"kind": "seat", "seat": seat}, command, extra=[("tokens", str(seat), token_hash(token))]
        )
        return token, outcome

    def execute(
        self,
        game_id: str,
        seat: Seat,
        actor: dict[str, Any],
        command: Command,
        expected_version: int | None = None,
        command_id: str | None = None,
        extra: list[tuple[str, str, str]] | None = None,
        guard: Callable[[tables.Table], None] | None = None,
    ) -> Outcome:
        """Decide and append one command; without expected_version, retry on a concurrent append.

        ``guard`` may refuse the command on the loaded game before the rules see it.
        """
        if command_id is None:
            command_id = secrets.token_hex(12)
        elif (recorded := self._recorded(game_id, command_id)) is not None:
            # A retried command may no longer be legal; it still gets its first answer.
            return recorded
        # The first try trusts this process's cached game, which saves a round trip: if the game has moved on,
        # the append's version check says so, and a refusal is checked again on the game as stored.
        fresh = False
        for _ in range(self.settings.command_attempts):
            loaded = self.repo.load(game_id, fresh=fresh)
            before = loaded.table["status"]
            try:
                if expected_version is not None and expected_version != loaded.version:
                    raise Stale(expected_version, loaded.version)
                if guard is not None:
                    guard(loaded.table)
                seed = loaded.secret["seed"]
                # A load gives this command its own copy of the game, so the events are folded into it directly.
                events, after = tables.apply(loaded.table, seat, command, rng_for(seed, loaded.version + 1), seed)
            except (Problem, IllegalMove):
                if fresh:
                    raise
                fresh = True
                continue
            try:
                return self._commit(loaded, before, after, seat, actor, command, events, command_id, extra or [])
            except Conflict as conflict:
                if expected_version is not None:
                    raise Stale(expected_version, conflict.actual) from None
                fresh = True
        raise Problem(503, "Busy", "the game changed under this command too many times; try again")

    def _recorded(self, game_id: str, command_id: str) -> Outcome | None:
        result = self.store.recorded(game_id, command_id)
        return self._outcome(game_id, result) if result is not None else None

    def _outcome(self, game_id: str, result: AppendResult) -> Outcome:
        return Outcome(game_id, self.repo.load(game_id), result.envelopes, duplicate=True)

    def _commit(
        self,
        loaded: Loaded,
        before: str | None,
        after: tables.Table,
        seat: Seat,
        actor: dict[str, Any],
        command: Command,
        events: list[dict],
        command_id: str,
        extra: list[tuple[str, str, str]],
    ) -> Outcome:
        """Append a decided command: ``loaded`` is the game it was decided on, ``after`` the game with its events."""
        first = loaded.version + 1
        now = time.time()

        def event_time(version: int) -> float:
            return now if version >= first else self.repo.event_time(loaded.game_id, version)

        due = due_at(after, event_time)
        record = json.dumps({"seat": seat, "command": command})
        extra = [
            *extra,
            ("meta", "status", after["status"]),
            ("meta", "open_seats", str(sum(not s["claimed"] for s in after["seats"]))),
            ("meta", "due_at", "" if due is None else f"{max(due, now):.3f}"),
            ("commands", command_id, record),
        ]
        result = self.store.append(loaded.game_id, loaded.version, loaded.last_hash, command_id, events, actor, extra)
        if result.duplicate:
            return self._outcome(loaded.game_id, result)
        new = Loaded(
            loaded.game_id,
            after,
            result.last,
            result.envelopes[-1]["hash"] if events else loaded.last_hash,
            loaded.secret,
        )
        self.repo.remember(new)
        every = self.settings.snapshot_every
        if new.version // every > loaded.version // every:
            self.repo.save_snapshot(new)
        if after["status"] != before:
            self.lobby.index(loaded.game_id, after["type"], after["status"], float(loaded.secret["created"]))
        if due is not None:
            self.enqueue(loaded.game_id, new.version, max(due, now))
        return Outcome(loaded.game_id, new, result.envelopes)
