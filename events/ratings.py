"""Ratings: one pool per game type of people and bots rated together with OpenSkill, and its leaderboard, in Redis.

Who is rated, each by an entry name: a player of a rated game (``player:<id>``), a built-in bot level
(``builtin:<name>``, e.g. ``builtin:greedy``; Pes, Spots' solo opponent, is ``builtin:pes``) and a registered webhook
bot (``bot:<id>``). They share one pool per game type, so a player sees where it stands against each bot level.

Keys, all tagged ``{<prefix>}`` ("bots": the registry's, which kept the bots' ratings before people had any, so that
those stay where they were), so that on a Cluster a game's update is one transaction over one slot::

    {bots}:ratings:<type>  hash: entry -> {"mu", "sigma", "games"} JSON
    {bots}:board:<type>    sorted set: entry by its ordinal (mu - 3 sigma), the leaderboard
    {bots}:boarded:<type>  "1" once the board holds every rating of the hash (ratings older than boards are put on
                           it by the first read of its leaderboard)
    {bots}:rated:<type>    set: the games whose result the type's ratings took in, each once

Ratings are OpenSkill's Plackett-Luce (the ``openskill`` package), which rates games of any number of players. A game
is taken in once (its id joins ``rated`` in the transaction that writes its ratings), however often its job runs.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import redis
from openskill.models import PlackettLuce, PlackettLuceRating

from domain import table as tables
from events.store import as_text

#: The rating of a player nobody has rated yet, and the model that updates ratings.
MODEL = PlackettLuce()
#: The entry prefixes of a person, a built-in bot and a registered bot, and the kind each is shown as.
PLAYER, BUILTIN, REGISTERED = "player:", "builtin:", "bot:"
KINDS = {PLAYER: "player", BUILTIN: "builtin", REGISTERED: "registered"}
#: Attempts of a rating update that another update of the same game type raced.
RATING_ATTEMPTS = 20

#: Where a leaderboard page starts: after this entry with this ordinal (None: at the top).
Cursor = tuple[float, str]
#: A game's players as ranked for an update: each an entry (None: a person rated afresh and kept nowhere) and its
#: rank, 1 best, equal ranks tying.
Ranked = list[tuple[str | None, int]]


def player_entry(player_id: str) -> str:
    """The ratings' name of a player."""
    return f"{PLAYER}{player_id}"


def rated_player(bot_id: str) -> str:
    """The ratings' name of a registered bot."""
    return f"{REGISTERED}{bot_id}"


def builtin_player(name: str) -> str:
    """The ratings' name of a built-in bot (Pes, Spots' solo opponent, is rated as ``pes``)."""
    return f"{BUILTIN}{name}"


def kind_of(entry: str) -> tuple[str, str]:
    """An entry's kind as shown ("player", "builtin", "registered") and its id (a player's, a bot's, a level)."""
    prefix = next(prefix for prefix in KINDS if entry.startswith(prefix))
    return KINDS[prefix], entry.removeprefix(prefix)


def rates(table: tables.Table) -> bool:
    """Whether a table's result goes into its type's ratings: a finished, not abandoned game that is rated, or that
    a registered bot played (its bots, registered and built-in, are rated by every such game)."""
    if table["status"] != "finished" or table["abandoned"] is not None:
        return False
    return bool(table["rated"]) or any("webhook" in spec for spec in table["seats"])


def ranked(table: tables.Table) -> Ranked:
    """A finished game's players as its ratings' update takes them: each seat's entry and rank, and Pes's.

    A person's seat is its player's entry at a rated table, and None (rated afresh, kept nowhere) at any other; a
    seat a bot played for its person (a clock's timeout, an absence) is still the person's.
    """
    result = tables.result(table)
    if result is None:
        raise ValueError("the game is not over")
    places = ranks(result)
    out: Ranked = []
    for seat, spec in enumerate(table["seats"]):
        entry: str | None
        if "webhook" in spec:
            entry = rated_player(spec["webhook"])
        elif spec["kind"] == "bot":
            entry = builtin_player(spec["bot"])
        else:
            entry = player_entry(spec["player"]) if table["rated"] and spec["player"] else None
        out.append((entry, places[str(seat)]))
    if "pes" in places:
        out.append((builtin_player("pes"), places["pes"]))
    return out


class Ratings:
    """The ratings on one Redis; ``prefix`` keeps pools apart (one per test run, say)."""

    def __init__(self, client: redis.Redis, prefix: str = "bots") -> None:
        self.redis = client
        self.tag = f"{{{prefix}}}"

    def _ratings_key(self, game_type: str) -> str:
        return f"{self.tag}:ratings:{game_type}"

    def _board_key(self, game_type: str) -> str:
        return f"{self.tag}:board:{game_type}"

    def _boarded_key(self, game_type: str) -> str:
        return f"{self.tag}:boarded:{game_type}"

    def _rated_key(self, game_type: str) -> str:
        return f"{self.tag}:rated:{game_type}"

    def ratings(self, game_type: str, entries: Iterable[str]) -> dict[str, dict[str, Any]]:
        """The kept ratings of ``entries`` in one game type; one never rated is left out."""
        wanted = list(dict.fromkeys(entries))
        if not wanted:
            return {}
        stored = self.redis.hmget(self._ratings_key(game_type), wanted)
        return {entry: json.loads(raw) for entry, raw in zip(wanted, stored, strict=True) if raw is not None}

    def ratings_of(self, entry: str, game_types: Iterable[str]) -> dict[str, dict[str, Any]]:
        """One entry's ratings by game type as the API shows them (``shown``), the types it has none in left out:
        one round trip."""
        pipe = self.redis.pipeline(transaction=False)
        types = list(game_types)
        for game_type in types:
            pipe.hget(self._ratings_key(game_type), entry)
        return {
            game_type: shown(json.loads(raw))
            for game_type, raw in zip(types, pipe.execute(), strict=True)
            if raw is not None
        }

    def rating_of(self, player_id: str, game_type: str) -> float | None:
        """A player's rating in a game type as one number (its ordinal, higher better), or None if never rated."""
        raw = self.redis.hget(self._ratings_key(game_type), player_entry(player_id))
        return None if raw is None else shown(json.loads(raw))["ordinal"]

    def forget(self, tx: redis.client.Pipeline, entry: str, game_types: Iterable[str]) -> None:
        """Add to transaction ``tx`` the removal of an entry's ratings (a retired bot's) in these game types."""
        for game_type in game_types:
            tx.hdel(self._ratings_key(game_type), entry)
            tx.zrem(self._board_key(game_type), entry)

    def rate(self, game_id: str, game_type: str, ranked: Ranked) -> bool:
        """Take a finished game into its type's ratings, once: False when it was taken in already.

        ``ranked`` is each player of the game with its rank (``Ranked``). An entry in several seats takes the mean of
        its updates. The ratings read and the ones written are one transaction, so two games ending at once each
        update the other's result, never a stale copy; the board takes the new ordinals in the same one.
        """
        ratings_key, rated_key = self._ratings_key(game_type), self._rated_key(game_type)
        for _ in range(RATING_ATTEMPTS):
            with self.redis.pipeline(transaction=True) as tx:
                tx.watch(ratings_key, rated_key)
                if tx.sismember(rated_key, game_id):
                    return False
                kept = [entry for entry, _ in ranked if entry is not None]
                stored = dict(zip(kept, tx.hmget(ratings_key, kept), strict=True)) if kept else {}
                before = {entry: json.loads(raw) for entry, raw in stored.items() if raw is not None}
                after = updated(ranked, before)
                tx.multi()
                if after:
                    tx.hset(ratings_key, mapping={entry: json.dumps(rating) for entry, rating in after.items()})
                    tx.zadd(self._board_key(game_type), {e: shown(r)["ordinal"] for e, r in after.items()})
                tx.sadd(rated_key, game_id)
                try:
                    tx.execute()
                    return True
                except redis.WatchError:
                    continue
        raise RuntimeError(f"the ratings of {game_type} changed under game {game_id}'s update too many times")

    def page(
        self, game_type: str, limit: int, after: Cursor | None = None
    ) -> tuple[list[tuple[str, dict[str, Any]]], Cursor | None]:
        """A leaderboard page: at most ``limit`` entries with their ratings (``shown``), highest ordinal first, after
        the cursor ``after``; and the cursor of the next page, None when this one holds the last entry.

        A cursor is the last entry's (ordinal, entry), so a page starts where the last one ended even when that entry
        moved since. Entries of equal ordinal come in the board's order (their names' reverse order).
        """
        self._board(game_type)
        board = self._board_key(game_type)
        if after is None:
            rows = _scored(self.redis.zrange(board, 0, limit, desc=True, withscores=True))
        else:
            # The entries at the cursor's ordinal come first in the range: skip those at or above its entry.
            tied = int(self.redis.zcount(board, after[0], after[0]))
            ranged = self.redis.zrange(
                board, after[0], "-inf", desc=True, byscore=True, offset=0, num=limit + 1 + tied, withscores=True
            )
            rows = [row for row in _scored(ranged) if row < after]
        entries = [entry for _, entry in rows[:limit]]
        found = self.ratings(game_type, entries)
        listed = [(entry, shown(found[entry])) for entry in entries if entry in found]
        return listed, rows[limit - 1] if len(rows) > limit else None

    def _board(self, game_type: str) -> None:
        """Put every rating of a game type on its board, once: ratings kept before boards existed are not on it."""
        if self.redis.exists(self._boarded_key(game_type)):
            return
        ratings_key = self._ratings_key(game_type)
        with self.redis.pipeline(transaction=True) as tx:
            # An update racing this one writes its own ordinals: this one is then dropped and the next read retries.
            tx.watch(ratings_key)
            kept = {as_text(entry): json.loads(raw) for entry, raw in tx.hgetall(ratings_key).items()}
            tx.multi()
            if kept:
                tx.zadd(self._board_key(game_type), {entry: shown(rating)["ordinal"] for entry, rating in kept.items()})
            tx.set(self._boarded_key(game_type), "1")
            try:
                tx.execute()
            except redis.WatchError:
                return


def updated(ranked: Ranked, before: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The new ratings of the kept entries of one game, from their ranks and ratings ``before`` (missing: new)."""
    if len(ranked) < 2:
        return {}
    teams = [[_rating(before.get(entry) if entry else None)] for entry, _ in ranked]
    rated = MODEL.rate(teams, ranks=[rank for _, rank in ranked])
    sums: dict[str, list[tuple[float, float]]] = {}
    for (entry, _), (rating,) in zip(ranked, rated, strict=True):
        if entry is not None:
            sums.setdefault(entry, []).append((rating.mu, rating.sigma))
    return {
        entry: {
            "mu": sum(mu for mu, _ in seats) / len(seats),
            "sigma": sum(sigma for _, sigma in seats) / len(seats),
            "games": before.get(entry, {}).get("games", 0) + 1,
        }
        for entry, seats in sums.items()
    }


def shown(rating: dict[str, Any]) -> dict[str, Any]:
    """A kept rating as the API shows it: mu, sigma, the ordinal mu - 3 sigma that orders the board, games rated."""
    return {**rating, "ordinal": rating["mu"] - 3 * rating["sigma"]}


def ranks(result: dict[str, Any]) -> dict[str, int]:
    """Each place of a game's result ("0", "1"... by seat, "pes" for Spots' solo opponent) and its rank, 1 best.

    Winners rank first (the result says who won, whatever the totals), then the others by total score, equal totals
    tying; a forfeited seat ranks last. Pes ranks first in a solo game it won (``pes.won``).
    """
    forfeited = set(result.get("forfeited", []))
    keys = {
        str(score["seat"]): (score["seat"] in forfeited, score["seat"] not in result["winners"], -score["total"])
        for score in result["scores"]
    }
    if "pes" in result:
        keys["pes"] = (False, not result["pes"]["won"], -result["pes"]["total"])
    order = sorted(set(keys.values()))
    return {place: order.index(key) + 1 for place, key in keys.items()}


def _rating(kept: dict[str, Any] | None) -> PlackettLuceRating:
    """The model's rating of a player as kept, or of a player never rated (None)."""
    return MODEL.rating() if kept is None else MODEL.rating(mu=kept["mu"], sigma=kept["sigma"])


def _scored(rows: Any) -> list[Cursor]:
    """A board's (member, score) rows as (ordinal, entry): the cursors they are."""
    return [(float(score), as_text(member)) for member, score in rows]
