"""A private table's claims and a seat kept for a player, decided by the table itself, so that a replay applies them."""

from __future__ import annotations

import pytest

from domain import table as tables
from domain.engine import BadOptions, IllegalMove, rng_for

SEED = "p" * 64
PEOPLE = [{"human": True}] * 3


def opened(seats: list[dict] = PEOPLE, **settings) -> tuple[tables.Table, list[dict]]:
    command = tables.create("felix", {}, seats, SEED, **settings)
    events, table = tables.apply(None, None, command, rng_for(SEED, 1), SEED, 100.0)
    return table, events


def claim(table: tables.Table, seat: int, player: str | None, **flags: bool) -> list[dict]:
    command = {"type": "ClaimSeat", "seat": seat, "name": None, "player": player, **flags}
    events, _ = tables.apply(table, seat, command, rng_for(SEED, table["version"] + 1), SEED, 100.0)
    return events


def test_a_private_table_is_recorded_so_and_a_public_one_as_before():
    private, private_events = opened(private=True)
    public, public_events = opened(private=False)

    assert private_events[0]["data"]["private"] is True and private["private"] is True
    assert "private" not in public_events[0]["data"] and "private" not in public


def test_a_private_seat_is_claimed_only_by_invitation_or_by_the_creator():
    table, _ = opened(private=True)

    with pytest.raises(IllegalMove) as refused:
        claim(table, 0, "stranger")
    invited = claim(table, 0, "guest", invited=True)
    hosted = claim(table, 1, "host", creator=True)

    assert refused.value.reason == "PrivateTable"
    assert invited[0]["data"] == {"seat": 0, "name": None, "player": "guest", "invited": True}
    assert hosted[0]["data"] == {"seat": 1, "name": None, "player": "host", "creator": True}


def test_a_kept_seat_is_its_players_only_even_with_an_invitation():
    table, events = opened([{"human": True, "player": "ana"}, {"human": True}, {"human": True}])

    with pytest.raises(IllegalMove) as refused:
        claim(table, 0, "bo", invited=True)
    taken = claim(table, 0, "ana")
    public = claim(table, 1, "bo")

    assert events[0]["data"]["seats"][0] == {"kind": "human", "name": None, "reserved": "ana"}
    assert refused.value.reason == "SeatReserved"
    assert taken[0]["type"] == public[0]["type"] == "SeatClaimed"


@pytest.mark.parametrize(
    ("seats", "settings", "option"),
    [
        ([{"human": True, "player": ""}, *PEOPLE[1:]], {}, "seats[0].player"),
        ([{"human": True, "player": 7}, *PEOPLE[1:]], {}, "seats[0].player"),
        (PEOPLE, {"private": "yes"}, "private"),
    ],
)
def test_a_bad_kept_seat_or_private_flag_is_refused_naming_it(seats, settings, option):
    with pytest.raises(BadOptions) as bad:
        tables.create("felix", {}, seats, SEED, **settings)

    assert bad.value.option == option
