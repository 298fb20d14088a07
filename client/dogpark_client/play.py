"""A streaming bot: it follows its seat's event stream and sends its moves, until the game's end."""

from __future__ import annotations

from typing import Any

from dogpark_client.bot import Bot, game_moves
from dogpark_client.client import Client
from dogpark_client.problems import NotYourTurn, StaleVersion, VersionNotReached
from dogpark_client.sse import Message


def playable(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The moves a bot chooses from: the view's legal moves but the table's undo commands."""
    return [move["command"] for move in game_moves(view["legal_moves"])]


class IllegalChoice(Exception):
    """The bot chose a move that is not one of the legal moves it was given."""


def info(kind: str, view: dict[str, Any]) -> dict[str, Any]:
    """What :meth:`Bot.start` and :meth:`Bot.end` are told, in the shape of a webhook call."""
    return {
        "kind": kind,
        "game": view["id"],
        "type": view["type"],
        "seat": view["you"],
        "version": view["version"],
        "view": view,
    }


def play(client: Client, game_id: str, bot: Bot) -> dict[str, Any]:
    """Play the client's seat of a game with ``bot`` until the game ends; the seat's final view.

    The bot is asked for a move whenever the seat may act: on the stream's ``turn`` messages once the server has
    sent one, until then after reading the view once per batch of events. Each move goes with the expected version
    it was chosen at and the Idempotency-Key ``v<version>``, so the seat never acts twice on one version,
    whatever a retry or a reconnection repeats; a stale or refused turn (a clock ran out, another move came
    first) is decided afresh on the next view. Should the server's log lose moves the seat saw, it plays on from
    the game as stored.
    """
    seat = Seat(client, game_id, bot)
    view = client.view(game_id)
    if view["you"] is None:
        raise ValueError("playing a seat needs the seat's token: Client(base_url, token=...)")
    bot.start(info("start", view))
    seat.act(view)
    # The stream of a game over already would only keep itself alive: it has no SeedRevealed left to end with.
    while not seat.over:
        try:
            for message in client.follow(game_id, after=seat.known):
                seat.hear(message)
            break
        except VersionNotReached:
            # The server's log lost moves this seat saw (its Redis lost acknowledged writes): play on from the game
            # as stored.
            seat.start_over(client.view(game_id))
    final = client.view(game_id)
    bot.end(info("end", final))
    return final


class Seat:
    """The state of one seat's play: the latest version seen and the last version acted on."""

    def __init__(self, client: Client, game_id: str, bot: Bot) -> None:
        self.client = client
        self.game_id = game_id
        self.bot = bot
        self.known = 0
        self.acted = -1
        #: True once a view has shown the game finished.
        self.over = False
        #: Moves the bot made.
        self.moves = 0
        #: True once the stream has sent a `turn` message: the server says when the seat may act.
        self.turns = False

    def hear(self, message: Message) -> None:
        """Act on a message of the seat's stream."""
        if message.event == "turn" and isinstance(message.data, dict) and "view" in message.data:
            # This server says when the seat may act: no need to read the view after events any more.
            self.turns = True
            self.act(message.data["view"])
        elif not self.turns and message.id is not None and message.id > self.known and message.event != "SeedRevealed":
            # One read per batch: the view read now is at the batch's last version, so its other events are skipped.
            self.act(self.client.view(self.game_id))

    def start_over(self, view: dict[str, Any]) -> None:
        """Forget the versions past ``view``'s, which the game's log no longer holds, and act on it."""
        self.known = view["version"]
        self.acted = min(self.acted, view["version"] - 1)
        self.act(view)

    def act(self, view: dict[str, Any] | None) -> None:
        """Move while the view says the seat may, each version at most once."""
        while view is not None:
            self.known = max(self.known, view["version"])
            self.over = self.over or view["status"] == "finished"
            if view["status"] != "running" or not playable(view) or view["version"] <= self.acted:
                return
            view = self._move(view)

    def _move(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """Ask the bot and send its move; the view after it (None if the seat may no longer act)."""
        legal = playable(view)
        choice = self.bot.choose(view, legal)
        if choice not in legal:
            raise IllegalChoice(f"the bot chose {choice!r}, which is not one of the {len(legal)} legal moves")
        version = view["version"]
        try:
            answer = self.client.send(self.game_id, choice, version, key=f"v{version}")
        except StaleVersion as stale:
            return stale.view
        except NotYourTurn:
            return None
        self.acted = version
        self.moves += 1
        return answer["game"]
