"""canonical_bytes (orjson) spells every envelope exactly as canonical_json (the standard library) does, so hashes
sealed before and after the switch are the same."""

from __future__ import annotations

import hashlib
import json
import random
import secrets

import pytest

from domain import table as tables
from domain.catalogue import GAMES
from domain.engine import rng_for
from domain.playout import play
from events.envelope import GENESIS, canonical_bytes, canonical_json, chain_hash, seal, verify_chain

#: Seeded games per game type: every envelope of each is compared.
SEEDS = 2


def envelopes_of(game_type: str, players: int, seed: str) -> list[dict]:
    """A whole game's log as sealed envelopes: the table's CreateGame events, then a greedy-bot playout's events, each
    with a server time of the kind the store seals (a float with microseconds)."""
    rules = GAMES[game_type]
    seats = [{"bot": "greedy"}] * players
    command = tables.create(game_type, {}, seats, seed, 10_000, 86_400.0, clock={"turn_seconds": 30.5})
    opened, _ = tables.apply(None, None, command, rng_for(seed, 1), seed, 1_763_860_000.123456)
    events = opened + play(rules, players, [rules.bots["greedy"]] * players, seed).events
    rng = random.Random(seed)
    sealed, head, version = [], GENESIS, 1
    for event in events:
        actor = rng.choice([{"kind": "system"}, {"kind": "seat", "seat": 0}, {"kind": "bot", "seat": 0, "name": "r"}])
        now = 1_763_860_000 + rng.random() * 1_000_000
        (envelope,) = seal([event], version, head, actor, f"c{version}", now)
        sealed.append(envelope.envelope)
        head, version = envelope.envelope["hash"], version + 1
    return sealed


@pytest.mark.parametrize("game_type", ["felix", "spots", "dogs", "dogslife"])
def test_every_envelope_of_seeded_games_is_spelled_as_the_standard_library_spells_it(game_type):
    rules = GAMES[game_type]
    compared = 0
    for game in range(SEEDS):
        players = max(rules.min_players, 2) + game
        for envelope in envelopes_of(game_type, players, f"canonical-{game_type}-{players}-{game}"):
            body = {name: value for name, value in envelope.items() if name != "hash"}
            assert canonical_bytes(body) == canonical_json(body).encode(), envelope["type"]
            compared += 1
    assert compared > 300


def test_the_hash_chain_of_a_seeded_game_holds_with_either_spelling():
    envelopes = envelopes_of("spots", 2, "canonical-chain")
    assert verify_chain(envelopes) is None
    # Re-read as stored: the chain is checked on parsed JSON, as `dogpark verify` does.
    assert verify_chain(json.loads(json.dumps(envelopes))) is None
    prev = GENESIS
    for envelope in envelopes:
        body = {name: value for name, value in envelope.items() if name != "hash"}
        assert chain_hash(prev, envelope) == envelope["hash"]
        assert envelope["hash"] == hashlib.sha256((prev + canonical_json(body)).encode()).hexdigest()
        prev = envelope["hash"]


@pytest.mark.parametrize(
    "value",
    [
        1e-05,  # orjson: 0.00001
        -3.14159e-05,
        2.5e-07,  # orjson: 2.5e-7
        5e-324,
        1e16,
        1.5e300,
        float("nan"),  # orjson: null
        float("inf"),
        float("-inf"),
        2**64,  # past orjson's 64 bits
        -(2**63) - 1,
        {1: "a", 10: "b", 9: "c"},  # keys that are not strings: the standard library sorts them as numbers
        {"null": None, "x": "1e5", "y": ":0.00001"},
        "\u2028\u2029\x7f\x00\x1f\"\\/é\U0001f600",
    ],
)
def test_values_orjson_would_spell_otherwise_take_the_standard_librarys_spelling(value):
    document = {"data": {"v": value, "list": [value, 1.5]}, "time": 1_763_860_000.25}
    assert canonical_bytes(document) == canonical_json(document).encode()


def test_random_floats_of_every_magnitude_are_spelled_alike():
    rng = random.Random(16)
    for _ in range(20_000):
        value = rng.uniform(1, 10) * 10.0 ** rng.randint(-30, 30) * rng.choice([1, -1])
        assert canonical_bytes([value]) == canonical_json([value]).encode(), value


def test_a_lone_surrogate_is_refused_as_before():
    with pytest.raises(UnicodeEncodeError):
        canonical_bytes({"name": "\ud800"})
    with pytest.raises(Exception, match="Unicode text"):
        seal([{"type": "Named", "data": {"name": "\ud800"}}], 1, GENESIS, {"kind": "system"}, secrets.token_hex(4), 1.0)
