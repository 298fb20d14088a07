"""The table around every game: seats, the start, the seed's commitment and reveal."""

from __future__ import annotations

import pytest

from domain import table as tables
from domain.engine import BadOptions, IllegalMove, rng_for
from domain.playout import play

SEED = "s" * 64


def created(seats: list[dict]) -> tuple[tables.Table, list[dict]]:
    command = tables.create("felix", {}, seats, SEED)
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


@pytest.mark.parametrize("game_type", sorted(tables.GAMES))
def test_no_game_emits_an_event_named_like_the_tables_own(game_type):
    rules = tables.GAMES[game_type]
    players = max(rules.min_players, 2)
    events = play(rules, players, [rules.bots["greedy"]] * players, "names").events

    assert not {e["type"] for e in events} & tables.TABLE_EVENTS
