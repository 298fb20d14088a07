"""The registry of webhook bots on the real Redis: unique names, the key kept as a hash, ratings taken in once."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator

import pytest

from events.bots import Bots, NameTaken, builtin_player, rated_player
from events.tokens import token_hash

SECRET = "s" * 64


@pytest.fixture
def bots(redis) -> Iterator[Bots]:
    """A registry of its own, deleted afterwards."""
    prefix = f"test-bots-{uuid.uuid4().hex[:8]}"
    yield Bots(redis, prefix=prefix)
    keys = list(redis.scan_iter(f"{{{prefix}}}:*"))
    if keys:
        redis.delete(*keys)


def register(bots: Bots, name: str = "whiskers", games: list[str] | None = None):
    return bots.register(name, "https://bots.example.org/w", "bids low", games or ["felix"], 2.0, SECRET)


def test_a_registered_bot_is_found_by_id_and_by_its_name_in_any_case(bots):
    bot, _ = register(bots)

    assert bots.get(bot.id) == bot
    assert bots.by_names(["WHISKERS", "nobody"]) == {"WHISKERS": bot}
    assert [b.id for b in bots.all()] == [bot.id]
    assert bot.public() == {
        "id": bot.id,
        "name": "whiskers",
        "description": "bids low",
        "games": ["felix"],
        "timeout_seconds": 2.0,
        "created": bot.created,
        "suspended": False,
    }


def test_a_name_is_held_by_one_bot_whatever_its_case(bots):
    register(bots, "Whiskers")

    with pytest.raises(NameTaken):
        register(bots, "wHISKERS")


def test_of_registrations_racing_for_one_name_exactly_one_wins(bots):
    outcomes: list[str] = []

    def race() -> None:
        try:
            register(bots, "contested")
            outcomes.append("registered")
        except NameTaken:
            outcomes.append("taken")

    threads = [threading.Thread(target=race) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["registered"] + ["taken"] * 7
    assert len(bots.all()) == 1


def test_the_key_is_kept_only_as_its_hash_and_checked(bots, redis):
    bot, key = register(bots)
    stored = {k.decode(): v.decode() for k, v in redis.hgetall(f"{bots.tag}:bot:{bot.id}").items()}

    assert key not in stored.values() and stored["key_sha256"] == token_hash(key)
    assert bots.check_key(bot.id, key)
    assert not bots.check_key(bot.id, key + "x")
    assert not bots.check_key("nobody", key)


def test_a_retired_bot_is_forgotten_with_its_ratings_and_frees_its_name(bots):
    bot, _ = register(bots)
    bots.rate("g1", "felix", [(rated_player(bot.id), 1), (builtin_player("random"), 2)])

    assert bots.retire(bot.id)

    assert bots.get(bot.id) is None and bots.all() == [] and bots.by_names(["whiskers"]) == {}
    assert bots.ratings("felix", [rated_player(bot.id)]) == {}
    assert register(bots)[0].name == "whiskers"
    assert not bots.retire(bot.id)


def test_a_game_is_taken_into_the_ratings_once(bots):
    bot, _ = register(bots)
    ranked = [(rated_player(bot.id), 1), (builtin_player("random"), 2), (None, 3)]

    assert bots.rate("g1", "felix", ranked)
    first = bots.ratings_of(bot.id, ["felix", "dogs"])
    assert not bots.rate("g1", "felix", ranked)

    assert bots.ratings_of(bot.id, ["felix", "dogs"]) == first
    assert set(first) == {"felix"} and first["felix"]["games"] == 1
    assert first["felix"]["ordinal"] == first["felix"]["mu"] - 3 * first["felix"]["sigma"]
    assert bots.ratings("felix", [builtin_player("random")])[builtin_player("random")]["games"] == 1


def test_games_ending_at_once_each_update_the_ratings_the_other_left(bots):
    bot, _ = register(bots)
    ranked = [(rated_player(bot.id), 1), (builtin_player("random"), 2)]
    threads = [threading.Thread(target=bots.rate, args=(f"g{n}", "felix", ranked)) for n in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert bots.ratings_of(bot.id, ["felix"])["felix"]["games"] == 10


def test_a_bot_has_at_most_its_limit_of_calls_in_flight_and_a_call_given_back_frees_its_place(bots):
    bot, _ = register(bots)

    places = [bots.take_call(bot.id, 2, 30) for _ in range(3)]
    bots.end_call(bot.id, places[0], timed_out=False, suspend_after=10)
    again = bots.take_call(bot.id, 2, 30)

    assert places[0] and places[1] and places[2] is None
    assert again is not None


def test_a_call_in_flight_past_its_longest_time_frees_its_place_as_if_its_worker_had_died(bots):
    bot, _ = register(bots)

    held = bots.take_call(bot.id, 1, 0.2)
    refused = bots.take_call(bot.id, 1, 30)
    time.sleep(0.3)

    assert held is not None and refused is None
    assert bots.take_call(bot.id, 1, 30) is not None


def test_timeouts_in_a_row_suspend_a_bot_an_answer_in_time_starts_them_again_and_resume_lifts_it(bots):
    bot, _ = register(bots)

    def call(timed_out: bool) -> bool:
        return bots.end_call(bot.id, bots.take_call(bot.id, 8, 30), timed_out=timed_out, suspend_after=3)

    before = [call(True), call(True), call(False), call(True), call(True)]
    suspending = call(True)
    after = call(True)
    suspended = bots.get(bot.id)
    bots.resume(bot.id)

    assert before == [False] * 5 and suspending is True and after is False
    assert suspended is not None and suspended.suspended is not None and suspended.public()["suspended"] is True
    assert bots.get(bot.id).suspended is None and call(True) is False


def test_a_call_that_ends_after_its_bot_was_retired_leaves_no_trace_of_it(bots, redis):
    bot, _ = register(bots)
    place = bots.take_call(bot.id, 8, 30)
    bots.retire(bot.id)

    bots.end_call(bot.id, place, timed_out=True, suspend_after=1)

    assert bots.get(bot.id) is None and not list(redis.scan_iter(f"{bots.tag}:*{bot.id}*"))
