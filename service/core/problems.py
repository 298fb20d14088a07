"""Errors as RFC 9457 problem details (application/problem+json), and the one registry of their kinds.

Every kind of problem the API sends has its own ``type``, a URI reference (relative to the API's origin) that a
client may switch on and a developer may GET: ``/v1/problems/<slug>`` answers with the kind's title, status,
what it means and what to do. An HTTP error with no kind of its own (none the API is known to send) has the
RFC's ``about:blank``: it means no more than its status.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domain.language import FALLBACK, has, message, render

#: The service's own catalogues (service/core/locales): problem titles in each language.
WORDS = Path(__file__).resolve().parents[1]

PROBLEM = "application/problem+json"
#: Where the kinds are served, and the prefix of every kind's type.
PROBLEMS_PATH = "/v1/problems"
#: The type of an HTTP error that has no kind of its own (RFC 9457 §4.2.1).
BLANK = "about:blank"


@dataclass(frozen=True)
class Kind:
    """A kind of problem: its status and title, what it means and what a client should do."""

    slug: str
    status: int
    title: str
    meaning: str
    remedy: str

    @property
    def type(self) -> str:
        """The kind's type URI, which GET answers with this kind's page (about:blank for an unregistered one)."""
        return f"{PROBLEMS_PATH}/{self.slug}" if self.slug else BLANK


#: Every kind, by slug, in the order they are declared.
KINDS: dict[str, Kind] = {}


def _kind(slug: str, status: int, title: str, meaning: str, remedy: str) -> Kind:
    KINDS[slug] = Kind(slug, status, title, meaning, remedy)
    return KINDS[slug]


BAD_REQUEST = _kind(
    "bad-request",
    400,
    "Bad Request",
    "The request could not be read: a body that is not JSON, is nested deeper than 32 levels or holds a lone "
    "UTF-16 surrogate; an Idempotency-Key that is not 1 to 200 visible ASCII characters; or a stream's "
    "Last-Event-ID or 'after' that is not a version.",
    "Fix the request as 'detail' (and 'errors', if present) says; sent again unchanged it fails again.",
)
UNAUTHORIZED = _kind(
    "unauthorized",
    401,
    "Unauthorized",
    "The request needs a token and has none, or its token is neither one of this game's seat tokens nor a player "
    "token; or it names a seat (?seat=) without a token.",
    "Send 'Authorization: Bearer <token>' with the token the seat's claim returned (it is shown only then), or "
    "with the player's token (POST /v1/players) of a player holding a seat of the game.",
)
INVALID_STREAM_TICKET = _kind(
    "invalid-stream-ticket",
    401,
    "Invalid Stream Ticket",
    "The stream ticket is unknown, was used already, has expired, or belongs to another game (or is a seat's, on "
    "a player's stream). A ticket opens one stream, once, within DOGPARK_STREAM_TICKET_SECONDS (60 s by default) "
    "of being issued.",
    "Get a fresh ticket (POST /v1/games/{id}/stream-tickets with the seat's token, or POST "
    "/v1/players/me/stream-tickets with the player's) and open the stream with it, passing the last event id you "
    "received as 'after' to resume where you were.",
)
CHOOSE_SEAT = _kind(
    "choose-seat",
    400,
    "Choose a Seat",
    "The player holds several seats of this game (a hotseat game) and the request does not say which one it "
    "speaks for, or its ?seat= is not a seat number; 'seats' lists the caller's seats.",
    "Add ?seat=<n> naming one of 'seats' to the request.",
)
NOT_YOUR_SEAT = _kind(
    "not-your-seat",
    403,
    "Not Your Seat",
    "The token is valid, but not for this seat: its player holds no seat of this game, or ?seat= names a seat "
    "the caller does not hold. 'seats' lists the caller's seats here (none: it holds none).",
    "Act only for your own seats; to join the game, claim an open seat with the player's token.",
)
NOT_INVITED = _kind(
    "not-invited",
    403,
    "Not Invited",
    "The seat is not the caller's to claim: the table is private (rule PrivateTable) and the claim has no "
    "invitation, or its invitation is unknown, spent, revoked, expired, another seat's or another player's; or the "
    "seat is kept for another player (rule SeatReserved).",
    "Ask a player at the table for an invitation to the seat (POST /v1/games/{id}/invitations) and claim with its "
    "code ({\"invitation\": code}); claim a seat kept for you with your own player token.",
)
NOT_AT_TABLE = _kind(
    "not-at-table",
    403,
    "Not at This Table",
    "The player token is valid, but its player neither created the game (with that token) nor holds a seat of it: "
    "only those invite to the game's seats, list or revoke its invitations.",
    "Send the token of the game's creator or of a player seated in it.",
)
CHAT_CLOSED = _kind(
    "chat-closed",
    403,
    "Chat Closed",
    "The game's table says its spectators may not chat (spectator_chat: false): its spectators' room takes no "
    "message. The seats' room is the seats' own (docs/chat.md).",
    "Do not offer the spectators' room at this table; a seat writes in the seats' room.",
)
NOT_YOUR_CHALLENGE = _kind(
    "not-your-challenge",
    403,
    "Not Your Challenge",
    "The player token is valid, but the challenge is not the caller's to answer: only the challenged player "
    "accepts, and only the two players of a challenge decline it (the challenger withdraws it so).",
    "Send the token of the challenged player (or, to decline, of the challenger).",
)
CHALLENGE_ANSWERED = _kind(
    "challenge-answered",
    409,
    "Challenge Answered",
    "The challenge was accepted or declined already: 'answer' says which, and 'game' names the game an acceptance "
    "started (null if declined).",
    "Nothing to do: follow the game (GET /v1/games/{id}) or challenge again (POST /v1/players/{id}/challenges).",
)
NOT_YOUR_TURN = _kind(
    "not-your-turn",
    403,
    "Not Your Turn",
    "The seat may not act now; 'to_act' lists the seats that may.",
    "Wait for the seat's turn (follow the game's event stream) and send the command then.",
)
NOT_FOUND = _kind(
    "not-found",
    404,
    "Not Found",
    "No such game, seat, problem kind or path.",
    "Check the id in the URL; the lobby (GET /v1/games) lists games, GET /v1/game-types the game types.",
)
METHOD_NOT_ALLOWED = _kind(
    "method-not-allowed",
    405,
    "Method Not Allowed",
    "The path does not take this method; the Allow header lists the ones it takes.",
    "Use one of the methods in Allow; the OpenAPI document (/v1/openapi.json) describes each.",
)
STALE_VERSION = _kind(
    "stale-version",
    409,
    "Stale Version",
    "The command's expected_version is not the game's version: the game moved on since the client looked. "
    "'version' is the game's version now. Nothing was appended.",
    "Read the game again (GET /v1/games/{id}), decide afresh, and send the command with the new version; or "
    "omit expected_version to act on the freshest state.",
)
SEAT_TAKEN = _kind(
    "seat-taken",
    409,
    "Seat Taken",
    "The seat was claimed already, or is a bot's; 'rule' says which (SeatTaken, or GameStarted when every "
    "seat is filled).",
    "Claim another open seat (the game's view lists its seats; the lobby lists open games), or watch the game "
    "as a spectator.",
)
GAME_NOT_OVER = _kind(
    "game-not-over",
    409,
    "Game Not Over",
    "The audit opens only when the game is over, because it reveals every hidden item and the seed.",
    "Wait for the game's last event (SeedRevealed on its stream) and ask again.",
)
BODY_TOO_LARGE = _kind(
    "body-too-large",
    413,
    "Request Entity Too Large",
    "The request body is larger than DOGPARK_MAX_BODY_BYTES (64 KiB by default).",
    "Send a smaller body; no request of the API needs one anywhere near this size.",
)
BODY_TIMEOUT = _kind(
    "body-timeout",
    408,
    "Request Timeout",
    "The request's body did not arrive within DOGPARK_BODY_SECONDS (5 s by default) of its head: the server stopped "
    "waiting for it, answered this and closed the connection. Nothing was done.",
    "Send the whole body at once, right after the head (any HTTP client does); on a slow link, try again.",
)
UNSUPPORTED_MEDIA_TYPE = _kind(
    "unsupported-media-type",
    415,
    "Unsupported Media Type",
    "The request has a body, but not one sent as JSON: its Content-Type is missing or is another type (a form's, "
    "text/plain). The API reads a body only as JSON (application/json, or application/<name>+json), so it would "
    "not see the fields that were sent. Nothing was done.",
    "Send the body with 'Content-Type: application/json' (curl: --json '<body>'; requests: json=<body>; fetch: "
    "headers: {'Content-Type': 'application/json'}).",
)
RANGE_NOT_SATISFIABLE = _kind(
    "range-not-satisfiable",
    416,
    "Requested Range Not Satisfiable",
    "The Range header asks for bytes a file (one of the interactive docs' static files) does not have.",
    "Ask without a Range, or for one within the length the Content-Range header gives.",
)
INVALID_REQUEST = _kind(
    "invalid-request",
    422,
    "Unprocessable Entity",
    "The body or query does not match the endpoint's schema; 'errors' maps each location and field to its messages.",
    "Fix the fields 'errors' names; the OpenAPI document (/v1/openapi.json) gives every schema.",
)
ILLEGAL_MOVE = _kind(
    "illegal-move",
    422,
    "Illegal Move",
    "The game's rules refuse the command; 'rule' names the rule and 'detail' explains. Nothing was appended.",
    "Send one of the seat's legal moves: the game's view (GET /v1/games/{id} with the seat's token) lists "
    "them, each a body ready to POST.",
)
BAD_OPTIONS = _kind(
    "bad-options",
    422,
    "Bad Options",
    "The new game's type, seats, options or max_events are not ones this server accepts; 'option' names the "
    "one at fault.",
    "Check GET /v1/game-types: each game's player counts, bots and the JSON Schema of its options.",
)
IDEMPOTENCY_KEY_REUSED = _kind(
    "idempotency-key-reused",
    422,
    "Idempotency Key Reused",
    "The seat already sent a command with this Idempotency-Key, and this request's command or expected_version "
    "differs from that one's (a label is ignored). The first command was applied; this one was not. A key names "
    "one request, as Stripe's do: a retry with the same key must send the same body.",
    "To retry the first command, send its body again with the key. To send another command, give it a new key "
    "(a fresh UUID for each command).",
)
VERSION_NOT_REACHED = _kind(
    "version-not-reached",
    422,
    "Version Not Reached",
    "The replay, or the stream's Last-Event-ID or after, names a version the game has not reached; 'version' is "
    "the game's version now. A stream's client that saw that version saw events the log no longer holds (Redis "
    "lost acknowledged writes: docs/reliability.md).",
    "Ask for a version from 1 to 'version'; a stream's client starts over: GET the game's view and follow its "
    "stream after the view's version.",
)
INVALID_BOT_KEY = _kind(
    "invalid-bot-key",
    401,
    "Invalid Bot Key",
    "The bot was registered before bots had owners, so its key retires it, and the request has none or another.",
    "Send 'Authorization: Bearer <key>' with the key its registration returned; a bot registered since is retired "
    "with its owner's player token.",
)
NOT_YOUR_BOT = _kind(
    "not-your-bot",
    403,
    "Not Your Bot",
    "The player token is valid, but the bot is another player's (or was registered before bots had owners): only "
    "the player who registered a bot changes or retires it.",
    "Send the token of the player who registered the bot; a bot registered before owners is retired with its key.",
)
BOT_NAME_TAKEN = _kind(
    "bot-name-taken",
    409,
    "Bot Name Taken",
    "Another registered bot has the name (names are unique whatever their case), or it is a built-in bot's name "
    "in some game, which a registered bot may never shadow.",
    "Register the bot under another name; GET /v1/bots lists the names in use.",
)
URL_NOT_ALLOWED = _kind(
    "url-not-allowed",
    422,
    "URL Not Allowed",
    "The bot's URL cannot name a bot: it is not http or https, has no host, or holds a user name or password.",
    "Give an http:// or https:// URL with a host name or address and no credentials.",
)
BOT_DID_NOT_ANSWER = _kind(
    "bot-did-not-answer",
    422,
    "Bot Did Not Answer",
    "The server called the bot's URL with a signed challenge, and no proof came back: the URL is not one this "
    "server calls (its host does not resolve, or resolves to a loopback, private, link-local or other "
    "special-purpose address the operator does not allow), or nothing answered within the bot's timeout, or the "
    'answer was not a 2xx {"challenge": <the challenge>} signed with the bot\'s secret (a redirect is not '
    "followed). Which of these it was is not said, so that registration cannot probe the server's network. Nothing "
    "was registered or changed.",
    "Start the bot first with the secret you register (dogpark bot serve ... --secret <secret>: the kit answers "
    "challenges itself), check that its URL is public and reachable from the server, then try again.",
)
RATE_LIMITED = _kind(
    "rate-limited",
    429,
    "Too Many Requests",
    "Too many requests of one kind in the current window: games created, seats claimed and players created count "
    "per address against DOGPARK_CREATE_RATE (60 per 60 s by default), replays per address against "
    "DOGPARK_REPLAY_RATE (300 per 60 s), stream tickets per seat or player (30 per 60 s), chat messages per player "
    "(or per seat without a player) 10 per 30 s.",
    "Wait the seconds Retry-After gives, then try again.",
)
TOO_MANY_BOT_GAMES = _kind(
    "too-many-bot-games",
    429,
    "Too Many Bot Games",
    "Games whose every seat is a bot's play on the server's workers by themselves: one address may have "
    "DOGPARK_BOT_GAMES_PER_ADDRESS of them running at once (4 by default), and has that many. 'running' says how "
    "many; Retry-After is a guess, since they end when their bots finish them.",
    "Wait for one of the address's all-bot games to finish (follow its event stream), or seat a person in the game.",
)
TOO_MANY_SEARCH_GAMES = _kind(
    "too-many-search-games",
    429,
    "Too Many Search Games",
    "A level that searches (medium, hard) thinks on the search worker, which serves every game's searches in turn: "
    "one address may have DOGPARK_SEARCH_GAMES_PER_ADDRESS games running (4 by default) whose seats, or whose "
    "on_timeout, name such a level, and has that many. 'running' says how many; Retry-After is a guess.",
    "Wait for one of the address's games with a searching level to finish, or seat easy or greedy instead.",
)
TOO_MANY_CONNECTIONS = _kind(
    "too-many-connections",
    429,
    "Too Many Connections",
    "The server process that took the request was already reading or answering DOGPARK_CLIENT_CONNECTIONS (128 by "
    "default) requests from the same address; it answered this at once and closed the connection. Open event "
    "streams do not count. Nothing was done.",
    "Wait the seconds Retry-After gives, then send it again; keep fewer requests in flight at once (reuse "
    "keep-alive connections rather than opening one per request).",
)
TOO_MANY_STREAMS = _kind(
    "too-many-streams",
    429,
    "Too Many Streams",
    "The stream would pass one of the caps on open event streams: one client address's (DOGPARK_STREAMS_PER_ADDRESS, "
    "32 by default), one seat's or one player's (DOGPARK_STREAMS_PER_TOKEN, 8), or one game's spectators' "
    "(DOGPARK_SPECTATORS_PER_GAME, 200; a seat's own stream is never counted there). 'cap' says which (address, "
    "token or spectators) and 'limit' how many streams it allows.",
    "Close a stream you no longer read (each one frees its place as it closes), or wait the seconds Retry-After gives "
    "and open it again (with a new ticket, if it was opened with one: the refused request spent it); meanwhile GET "
    ".../events?after= reads the same events.",
)
PUSH_ENDPOINT_NOT_ALLOWED = _kind(
    "push-endpoint-not-allowed",
    422,
    "Push Endpoint Not Allowed",
    "The push subscription's endpoint is not one this server calls: it is not an https:// URL, or its host resolves to "
    "a loopback, private or reserved address (DOGPARK_PUSH_ALLOW may allow some), or it does not resolve.",
    "Send the subscription as the browser's PushSubscription.toJSON() gives it, with its push service's https "
    "endpoint.",
)
TOO_MANY_PUSH_SUBSCRIPTIONS = _kind(
    "too-many-push-subscriptions",
    409,
    "Too Many Push Subscriptions",
    "The player holds DOGPARK_PUSH_SUBSCRIPTIONS (10 by default) push subscriptions already; 'limit' says how many.",
    "Delete one the player no longer uses (DELETE /v1/players/me/push-subscriptions/{id}); the same endpoint sent "
    "again replaces its subscription and counts once.",
)
BOT_SUSPENDED = _kind(
    "bot-suspended",
    422,
    "Bot Suspended",
    "A seat names a registered bot whose calls timed out DOGPARK_WEBHOOK_SUSPEND_AFTER times in a row (10 by "
    "default) with no turn answered in time between: it takes no seat in a new game until its owner changes it "
    "(PATCH /v1/bots/{id}, if only with {}) and it answers its challenge. Games it sits in go on, its fallback playing "
    "the turns it misses; 'bots' names it.",
    "Seat another bot; the bot's owner makes it answer in time, then sends PATCH /v1/bots/{id} with {}.",
)
HOOK_URL_NOT_ALLOWED = _kind(
    "hook-url-not-allowed",
    422,
    "Notification Hook URL Not Allowed",
    "The notification webhook's URL is not one this server calls: it is not https:// (http:// is only for a host or "
    "network the operator allows), has no host or holds a user name or password, its host does not resolve, or it "
    "resolves to a loopback, private, link-local or other special-purpose address the operator does not allow "
    "(DOGPARK_WEBHOOK_ALLOW). Nothing was registered.",
    "Give the public https:// URL of your backend's receiver, with no credentials in it.",
)
TOO_MANY_HOOKS = _kind(
    "too-many-notification-hooks",
    409,
    "Too Many Notification Hooks",
    "The player has as many notification webhooks as a player may (5); 'limit' says how many. Nothing was "
    "registered.",
    "Delete one the player no longer needs (GET /v1/players/me/notification-hooks lists them, DELETE "
    "/v1/players/me/notification-hooks/{id} deletes one), then register the new one.",
)
PLAYER_REQUIRED = _kind(
    "player-required",
    422,
    "Player Required",
    "The game is rated: its result updates each player's rating (docs/ratings.md), so every person's seat is claimed "
    "with a player token, which names whose rating it is; a seat token names nobody. 'rule' is RatedSeat.",
    "Create a player (POST /v1/players) and claim the seat with its token (Authorization: Bearer); or play an "
    "unrated game.",
)
INTERNAL_ERROR = _kind(
    "internal-error",
    500,
    "Internal Server Error",
    "The server failed on a request it should have answered; the error is logged. This is a bug.",
    "Report it with the time and the request; retrying a command with its Idempotency-Key is safe.",
)
BUSY = _kind(
    "busy",
    503,
    "Busy",
    "The game changed under the command every time the server tried to append it (many moves at once). "
    "Nothing was appended.",
    "Try again; with an Idempotency-Key a retry is always safe.",
)
REDIS_UNAVAILABLE = _kind(
    "redis-unavailable",
    503,
    "Redis Unavailable",
    "Redis, which holds every game, is down, frozen or still loading its data, and did not answer within "
    "DOGPARK_REDIS_TIMEOUT; or a Redis Cluster is failing over; or (DOGPARK_DURABILITY fsync or replica) a command "
    "was written but its disk or a replica did not confirm it in time.",
    "Wait the seconds Retry-After gives, then try again; a command sent with an Idempotency-Key may be "
    "retried safely whether or not it was applied.",
)
STREAMS_FULL = _kind(
    "streams-full",
    503,
    "Too Many Streams",
    "This server process holds as many open event streams as it may (DOGPARK_STREAM_CONNECTIONS), or it is "
    "stopping (a restart or a deploy) and opens no more.",
    "Wait the seconds Retry-After gives and open the stream again (with a new ticket, if it was opened with one: "
    "the refused request spent it); meanwhile GET .../events?after= reads the same events.",
)
NO_REMATCH = _kind(
    "no-rematch",
    409,
    "No Rematch",
    "A rematch is offered only at a game played to its end (not one still playing, nor a table that expired "
    "before its seats were filled); a rematch is declined only while an offer stands.",
    "Offer a rematch once the game is over (POST /v1/games/{id}/rematch); to play again after a decline or an "
    "expired offer, offer anew; 'rematch' holds the rematch as it stands.",
)
TOO_MANY_QUEUES = _kind(
    "too-many-queues",
    409,
    "Too Many Queues",
    "The player waits in as many quick play queues as it may at once ('limit').",
    "Wait for a table to form, or leave the queues (DELETE /v1/quickplay) and join the one you want.",
)
ON_VACATION = _kind(
    "on-vacation",
    409,
    "On Vacation",
    "The player is on vacation already: 'vacation' holds it (since, until, days). A player takes one vacation at a "
    "time.",
    "End it first (DELETE /v1/players/me/vacation, which charges a day for each day it began), then start another.",
)
NO_VACATION_DAYS = _kind(
    "no-vacation-days",
    409,
    "No Vacation Days",
    "The player has fewer vacation days left this year ('days_left') than the vacation asks. Each calendar year "
    "(UTC) gives DOGPARK_VACATION_DAYS days; a vacation costs a day for each day it began.",
    "Ask for at most 'days_left' days, or wait for the new year.",
)
NOT_ON_VACATION = _kind(
    "not-on-vacation",
    409,
    "Not On Vacation",
    "The player is not on vacation: there is none to end (it may have run to its end already).",
    "Nothing to do; GET /v1/players/me/vacation shows the days left.",
)
NO_HINT = _kind(
    "no-hint",
    409,
    "No Hint",
    "No hint may be given now; 'rule' says why: the table gives none (HintsOff: a rated game, or one opened with "
    "hints false), the game is not running (GameNotRunning), or the seat's person may not act now (NotYourTurn: "
    "another seat's turn, or a bot plays the seat).",
    "Offer a hint only where the game's view has no 'hints': false, and only to a seat that has legal moves; ask "
    "again once it is the seat's turn.",
)

#: The kind of each HTTP error Flask, webargs or flask-smorest raise before an endpoint decides anything.
HTTP_KINDS = {
    400: BAD_REQUEST,
    404: NOT_FOUND,
    405: METHOD_NOT_ALLOWED,
    413: BODY_TOO_LARGE,
    415: UNSUPPORTED_MEDIA_TYPE,
    416: RANGE_NOT_SATISFIABLE,
    422: INVALID_REQUEST,
    500: INTERNAL_ERROR,
}


def http_kind(status: int, title: str) -> Kind:
    """The kind of an HTTP error with this status; one with no kind of its own is about:blank with its title."""
    return HTTP_KINDS.get(status) or Kind("", status, title, "", "")


class Problem(Exception):
    """An error the API reports to the client as a problem document of a registered kind."""

    def __init__(self, kind: Kind, detail: str, headers: dict[str, str] | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.kind = kind
        self.status = kind.status
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra

    def body(self, language: str = FALLBACK) -> dict[str, Any]:
        """The problem document: its kind's type and title, its status and detail, and its extension members.

        Title and detail are in ``language``. English keeps the specific detail; another language says the rule's
        or the kind's sentence and keeps the English detail in ``detail_en``, so that nothing is lost.
        """
        head = {
            "type": self.kind.type,
            "title": title(self.kind, language),
            "status": self.status,
            "detail": self.detail,
        }
        key = detail_key(self.kind, self.extra.get("rule"))
        if language != FALLBACK and key is not None:
            head |= {"detail": render(message(key), language, root=WORDS), "detail_en": self.detail}
        return {**head, **self.extra}


def title(kind: Kind, language: str) -> str:
    """A kind's title in ``language`` (service/core/locales); a kind without a slug keeps its HTTP title."""
    key = f"problem-{kind.slug}"
    return render(message(key), language, root=WORDS) if kind.slug and has(key, FALLBACK, WORDS) else kind.title


def rule_key(rule: str) -> str:
    """The key of the sentence that says, in a player's words, what the rule named ``rule`` refuses."""
    return f"problem-rule-{rule}"


def kind_detail_key(kind: Kind) -> str:
    """The key of the sentence that says what a problem of ``kind`` means for the client."""
    return f"problem-{kind.slug}-detail"


def detail_key(kind: Kind, rule: str | None) -> str | None:
    """The key of a problem's translated detail: its rule's sentence, else its kind's; None for about:blank."""
    chosen = [rule_key(rule)] if rule else []
    chosen += [kind_detail_key(kind)] if kind.slug else []
    return next((key for key in chosen if has(key, FALLBACK, WORDS)), None)


def not_found(what: str) -> Problem:
    """A 404 naming what was not found."""
    return Problem(NOT_FOUND, f"{what} does not exist")


#: Seconds a client is told to wait before it tries again while Redis does not answer.
REDIS_RETRY_AFTER = 2


def unavailable(kind: Kind, detail: str, retry_after: int) -> Problem:
    """A 503 of ``kind`` telling the client to try again in ``retry_after`` seconds."""
    return Problem(kind, detail, headers={"Retry-After": str(retry_after)})


def redis_unavailable(error: Exception) -> Problem:
    """The 503 of a request Redis did not serve (down, frozen or still loading its data)."""
    detail = f"Redis is unavailable ({type(error).__name__}); try again shortly"
    return unavailable(REDIS_UNAVAILABLE, detail, REDIS_RETRY_AFTER)
