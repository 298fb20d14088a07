"""The registry of webhook bots (third-party bots dogpark calls over HTTP on their turns) and their ratings, in Redis.

Keys, all tagged ``{<prefix>}`` ("bots"), so that on a Cluster they are one slot: the registry is small, and a
registration, a retirement or a rating update is one transaction over several of them::

    {bots}:bot:<id>           hash: id, name, url, description, games (JSON), timeout, secret, key_sha256, created
    {bots}:name:<lower name>  the id of the bot that holds a name (names are unique whatever their case)
    {bots}:all                sorted set: bot ids by registration time
    {bots}:ratings:<type>     hash: rated player ("bot:<id>", or "builtin:<name>") -> {"mu", "sigma", "games"} JSON
    {bots}:rated:<type>       set: the games whose result the ratings of that type took in, each once

The signing secret is kept as it was given or drawn, because every call is signed with it: whoever reads this
Redis can sign calls to the bots (docs/bots.md, "The secret"). The bot's key, which retires it, is kept only as its
SHA-256. Ratings are OpenSkill's Plackett-Luce (the ``openskill`` package), which rates games of any number of
players; a rated game is a finished, not abandoned game with a registered bot in it.
"""

from __future__ import annotations

import hmac
import json
import secrets
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import redis
from openskill.models import PlackettLuce, PlackettLuceRating
from redis.typing import EncodableT, FieldT

from events.store import as_text
from events.tokens import new_token, token_hash

#: The rating of a player nobody has rated yet, and the model that updates ratings.
MODEL = PlackettLuce()
#: Rated players that are not registered bots: built-in bots by name; a person is rated afresh in each game.
BUILTIN = "builtin:"
#: Attempts of a rating update that another update of the same game type raced.
RATING_ATTEMPTS = 20


class NameTaken(Exception):
    """Another registered bot holds the name (whatever its case)."""


@dataclass(frozen=True)
class Registered:
    """A registered webhook bot, as the registry keeps it."""

    id: str
    name: str
    url: str
    description: str
    games: list[str]
    #: Seconds the bot is given to answer a call.
    timeout: float
    #: The signing secret of its calls.
    secret: str
    created: float

    def public(self) -> dict[str, Any]:
        """What anyone may see of it: neither its URL nor its secret."""
        return {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "games": self.games,
            "timeout_seconds": self.timeout,
            "created": self.created,
        }


def rated_player(bot_id: str) -> str:
    """The ratings' name of a registered bot."""
    return f"bot:{bot_id}"


def builtin_player(name: str) -> str:
    """The ratings' name of a built-in bot (Pes, Spots' solo opponent, is rated as ``pes``)."""
    return f"{BUILTIN}{name}"


class Bots:
    """The registry on one Redis; ``prefix`` keeps registries apart (one per test run, say)."""

    def __init__(self, client: redis.Redis, prefix: str = "bots") -> None:
        self.redis = client
        self.tag = f"{{{prefix}}}"

    def _bot_key(self, bot_id: str) -> str:
        return f"{self.tag}:bot:{bot_id}"

    def _name_key(self, name: str) -> str:
        return f"{self.tag}:name:{name.lower()}"

    def _all_key(self) -> str:
        return f"{self.tag}:all"

    def _ratings_key(self, game_type: str) -> str:
        return f"{self.tag}:ratings:{game_type}"

    def _rated_key(self, game_type: str) -> str:
        return f"{self.tag}:rated:{game_type}"

    def register(
        self, name: str, url: str, description: str, games: list[str], timeout: float, secret: str
    ) -> tuple[Registered, str]:
        """Keep a new bot with its signing secret; return it and its key, of which only the hash is kept.

        Raises NameTaken when another bot holds the name.
        """
        bot = Registered(
            id=secrets.token_hex(8),
            name=name,
            url=url,
            description=description,
            games=list(games),
            timeout=timeout,
            secret=secret,
            created=time.time(),
        )
        key = new_token()
        fields: dict[FieldT, EncodableT] = {
            "id": bot.id,
            "name": bot.name,
            "url": bot.url,
            "description": bot.description,
            "games": json.dumps(bot.games),
            "timeout": repr(bot.timeout),
            "secret": bot.secret,
            "key_sha256": token_hash(key),
            "created": repr(bot.created),
        }
        name_key = self._name_key(name)
        with self.redis.pipeline(transaction=True) as tx:
            # The name is checked and taken in one transaction: of two registrations racing for it, one fails.
            tx.watch(name_key)
            if tx.exists(name_key):
                raise NameTaken(name)
            tx.multi()
            tx.set(name_key, bot.id)
            tx.hset(self._bot_key(bot.id), mapping=fields)
            tx.zadd(self._all_key(), {bot.id: bot.created})
            try:
                tx.execute()
            except redis.WatchError:
                raise NameTaken(name) from None
        return bot, key

    def get(self, bot_id: str) -> Registered | None:
        """The bot with this id, or None (never registered, or retired)."""
        return _registered(self.redis.hgetall(self._bot_key(bot_id)))

    def by_names(self, names: Iterable[str]) -> dict[str, Registered]:
        """The registered bots among ``names``, by the name as given (matched whatever its case): two round trips."""
        wanted = list(dict.fromkeys(names))
        if not wanted:
            return {}
        ids = self.redis.mget([self._name_key(name) for name in wanted])
        found = [(name, as_text(bot_id)) for name, bot_id in zip(wanted, ids, strict=True) if bot_id is not None]
        pipe = self.redis.pipeline(transaction=False)
        for _, bot_id in found:
            pipe.hgetall(self._bot_key(bot_id))
        bots = {name: _registered(fields) for (name, _), fields in zip(found, pipe.execute(), strict=True)}
        return {name: bot for name, bot in bots.items() if bot is not None}

    def all(self) -> list[Registered]:
        """Every registered bot, oldest first: two round trips."""
        ids = [as_text(bot_id) for bot_id in self.redis.zrange(self._all_key(), 0, -1)]
        pipe = self.redis.pipeline(transaction=False)
        for bot_id in ids:
            pipe.hgetall(self._bot_key(bot_id))
        return [bot for bot in map(_registered, pipe.execute()) if bot is not None]

    def check_key(self, bot_id: str, key: str) -> bool:
        """True when ``key`` is the bot's key (compared in constant time)."""
        stored = self.redis.hget(self._bot_key(bot_id), "key_sha256")
        return stored is not None and hmac.compare_digest(as_text(stored), token_hash(key))

    def retire(self, bot_id: str) -> bool:
        """Forget the bot, its name and its ratings; False when there was none. Its games' seats fall back."""
        bot = self.get(bot_id)
        if bot is None:
            return False
        name_key = self._name_key(bot.name)
        with self.redis.pipeline(transaction=True) as tx:
            tx.watch(name_key)
            holder = tx.get(name_key)
            tx.multi()
            if holder is not None and as_text(holder) == bot_id:
                tx.delete(name_key)
            tx.delete(self._bot_key(bot_id))
            tx.zrem(self._all_key(), bot_id)
            for game_type in bot.games:
                tx.hdel(self._ratings_key(game_type), rated_player(bot_id))
            tx.execute()
        return True

    def ratings(self, game_type: str, players: Iterable[str]) -> dict[str, dict[str, Any]]:
        """The kept ratings of ``players`` (rated names) in one game type; a player never rated is left out."""
        wanted = list(dict.fromkeys(players))
        if not wanted:
            return {}
        stored = self.redis.hmget(self._ratings_key(game_type), wanted)
        return {player: json.loads(raw) for player, raw in zip(wanted, stored, strict=True) if raw is not None}

    def ratings_of(self, bot_id: str, games: Iterable[str]) -> dict[str, dict[str, Any]]:
        """A registered bot's ratings by game type, each with its ordinal (mu - 3 sigma): one round trip."""
        pipe = self.redis.pipeline(transaction=False)
        types = list(games)
        for game_type in types:
            pipe.hget(self._ratings_key(game_type), rated_player(bot_id))
        return {
            game_type: shown(json.loads(raw))
            for game_type, raw in zip(types, pipe.execute(), strict=True)
            if raw is not None
        }

    def rate(self, game_id: str, game_type: str, ranked: list[tuple[str | None, int]]) -> bool:
        """Take a finished game into its type's ratings, once: False when it was taken in already.

        ``ranked`` is each player of the game with its rank (1 best; equal ranks tie): a rated name, or None for a
        person, who is rated afresh each game and kept nowhere. A player in several seats takes the mean of its
        updates. The ratings read and the ones written are one transaction, so two games ending at once each
        update the other's result, never a stale copy.
        """
        ratings_key, rated_key = self._ratings_key(game_type), self._rated_key(game_type)
        for _ in range(RATING_ATTEMPTS):
            with self.redis.pipeline(transaction=True) as tx:
                tx.watch(ratings_key, rated_key)
                if tx.sismember(rated_key, game_id):
                    return False
                kept = [p for p, _ in ranked if p is not None]
                stored = dict(zip(kept, tx.hmget(ratings_key, kept), strict=True)) if kept else {}
                before = {p: json.loads(raw) for p, raw in stored.items() if raw is not None}
                after = updated(ranked, before)
                tx.multi()
                if after:
                    tx.hset(ratings_key, mapping={p: json.dumps(r) for p, r in after.items()})
                tx.sadd(rated_key, game_id)
                try:
                    tx.execute()
                    return True
                except redis.WatchError:
                    continue
        raise RuntimeError(f"the ratings of {game_type} changed under game {game_id}'s update too many times")


def updated(ranked: list[tuple[str | None, int]], before: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The new ratings of the rated players of one game, from their ranks and ratings ``before`` (missing: new)."""
    if len(ranked) < 2:
        return {}
    teams = [[_rating(before.get(player) if player else None)] for player, _ in ranked]
    rated = MODEL.rate(teams, ranks=[rank for _, rank in ranked])
    sums: dict[str, list[tuple[float, float]]] = {}
    for (player, _), (rating,) in zip(ranked, rated, strict=True):
        if player is not None:
            sums.setdefault(player, []).append((rating.mu, rating.sigma))
    return {
        player: {
            "mu": sum(mu for mu, _ in seats) / len(seats),
            "sigma": sum(sigma for _, sigma in seats) / len(seats),
            "games": before.get(player, {}).get("games", 0) + 1,
        }
        for player, seats in sums.items()
    }


def shown(rating: dict[str, Any]) -> dict[str, Any]:
    """A kept rating as the API shows it: mu, sigma, the ordinal mu - 3 sigma that orders bots, games rated."""
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


def _registered(fields: Mapping[bytes | str, bytes | str]) -> Registered | None:
    if not fields:
        return None
    text = {as_text(k): as_text(v) for k, v in fields.items()}
    return Registered(
        id=text["id"],
        name=text["name"],
        url=text["url"],
        description=text["description"],
        games=json.loads(text["games"]),
        timeout=float(text["timeout"]),
        secret=text["secret"],
        created=float(text["created"]),
    )
