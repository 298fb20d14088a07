"""The registry of webhook bots (third-party bots dogpark calls over HTTP on their turns) and their ratings, in Redis.

Keys, all tagged ``{<prefix>}`` ("bots"), so that on a Cluster they are one slot: the registry is small, and a
registration, a retirement or a rating update is one transaction over several of them::

    {bots}:bot:<id>           hash: id, name, url, description, games (JSON), timeout, secret, owner, created
                              (a bot registered before bots had owners: key_sha256 instead of owner);
                              timeouts (its calls timed out in a row), suspended (when it was suspended, if it is)
    {bots}:calls:<id>         sorted set: the bot's calls in flight, each until when it may last at most
    {bots}:name:<lower name>  the id of the bot that holds a name (names are unique whatever their case)
    {bots}:all                sorted set: bot ids by registration time
    {bots}:game:<type>        sorted set: the ids of the bots that play a game type, by registration time
    {bots}:indexed            "1" once the game sets hold every bot (a registry older than them is indexed on its
                              first page read)

and the ratings of each game type (events/ratings.py), whose keys share the tag: a bot's retirement drops its ratings
in the same transaction.

A bot belongs to the player who registered it (``owner``, a player id): only that player changes or retires it. A bot
registered before owners has none, and its key (kept only as its SHA-256) retires it. The signing secret is kept as
the author gave it, because every call is signed with it: whoever reads this Redis can sign calls to the bots
(docs/bots.md, "The secret"). A registered bot is rated (events/ratings.py) by every finished, not abandoned game it
played, rated or not.
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
from redis.typing import EncodableT, FieldT

from events.leases import Leases
from events.ratings import Ratings, rated_player
from events.store import as_text
from events.tokens import token_hash

# The end of a call: its place given back, and its outcome in the bot's count of timeouts in a row: a timeout adds
# one, and at ARGV[3] of them in a row the bot is suspended (since ARGV[4]); an answer in time starts the count again.
# A retired bot's hash is left gone.
# KEYS[1] the bot's calls, KEYS[2] its hash; ARGV: the call's token, "timeout", "answer" or "" (neither), the
# timeouts that suspend it, now. Answers 1 when this call suspended the bot, else 0.
_END_CALL_LUA = """
redis.call("ZREM", KEYS[1], ARGV[1])
if ARGV[2] == "" or redis.call("EXISTS", KEYS[2]) == 0 then
  return 0
end
if ARGV[2] == "answer" then
  redis.call("HSET", KEYS[2], "timeouts", 0)
  return 0
end
local timeouts = redis.call("HINCRBY", KEYS[2], "timeouts", 1)
if timeouts >= tonumber(ARGV[3]) and redis.call("HSETNX", KEYS[2], "suspended", ARGV[4]) == 1 then
  return 1
end
return 0
"""


class NameTaken(Exception):
    """Another registered bot holds the name (whatever its case)."""


#: Where a page of the registry starts: after the bot registered at this time with this id (None: at the start).
Cursor = tuple[float, str]


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
    #: The id of the player who registered it; None for a bot registered before bots had owners.
    owner: str | None = None
    #: When it was suspended for timing out too often in a row (it takes no seat in a new game), or None.
    suspended: float | None = None

    def public(self) -> dict[str, Any]:
        """What anyone may see of it: neither its URL nor its secret."""
        return {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "games": self.games,
            "timeout_seconds": self.timeout,
            "created": self.created,
            "suspended": self.suspended is not None,
        }


class Bots:
    """The registry on one Redis; ``prefix`` keeps registries apart (one per test run, say)."""

    def __init__(self, client: redis.Redis, prefix: str = "bots") -> None:
        self.redis = client
        self.tag = f"{{{prefix}}}"
        self._leases = Leases(client)
        self._ratings = Ratings(client, prefix)
        self._end_call = client.register_script(_END_CALL_LUA)

    def _bot_key(self, bot_id: str) -> str:
        return f"{self.tag}:bot:{bot_id}"

    def _name_key(self, name: str) -> str:
        return f"{self.tag}:name:{name.lower()}"

    def _calls_key(self, bot_id: str) -> str:
        return f"{self.tag}:calls:{bot_id}"

    def _all_key(self) -> str:
        return f"{self.tag}:all"

    def _game_key(self, game_type: str) -> str:
        return f"{self.tag}:game:{game_type}"

    def _indexed_key(self) -> str:
        return f"{self.tag}:indexed"

    def register(
        self, name: str, url: str, description: str, games: list[str], timeout: float, secret: str, *, owner: str
    ) -> Registered:
        """Keep a new bot of player ``owner``, with its signing secret; NameTaken when another bot has the name."""
        bot = Registered(
            id=secrets.token_hex(8),
            name=name,
            url=url,
            description=description,
            games=list(games),
            timeout=timeout,
            secret=secret,
            created=time.time(),
            owner=owner,
        )
        name_key = self._name_key(name)
        with self.redis.pipeline(transaction=True) as tx:
            # The name is checked and taken in one transaction: of two registrations racing for it, one fails.
            tx.watch(name_key)
            if tx.exists(name_key):
                raise NameTaken(name)
            tx.multi()
            tx.set(name_key, bot.id)
            tx.hset(self._bot_key(bot.id), mapping=_fields(bot))
            tx.zadd(self._all_key(), {bot.id: bot.created})
            for game_type in bot.games:
                tx.zadd(self._game_key(game_type), {bot.id: bot.created})
            try:
                tx.execute()
            except redis.WatchError:
                raise NameTaken(name) from None
        return bot

    def update(self, bot: Registered, changed: Registered) -> bool:
        """Keep ``changed`` (``bot`` with another URL, secret, description, timeout or games; never its name or id);
        False when the bot was retired meanwhile.

        The game types it no longer plays lose it from their lists and their ratings of it.
        """
        dropped = [game_type for game_type in bot.games if game_type not in changed.games]
        bot_key = self._bot_key(bot.id)
        with self.redis.pipeline(transaction=True) as tx:
            # A retirement racing the change wins: the change must not bring back a hash without its name.
            tx.watch(bot_key)
            if not tx.exists(bot_key):
                return False
            tx.multi()
            tx.hset(bot_key, mapping=_fields(changed))
            for game_type in dropped:
                tx.zrem(self._game_key(game_type), bot.id)
            self._ratings.forget(tx, rated_player(bot.id), dropped)
            for game_type in changed.games:
                tx.zadd(self._game_key(game_type), {bot.id: bot.created})
            try:
                tx.execute()
            except redis.WatchError:
                # Another change came first: this one applies to the bot as that one left it.
                current = self.get(bot.id)
                return current is not None and self.update(current, changed)
        return True

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

    def page(
        self, game_type: str | None, limit: int, after: Cursor | None = None
    ) -> tuple[list[Registered], Cursor | None]:
        """Registered bots oldest first (of one game type, or all), at most ``limit`` of them after the cursor
        ``after``; and the cursor of the next page, None when this one holds the last bot.

        A cursor is the last bot's (registration time, id), so a page starts where the last one ended even when that
        bot was retired since. Bots registered at the same time are ordered by id, as the sorted set orders them.
        """
        self._index_games()
        index = self._all_key() if game_type is None else self._game_key(game_type)
        if after is None:
            rows = _scored(self.redis.zrange(index, 0, limit, withscores=True))
        else:
            # The bots registered at the cursor's time come first in the range: skip those at or before its id.
            tied = int(self.redis.zcount(index, after[0], after[0]))
            ranged = self.redis.zrange(
                index, after[0], "+inf", byscore=True, offset=0, num=limit + 1 + tied, withscores=True
            )
            rows = [row for row in _scored(ranged) if row > after]
        pipe = self.redis.pipeline(transaction=False)
        for _, bot_id in rows[:limit]:
            pipe.hgetall(self._bot_key(bot_id))
        found = [bot for bot in map(_registered, pipe.execute()) if bot is not None]
        return found, rows[limit - 1] if len(rows) > limit else None

    def _index_games(self) -> None:
        """List each bot under the game types it plays, once: a registry older than those lists lacks them."""
        if self.redis.exists(self._indexed_key()):
            return
        ids = [as_text(bot_id) for bot_id in self.redis.zrange(self._all_key(), 0, -1)]
        pipe = self.redis.pipeline(transaction=False)
        for bot_id in ids:
            pipe.hgetall(self._bot_key(bot_id))
        with self.redis.pipeline(transaction=True) as tx:
            for bot in filter(None, map(_registered, pipe.execute())):
                for game_type in bot.games:
                    tx.zadd(self._game_key(game_type), {bot.id: bot.created})
            tx.set(self._indexed_key(), "1")
            tx.execute()

    def check_key(self, bot_id: str, key: str) -> bool:
        """True when ``key`` is the key of a bot registered before owners (compared in constant time)."""
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
            tx.delete(self._bot_key(bot_id), self._calls_key(bot_id))
            tx.zrem(self._all_key(), bot_id)
            for game_type in bot.games:
                tx.zrem(self._game_key(game_type), bot_id)
            self._ratings.forget(tx, rated_player(bot_id), bot.games)
            tx.execute()
        return True

    def take_call(self, bot_id: str, limit: int, seconds: float) -> str | None:
        """A place among the bot's calls in flight, held ``seconds`` at most (its token, for ``end_call``), or None
        when it has ``limit`` of them already."""
        # Each call's place lasts until the time the call may last at most: a worker that died mid-call frees it then.
        token = secrets.token_hex(8)
        return token if self._leases.take(self._calls_key(bot_id), token, limit, seconds) else None

    def end_call(self, bot_id: str, token: str, timed_out: bool | None, suspend_after: int) -> bool:
        """Give back the place ``take_call`` gave, and count the call: one that ``timed_out`` adds to the bot's
        timeouts in a row, False starts them again (None: neither). True when this one made ``suspend_after`` of them
        in a row, suspending the bot. One round trip."""
        outcome = "" if timed_out is None else "timeout" if timed_out else "answer"
        keys = [self._calls_key(bot_id), self._bot_key(bot_id)]
        return bool(self._end_call(keys=keys, args=[token, outcome, suspend_after, time.time()]))

    def resume(self, bot_id: str) -> None:
        """Lift the bot's suspension and start its count of timeouts again (its owner pinged it)."""
        with self.redis.pipeline(transaction=True) as tx:
            tx.hdel(self._bot_key(bot_id), "suspended")
            tx.hset(self._bot_key(bot_id), "timeouts", 0)
            tx.execute()


def _scored(rows: Any) -> list[Cursor]:
    """A sorted set's (member, score) rows as (registration time, bot id): the cursors they are."""
    return [(float(score), as_text(member)) for member, score in rows]


def _fields(bot: Registered) -> dict[FieldT, EncodableT]:
    """A bot as its hash keeps it."""
    fields: dict[FieldT, EncodableT] = {
        "id": bot.id,
        "name": bot.name,
        "url": bot.url,
        "description": bot.description,
        "games": json.dumps(bot.games),
        "timeout": repr(bot.timeout),
        "secret": bot.secret,
        "created": repr(bot.created),
    }
    if bot.owner is not None:
        fields["owner"] = bot.owner
    return fields


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
        owner=text.get("owner"),
        suspended=float(text["suspended"]) if "suspended" in text else None,
    )
