"""The process's one reader of Redis: a listener holding the subscription to every game's and player's
announcements, and a deliverer that reads, folds and hands out the news of the games the process's streams follow.

Each web process holds one connection subscribed to both kinds (one PSUBSCRIBE of ``game:{*}:appended`` and
``player:{*}:games``, of the games' chat messages ``game:{*}:chatted``, which the listener hands to the game's streams
itself, and of the release before's ``game:{*}:events``, so that streams coming and going never change
the subscription of a connection another greenlet reads; a process filters out the games nobody follows there) and
one delivering greenlet. On news of a followed game the deliverer takes the envelopes the announcements carried, or,
when they did not carry them all (a big batch, a lost announcement), reads the new envelopes once (XRANGE, on the
requests' pooled client); it folds each batch into the game's table, notes the players' names after it in each
language the game's streams read, makes the `turn` message of every followed seat that may act after it (once per
language its streams read it in), and hands the batch to every stream of the game (service/streams/crowds.py). It
holds a crowded game's fresh news for DOGPARK_FANOUT_HOLD_MS after its announcement, so that the command that
appended it is answered before the crowd's writes begin; and any game's news waits for the game's requests being
answered to finish (at most ANSWER_WAIT), since Redis sends an append's announcement before the appending command's
reply.

A game's seats' streams are handed its news first; its spectators' streams get it after them, and at most once a
pace (DOGPARK_SPECTATOR_PACE_MS; what came meanwhile in one write each), so that however many watch a game, and
however fast it moves, its players never wait behind their writes: a watched game costs a write per spectator per
pace, not per move. A table with a spectator delay has its spectators handed each batch only once it falls out of
the delay (Watched.release; service/core/spectator_delay.py).

Pub/sub delivers at most once, so nothing here trusts an announcement to arrive: on every (re)subscription and
four times a keep-alive period the deliverer compares the length of every followed game (one pipelined XLEN for
all of them) with what it has handed out and reads what it missed, and the players' streams read their games again
on every (re)subscription. If the reader's connection drops, it subscribes again at once; if Redis does not answer
that (or a read fails), every stream ends cleanly, as a stream always has when Redis goes away, and clients resume
with Last-Event-ID; the reader keeps trying with backoff, logging once when Redis goes away and once when it is back.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import threading
import time
from functools import partial
from typing import Any

import redis

from domain import table as tables
from events.connect import subscriber_connections
from events.contract import Store
from events.envelope import parse
from events.store import as_text, key
from service.core.config import Settings
from service.core.reads import logged_times
from service.core.repository import Repository, domain_event
from service.streams.batches import Batch, announcement, batches
from service.streams.crowds import Answering, hand_out
from service.streams.places import Places
from service.streams.registry import Registry
from service.streams.subscription import TICK, Chatted, Joined

log = logging.getLogger("dogpark.fanout")

#: Every game's announcements, and every player's (an entry of the player's index changed: events/players.py).
#: Braces are plain characters in a Redis glob.
GAMES, PLAYERS = "game:{*}:appended", "player:{*}:games"
#: Every game's chat messages, each announced with its record (events/chat.py).
CHATS = "game:{*}:chatted"
#: Where the release before announced a game's new version alone. Kept for one release: appenders of that release
#: still announce there during a rolling deploy.
OLD_GAMES = "game:{*}:events"
#: How many of the process's streams make a game crowded: its news waits for the hold (Settings.fanout_hold_ms)
#: after its announcement before the deliverer reads it and hands it out. The command that appended the news is
#: being answered meanwhile (by this process or another): held, the crowd's writes (and the clients they wake, on
#: the same CPUs) start after that answer instead of beside it, and what else is appended during the hold goes out
#: with it. Only fresh news waits: a deliverer that fell behind finds the hold already over. A game of a few streams
#: is not held: its writes take less time than a hold.
HOLD_CROWD = 100
#: Looks the deliverer takes each keep-alive period: at each it compares every followed game's length with what it
#: handed out, and sends a keep-alive to each stream it has handed nothing for (KEEPALIVE_LOOKS - 1) / KEEPALIVE_LOOKS
#: of a period. So no stream is silent for a whole period, an idle one hears every three quarters of one, and a
#: stream that news keeps busy (a crowded game's, whose keep-alives would be a crowd's writes at once) gets none.
KEEPALIVE_LOOKS = 4
#: Seconds the listener waits on its socket before it looks whether it was asked to stop or reconnect.
LISTEN_SLICE = 1.0
#: Backoff between attempts to subscribe again while Redis is away: first, doubling, at most.
FIRST_BACKOFF, MAX_BACKOFF = 0.1, 2.0
#: What the deliverer is asked besides a game's news: to look at every game's length, and to stop.
_RECHECK, _STOP = object(), object()


class Reader:
    """The listener and the deliverer, feeding the streams of the registry."""

    def __init__(
        self,
        settings: Settings,
        client: redis.Redis,
        store: Store,
        repo: Repository,
        registry: Registry,
        answering: Answering,
        places: Places,
    ) -> None:
        self.store = store
        self.repo = repo
        self.client = client
        self.registry = registry
        #: The requests this process is answering, which the deliverer lets finish (service/streams/crowds.py).
        self.answering = answering
        #: The streams' places under the caps on streams, whose leases the deliverer renews at each look.
        self.places = places
        #: game id -> when its spectators are due the news they have not been handed (the deliverer's alone).
        self._paced: dict[str, float] = {}
        self.keepalive = settings.keepalive_seconds
        self.hold = settings.fanout_hold_ms / 1000
        #: Seconds between two hand-outs of a game's news to its spectators: news that comes later than that after the
        #: last one goes to them at once, after the seats' streams; news that comes sooner waits for the pace, with
        #: whatever else comes meanwhile.
        self.pace = settings.spectator_pace_ms / 1000
        self.timeout = settings.redis_timeout
        # The listener's own connection, made afresh at each subscription. A reply (the subscription's) is awaited
        # for at most the requests' timeout; the wait for news between replies is the listener's own.
        # On a Cluster, each subscription goes to the next node (a PUBLISH reaches every node): events/connect.py.
        self._connections = subscriber_connections(client, settings.redis_url, self.timeout)
        #: A game id (its news), _RECHECK or _STOP.
        self._tasks: queue.Queue[Any] = queue.Queue()
        #: Set while the listener is subscribed; the streams open only then.
        self.subscribed = threading.Event()
        #: Set once the process stops: no stream opens any more.
        self.stopping = threading.Event()
        self._reconnect = threading.Event()
        self._away = False
        self._starting = threading.Lock()
        self._pid: int | None = None
        self._threads: list[threading.Thread] = []

    def listener_connection(self) -> redis.Connection:
        """A new connection (not yet connected) for the listener to subscribe on."""
        return self._connections.make_connection()

    def stop(self) -> None:
        """End every stream at once and stop the reader: the process is stopping."""
        self.stopping.set()
        self.registry.end_all()
        self._tasks.put(_STOP)
        for thread in self._threads:
            thread.join(LISTEN_SLICE + self.timeout + 1)

    def start(self) -> None:
        """Start the listener and the deliverer, once per process (a forked child starts its own)."""
        with self._starting:
            if self._pid == os.getpid():
                return
            self._pid = os.getpid()
            self._threads = [
                threading.Thread(target=self._listen, name="dogpark-fanout-listener", daemon=True),
                threading.Thread(target=self._deliver, name="dogpark-fanout-deliverer", daemon=True),
            ]
        for thread in self._threads:
            thread.start()

    def _listen(self) -> None:
        """Hold the subscription: announce each watched game's news to the deliverer; reconnect when it drops."""
        failures = 0
        while not self.stopping.is_set():
            connection = self.listener_connection()
            try:
                connection.connect()
                connection.send_command("PSUBSCRIBE", GAMES, PLAYERS, OLD_GAMES, CHATS)
                # The connection speaks RESP2 (subscriber_connection in events/connect.py): messages are plain replies.
                for _ in (GAMES, PLAYERS, OLD_GAMES, CHATS):
                    connection.read_response()
                self._reconnect.clear()
                self.subscribed.set()
                failures = 0
                self._back()
                # Announcements made while no subscription was up are found by comparing lengths, and by each
                # player's stream reading its games again.
                self._tasks.put(_RECHECK)
                self._tell_players(None)
                while not (self.stopping.is_set() or self._reconnect.is_set()):
                    try:
                        # A read that waits, rather than can_read then a read: can_read polls the socket twice (a
                        # wait, then a look for a closed connection), which cost as much as the read itself. A
                        # timeout leaves a message half read in the parser's buffer, for the next read.
                        message = connection.read_response(timeout=LISTEN_SLICE, disconnect_on_error=False)
                    except redis.TimeoutError:
                        continue
                    self._announced(message)
            except (redis.RedisError, OSError) as error:
                self.subscribed.clear()
                failures += 1
                # A dropped connection is tried again at once; Redis not answering that either is an outage.
                if failures > 1:
                    self._away_now(error)
                    self.stopping.wait(min(MAX_BACKOFF, FIRST_BACKOFF * 2 ** (failures - 2)))
            finally:
                connection.disconnect()
        self.subscribed.clear()

    def _announced(self, message: Any) -> None:
        """A pmessage: a game has reached the version it holds (with the envelopes appended, or without: see
        announcement), or a player's entry in the game it names changed."""
        if not isinstance(message, list) or len(message) != 4 or as_text(message[0]) != "pmessage":
            return
        pattern, channel = as_text(message[1]), as_text(message[2])
        # The id sits between the channel's "{" and "}" (the Cluster hash tag).
        named = channel[channel.index("{") + 1 : channel.index("}")]
        if pattern == PLAYERS:
            self._tell_players(as_text(message[3]), named)
            return
        if named not in self.registry.games:
            # Most announcements are of games nobody follows here: dropped before they are parsed.
            return
        if pattern == CHATS:
            self._tell_chat(named, message[3])
            return
        # An old appender's announcement (OLD_GAMES) is a version alone, which announcement reads as such.
        version, texts = announcement(message[3])
        with self.registry.lock:
            watched = self.registry.games.get(named)
            if watched is None or version <= watched.version:
                return
            # Kept unparsed: the deliverer parses them, off the listener's path.
            watched.hear(version, texts)
        self.nudge(named)

    def _tell_chat(self, game_id: str, data: bytes) -> None:
        """Hand a game's new chat message to every stream following the game: each shows it or not (the rooms it
        reads, its player's mutes). At most once, as pub/sub delivers: a client catches up with GET .../chat."""
        chatted = Chatted(game_id, json.loads(data))
        with self.registry.lock:
            watched = self.registry.games.get(game_id)
            streams = list(watched.subscriptions) if watched is not None else []
        for subscription in streams:
            subscription.put(chatted)

    def _tell_players(self, game_id: str | None, player: str | None = None) -> None:
        """Hand Joined(game_id) to the streams of ``player`` (None: of every player)."""
        for subscription in self.registry.streams_of(player):
            subscription.put(Joined(game_id))

    def nudge(self, game_id: str) -> None:
        """Ask the deliverer to read a game's news (once, however often it is asked before it does)."""
        with self.registry.lock:
            if game_id in self.registry.pending:
                return
            self.registry.pending[game_id] = time.monotonic()
        self._tasks.put(game_id)

    def _deliver(self) -> None:
        """Read and hand out each game's news, one game at a time; look at every game's length and every stream's
        silence KEEPALIVE_LOOKS times a keep-alive period."""
        look = self.keepalive / KEEPALIVE_LOOKS
        next_check = time.monotonic() + look
        while True:
            now = time.monotonic()
            # Or until the spectators of a game are due what they have not been handed.
            wait = min([next_check, *self._paced.values()]) - now
            try:
                # A look that is due comes first: a deliverer that news keeps busy must not put it off for ever.
                task = _RECHECK if next_check <= now else self._tasks.get(timeout=wait) if wait > 0 else None
            except queue.Empty:
                task = None
            if task is _STOP:
                return
            try:
                # Spectators due their news come first too, for the same reason.
                self._hand_paced()
                if isinstance(task, str):
                    self._hold(task)
                    self._refresh(task)
                elif task is _RECHECK:
                    next_check = time.monotonic() + look
                    self.places.renew(self.registry.places())
                    self._recheck()
                    self._keep_alive()
            except redis.RedisError as error:
                self.subscribed.clear()
                self._away_now(error)
                # The listener's connection may look healthy to a Redis that has frozen: make it prove it.
                self._reconnect.set()
            except Exception:
                # A bug must not stop every stream of the process: the game's streams end, and resume.
                log.exception("delivering the news of %s failed; its streams end", task)
                if isinstance(task, str):
                    self.registry.end_game(task)

    def _hold(self, game_id: str) -> None:
        """Wait until the hold has passed since the game's news was announced, if HOLD_CROWD streams follow it here;
        then for the requests being answered (Answering)."""
        with self.registry.lock:
            heard = self.registry.pending.get(game_id)
            watched = self.registry.games.get(game_id)
            # Spectators get the news later anyway (at their pace): only the streams handed it now make a crowd.
            crowded = watched is not None and len(watched.subscriptions) - len(watched.spectators) >= HOLD_CROWD
        wait = heard + self.hold - time.monotonic() if heard is not None and crowded else 0.0
        if wait > 0:
            time.sleep(wait)
        # Redis sends the announcement before the appending command's own reply: a deliverer woken by it would fold
        # and write the news while that command, if this process answers it, waits for its turn to answer. Only the
        # game's own requests are waited for: under a load of other games', the news need not wait for theirs.
        self.answering.wait(f"/games/{game_id}/")

    def _keep_alive(self) -> None:
        """A keep-alive for every stream handed nothing for all but the last look of a period (after any news the
        look at the lengths found): no stream is silent for a whole period."""
        quiet_since = time.monotonic() - self.keepalive * (KEEPALIVE_LOOKS - 1) / KEEPALIVE_LOOKS
        hand_out(self.registry.quiet(quiet_since), TICK, answering=self.answering)

    def _recheck(self) -> None:
        """Read the news of every watched game whose length is past what was delivered (one pipelined XLEN); end the
        streams of a game whose log is shorter."""
        known = self.registry.loaded_versions()
        if not known:
            return
        pipe = self.client.pipeline(transaction=False)
        for game_id, _ in known:
            pipe.xlen(key(game_id, "events"))
        for (game_id, version), length in zip(known, pipe.execute(), strict=True):
            if length > version:
                self._refresh(game_id, length)
            elif length < version:
                # The log lost events this process handed out (Redis lost writes): the game's streams end and its
                # cached copy goes, so that both start again from what the store holds.
                self.repo.forget(game_id)
                self.registry.end_game(game_id)

    def _refresh(self, game_id: str, newest: int = 0) -> None:
        """Take a game's new envelopes as announced, or read them once (if announced without them, or not at all, up
        to ``newest``), fold them batch by batch, and hand each batch to its streams."""
        with self.registry.lock:
            self.registry.pending.pop(game_id, None)
            watched = self.registry.games.get(game_id)
            if watched is None or watched.table is None:
                return
            texts = watched.news(newest)
        envelopes = self.store.read(game_id, watched.version) if texts is None else [parse(text) for text in texts]
        if not envelopes:
            return
        times = logged_times(envelopes, partial(self.repo.event_times, game_id))
        with self.registry.lock:
            if self.registry.games.get(game_id) is not watched or envelopes[0]["version"] != watched.version + 1:
                return
            out = []
            for appended in batches(envelopes):
                for envelope in appended:
                    watched.table = tables.evolve(watched.table, domain_event(envelope))
                watched.version = appended[-1]["version"]
                turns = watched.turns(set(watched.readings), times)
                out.append(Batch(game_id, watched.game_type, appended, turns, watched.names()))
            streams = list(watched.subscriptions - watched.spectators)
            released = watched.release(out)
            watched.paced += released if watched.spectators else []
            paced = bool(watched.paced)
            # What another process (or a worker) appended is now known here: the game's next command in this process
            # need not read it back, and its deadlines need not ask for these events' times. Kept before the streams
            # hear of it, since their players answer at once.
            self.repo.keep(game_id, watched.table, watched.version, envelopes[-1]["hash"])
            self.repo.note_times(game_id, envelopes)
        if streams:
            hand_out(streams, *out, answering=self.answering)
        if paced and game_id not in self._paced:
            self._paced[game_id] = watched.paced_at + self.pace
            self._hand_paced()

    def _hand_paced(self) -> None:
        """Hand each game whose spectators are due their news what they have not been handed, in one write each."""
        now = time.monotonic()
        for game_id in [game_id for game_id, due in self._paced.items() if due <= now]:
            del self._paced[game_id]
            with self.registry.lock:
                watched = self.registry.games.get(game_id)
                if watched is None or not watched.paced:
                    continue
                out, watched.paced, watched.paced_at = watched.paced, [], now
                streams = list(watched.spectators)
            if streams:
                hand_out(streams, *out, answering=self.answering)

    def _away_now(self, error: Exception) -> None:
        """Redis went away: every stream ends (clients resume with Last-Event-ID); say so once."""
        if not self._away:
            self._away = True
            log.warning("the event reader lost Redis (%s: %s); open streams end", type(error).__name__, error)
        self.registry.end_all()

    def _back(self) -> None:
        if self._away:
            self._away = False
            log.warning("the event reader is subscribed again; streams may reopen")
