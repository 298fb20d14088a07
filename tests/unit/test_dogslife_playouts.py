"""Whole games of A Dog's Life: the engine contract and the spec §8 invariants, hidden addresses, bots, text."""

from __future__ import annotations

from typing import Any

import pytest

from domain.dogslife import RULES
from domain.dogslife.state import address_of, is_paper
from domain.playout import play, win_rates
from tests.unit.contract import check_playout, playout_games
from tests.unit.dogslife_invariants import addresses, check_invariants

#: Seeded games per player count: 200 in `make soak` (about an hour here); fewer keep `make test` quick.
GAMES = playout_games(3)


def playout_options(game: int) -> dict[str, Any]:
    """Vary the options: short targets keep games quick; some games choose dogs or have the server route at once."""
    return {
        "bone_target": 2 + game % 2,
        "route_deadline_seconds": 0 if game % 3 == 0 else 20,
        "dog_assignment": "choose" if game % 4 == 1 else "random",
    }


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_seeded_game_keeps_the_contract_and_the_invariants_and_ends(players):
    for game in range(GAMES):
        events = check_playout(
            RULES, players, f"dogslife-{players}-{game}", check_invariants, playout_options(game), bot="easy", samples=1
        )
        assert sum(ev["type"] == "GameWon" for ev in events) == 1 and events[-1]["type"] == "GameWon"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_game_timed_by_rounds_gives_every_seat_the_same_number_of_turns_and_a_tie_to_the_tied_dogs(players):
    # R31: a time win comes only at the end of round 6, when each seat has had its 6 turns.
    # §4.9: after a tie there, only the tied seats play on, and one of them wins.
    sudden_deaths = 0
    for game in range(GAMES):
        options = {"timed_rounds": 6, "bone_target": 5}
        events = check_playout(RULES, players, f"rounds-{players}-{game}", check_invariants, options, bot="easy")
        won = events[-1]["data"]
        turns = [ev["data"]["seat"] for ev in events if ev["type"] == "TurnStarted"]
        assert won["reason"] in ("time", "tiebreak", "target")
        if won["reason"] == "time":
            assert [turns.count(seat) for seat in range(players)] == [6] * players
            assert [ev["type"] for ev in events].count("TimeExpired") == 1
        tie = next((i for i, ev in enumerate(events) if ev["type"] == "SuddenDeathStarted"), None)
        if tie is not None:
            tied = events[tie]["data"]["seats"]
            assert {ev["data"]["seat"] for ev in events[tie:] if ev["type"] == "TurnStarted"} <= set(tied)
            assert won["seat"] in tied and won["reason"] in ("tiebreak", "target")
            sudden_deaths += 1
    assert sudden_deaths, "no seeded game reached sudden death, so the tie rule went unchecked"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_no_view_or_redacted_event_shows_a_newspaper_address_to_a_seat_that_does_not_carry_it(players):
    # The contract finds the orders and the newspapers' ids (the game's secrets); an address is shown as a number,
    # which no secret can name, so this looks for the "address" fields themselves.
    seen_private = 0

    def watch(ev: dict, state: dict) -> None:
        nonlocal seen_private
        for seat in [None, *range(players)]:
            shown = RULES.redact(ev, seat)
            if ev["type"] != "NewspaperDelivered":
                assert not addresses(shown) or shown["data"]["seat"] == seat
                seen_private += bool(addresses(shown))
            if state["phase"] != "over":
                slots = state["seats"][seat]["slots"] if seat is not None else []
                carried = [address_of(item) for item in slots if is_paper(item)]
                assert sorted(addresses(RULES.view(state, seat))) == sorted(carried)

    for game in range(3):
        play(RULES, players, [RULES.bots["easy"]] * players, f"hidden-{players}-{game}", {"bone_target": 2}, watch)
    assert seen_private > 0


# Greedy won every one of the first 200 games; `make test` plays 60 of them, `make soak` all 200.
@pytest.mark.parametrize("games", [60, pytest.param(200, marks=pytest.mark.slow)])
def test_greedy_wins_most_games_against_two_random_bots(games):
    rates = win_rates(RULES, 3, ["greedy", "random", "random"], games)
    assert rates[0] >= 0.6


def test_every_event_reads_as_a_line_and_the_table_renders_for_each_seat():
    lines = []
    out = play(RULES, 3, [RULES.bots["greedy"]] * 3, "text", on_event=lambda ev, st: lines.append(RULES.describe(ev)))
    assert all(not line or line[0].isupper() and line.endswith(".") for line in lines)  # "": told by another line
    assert not any(line in {ev["type"] for ev in out.events} for line in lines)  # no event fell back to its bare type
    picture = RULES.render(out.state, 0)
    assert "truck on" in picture and "(you)" in picture and "buried" in picture
    assert len(picture.splitlines()) == 1 + 12 + 3 + 1 + 3  # columns, rows, legend, supplies, sheets


# --- the random bot: random among purposeful moves (§10), so its games end ------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_random_dogs_end_their_games_well_within_the_servers_event_cap(players):
    for game in range(5):
        out = play(RULES, players, [RULES.bots["random"]] * players, f"random-{players}-{game}", max_events=25_000)
        assert "abandoned" not in out.result and len(out.result["winners"]) == 1


def test_the_random_dog_buries_every_bone_it_can_drops_nothing_and_leaves_the_trucks_route_to_the_server():
    chosen: list[tuple[list[dict], dict]] = []

    def watched(view: dict, legal: list[dict], rng: Any) -> dict:
        move = RULES.bots["random"](view, legal, rng)
        chosen.append((legal, move))
        return move

    play(RULES, 2, [watched, watched], "purposeful", max_events=25_000)
    could_bury = [move for legal, move in chosen if {"type": "Bury"} in legal]
    routes = [move for _, move in chosen if move["type"] == "ChooseTruckRoute"]

    assert all(move in legal for legal, move in chosen)
    assert could_bury and all(move == {"type": "Bury"} for move in could_bury)
    assert not [move for _, move in chosen if move["type"] == "Drop"]
    assert routes and all(move["route"] is None for move in routes)


def test_a_game_that_does_not_end_is_abandoned_at_the_event_cap_as_the_servers_table_abandons_it():
    """The uniform random dogs of before rarely end a game: played with a cap, the playout ends it there."""
    uniform = [RULES.earlier_bots["random"]] * 2

    out = play(RULES, 2, uniform, "uncapped", max_events=2_000)

    assert out.result == {"abandoned": {"reason": "max_events", "limit": 2_000}, "scores": [], "winners": []}
    assert 2_000 <= 1 + len(out.events) < 2_000 + 50  # TableOpened and the game's events; one batch past at most
