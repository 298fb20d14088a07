"""The registry of webhook bots on the real Redis: unique names, owners, pages, ratings dropped with a game left."""

from __future__ import annotations

import dataclasses
import threading
import time
import uuid
from collections.abc import Iterator

import pytest

from events.bots import Bots, NameTaken
from events.ratings import Ratings, builtin_player, rated_player
from events.tokens import new_token, token_hash

SECRET = "s" * 64


@pytest.fixture
def bots(redis) -> Iterator[Bots]:
    """A registry of its own, deleted afterwards."""
    prefix = f"test-bots-{uuid.uuid4().hex[:8]}"
    yield Bots(redis, prefix=prefix)
    keys = list(redis.scan_iter(f"{{{prefix}}}:*"))
    if keys:
        redis.delete(*keys)


def pool(bots: Bots) -> Ratings:
    """The ratings that share the registry's tag."""
    return Ratings(bots.redis, bots.tag.strip("{}"))


def register(bots: Bots, name: str = "whiskers", games: list[str] | None = None):
    return bots.register(name, "https://bots.example.org/w", "bids low", games or ["felix"], 2.0, SECRET, owner="p1")


def every(bots: Bots, game: str | None = None, limit: int = 2) -> list[str]:
    """The ids of the registry's bots, a page of ``limit`` at a time."""
    found, cursor = bots.page(game, limit)
    while cursor is not None:
        more, cursor = bots.page(game, limit, cursor)
        found += more
    return [bot.id for bot in found]


def test_a_registered_bot_is_found_by_id_and_by_its_name_in_any_case_with_its_owner(bots):
    bot = register(bots)

    assert bots.get(bot.id) == bot and bot.owner == "p1"
    assert bots.by_names(["WHISKERS", "nobody"]) == {"WHISKERS": bot}
    assert every(bots) == [bot.id]
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
    assert len(every(bots)) == 1


def test_a_bot_registered_before_owners_has_none_and_its_key_is_checked_against_the_hash_kept(bots, redis):
    bot, key = register(bots), new_token()
    # As a registration of before kept it: the key's hash, and no owner.
    redis.hdel(f"{bots.tag}:bot:{bot.id}", "owner")
    redis.hset(f"{bots.tag}:bot:{bot.id}", "key_sha256", token_hash(key))

    assert bots.get(bot.id).owner is None
    assert bots.check_key(bot.id, key)
    assert not bots.check_key(bot.id, key + "x")
    assert not bots.check_key("nobody", key)
    assert not bots.check_key(register(bots, "tabby").id, key), "a bot of an owner has no key"


def test_a_retired_bot_is_forgotten_with_its_ratings_and_frees_its_name(bots):
    bot = register(bots, games=["felix", "dogs"])
    pool(bots).rate("g1", "felix", [(rated_player(bot.id), 1), (builtin_player("random"), 2)])

    assert bots.retire(bot.id)

    assert bots.get(bot.id) is None and every(bots) == [] and bots.by_names(["whiskers"]) == {}
    assert every(bots, "felix") == every(bots, "dogs") == []
    assert pool(bots).ratings("felix", [rated_player(bot.id)]) == {}
    assert pool(bots).page("felix", 10)[0] == [
        (builtin_player("random"), pool(bots).ratings_of(builtin_player("random"), ["felix"])["felix"])
    ]
    assert register(bots).name == "whiskers"
    assert not bots.retire(bot.id)


def test_pages_hold_each_bot_once_oldest_first_even_when_bots_share_a_registration_time(bots, monkeypatch):
    monkeypatch.setattr("events.bots.time.time", lambda: 1_767_261_600.25)
    tied = [register(bots, f"tied{n}", ["felix"] if n % 2 else ["dogs"]).id for n in range(5)]
    monkeypatch.setattr("events.bots.time.time", lambda: 1_767_261_601.5)
    later = register(bots, "later").id

    for limit in (1, 2, 3, 6, 50):
        assert every(bots, limit=limit) == [*sorted(tied), later], limit
        assert every(bots, "felix", limit) == [*sorted(i for i in tied if "felix" in bots.get(i).games), later]
    page, cursor = bots.page(None, 6)
    assert len(page) == 6 and cursor is None


def test_a_page_starts_after_its_cursor_even_when_the_bot_it_names_was_retired(bots):
    first, second, third = (register(bots, name) for name in ("a1", "a2", "a3"))
    page, cursor = bots.page(None, 1)
    bots.retire(first.id)

    rest, _ = bots.page(None, 5, cursor)

    assert [b.id for b in page] == [first.id]
    assert [b.id for b in rest] == [second.id, third.id]


def test_a_registry_older_than_the_game_lists_is_listed_by_game_on_its_first_read(bots, redis):
    felix, dogs = register(bots, "f", ["felix"]), register(bots, "d", ["dogs"])
    redis.delete(f"{bots.tag}:game:felix", f"{bots.tag}:game:dogs", f"{bots.tag}:indexed")

    assert every(bots, "felix") == [felix.id]
    assert every(bots, "dogs") == [dogs.id]


def test_a_change_moves_the_bot_between_game_lists_and_drops_the_ratings_of_games_left(bots):
    bot = register(bots, games=["felix", "dogs"])
    pool(bots).rate("g1", "felix", [(rated_player(bot.id), 1), (builtin_player("random"), 2)])
    changed = dataclasses.replace(bot, url="https://bots.example.org/v2", games=["dogs", "spots"], timeout=3.0)

    assert bots.update(bot, changed)

    assert bots.get(bot.id) == changed
    assert (every(bots, "felix"), every(bots, "dogs"), every(bots, "spots")) == ([], [bot.id], [bot.id])
    assert pool(bots).ratings_of(rated_player(bot.id), ["felix"]) == {}
    bots.retire(bot.id)
    assert not bots.update(bot, changed), "a retired bot is not brought back by a change"
    assert bots.get(bot.id) is None


def test_a_bot_has_at_most_its_limit_of_calls_in_flight_and_a_call_given_back_frees_its_place(bots):
    bot = register(bots)

    places = [bots.take_call(bot.id, 2, 30) for _ in range(3)]
    bots.end_call(bot.id, places[0], timed_out=False, suspend_after=10)
    again = bots.take_call(bot.id, 2, 30)

    assert places[0] and places[1] and places[2] is None
    assert again is not None


def test_a_call_in_flight_past_its_longest_time_frees_its_place_as_if_its_worker_had_died(bots):
    bot = register(bots)

    held = bots.take_call(bot.id, 1, 0.2)
    refused = bots.take_call(bot.id, 1, 30)
    time.sleep(0.3)

    assert held is not None and refused is None
    assert bots.take_call(bot.id, 1, 30) is not None


def test_timeouts_in_a_row_suspend_a_bot_an_answer_in_time_starts_them_again_and_resume_lifts_it(bots):
    bot = register(bots)

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
    bot = register(bots)
    place = bots.take_call(bot.id, 8, 30)
    bots.retire(bot.id)

    bots.end_call(bot.id, place, timed_out=True, suspend_after=1)

    assert bots.get(bot.id) is None and not list(redis.scan_iter(f"{bots.tag}:*{bot.id}*"))
