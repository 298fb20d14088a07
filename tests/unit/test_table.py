"""The table around every game: seats, the start, the seed's commitment and reveal."""

from __future__ import annotations

import pytest

from domain import table as tables
from domain.catalogue import GAMES
from domain.engine import BadOptions, IllegalMove, rng_for
from domain.playout import play

SEED = "s" * 64


def created(seats: list[dict], **limits) -> tuple[tables.Table, list[dict]]:
    command = tables.create("felix", {}, seats, SEED, **limits)
    events = tables.decide(None, None, command, rng_for(SEED, 1), SEED)
    return tables.fold(events), events


def test_a_table_commits_to_its_seed_without_revealing_it():
    table, events = created([{"human": True}] * 3)

    assert events[0]["type"] == "TableOpened"
    assert events[0]["data"]["seed_sha256"] == tables.seed_digest(SEED)
    assert SEED not in str(events) and table["seed"] is None


def test_a_table_of_bots_starts_at_once_and_one_with_humans_waits_for_its_claims():
    bots, bot_events = created([{"bot": "random"}] * 3)
    humans, _ = created([{"human": True}, {"bot": "random"}, {"human": True}])

    assert bots["status"] == "running" and bot_events[1]["type"] == "GameStarted"
    assert humans["status"] == "open" and humans["game"] is None


def test_the_last_claim_starts_the_game_in_the_same_batch():
    table, _ = created([{"human": True}, {"bot": "random"}, {"human": True}])
    first = tables.decide(table, 0, {"type": "ClaimSeat", "seat": 0}, rng_for(SEED, 2), SEED)
    table = tables.fold(first, table)
    last = tables.decide(table, 2, {"type": "ClaimSeat", "seat": 2}, rng_for(SEED, 3), SEED)

    assert [e["type"] for e in first] == ["SeatClaimed"]
    assert [e["type"] for e in last][:2] == ["SeatClaimed", "GameStarted"]
    assert tables.fold(last, table)["offset"] == 3


@pytest.mark.parametrize(
    ("seat", "reason"), [(1, "SeatTaken"), (5, "NoSuchSeat"), (-1, "NoSuchSeat"), ("0", "BadArgument")]
)
def test_a_seat_that_is_a_bots_or_does_not_exist_cannot_be_claimed(seat, reason):
    table, _ = created([{"human": True}, {"bot": "random"}, {"human": True}])

    with pytest.raises(IllegalMove) as refused:
        tables.decide(table, None, {"type": "ClaimSeat", "seat": seat}, rng_for(SEED, 2), SEED)

    assert refused.value.reason == reason


@pytest.mark.parametrize(
    ("game", "seats", "option"),
    [
        ("chess", [{"human": True}] * 3, "type"),
        ("felix", [{"human": True}] * 2, "seats"),
        ("felix", [{"human": True}] * 6, "seats"),
        ("felix", [{"bot": "nobody"}] * 3, "seats[0].bot"),
    ],
)
def test_bad_settings_are_refused_naming_the_option(game, seats, option):
    with pytest.raises(BadOptions) as bad:
        tables.create(game, {}, seats, SEED)

    assert bad.value.option == option


def test_game_commands_are_refused_before_the_game_starts():
    table, _ = created([{"human": True}] * 3)

    with pytest.raises(IllegalMove) as refused:
        tables.decide(table, 0, {"type": "Pass"}, rng_for(SEED, 2), SEED)

    assert refused.value.reason == "GameNotRunning"


def test_the_command_that_ends_the_game_reveals_the_seed_in_the_same_batch():
    table, log = created([{"bot": "random"}] * 3)
    batches = []
    while table["status"] == "running":
        seat = tables.to_act(table)[0]
        command = tables.legal_moves(table, seat)[-1]
        batches.append(tables.decide(table, seat, command, rng_for(SEED, table["version"] + 1), SEED))
        table = tables.fold(batches[-1], table)

    assert batches[-1][-1] == {"type": "SeedRevealed", "data": {"seed": SEED}}
    assert all(e["type"] != "SeedRevealed" for batch in batches[:-1] for e in batch)
    assert table["seed"] == SEED and tables.result(table)["winners"]


@pytest.mark.parametrize("game_type", sorted(GAMES))
def test_no_game_emits_an_event_named_like_the_tables_own(game_type):
    rules = GAMES[game_type]
    players = max(rules.min_players, 2)
    events = play(rules, players, [rules.bots["greedy"]] * players, "names").events

    assert not {e["type"] for e in events} & tables.TABLE_EVENTS


BOTS = [{"bot": "random"}] * 3
EXPIRE = {"type": "ExpireGame"}


def step(table: tables.Table) -> list[dict]:
    """The events of the first legal move of the first seat to act (the table is not changed)."""
    seat = tables.to_act(table)[0]
    return tables.decide(table, seat, tables.legal_moves(table, seat)[0], rng_for(SEED, table["version"] + 1), SEED)


def test_both_limits_are_recorded_in_table_opened_so_a_replay_needs_no_settings():
    table, events = created(BOTS, max_events=500, open_seconds=60.0)

    assert events[0]["data"]["max_events"] == 500 and events[0]["data"]["open_seconds"] == 60.0
    assert (table["max_events"], table["open_seconds"]) == (500, 60.0)


def test_a_move_that_brings_the_log_to_its_limit_is_followed_by_game_abandoned_and_the_seed():
    started, _ = created(BOTS)
    near = started["version"] + 1
    table, _ = created(BOTS, max_events=near)

    batch = step(table)
    after = tables.fold(batch, table)

    assert batch[0]["type"] not in tables.TABLE_EVENTS
    assert batch[-2:] == [
        {"type": "GameAbandoned", "data": {"reason": "max_events", "limit": near}},
        {"type": "SeedRevealed", "data": {"seed": SEED}},
    ]
    assert after["status"] == "finished" and after["seed"] == SEED
    assert tables.result(after) == {"abandoned": {"reason": "max_events", "limit": near}, "scores": [], "winners": []}
    assert tables.to_act(after) == [] and tables.legal_moves(after, 0) == []


def test_a_move_below_the_limit_is_only_itself():
    started, _ = created(BOTS)
    table, _ = created(BOTS, max_events=started["version"] + 100)

    assert {e["type"] for e in step(table)}.isdisjoint(tables.TABLE_EVENTS)


def test_a_game_the_rules_end_in_the_batch_that_reaches_the_limit_keeps_its_winners():
    unlimited, _ = created(BOTS)
    while unlimited["status"] == "running":
        unlimited = tables.fold(step(unlimited), unlimited)
    # The last batch's game events end at one before SeedRevealed: exactly at the limit.
    table, _ = created(BOTS, max_events=unlimited["version"] - 1)
    batches = []
    while table["status"] == "running":
        batches.append(step(table))
        table = tables.fold(batches[-1], table)

    assert all(e["type"] != "GameAbandoned" for batch in batches for e in batch)
    assert table["abandoned"] is None and tables.result(table)["winners"]


def test_an_abandoned_game_refuses_every_command_naming_why():
    started, _ = created(BOTS)
    table, _ = created(BOTS, max_events=started["version"] + 1)
    table = tables.fold(step(table), table)

    with pytest.raises(IllegalMove) as refused:
        tables.decide(table, 0, {"type": "Pass"}, rng_for(SEED, table["version"] + 1), SEED)

    assert refused.value.reason == "GameAbandoned" and "max_events" in refused.value.detail


def test_the_system_expires_an_open_table_after_a_claim_and_reveals_its_seed():
    table, _ = created([{"human": True}, {"human": True}, {"bot": "random"}], open_seconds=60.0)
    table = tables.fold(tables.decide(table, 0, {"type": "ClaimSeat", "seat": 0}, rng_for(SEED, 2), SEED), table)

    events = tables.decide(table, None, EXPIRE, rng_for(SEED, 3), SEED)
    after = tables.fold(events, table)

    assert events == [
        {"type": "GameAbandoned", "data": {"reason": "expired", "seconds": 60.0}},
        {"type": "SeedRevealed", "data": {"seed": SEED}},
    ]
    assert after["status"] == "finished" and after["game"] is None
    assert tables.result(after) == {"abandoned": {"reason": "expired", "seconds": 60.0}, "scores": [], "winners": []}


def test_an_expired_table_refuses_a_late_claim():
    table, _ = created([{"human": True}] * 3, open_seconds=60.0)
    table = tables.fold(tables.decide(table, None, EXPIRE, rng_for(SEED, 2), SEED), table)

    with pytest.raises(IllegalMove) as refused:
        tables.decide(table, 1, {"type": "ClaimSeat", "seat": 1}, rng_for(SEED, 4), SEED)

    assert refused.value.reason == "GameAbandoned"


@pytest.mark.parametrize(
    ("seats", "seat", "reason"),
    [([{"human": True}] * 3, 0, "SystemOnly"), (BOTS, None, "GameStarted")],
    ids=["a seat may not expire a game", "a running game never expires"],
)
def test_only_the_system_expires_a_table_and_only_an_open_one(seats, seat, reason):
    table, _ = created(seats, open_seconds=60.0)

    with pytest.raises(IllegalMove) as refused:
        tables.decide(table, seat, EXPIRE, rng_for(SEED, table["version"] + 1), SEED)

    assert refused.value.reason == reason


def test_a_table_opened_before_the_limits_existed_replays_without_them():
    command = tables.create("felix", {}, BOTS, SEED)
    for name in tables.LIMITS:
        del command[name]

    events = tables.decide(None, None, command, rng_for(SEED, 1), SEED)
    table = tables.fold(events)

    assert not set(tables.LIMITS) & set(events[0]["data"])
    assert table["max_events"] is table["open_seconds"] is None and table["status"] == "running"
