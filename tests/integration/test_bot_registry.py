"""The registry of webhook bots on the real Redis: unique names, owners, pages, ratings taken in once."""

from __future__ import annotations

import dataclasses
import threading
import uuid
from collections.abc import Iterator

import pytest

from events.bots import Bots, NameTaken, builtin_player, rated_player
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
    bots.rate("g1", "felix", [(rated_player(bot.id), 1), (builtin_player("random"), 2)])

    assert bots.retire(bot.id)

    assert bots.get(bot.id) is None and every(bots) == [] and bots.by_names(["whiskers"]) == {}
    assert every(bots, "felix") == every(bots, "dogs") == []
    assert bots.ratings("felix", [rated_player(bot.id)]) == {}
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
    bots.rate("g1", "felix", [(rated_player(bot.id), 1), (builtin_player("random"), 2)])
    changed = dataclasses.replace(bot, url="https://bots.example.org/v2", games=["dogs", "spots"], timeout=3.0)

    assert bots.update(bot, changed)

    assert bots.get(bot.id) == changed
    assert (every(bots, "felix"), every(bots, "dogs"), every(bots, "spots")) == ([], [bot.id], [bot.id])
    assert bots.ratings_of(bot.id, ["felix"]) == {}
    bots.retire(bot.id)
    assert not bots.update(bot, changed), "a retired bot is not brought back by a change"
    assert bots.get(bot.id) is None


def test_a_game_is_taken_into_the_ratings_once(bots):
    bot = register(bots)
    ranked = [(rated_player(bot.id), 1), (builtin_player("random"), 2), (None, 3)]

    assert bots.rate("g1", "felix", ranked)
    first = bots.ratings_of(bot.id, ["felix", "dogs"])
    assert not bots.rate("g1", "felix", ranked)

    assert bots.ratings_of(bot.id, ["felix", "dogs"]) == first
    assert set(first) == {"felix"} and first["felix"]["games"] == 1
    assert first["felix"]["ordinal"] == first["felix"]["mu"] - 3 * first["felix"]["sigma"]
    assert bots.ratings("felix", [builtin_player("random")])[builtin_player("random")]["games"] == 1


def test_games_ending_at_once_each_update_the_ratings_the_other_left(bots):
    bot = register(bots)
    ranked = [(rated_player(bot.id), 1), (builtin_player("random"), 2)]
    threads = [threading.Thread(target=bots.rate, args=(f"g{n}", "felix", ranked)) for n in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert bots.ratings_of(bot.id, ["felix"])["felix"]["games"] == 10
