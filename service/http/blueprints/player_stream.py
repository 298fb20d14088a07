"""GET /v1/players/me/stream: one connection for every game of a player, their events and the player's turns.

The stream follows each unfinished game of the player's index through the process's one reader
(service/streams/reader.py), as a seat's stream follows its game. It learns of a game the player joins while
connected from the announcement the claim's append makes on the player's channel (events/players.py): that is the one
event that can add a game, so the stream reads the player's games again when, and only when, an entry of the player's
changes, or when the reader subscribes again after losing Redis (an announcement may have gone unheard).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator

import redis
from flask import Response
from flask_smorest import Blueprint

from service.core import rematch
from service.core.problems import INVALID_STREAM_TICKET, UNAUTHORIZED
from service.core.wiring import Services
from service.http.access import stream_player
from service.http.blueprints import problem
from service.http.blueprints.history import (
    BACKLOG_PAGE,
    client_address,
    open_stream,
    sse_response,
    streams_unavailable,
    too_many_streams,
)
from service.http.context import fanout, services
from service.http.language import asked_language
from service.streams.batches import Batch
from service.streams.fanout import Fanout
from service.streams.places import player_stream_caps
from service.streams.sse import KEEPALIVE, RETRY, event_message
from service.streams.sse import text as json_line
from service.streams.subscription import END, TICK, Joined, Subscription

#: The player's newest games a stream follows at most.
GAMES_FOLLOWED = 100

log = logging.getLogger("dogpark.api")

blp = Blueprint("player-stream", __name__, url_prefix="/v1/players", description="A player's games, live.")


class PlayerStream:
    """One player's stream, in the language it opened with: the games it follows and the text of what the reader
    hands it."""

    def __init__(self, svc: Services, streams: Fanout, player: str, subscription: Subscription) -> None:
        self.svc = svc
        self.streams = streams
        self.player = player
        self.subscription = subscription

    def follow_games(self, from_the_start: bool) -> str:
        """Follow each unfinished game of the player's not followed yet; their turns (and logs, ``from_the_start``)."""
        text = []
        for entry in self.svc.players.games(self.player, limit=GAMES_FOLLOWED):
            if entry["status"] != "finished" and entry["game"] not in self.subscription.seats:
                text.append(self._follow(entry["game"], tuple(entry["seats"]), from_the_start))
        return "".join(text)

    def _follow(self, game_id: str, seats: tuple[int, ...], from_the_start: bool) -> str:
        """Follow one game: its log so far if asked, then the turns of the player's seats that may act now."""
        opening = self.streams.follow(self.subscription, game_id, seats, 0)
        text = []
        after = 0
        game_type, language = self.svc.repo.secret(game_id)["type"], self.subscription.language
        while from_the_start and after < opening.version:
            envelopes = self.svc.store.read(game_id, after, min(BACKLOG_PAGE, opening.version - after))
            if not envelopes:
                break
            text += [event_message(game_type, e, seats[0], language, opening.names, game_id) for e in envelopes]
            after = envelopes[-1]["version"]
        return "".join(text) + opening.turns

    def rendered(self, items: list[object]) -> tuple[str, bool]:
        """The text of what the stream was handed, and whether the stream ends with it."""
        text: list[str] = []
        for item in items:
            if item is END:
                return "".join(text), True
            if item is TICK:
                text.append(KEEPALIVE)
            elif isinstance(item, Joined):
                if item.game_id not in self.subscription.seats:
                    text.append(self.follow_games(from_the_start=True))
                    text.append(self.rematch_message(item.game_id))
            elif isinstance(item, Batch):
                text.append(self._batch(item))
        return "".join(text), False

    def rematch_message(self, game_id: str | None) -> str:
        """``event: rematch`` (data ``{game, rematch}``) for a game the player is not following whose rematch was
        offered, answered or started (service/core/rematch.py announces each change on the player's channel)."""
        if game_id is None:
            return ""
        state = rematch.read(self.svc, game_id)
        if state is None:
            return ""
        data = {"game": game_id, "rematch": rematch.shown(state, time.time())}
        return f"event: rematch\ndata: {json_line(data)}\n\n"

    def _batch(self, batch: Batch) -> str:
        seats = self.subscription.seats.get(batch.game_id)
        if seats is None:
            return ""
        text = batch.events((seats[0], self.subscription.language), 0, named=True) + self.subscription.turns(batch)
        if batch.ends_game:
            self.streams.unfollow(self.subscription, batch.game_id)
        return text

    def messages(self, opening: str) -> Iterator[str]:
        """The stream's text: the turns owed on opening, then what the reader hands it, until Redis goes away."""
        yield RETRY + opening
        try:
            yield from self.subscription.feed(self.rendered)
        except redis.RedisError as error:
            # Redis went away or froze: end the stream cleanly; the client opens it again.
            log.warning("the stream of a player ended: Redis is unavailable: %s: %s", type(error).__name__, error)


@blp.route("/me/stream", methods=["GET"])
@problem(blp, 401, "No player token, or a ticket not valid.", UNAUTHORIZED, INVALID_STREAM_TICKET)
@blp.doc(
    security=[{"playerToken": []}],
    responses={
        "200": {
            "description": "Server-Sent Events of every unfinished game of the player's (the 100 newest): each "
            "event as the player's seat sees it (event = type, data = the event with `game`, its id), no SSE ids "
            "(one id cannot stand for many games); and `event: turn` messages, data `{game, version, view, "
            "deadline}` (the seat's view as GET /v1/games/{id} gives it, legal moves included), after every batch "
            "after which one of the player's seats may act. On opening, a turn for every game where the player may "
            "act now, and no older events; a game the player joins while connected (a claim, a table quick play "
            "formed, a rematch) is streamed from its first event. `event: rematch`, data `{game, rematch}`, when "
            "the rematch of a finished game of the player's changes (docs/play-again.md). A client resumes without "
            "missing a turn by opening the stream again: it gets a turn for "
            "every game waiting for it (GET /v1/games/{id}/events?after= gives any events it missed). Keep-alive "
            "comments keep an idle stream open. Its texts, labels and names are in the language it opens with: "
            "?lang= (which an EventSource can send), else Accept-Language.",
            "content": {"text/event-stream": {"schema": {"type": "string"}}},
        },
        "429": too_many_streams(),
        "503": streams_unavailable("open it again"),
    },
    parameters=[
        {
            "in": "query",
            "name": "ticket",
            "schema": {"type": "string"},
            "description": "A player stream ticket (POST /v1/players/me/stream-tickets) instead of the "
            "Authorization header, for an EventSource. It opens one stream, once.",
        },
    ],
)
def player_stream() -> Response:
    """Server-Sent Events of all the player's games in one connection: their events and the player's turns.

    Needs the player's token (Authorization: Bearer) or a player stream ticket (?ticket=).
    """
    svc, streams = services(), fanout()
    player = stream_player()
    caps = player_stream_caps(svc.settings, client_address(), player)
    subscription = open_stream(streams, player, caps, asked_language())
    stream = PlayerStream(svc, streams, player, subscription)
    try:
        opening = stream.follow_games(from_the_start=False)
    except BaseException:
        streams.close(subscription)
        raise
    return sse_response(stream.messages(opening), lambda: streams.close(subscription))
