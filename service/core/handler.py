"""The command handler: load, decide, append, enqueue. The one way anything changes a game."""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from domain import table as tables
from domain.catalogue import GAMES
from domain.engine import BadOptions, Command, IllegalMove, Seat, rng_for
from domain.schedule import next_due
from events.bots import Bots
from events.contract import AppendResult, BrokenChain, Conflict, Store
from events.envelope import GENESIS, Envelope, canonical_bytes, parse
from events.lobby import Lobby
from events.players import Entry
from events.presence import present
from events.tokens import new_token, token_hash
from service.core import logs, metrics
from service.core.config import Settings
from service.core.json_bodies import dumps
from service.core.notices import notices
from service.core.player_entries import changed_writes, entries
from service.core.problems import (
    BAD_REQUEST,
    BOT_SUSPENDED,
    BUSY,
    IDEMPOTENCY_KEY_REUSED,
    NOT_YOUR_TURN,
    STALE_VERSION,
    Problem,
)
from service.core.repository import Head, Loaded, Repository
from service.core.summaries import summary_fields

#: An Idempotency-Key a seat's command may carry: 1 to 200 visible ASCII characters.
IDEMPOTENCY_KEY = re.compile(r"[\x21-\x7e]{1,200}")


def keyed_command_id(seat: int, key: str) -> str:
    """The command id of a seat's command sent with an Idempotency-Key: scoped by seat, so seats never collide."""
    return f"seat{seat}:{key}"


def all_bots(table: tables.Table) -> bool:
    """True when every seat of the game is a bot's: its steps wait while games with a person in a seat have theirs."""
    return all(spec["kind"] == "bot" for spec in table["seats"])


def request_digest(command: Command, expected_version: int | None) -> str:
    """What a keyed command's record keeps of its request, for a retry to be compared with: the SHA-256 of the
    canonical JSON of its command and expected_version (a label, which the API ignores, is left out)."""
    return hashlib.sha256(canonical_bytes([command, expected_version])).hexdigest()


class Stale(Problem):
    """The client's expected_version is not the game's version."""

    def __init__(self, expected: int, actual: int) -> None:
        detail = f"expected version {expected}, but the game is at version {actual}"
        super().__init__(STALE_VERSION, detail, version=actual)


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
        store: Store,
        repo: Repository,
        lobby: Lobby,
        enqueue: Callable[[str, int, float, bool], None],
        announce: Callable[[str, tables.Table], None] | None = None,
        bots: Bots | None = None,
        enqueue_call: Callable[[str, int], None] | None = None,
        notify: Callable[..., None] | None = None,
    ) -> None:
        self.settings = settings
        self.store = store
        self.repo = repo
        self.lobby = lobby
        self.enqueue = enqueue
        #: Told of each change of a game's status (the webhook bots' end calls and ratings hang on it).
        self.announce = announce
        #: The registry a seat's registered bot is found in (None: seats name built-in bots only).
        self.bots = bots
        #: Queues a registered bot's call straight to the webhook worker (None: through the next step's job).
        self.enqueue_call = enqueue_call
        #: Queues a notification for a player who may be away (Notifications.send; None: nobody is told).
        self.notify = notify

    def create(
        self,
        game_type: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        max_events: int | None = None,
        creator: str | None = None,
        **table_settings: Any,
    ) -> Outcome:
        """Create a game; it starts at once if every seat is a bot. Raises BadOptions.

        ``max_events`` (default: the platform's) may only lower the platform's limit. Both limits the table keeps
        are recorded in its TableOpened, so a replay needs no settings. ``table_settings`` are the table's own
        (clock, on_timeout, absent_after, hotseat, rated: domain.table.SETTINGS; and private and undo; None: not given).
        ``creator`` is the player who created it with a player token (kept in the game's meta: it may invite to the
        seats); a private table needs one, or a seat kept for a player, or nobody could ever claim a seat of it.
        """
        ceiling = self.settings.max_events
        limit = ceiling if max_events is None else max_events
        if not 1 <= limit <= ceiling:
            raise BadOptions("max_events", f"from 1 to {ceiling} on this server")
        if table_settings.get("private") and creator is None and not any("player" in spec for spec in seats):
            raise BadOptions("private", "a private table needs its creator's player token, or a seat kept for a player")
        seed = secrets.token_hex(32)
        registered = self._registered(game_type, seats)
        command = tables.create(
            game_type, options, seats, seed, limit, self.settings.open_game_seconds, registered, **table_settings
        )
        game_id = secrets.token_hex(8)
        now = time.time()
        created = f"{now:.6f}"
        events, after = tables.apply(None, None, command, rng_for(seed, 1), seed, now)
        secret = {"type": game_type, "seed": seed, "created": created}
        # Whether every seat is a bot's never changes: the sweeper reads it to queue the game's steps where they go.
        extra = [("meta", k, v) for k, v in secret.items()] + [("meta", "all_bots", "1" if all_bots(after) else "0")]
        extra += [("meta", "creator", creator)] if creator is not None else []
        empty = Head(game_id, 0, GENESIS, secret)
        return self._commit(
            empty, None, after, None, {"kind": "system"}, command, events, f"create:{game_id}", extra, now
        )

    def _registered(self, game_type: str, seats: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """The registered bots the seats name, as the table records them (a name that is a built-in bot of the game
        is not looked up: one Redis round trip only for a game with a registered bot)."""
        builtin = tables.bot_names(GAMES[game_type]) if game_type in GAMES else []
        names = [spec["bot"] for spec in seats if "bot" in spec and spec["bot"] not in builtin]
        if not names or self.bots is None:
            return {}
        replace_after = self.settings.webhook_failures
        found = self.bots.by_names(names)
        suspended = sorted(bot.name for bot in found.values() if bot.suspended is not None)
        if suspended:
            raise Problem(
                BOT_SUSPENDED,
                f"bot {suspended[0]!r} is suspended: its calls timed out {self.settings.webhook_suspend_after} times "
                "in a row; its owner lifts it by changing it (PATCH /v1/bots/{id}, if only with {})",
                bots=suspended,
            )
        return {
            name: {"id": bot.id, "name": bot.name, "games": bot.games, "replace_after": replace_after}
            for name, bot in found.items()
        }

    def claim(
        self,
        game_id: str,
        seat: int,
        name: str | None,
        player: str | None = None,
        invited: bool = False,
        creator: bool = False,
    ) -> tuple[str | None, Outcome]:
        """Claim a human seat: for ``player``, whose token then acts for it (no seat token: None), or else with a
        fresh seat token, returned this once. ``invited``: the caller spent an invitation to the seat for it;
        ``creator``: the player created the game (either lets a private table's seat be claimed)."""
        token = None if player is not None else new_token()
        extra = [("tokens", str(seat), token_hash(token))] if token is not None else []
        command = {"type": "ClaimSeat", "seat": seat, "name": name, "player": player}
        # Only where given, so that every other claim is recorded as before.
        command |= {flag: True for flag, given in (("invited", invited), ("creator", creator)) if given}
        return token, self.execute(game_id, seat, {"kind": "seat", "seat": seat}, command, extra=extra)

    def send(
        self, game_id: str, seat: int, command: Command, expected_version: int | None = None, key: str | None = None
    ) -> Outcome:
        """A seat's own move, which only a seat that may act now sends (Resign and Return, at any time).

        Sent with an Idempotency-Key (``key``), it is applied once, and every retry with the same command and
        expected_version gets the first answer; the key sent with another is refused (IDEMPOTENCY_KEY_REUSED). The
        outcome of a keyed command is spelled as the log spells it, so that the first answer and a retry's (rebuilt
        from the log) are the same bytes.
        """
        if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
            raise Problem(BAD_REQUEST, "Idempotency-Key: 1 to 200 visible ASCII characters")

        def may_act(table: tables.Table) -> None:
            # Resign and Return are a seat's to send at any time; the table refuses them where they make no sense.
            if seat not in tables.to_act(table) and command["type"] not in tables.ANYTIME:
                raise Problem(NOT_YOUR_TURN, f"seat {seat} may not act now", to_act=tables.to_act(table))

        actor = {"kind": "seat", "seat": seat}
        command_id = keyed_command_id(seat, key) if key is not None else None
        digest = request_digest(command, expected_version) if key is not None else None
        outcome = self.execute(
            game_id, seat, actor, command, expected_version, command_id=command_id, guard=may_act, digest=digest
        )
        if key is None:
            return outcome
        # A retry rebuilds its answer from the log; starting both from one spelling of the game makes the bytes
        # equal, whatever key order a snapshot or the rules gave the game this answer was decided on.
        table, envelopes = parse(canonical_bytes([outcome.loaded.table, outcome.envelopes]))
        return replace(outcome, loaded=replace(outcome.loaded, table=table), envelopes=envelopes)

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
        digest: str | None = None,
    ) -> Outcome:
        """Decide and append one command; without expected_version, retry on a concurrent append.

        ``guard`` may refuse the command on the loaded game before the rules see it. A ``command_id`` already
        recorded gets the outcome of its first append (``duplicate``), never a refusal; with a ``digest`` (a keyed
        command's ``request_digest``, kept in its record), only if its first append was recorded with the same one.
        """
        if command_id is None:
            return self._decide(
                game_id, seat, actor, command, expected_version, secrets.token_hex(12), extra, guard, digest
            )
        # A retried command may no longer be legal; it still gets its first answer.
        if (recorded := self._recorded(game_id, command_id, digest)) is not None:
            return recorded
        try:
            return self._decide(game_id, seat, actor, command, expected_version, command_id, extra, guard, digest)
        except (Problem, IllegalMove):
            # A retry racing its original can be refused on a game the original already changed (cached, or
            # read after the original's append): the refusal stands only while the command id is unrecorded.
            if (recorded := self._recorded(game_id, command_id, digest)) is not None:
                return recorded
            raise

    def _decide(
        self,
        game_id: str,
        seat: Seat,
        actor: dict[str, Any],
        command: Command,
        expected_version: int | None,
        command_id: str,
        extra: list[tuple[str, str, str]] | None,
        guard: Callable[[tables.Table], None] | None,
        digest: str | None,
    ) -> Outcome:
        """``execute``'s decide-append loop, for a command id that was not recorded when it began."""
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
                # Taken before the command's events are folded into the loaded table, to see which entries they
                # change; only for a command the checks above let through.
                held = entries(game_id, loaded.table, float(loaded.secret["created"]))
                seed, now = loaded.secret["seed"], time.time()
                # A load gives this command its own copy of the game, so the events are folded into it directly.
                rng = rng_for(seed, loaded.version + 1)
                events, after = tables.apply(loaded.table, seat, command, rng, seed, now)
            except (Problem, IllegalMove):
                if fresh:
                    metrics.COMMANDS.labels(loaded.table["type"], actor["kind"], "refused").inc()
                    raise
                fresh = True
                continue
            try:
                return self._commit(
                    loaded, before, after, seat, actor, command, events, command_id, extra or [], now, held, digest
                )
            except Conflict as conflict:
                metrics.CONFLICTS.labels(loaded.table["type"]).inc()
                if expected_version is not None:
                    raise Stale(expected_version, conflict.actual) from None
                fresh = True
            except BrokenChain:
                # The cached game ends with an event the log lost and replaced (Redis lost writes, then took others):
                # a fresh load finds so, and reads the game as stored.
                fresh = True
        raise Problem(BUSY, "the game changed under this command too many times; try again")

    def _recorded(self, game_id: str, command_id: str, digest: str | None) -> Outcome | None:
        result = self.store.recorded(game_id, command_id)
        return self._outcome(game_id, command_id, result, digest) if result is not None else None

    def _outcome(self, game_id: str, command_id: str, result: AppendResult, digest: str | None) -> Outcome:
        """A recorded command's outcome as first answered: the game as of the last event its append wrote.

        Folded from the log (views depend on nothing else), from the nearest snapshot at or before that event, so a
        retry answers as the original did however the game moved on since, at the cost of a replay. A ``digest``
        that is not its record's refuses it (IDEMPOTENCY_KEY_REUSED) first.
        """
        if digest is not None:
            self._same_request(game_id, command_id, digest)
        loaded, _ = self.repo.load_at(game_id, result.last)
        metrics.DUPLICATES.labels(loaded.secret["type"]).inc()
        return Outcome(game_id, loaded, result.envelopes, duplicate=True)

    def _same_request(self, game_id: str, command_id: str, digest: str) -> None:
        """Refuse a keyed command whose key's record holds another request's digest (Stripe's rule: a key names
        one request). A record from before digests were kept holds none, and lets the retry have its answer."""
        record = self.store.read_field(game_id, "commands", command_id)
        recorded = json.loads(record).get("request_sha256") if record is not None else None
        if recorded is not None and recorded != digest:
            key = command_id.partition(":")[2]
            raise Problem(
                IDEMPOTENCY_KEY_REUSED,
                f"the Idempotency-Key {key!r} was first sent with another command or expected_version, which was "
                "applied; a key names one request: send a new command with a new key",
            )

    def _commit(
        self,
        loaded: Head,
        before: str | None,
        after: tables.Table,
        seat: Seat,
        actor: dict[str, Any],
        command: Command,
        events: list[dict],
        command_id: str,
        extra: list[tuple[str, str, str]],
        now: float,
        held: dict[str, Entry] | None = None,
        digest: str | None = None,
    ) -> Outcome:
        """Append a decided command: ``loaded`` is where the log of the game it was decided on ends, ``after`` the game
        with its events.

        ``now`` is the time it was decided at, which its envelopes record. ``held`` are the players' index entries
        before it: those its events change are written by the same append. A keyed command's ``digest`` is kept in
        its record, beside the command as sent.
        """
        first = loaded.version + 1

        def event_time(version: int) -> float:
            return now if version >= first else self.repo.event_time(loaded.game_id, version)

        due, calls = next_due(after, event_time, now) or (None, False)
        # Kept for the audit, which reads it back as JSON: orjson's spelling, as the API's bodies (a measurable share
        # of a command with the standard library's).
        sent = {"seat": seat, "command": command}
        record = dumps(sent if digest is None else {**sent, "request_sha256": digest}).decode()
        extra = [
            *extra,
            ("meta", "status", after["status"]),
            ("meta", "open_seats", str(sum(not s["claimed"] for s in after["seats"]))),
            # The lists of games name who sits and who won from these, with no load of each game.
            *(("meta", field, value) for field, value in summary_fields(after)),
            ("meta", "due_at", "" if due is None else f"{max(due, now):.3f}"),
            ("commands", command_id, record),
        ]
        if any("webhook" in spec for spec in after["seats"]) and (
            after["status"] == "finished" or not tables.spectator_delay(after)
        ):
            # The lobby shows which registered bots were replaced by their fallbacks for the rest of the game (once
            # over, where its spectators are delayed: a replacement is news of a move they may not see yet).
            replaced = [i for i, spec in enumerate(after["seats"]) if spec.get("replaced")]
            extra.append(("meta", "replaced_bots", dumps(replaced).decode()))
        now_held = entries(loaded.game_id, after, float(loaded.secret["created"]))
        index = changed_writes(held or {}, now_held)
        # A seat's stream ends with its game, as soon as the append is announced: who watches the end is read before.
        ending = self.notify is not None and after["status"] == "finished" and before != "finished"
        redis, game_id = self.lobby.redis, loaded.game_id
        watching = {pid for pid, entry in now_held.items() if ending and present(redis, pid, game_id, entry["seats"])}
        with metrics.APPEND_SECONDS.time():
            result = self.store.append(
                loaded.game_id, loaded.version, loaded.last_hash, command_id, events, actor, extra, at=now, index=index
            )
        if result.duplicate:
            return self._outcome(loaded.game_id, command_id, result, digest)
        last_hash = result.envelopes[-1]["hash"] if events else loaded.last_hash
        new = Loaded(loaded.game_id, result.last, last_hash, loaded.secret, after)
        self.repo.remember(new)
        self.repo.note_times(loaded.game_id, result.envelopes)
        metrics.committed(before, after, actor, events)
        every = self.settings.snapshot_every
        if new.version // every > loaded.version // every:
            # Every snapshot_keep_every-th is kept for replays: crossing a multiple of their product crosses one of
            # snapshot_every too.
            kept = every * self.settings.snapshot_keep_every
            self.repo.save_snapshot(new, keep=kept > 0 and new.version // kept > loaded.version // kept)
        if after["status"] != before:
            # A private table is never in the lobby.
            if not after.get("private"):
                self.lobby.index(loaded.game_id, after["type"], after["status"], float(loaded.secret["created"]))
            logs.game_changed(loaded.game_id, before, after)
            if self.announce is not None:
                self.announce(loaded.game_id, after)
        if self.notify is not None:
            self._tell(loaded.game_id, new.version, held or {}, now_held, after, seat, actor, now, watching)
        if due is not None:
            if self.enqueue_call is not None and calls:
                # A registered bot's turn: straight to the webhook worker, without a worker's job to hand it over.
                self.enqueue_call(loaded.game_id, new.version)
            else:
                self.enqueue(loaded.game_id, new.version, max(due, now), all_bots(after))
        return Outcome(loaded.game_id, new, result.envelopes)

    def _tell(
        self,
        game_id: str,
        version: int,
        before: dict[str, Entry],
        after: dict[str, Entry],
        table: tables.Table,
        seat: Seat,
        actor: dict[str, Any],
        now: float,
        watching: set[str],
    ) -> None:
        """Queue what the command tells its players (service/core/notices.py): turns, clocks, the game's end (not to
        ``watching``, who had a stream of the game open as it ended)."""
        assert self.notify is not None
        mover = table["seats"][seat].get("player") if actor["kind"] == "seat" and isinstance(seat, int) else None
        for notice in notices(before, after, mover, now, self.settings.clock_warning):
            if notice.kind == "game_over" and notice.player in watching:
                continue
            self.notify(notice.player, notice.kind, game_id, version, **notice.data)
