"""Players and their index on the real Redis: tokens kept only hashed; a player's games, newest first, in one call."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterator

import pytest
import redis as redis_py

from events.envelope import GENESIS
from events.players import Players, entry_writes, games_key, order_key, player_key, token_key
from events.store import GAME_KEYS, RedisStore, key

#: An event of a game, for an append that writes an index entry.
NOTED = [{"type": "Noted", "data": {}}]


class CountingRedis(redis_py.Redis):
    """A client that counts the commands it sends, so a test can tell how many round trips a read takes."""

    sent = 0

    def execute_command(self, *args, **options):
        self.sent += 1
        return super().execute_command(*args, **options)


@pytest.fixture
def client(redis_url: str) -> Iterator[CountingRedis]:
    client = CountingRedis.from_url(redis_url)
    yield client
    client.close()


@pytest.fixture
def players(client: CountingRedis) -> Iterator[Players]:
    """Players on the test Redis; the players it creates are deleted afterwards."""
    made = Players(client)
    created = made.create
    tokens: list[tuple[str, str]] = []

    def create(name: str) -> tuple[str, str]:
        tokens.append(created(name))
        return tokens[-1]

    made.create = create
    yield made
    for pid, token in tokens:
        client.delete(player_key(pid), token_key(hashlib.sha256(token.encode()).hexdigest()))


@pytest.fixture
def pid(client: CountingRedis) -> Iterator[str]:
    """A player id of the test's own, whose index is deleted afterwards."""
    pid = f"test-{uuid.uuid4()}"
    yield pid
    client.delete(games_key(pid), order_key(pid))


def entry(game: str, created: float, status: str = "running", your_turn: bool = False) -> dict:
    return {
        "game": game,
        "type": "felix",
        "seats": [0],
        "status": status,
        "your_turn": your_turn,
        "deadline": None,
        "created": created,
    }


def index(client: redis_py.Redis, pid: str, *entries: dict) -> None:
    """Write each entry as its game's append does: with an event of the game (deleted again: only the index counts)."""
    store = RedisStore(client)
    for written in entries:
        game = f"test-{uuid.uuid4()}"
        store.append(game, 0, GENESIS, "c1", NOTED, {"kind": "system"}, index=entry_writes(pid, written))
        client.delete(*(key(game, suffix) for suffix in GAME_KEYS))


def test_a_new_player_is_found_by_its_token_and_the_server_keeps_only_the_tokens_hash(players, client):
    pid, token = players.create("Ana")
    stored = client.hgetall(player_key(pid))
    digest = hashlib.sha256(token.encode()).hexdigest()

    assert players.by_token(token) == pid
    assert players.get(pid) == {"id": pid, "name": "Ana", "created": float(stored[b"created"])}
    assert stored[b"token_hash"].decode() == digest and client.get(token_key(digest)).decode() == pid
    assert len(token) == 43, "256 bits, URL-safe base64"
    assert not any(token.encode() in client.dump(name) for name in (player_key(pid), token_key(digest)))


def test_one_players_token_never_names_another_and_an_unknown_token_names_nobody(players):
    (ana, ana_token), (bo, bo_token) = players.create("Ana"), players.create("Bo")

    assert (players.by_token(ana_token), players.by_token(bo_token)) == (ana, bo)
    assert players.by_token(ana_token[:-1]) is None
    assert players.by_token(hashlib.sha256(ana_token.encode()).hexdigest()) is None, "the stored hash is no token"
    assert players.get("no-such-player") is None


def test_a_players_games_come_newest_first_whatever_order_they_were_indexed_in(players, client, pid):
    index(client, pid, entry("g2", 2.0), entry("g3", 3.0), entry("g1", 1.0))

    assert players.games(pid) == [entry("g3", 3.0), entry("g2", 2.0), entry("g1", 1.0)]
    assert [e["game"] for e in players.games(pid, limit=2)] == ["g3", "g2"]
    assert players.games(f"test-{uuid.uuid4()}") == []


def test_a_later_entry_of_a_game_replaces_its_earlier_one(players, client, pid):
    index(client, pid, entry("g1", 1.0, "open"), entry("g1", 1.0, "running", your_turn=True))

    assert players.games(pid) == [entry("g1", 1.0, "running", your_turn=True)]


def test_the_status_filter_finds_the_newest_matches_even_far_down_the_list_in_one_round_trip(players, client, pid):
    index(client, pid, *(entry(f"g{n:03}", n, "running" if n % 100 else "open") for n in range(250)))

    # The script is loaded once per server (EVALSHA, NOSCRIPT, SCRIPT LOAD): count a read once it is.
    players.games(pid, "open", limit=10)
    before = client.sent
    opened = players.games(pid, "open", limit=10)
    sent = client.sent - before

    assert [e["game"] for e in opened] == ["g200", "g100", "g000"]
    assert [e["game"] for e in players.games(pid, "running", limit=3)] == ["g249", "g248", "g247"]
    assert players.games(pid, "finished") == []
    assert sent == 1, "one round trip"
