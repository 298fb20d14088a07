"""Every event reads as one line for humans, written from the event as its reader may see it, telling no secret."""

from __future__ import annotations

from typing import Any

import pytest

from domain import table as tables
from domain.catalogue import GAMES as RULES
from domain.engine import Event, State
from domain.felix.text import owned_card
from domain.language import LANGUAGES, render
from domain.playout import play
from events.envelope import Envelope
from service.core.reads import visible_event
from tests.unit.readable import GAMES, IDS, spoken
from tests.unit.sweeps import SWEEPS, Sample


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
@pytest.mark.parametrize("stride", SWEEPS)
def test_every_event_as_redacted_for_each_viewer_reads_as_a_line_that_names_none_of_its_secrets_in_any_language(
    stride, game, players, options
):
    # A game may leave a line empty for bookkeeping another line tells (the CLI prints none), as the game decides
    # for the event itself: hiding part of an event never silences it. In `make test`, a sample of the events is
    # read (every type among it, and the last: sweeps.Sample).
    rules = RULES[game]
    silenced: list[tuple[str, int | None]] = []
    lines: list[str] = []
    sample = Sample(stride)

    def read(ev: Event, state: State) -> None:
        if sample.takes(ev["type"]) or rules.is_over(state):
            check(ev, state)

    def check(ev: Event, state: State) -> None:
        # The secrets right after the event: a replay may stop there, and an event may show what is secret later.
        for viewer in (None, *range(players)):
            said, secrets = tables.describe(game, tables.redact(game, ev, viewer)), rules.secrets(state, viewer)
            for language in LANGUAGES:
                text = render(said, language)
                told = spoken(game, text, secrets, language)
                assert not told, f"{ev['type']} tells seat {viewer} {told} in {language}: {text!r}"
            text = render(said)
            if not text.strip() and render(tables.describe(game, ev)).strip():
                silenced.append((ev["type"], viewer))
            lines.append(text)

    finished = play(rules, players, [rules.bots["greedy"]] * players, f"text-{game}-{players}", options, read)

    assert finished.result is not None and silenced == []
    assert all(lines[-players - 1:]), "the end of the game reads as nothing"


def _opened(seats: list[dict[str, Any]]) -> Event:
    return {"type": "TableOpened", "data": {"game": "felix", "options": {}, "seats": seats, "seed_sha256": "ab"}}


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (
            _opened([{"kind": "human", "name": "Ana"}, *[{"kind": "bot", "bot": "greedy", "name": "greedy"}] * 2]),
            "A new table of Felix: The Cat in the Sack opens with 3 seats (2 bots).",
        ),
        ({"type": "SeatClaimed", "data": {"seat": 0, "name": "Ana"}}, "Ana takes a seat."),
        ({"type": "SeatClaimed", "data": {"seat": 2, "name": None}}, "Player 3 takes a seat."),
        (
            {"type": "GameAbandoned", "data": {"reason": "expired", "seconds": 86400}},
            "Nobody filled the table within 86,400 seconds: the game is abandoned.",
        ),
        (
            {"type": "GameAbandoned", "data": {"reason": "max_events", "limit": 500}},
            "The game reached 500 events and is abandoned.",
        ),
        (
            {"type": "SeedRevealed", "data": {"seed": "s3cret"}},
            "The secret seed is revealed: anyone can now check the game.",
        ),
    ],
)
def test_the_table_s_own_events_read_as_lines_of_their_own(event, line):
    assert render(tables.describe("felix", event), "en", ["Ana", "", ""]) == line


def test_a_game_s_event_reads_as_its_rules_describe_it():
    bid = {"type": "BidPlaced", "data": {"seat": 1, "amount": 3, "added": 2}}

    line = RULES["felix"].describe(bid)

    assert render(tables.describe("felix", bid)) == line == "Player 2 bids 3 mice (putting 2 more on the table)."


def test_a_card_played_face_down_is_read_by_each_viewer_from_the_event_as_redacted_for_it():
    # Given seat 0 put a card face down
    felix = RULES["felix"]
    played = play(felix, 3, [felix.bots["greedy"]] * 3, "face-down")
    card = next(ev for ev in played.events if ev["type"] == "CardPlayed" and ev["data"]["seat"] == 0)
    envelope: Envelope = {"version": 9, "type": card["type"], "data": card["data"], "actor": None, "time": 0.0}

    # When each seat and a spectator read it through the API
    texts = {seat: visible_event("felix", envelope, seat)["text"] for seat in (None, 0, 1, 2)}

    # Then each reads the line of what it may see: the owner the card, the others a card face down
    assert texts[0] == felix.describe(card) and texts[0].startswith("Player 1 puts the ")
    assert all(texts[seat] == felix.describe(felix.redact(card, seat)) != texts[0] for seat in (None, 1, 2))
    assert texts[1].startswith("Player 1 puts a card face down as the ")


def test_a_secret_card_is_found_under_its_name_in_the_language_of_the_text():
    card = "1/cat15"
    ukrainian = render(owned_card(card, 1), "uk")

    assert spoken("felix", f"Ось: {ukrainian}.", [card], "uk") == [card]
    assert spoken("felix", f"Ось: {ukrainian}.", [card], "en") == []
