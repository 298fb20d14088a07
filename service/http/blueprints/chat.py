"""A game's chat: post a message, read a page, report one; the quick phrases; a player's mutes (docs/chat.md)."""

from __future__ import annotations

from functools import partial

from flask import Response

from service.core import chat
from service.core.player_entries import held_seats
from service.core.problems import (
    BAD_REQUEST,
    CHAT_CLOSED,
    CHOOSE_SEAT,
    INVALID_REQUEST,
    NOT_FOUND,
    NOT_YOUR_SEAT,
    PROBLEM,
    RATE_LIMITED,
    UNAUTHORIZED,
    Problem,
    not_found,
)
from service.http.access import CHALLENGE, bearer, caller_player, caller_seat, chosen_seat
from service.http.blueprints import problem, type_links
from service.http.bodies import Blueprint, body_errors
from service.http.context import services
from service.http.examples import FELIX, START
from service.http.language import asked_language
from service.http.ratelimit import Rate, parse_rate, take
from service.http.schemas.chat import (
    ChatMessages,
    ChatPhrases,
    ChatQuery,
    Message,
    Mutes,
    NewMessage,
    NewReport,
    PhrasesQuery,
    Report,
)
from service.http.schemas.problems import Problem as ProblemSchema

#: Reports one player (or seat) may make.
REPORT_RATE = Rate(10, 600)
GAME = FELIX["view"]["id"]
#: The player of the examples (players.py's): Ana, at seat 0.
ANA = "3f9a0c2e7b1d4865"
EXAMPLE = {
    "id": "1767261600000-0",
    "room": "seats",
    "player": ANA,
    "seat": 0,
    "name": "Ana",
    "text": "Good game!",
    "phrase": "gg",
    "at": START,
    "deleted": False,
}

#: The report of the examples: Bo, at seat 1, reports Ana's message.
REPORT = {
    "id": "1767261660000-0",
    "game": GAME,
    "message": EXAMPLE["id"],
    "room": "seats",
    "sender": {"player": ANA, "seat": 0, "name": "Ana"},
    "text": "Good game!",
    "sent_at": START,
    "reporter": {"player": "9c41e7b20d5a3f68", "seat": 1, "name": "Bo"},
    "reason": "insults",
    "at": START + 60,
}

blp = Blueprint("chat", __name__, url_prefix="/v1", description="A game's chat: its seats' and spectators' rooms.")


def chat_rate_limited(what: str) -> dict:
    """The documented 429 of a chat route: too many of ``what`` from one player (or seat)."""
    return {
        "schema": ProblemSchema,
        "content_type": PROBLEM,
        "description": f"Too many {what} from this player (or seat without a player); Retry-After says when the "
        "window ends." + type_links(RATE_LIMITED),
        "headers": {"Retry-After": {"description": "Seconds until a retry may pass.", "schema": {"type": "integer"}}},
    }


def speaker(game_id: str, required: bool) -> chat.Speaker:
    """Who the request speaks for in the game's chat: a seat (by its seat token, or the player token of its player),
    a player not seated (a spectator with a name), or nobody (no token; 401 if ``required``)."""
    svc = services()
    token = bearer()
    if token is None:
        if required:
            detail = "send a seat's or a player's token as 'Authorization: Bearer <token>'"
            raise Problem(UNAUTHORIZED, detail, CHALLENGE)
        return chat.Speaker(None, None)
    table = svc.repo.load(game_id).table
    pid = svc.players.by_token(token)
    seats = held_seats(table).get(pid) if pid is not None else None
    seat = caller_seat(game_id, required=True) if pid is None else chosen_seat(seats) if seats else None
    player = table["seats"][seat].get("player") if pid is None and seat is not None else pid
    # The seat's name, else its player's (a seat claimed with a player token and no name has none of its own).
    name = table["seats"][seat]["name"] if seat is not None else None
    if name is None and player is not None:
        known = svc.players.get(player)
        name = known["name"] if known is not None else None
    return chat.Speaker(player, seat, name)


def count(rate: Rate | None, scope: str, game_id: str, who: chat.Speaker) -> None:
    """Count a post or a report against ``who``'s rate: a player's across games, a seat token's in its game."""
    sender = who.player if who.player is not None else f"{game_id}:{who.seat}"
    take(services().redis, rate, scope, sender)


@blp.route("/games/<game_id>/chat", methods=["POST"])
@blp.arguments(NewMessage(), example={"room": "seats", "phrase": "gg"})
@blp.response(201, Message, example=EXAMPLE)
@problem(blp, 400, "?seat= names no seat of the caller's.", CHOOSE_SEAT)
@problem(blp, 401, "No token, or a token neither of this game's seats nor a player's.", UNAUTHORIZED)
@problem(
    blp,
    403,
    "The seats' room, and the caller holds no seat; or the spectators' room of a table whose spectators may not chat.",
    NOT_YOUR_SEAT,
    CHAT_CLOSED,
)
@problem(blp, 404, "No such game.", NOT_FOUND)
@problem(blp, 422, "The body does not match its schema (text too long or empty, an unknown phrase).", INVALID_REQUEST)
@blp.alt_response(429, **chat_rate_limited("messages (DOGPARK_CHAT_RATE, 10 per 30 s by default)"))
@body_errors(blp)
@blp.doc(security=[{"seatToken": []}, {"playerToken": []}])
def post_message(body: dict, game_id: str) -> tuple[dict, int]:
    """Post a message to a room of the game's chat: plain text, or a quick phrase each reader reads in their language.

    A seat (its seat token, or its player's token) writes in both rooms; a player not seated (a player token) writes
    in the spectators' room, unless the table's spectator_chat is false. Readers get it on the game's event streams
    (`event: chat`) and with GET. Text is never read as markup: clients show it as text.
    """
    who = speaker(game_id, required=True)
    said = {"phrase": body["phrase"]} if "phrase" in body else {"text": body["text"]}
    svc = services()
    counted = partial(count, parse_rate(svc.settings.chat_rate), "chat", game_id, who)
    kept = chat.post(svc, game_id, body["room"], who, said, counted)
    return chat.shown(kept, asked_language()), 201


@blp.route("/games/<game_id>/chat", methods=["GET"])
@blp.arguments(ChatQuery(), location="query")
@blp.response(200, ChatMessages, example={"messages": [EXAMPLE]})
@problem(blp, 401, "A token neither of this game's seats nor a player's.", UNAUTHORIZED)
@problem(blp, 403, "The seats' room, and the caller holds no seat.", NOT_YOUR_SEAT)
@problem(blp, 404, "No such game.", NOT_FOUND)
@blp.doc(security=[{"seatToken": []}, {"playerToken": []}, {}])
def read_messages(query: dict, game_id: str) -> dict:
    """A page of the game's chat after `after`, oldest first, in the rooms the caller reads.

    A seat reads both rooms; anyone else the spectators'. A player's muted players' messages are left out. A deleted
    message is its tombstone (text null, deleted true). Page on with `after` = the last id read.
    """
    svc = services()
    svc.repo.secret(game_id)
    who = speaker(game_id, required=False)
    found = chat.page(svc, game_id, who, query.get("room"), query.get("after"), query["limit"], asked_language())
    return {"messages": found}


@blp.route("/games/<game_id>/chat/<message_id>/report", methods=["POST"])
@blp.arguments(NewReport(), example={"reason": "insults"})
@blp.response(201, Report, example=REPORT)
@problem(blp, 401, "No token, or a token neither of this game's seats nor a player's.", UNAUTHORIZED)
@problem(blp, 403, "The caller holds no seat of the game.", NOT_YOUR_SEAT)
@problem(blp, 404, "No such game, or no such message (or deleted).", NOT_FOUND)
@problem(blp, 422, "The body does not match its schema (a reason of 1 to 500 characters).", INVALID_REQUEST)
@blp.alt_response(429, **chat_rate_limited(f"reports ({REPORT_RATE.count} per {REPORT_RATE.seconds} s)"))
@body_errors(blp)
@blp.doc(security=[{"seatToken": []}, {"playerToken": []}])
def report_message(body: dict, game_id: str, message_id: str) -> tuple[dict, int]:
    """Report a message to the operator (a seat only): kept with the message, its room, sender, reporter and reason.

    The operator lists reports with `dogpark chat reports` and deletes a message with `dogpark chat delete`.
    """
    svc = services()
    who = speaker(game_id, required=True)
    counted = partial(count, REPORT_RATE, "chat-report", game_id, who)
    return chat.report(svc, game_id, message_id, who, body["reason"], counted), 201


@blp.route("/chat/phrases", methods=["GET"])
@blp.arguments(PhrasesQuery(), location="query")
@blp.response(200, ChatPhrases, example={"phrases": [{"id": "gg", "text": "Good game!"}]})
def list_phrases(query: dict) -> dict:
    """The quick phrases, in the language asked for (?lang=, else Accept-Language): post one by its id."""
    return {"phrases": chat.phrases(asked_language())}


@blp.route("/players/me/mutes", methods=["GET"])
@blp.response(200, Mutes, example={"players": ["9c41e7b20d5a3f68"]})
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@blp.doc(security=[{"playerToken": []}])
def list_mutes() -> dict:
    """The players you muted, by id."""
    return {"players": sorted(services().chat.muted(caller_player(required=True)))}


@blp.route("/players/me/mutes/<player_id>", methods=["POST"])
@blp.response(204)
@problem(blp, 400, "The player would mute themselves.", BAD_REQUEST)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 404, "No such player.", NOT_FOUND)
@blp.doc(security=[{"playerToken": []}])
def mute(player_id: str) -> Response:
    """Mute a player for yourself: their chat messages are left out of your reads and your streams, in every game."""
    svc = services()
    pid = caller_player(required=True)
    if player_id == pid:
        raise Problem(BAD_REQUEST, "a player does not mute themselves")
    if svc.players.get(player_id) is None:
        raise not_found(f"player {player_id!r}")
    svc.chat.mute(pid, player_id)
    return Response(status=204)


@blp.route("/players/me/mutes/<player_id>", methods=["DELETE"])
@blp.response(204)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 404, "The player is not muted.", NOT_FOUND)
@blp.doc(security=[{"playerToken": []}])
def unmute(player_id: str) -> Response:
    """Read a muted player's messages again."""
    pid = caller_player(required=True)
    if not services().chat.unmute(pid, player_id):
        raise not_found(f"a mute of player {player_id!r}")
    return Response(status=204)
