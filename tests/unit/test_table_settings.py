"""The table's settings (clock, on_timeout, absent_after, hotseat) and the player rule of its claims."""

from __future__ import annotations

import pytest

from domain import table as tables
from domain.engine import BadOptions, IllegalMove, rng_for

SEED = "t" * 64
PEOPLE = [{"human": True}] * 3


def opened(**settings) -> tuple[tables.Table, list[dict]]:
    command = tables.create("felix", {}, PEOPLE, SEED, **settings)
    events, table = tables.apply(None, None, command, rng_for(SEED, 1), SEED, 100.0)
    return table, events


def claim(table: tables.Table, seat: int, player: str | None) -> list[dict]:
    command = {"type": "ClaimSeat", "seat": seat, "name": None, "player": player}
    events, _ = tables.apply(table, seat, command, rng_for(SEED, table["version"] + 1), SEED, 100.0)
    return events


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"clock": {"turn_seconds": 0}}, "clock.turn_seconds"),
        ({"clock": {"turn_seconds": True}}, "clock.turn_seconds"),
        ({"clock": {"turn_seconds": tables.MAX_SECONDS + 1}}, "clock.turn_seconds"),
        ({"clock": {"initial_seconds": 60, "increment_seconds": -1}}, "clock.increment_seconds"),
        ({"clock": {"initial_seconds": "60", "increment_seconds": 1}}, "clock.initial_seconds"),
        ({"clock": {"turn_seconds": 5, "initial_seconds": 60}}, "clock"),
        ({"clock": {"initial_seconds": 60}}, "clock"),
        ({"clock": 30}, "clock"),
        ({"clock": {"turn_seconds": 5}, "on_timeout": "bot:nobody"}, "on_timeout"),
        ({"clock": {"turn_seconds": 5}, "on_timeout": "greedy"}, "on_timeout"),
        ({"clock": {"turn_seconds": 5}, "on_timeout": ["forfeit"]}, "on_timeout"),
        ({"clock": {"turn_seconds": 5}, "absent_after": 0}, "absent_after"),
        ({"clock": {"turn_seconds": 5}, "absent_after": 2.5}, "absent_after"),
        ({"on_timeout": "forfeit"}, "on_timeout"),
        ({"absent_after": 2}, "absent_after"),
        ({"hotseat": "yes"}, "hotseat"),
    ],
)
def test_bad_table_settings_are_refused_naming_the_field(settings, field):
    with pytest.raises(BadOptions) as bad:
        tables.create("felix", {}, PEOPLE, SEED, **settings)

    assert bad.value.option == field


def test_settings_are_recorded_in_table_opened_only_when_given():
    given = {"clock": {"initial_seconds": 300, "increment_seconds": 2.5}, "on_timeout": "bot:greedy", "hotseat": True}
    table, events = opened(**given)
    _, plain = opened()

    assert {k: events[0]["data"][k] for k in tables.SETTINGS if k in events[0]["data"]} == given
    assert not set(tables.SETTINGS) & set(plain[0]["data"])
    assert (table["clock"], table["on_timeout"], table["absent_after"], table["hotseat"]) == (
        given["clock"], "bot:greedy", 3, True,
    )


def test_a_claim_records_its_player_and_the_seat_keeps_it():
    table, _ = opened()

    events = claim(table, 0, "p-ann")

    assert events == [{"type": "SeatClaimed", "data": {"seat": 0, "name": None, "player": "p-ann"}}]
    assert table["seats"][0]["player"] == "p-ann"


def test_a_player_may_not_hold_two_seats_of_one_game():
    table, _ = opened()
    claim(table, 0, "p-ann")

    with pytest.raises(IllegalMove) as refused:
        claim(table, 1, "p-ann")

    assert refused.value.reason == "PlayerSeated"
    assert claim(table, 1, "p-bob")[0]["data"]["player"] == "p-bob"


def test_at_a_hotseat_table_one_player_may_hold_every_seat():
    table, _ = opened(hotseat=True)

    claims = [claim(table, seat, "p-ann") for seat in range(3)]

    assert [batch[0]["data"]["player"] for batch in claims] == ["p-ann"] * 3
    assert table["status"] == "running"


def test_claims_without_a_player_never_clash():
    table, _ = opened()

    assert [claim(table, seat, None)[0]["data"]["player"] for seat in range(3)] == [None] * 3


def test_a_claim_recorded_before_players_existed_replays_without_a_player_field():
    table, _ = opened()

    events, _ = tables.apply(table, 0, {"type": "ClaimSeat", "seat": 0}, rng_for(SEED, 2), SEED)

    assert events == [{"type": "SeatClaimed", "data": {"seat": 0, "name": None}}]
    assert table["seats"][0]["player"] is None


@pytest.mark.parametrize("player", [7, "", "x" * 65])
def test_a_claim_with_a_malformed_player_is_refused(player):
    table, _ = opened()

    with pytest.raises(IllegalMove) as refused:
        claim(table, 0, player)

    assert refused.value.reason == "BadArgument"


def test_a_seat_of_a_table_without_a_clock_may_resign_and_the_view_then_shows_the_clocks():
    table, _ = opened()
    for seat in range(3):
        claim(table, seat, None)

    events, _ = tables.apply(table, 2, {"type": "Resign"}, rng_for(SEED, table["version"] + 1), SEED)

    assert events == [{"type": "SeatResigned", "data": {"seat": 2}}]
    assert tables.view(table, None)["clocks"][2]["resigned"] is True
    assert tables.controller(table, 2) == "random" and tables.standing(table, 2) == "resigned"


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ({"type": "Resign"}, "GameNotRunning"),
        ({"type": "PlayFor", "seat": 0}, "GameNotRunning"),
    ],
)
def test_an_open_table_takes_no_resignation_and_no_bot_move(command, reason):
    table, _ = opened()

    with pytest.raises(IllegalMove) as refused:
        tables.decide(table, 0, command, rng_for(SEED, 2), SEED)

    assert refused.value.reason == reason


def test_only_the_system_plays_for_a_seat_and_only_for_one_a_bot_controls():
    table, _ = opened(clock={"turn_seconds": 10})
    for seat in range(3):
        claim(table, seat, None)
    seat = tables.to_act(table)[0]
    play_for = {"type": "PlayFor", "seat": seat}
    rng = rng_for(SEED, table["version"] + 1)

    with pytest.raises(IllegalMove) as by_a_seat:
        tables.decide(table, seat, play_for, rng, SEED, 100.0)
    with pytest.raises(IllegalMove) as not_controlled:
        tables.decide(table, None, play_for, rng, SEED, 100.0)

    assert by_a_seat.value.reason == "SystemOnly" and not_controlled.value.reason == "NotControlled"
