"""The arena: bots play many games through a real server, and each bot's record and rating come out of their logs.

Three kinds of bot take part alike: a built-in bot (``greedy``) and a registered webhook bot (by its name) sit in
bot seats, which the server plays; a kit bot (``module:Class``) claims a human seat and plays it through the
seat's event stream, from a thread of the arena's process. Each game seats the bots in turn, one per seat,
starting one place further each game, so every bot plays every seat as often.

Everything a bot is credited with is read from the game's audit, which the arena also verifies: its score and
rank, its moves, their latency (the time the move's first event was sealed less the time of the event before it:
from the moment the seat could act, in a game where one seat acts at a time), and the moves a stand-in played for
its seat (a fallback or timeout bot: an actor with ``for``). Ratings are OpenSkill's Plackett-Luce, updated game by
game in the order the games were created, so they do not depend on which game finished first.
"""

from __future__ import annotations

import contextlib
import math
import statistics
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from dogpark_client import (
    Bot,
    Client,
    Conflict,
    DogparkError,
    Forbidden,
    IllegalMove,
    NotFound,
    Refused,
    Unreachable,
    load_bot,
    play,
)

from events.ratings import MODEL, updated
from events.ratings import ranks as result_ranks

#: A game not over this many seconds after it was created counts as failed.
GAME_SECONDS = 300.0
#: Seconds between two looks at a game the arena waits for.
POLL_SECONDS = 0.25
#: Spots' solo opponent, rated as a player of the games it plays.
PES = "Pes"
#: Tries of a request the kit does not retry after a lost answer (creating a game, claiming a seat): the arena first
#: finds out what the lost try did.
TRIES = 4
#: The newest games of the type among which the arena looks for a game whose creation's answer was lost.
LOOK_BACK = 50
#: The longest name a seat may have.
NAME_LENGTH = 40
#: z of a two-sided 95% interval.
Z = 1.96


@dataclass(frozen=True)
class Entrant:
    """A bot as the arena seats it: ``builtin``, ``registered`` (a webhook bot) or ``streaming`` (a kit class)."""

    name: str
    kind: str
    bot_class: type[Bot] | None = None

    def seat(self) -> dict[str, Any]:
        """The seat to create for it: a bot seat the server plays, or a human seat the arena claims."""
        if self.kind == "streaming":
            return {"human": True, "name": self.name.rpartition(":")[2][:40]}
        return {"bot": self.name}


def entrants(client: Client, game_type: str, names: list[str]) -> list[Entrant]:
    """The bots named, each found as built-in, a kit class (``module:Class``) or registered; ValueError if not."""
    builtin = next((t["bots"] for t in client.game_types()["game_types"] if t["id"] == game_type), None)
    if builtin is None:
        raise ValueError(f"the server has no game type {game_type!r}")
    found = []
    registered: set[str] | None = None
    for name in names:
        if name in builtin:
            found.append(Entrant(name, "builtin"))
        elif ":" in name:
            found.append(Entrant(name, "streaming", load_bot(name)))
        else:
            if registered is None:
                registered = registered_bots(client, game_type)
            if name not in registered:
                raise ValueError(
                    f"no bot {name!r} for {game_type}: built-in are {', '.join(sorted(builtin))}; a kit bot is "
                    f"module:Class; registered: {', '.join(sorted(registered)) or 'none'}"
                )
            found.append(Entrant(name, "registered"))
    return found


def registered_bots(client: Client, game_type: str) -> set[str]:
    """The names of the webhook bots registered for a game type (none on a server without webhook bots)."""
    try:
        listed = client.bots(game_type)["bots"]
    except NotFound:
        return set()
    return {bot["name"] for bot in listed if bot["kind"] == "registered"}


@dataclass
class SeatRecord:
    """What one seat of one game did."""

    bot: str
    score: float = 0.0
    won: bool = False
    rank: int = 0
    latencies: list[float] = field(default_factory=list)
    fallbacks: int = 0
    failed: bool = False
    #: Why the kit bot of the seat failed, if it did.
    error: str | None = None


@dataclass
class GameRecord:
    """One game of the arena: its seats' records, and what went wrong, if anything."""

    index: int
    game_id: str | None = None
    seats: list[SeatRecord] = field(default_factory=list)
    failure: str | None = None
    verified: bool = False
    abandoned: bool = False


def lineup(entrants: list[Entrant], players: int, index: int) -> list[Entrant]:
    """The bots of game ``index``, seat by seat: one place further round the list each game."""
    return [entrants[(index + seat) % len(entrants)] for seat in range(players)]


def play_game(
    client: Client,
    game_type: str,
    seated: list[Entrant],
    index: int,
    options: dict[str, Any],
    check: Callable[[dict[str, Any]], list[str]] | None,
    table: dict[str, Any] | None = None,
    timeout: float = GAME_SECONDS,
    players: list[str] | None = None,
) -> GameRecord:
    """Play one game to its end and read its record from its audit; a failure is recorded, never raised.

    ``table`` holds the new game's other fields (a clock, say, so that a kit bot that stops does not stall it).
    ``players`` are the tokens of the arena's players, one per kit bot of the game at most, which claim the kit
    bots' seats (see ``run``). A game that fails is handed to the server's bots to end (``clean_up``).
    """
    record = GameRecord(index, seats=[SeatRecord(entrant.name) for entrant in seated])
    claims = _kit_seats(seated, players or [])
    try:
        record.game_id = create_game(client, game_type, seated, options, table or {})
        threads = _start_streaming(client, record, seated, claims)
        final = _wait_for_end(client, record.game_id, timeout)
        audit = client.audit(record.game_id)
    except (DogparkError, TimeoutError) as error:
        record.failure = f"{type(error).__name__}: {error}" + clean_up(client, record.game_id, claims)
        return record
    for thread in threads:
        thread.join(timeout=5)
    broken = [seat for seat, kept in enumerate(record.seats) if kept.failed]
    if broken:
        # The server's bot finished what the kit bot left: a game the bot did not play through rates nobody.
        record.failure = f"the kit bot of seat {broken[0]} failed: {record.seats[broken[0]].error}"
    if check is not None:
        problems = check(audit)
        record.verified = not problems
        if problems:
            record.failure = f"the audit does not verify: {problems[0]}"
    _read_audit(record, audit, final["result"])
    return record


def create_game(
    client: Client, game_type: str, seated: list[Entrant], options: dict[str, Any], fields: dict[str, Any]
) -> str:
    """Create a game for the bots seated, and its id; a creation whose answer was lost is found, not repeated.

    The kit does not retry a creation after a lost answer (the game may exist). The arena names seat 0 with a tag
    of its own, so after a lost answer it looks for the game among the newest of the type and takes it if it
    is there; if not, the request never reached the server, and it tries again.
    """
    tag = uuid.uuid4().hex[:8]
    seats = [entrant.seat() for entrant in seated]
    seats[0]["name"] = f"{(seats[0].get('name') or seated[0].name)[: NAME_LENGTH - len(tag) - 1]} {tag}"
    for attempt in range(1, TRIES + 1):
        try:
            return str(client.create(game_type, seats, options, **fields)["id"])
        except Unreachable:
            found = _created(client, game_type, seats[0]["name"])
            if found is not None:
                return found
            if attempt == TRIES:
                raise
    raise AssertionError("unreachable")  # the loop returns or raises


def _created(client: Client, game_type: str, name: str) -> str | None:
    """The newest game of the type whose seat 0 bears ``name``, if any."""
    for game in client.list(game_type, limit=LOOK_BACK)["games"]:
        if client.view(game["id"])["seats"][0]["name"] == name:
            return str(game["id"])
    return None


def _kit_seats(seated: list[Entrant], players: list[str]) -> dict[int, str]:
    """Each kit bot's seat and the token of the player that claims it: the first player for the first, and so on."""
    seats = [seat for seat, entrant in enumerate(seated) if entrant.bot_class is not None]
    if len(players) < len(seats):
        raise ValueError(f"{len(seats)} kit bots need as many players, not {len(players)}")
    return dict(zip(seats, players, strict=False))


def claim(client: Client, game_id: str, seat: int, player: str) -> None:
    """Claim a seat for a player; a claim whose answer was lost is found to be the player's, not lost.

    The kit does not retry a claim after a lost answer. The player's token makes a lost claim harmless: trying
    again finds the seat taken, and the player's view of the game says whether by the player.
    """
    speaking = client.as_seat(player)
    for attempt in range(1, TRIES + 1):
        try:
            speaking.claim(game_id, seat)
            return
        except Unreachable:
            if attempt == TRIES:
                raise
        except (Conflict, Refused):
            if _holds(speaking, game_id, seat):
                return
            raise


def _holds(player: Client, game_id: str, seat: int) -> bool:
    """True if the player holds ``seat`` of the game."""
    try:
        return player.view(game_id)["you"] == seat
    except Forbidden:
        return False


def _start_streaming(
    client: Client, record: GameRecord, seated: list[Entrant], claims: dict[int, str]
) -> list[threading.Thread]:
    """Claim each kit bot's seat for its player and play it from a thread of its own."""
    threads = []
    game_id = str(record.game_id)
    for seat, player in claims.items():
        claim(client, game_id, seat, player)
    for seat, player in claims.items():
        bot_class, seat_record = seated[seat].bot_class, record.seats[seat]
        assert bot_class is not None

        def seat_player(seat: int = seat, player: str = player, bot_class: type[Bot] = bot_class,
                        seat_record: SeatRecord = seat_record) -> None:
            speaking = client.as_seat(player)
            try:
                play(speaking, game_id, bot_class())
            except Exception as error:  # the bot's own bug or a lost server: the game's record says so
                seat_record.failed, seat_record.error = True, f"{type(error).__name__}: {error}"
                # Its seat goes to the server's bot, so that the game still ends.
                with contextlib.suppress(DogparkError):
                    resign(speaking, game_id, seat)

        thread = threading.Thread(target=seat_player, daemon=True, name=f"arena-{record.game_id}-{seat}")
        thread.start()
        threads.append(thread)
    return threads


def resign(player: Client, game_id: str, seat: int) -> None:
    """Resign the player's seat: the game's fallback bot plays it to the end (a seat resigned already stays so)."""
    try:
        player.send(game_id, {"type": "Resign"}, key=f"arena-resign-{seat}")
    except IllegalMove as refused:
        if refused.problem.get("rule") not in ("SeatResigned", "GameAbandoned", "GameNotRunning"):
            raise


def clean_up(client: Client, game_id: str | None, claims: dict[int, str]) -> str:
    """Hand a failed game's kit seats to the server's bots, so that it ends; what was done, in words.

    Every seat the arena created as a human one is a kit bot's, claimed by one of its players: the arena claims
    the ones still open and resigns them all, and the game's fallback bot plays them to the end. What it cannot
    reach is left to the server: an open game is abandoned by the open-game expiry (DOGPARK_OPEN_GAME_SECONDS).
    """
    if game_id is None:
        return ""
    try:
        if client.view(game_id)["status"] == "finished":
            return ""
        for seat, player in claims.items():
            claim(client, game_id, seat, player)
        for seat, player in claims.items():
            resign(client.as_seat(player), game_id, seat)
    except DogparkError as error:
        return f"; left to the server (an open game expires after DOGPARK_OPEN_GAME_SECONDS): {error}"
    if not claims:
        return "; its bots play it to the end"
    return f"; seats {', '.join(map(str, claims))} resigned: the server's bots play the game to the end"


def _wait_for_end(client: Client, game_id: str, timeout: float) -> dict[str, Any]:
    """The game's spectator view once it is finished; TimeoutError after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        view = client.view(game_id)
        if view["status"] == "finished":
            return view
        if time.monotonic() > deadline:
            raise TimeoutError(f"game {game_id} not over after {timeout:.0f} s")
        time.sleep(POLL_SECONDS)


def _read_audit(record: GameRecord, audit: dict[str, Any], result: dict[str, Any] | None) -> None:
    """Fill the seats' move latencies and stand-in moves from a finished game's audit, their ranks from its result."""
    envelopes = audit["events"]
    previous_time, previous_command = envelopes[0]["time"], envelopes[0]["command_id"]
    for envelope in envelopes[1:]:
        actor = envelope.get("actor") or {}
        seat = actor.get("seat")
        # A claim is the table's bookkeeping, not a move of the game.
        starts_a_move = envelope["command_id"] != previous_command and envelope["type"] != "SeatClaimed"
        if starts_a_move and actor.get("kind") in ("seat", "bot") and isinstance(seat, int):
            if actor.get("for"):
                record.seats[seat].fallbacks += 1
            else:
                record.seats[seat].latencies.append(envelope["time"] - previous_time)
        previous_time, previous_command = envelope["time"], envelope["command_id"]
    if result is None or "abandoned" in result:
        record.abandoned = True
        return
    # Ranked as the server ranks registered bots' games (events.bots.ranks): ties share a rank, forfeits go last.
    places = result_ranks(result)
    for score in result["scores"]:
        seat = record.seats[score["seat"]]
        seat.score, seat.won, seat.rank = score["total"], score["seat"] in result["winners"], places[str(score["seat"])]
    if "pes" in result:
        record.seats.append(SeatRecord(PES, result["pes"]["total"], won=result["pes"]["won"], rank=places["pes"]))


def run(
    client: Client,
    game_type: str,
    entrants: list[Entrant],
    games: int,
    players: int,
    options: dict[str, Any] | None = None,
    parallel: int = 4,
    check: Callable[[dict[str, Any]], list[str]] | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
    table: dict[str, Any] | None = None,
    timeout: float = GAME_SECONDS,
) -> list[GameRecord]:
    """Play ``games`` games, ``parallel`` at a time; their records in the order they were created.

    The kit bots' seats are claimed by players the arena creates first (``arena 1``, ``arena 2``...: as many as
    one game seats kit bots), whose tokens make a claim whose answer was lost harmless and let the arena resign a
    seat it cannot play. ``client``'s ``max_wait`` bounds how long a request waits out 429s and lost answers.
    """
    seats = max(sum(e.bot_class is not None for e in lineup(entrants, players, i)) for i in range(len(entrants)))
    tokens = [new_player(client, f"arena {number}") for number in range(1, seats + 1)]

    def one(index: int) -> GameRecord:
        # A client of its own per game: a requests session is not meant to be shared between threads.
        own = Client(client.base_url, timeout=client.timeout, max_wait=client.max_wait)
        seated = lineup(entrants, players, index)
        record = play_game(own, game_type, seated, index, options or {}, check, table, timeout, tokens)
        if on_game is not None:
            on_game(record)
        return record

    with ThreadPoolExecutor(max_workers=parallel, thread_name_prefix="arena") as pool:
        return list(pool.map(one, range(games)))


def new_player(client: Client, name: str) -> str:
    """A new player's token; a creation whose answer was lost is tried again (the lost player is never used)."""
    for attempt in range(1, TRIES + 1):
        try:
            return str(client.create_player(name)["token"])
        except Unreachable:
            if attempt == TRIES:
                raise
    raise AssertionError("unreachable")  # the loop returns or raises


@dataclass
class Standing:
    """One bot's line of the arena's table."""

    bot: str
    games: int = 0
    wins: int = 0
    scores: list[float] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    failures: int = 0
    fallbacks: int = 0
    mu: float = 0.0
    sigma: float = 0.0

    @property
    def ordinal(self) -> float:
        """The conservative rating, mu - 3 sigma: what the bot is very likely at least worth."""
        return self.mu - 3 * self.sigma


def standings(records: list[GameRecord], names: list[str]) -> list[Standing]:
    """Each bot's totals over the games, and its OpenSkill rating; best rated first."""
    ratings: dict[str, dict[str, Any]] = {}
    table = {name: Standing(name) for name in [*names, PES]}
    for record in records:
        for seat in record.seats:
            line = table[seat.bot]
            line.latencies += seat.latencies
            line.fallbacks += seat.fallbacks
            line.failures += bool(seat.failed or record.failure)
            if record.failure is None and not record.abandoned:
                line.games += 1
                line.wins += seat.won
                line.scores.append(seat.score)
        if record.failure is None and not record.abandoned:
            ratings.update(updated([(seat.bot, seat.rank) for seat in record.seats], ratings))
    unrated = MODEL.rating()
    for name, line in table.items():
        rating = ratings.get(name, {"mu": unrated.mu, "sigma": unrated.sigma})
        line.mu, line.sigma = rating["mu"], rating["sigma"]
    played = [line for name, line in table.items() if name != PES or line.games]
    return sorted(played, key=lambda line: line.ordinal, reverse=True)


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a share of wins (``games`` 0: all of 0 to 1)."""
    if games == 0:
        return 0.0, 1.0
    share = wins / games
    centre = (share + Z * Z / (2 * games)) / (1 + Z * Z / games)
    half = Z * math.sqrt(share * (1 - share) / games + Z * Z / (4 * games * games)) / (1 + Z * Z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` 0.99 for p99) of some values; NaN for none."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def table_text(lines: list[Standing]) -> str:
    """The arena's table, as Markdown (readable in a terminal too)."""
    rows = [
        "| bot | games | wins (share [95%]) | mean score | moves | move ms avg | move ms p99 | failures | fallbacks "
        "| rating (mu ± sigma) | ordinal |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for line in lines:
        mean = f"{statistics.fmean(line.scores):.1f}" if line.scores else "-"
        average = f"{1000 * statistics.fmean(line.latencies):.0f}" if line.latencies else "-"
        p99 = f"{1000 * percentile(line.latencies, 0.99):.0f}" if line.latencies else "-"
        low, high = wilson(line.wins, line.games)
        wins = f"{line.wins} ({line.wins / line.games:.0%} [{low:.0%}-{high:.0%}])" if line.games else "0"
        rows.append(
            f"| {line.bot} | {line.games} | {wins} | {mean} | {len(line.latencies)} | {average} | {p99} | "
            f"{line.failures} | {line.fallbacks} | {line.mu:.1f} ± {line.sigma:.1f} | {line.ordinal:.1f} |"
        )
    return "\n".join(rows)
