"""Names people read (players', seats', registered bots'): normalised to NFC, and refused with a 422 naming the field
when they hold a character that would break or forge a line, or hide what the name says."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask.testing import FlaskClient

#: One of each kind a name may not hold, by what it is.
REFUSED = {
    "NUL": "\x00",
    "CR": "\r",
    "LF": "\n",
    "ESC": "\x1b",
    "DEL": "\x7f",
    "C1 NEL": "\x85",
    "RLO (bidi override)": "\u202e",
    "LRE (bidi embedding)": "\u202a",
    "RLI (bidi isolate)": "\u2067",
    "PDI (bidi isolate end)": "\u2069",
    "RLM (bidi mark)": "\u200f",
    "ZWSP (zero width)": "\u200b",
    "ZWJ (zero width)": "\u200d",
    "word joiner": "\u2060",
    "BOM": "\ufeff",
    "line separator": "\u2028",
    "paragraph separator": "\u2029",
}


@pytest.fixture(scope="module")
def client(module_client: FlaskClient) -> FlaskClient:
    """One app for the module's hundred requests: each only sends a name."""
    return module_client


def new_player(client: FlaskClient, name: str):
    return client.post("/v1/players", json={"name": name})


def seat_at_creation(client: FlaskClient, name: str):
    return client.post("/v1/games", json={"type": "felix", "seats": [{"human": True, "name": name}] * 3})


def claimed_seat(client: FlaskClient, name: str):
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    return client.post(f"/v1/games/{game_id}/seats/0", json={"name": name})


def registered_bot(client: FlaskClient, name: str):
    # The body is checked before the bot is called: no bot need listen.
    return client.post("/v1/bots", json={"name": name, "url": "https://bots.example.org/b", "games": ["felix"]})


#: Every request that takes a name, and where its 422 names the field.
TAKERS: dict[str, tuple[Callable, list]] = {
    "player": (new_player, ["json", "name"]),
    "seat at creation": (seat_at_creation, ["json", "seats", "0", "name"]),
    "claimed seat": (claimed_seat, ["json", "name"]),
    "registered bot": (registered_bot, ["json", "name"]),
}


def errors_at(answer, path: list[str]) -> list[str]:
    found = answer.json["errors"]
    for step in path:
        found = found[step]
    return found


@pytest.mark.parametrize("taker", TAKERS)
@pytest.mark.parametrize("what", REFUSED)
def test_a_name_holding_a_control_bidi_or_invisible_character_is_refused_naming_the_field(client, taker, what):
    send, path = TAKERS[taker]
    character = REFUSED[what]

    answer = send(client, f"ana{character}bot")

    assert answer.status_code == 422, answer.json
    assert answer.json["type"] == "/v1/problems/invalid-request"
    assert any(f"U+{ord(character):04X}" in message for message in errors_at(answer, path)), answer.json["errors"]


def test_a_player_name_is_kept_in_nfc_whichever_form_it_was_sent_in(client):
    decomposed = "Ame\u0301lie"  # e + combining acute accent

    created = new_player(client, decomposed)
    me = client.get("/v1/players/me", headers={"Authorization": f"Bearer {created.json['token']}"})

    assert created.status_code == 201
    assert created.json["name"] == me.json["name"] == "Am\u00e9lie"


def test_a_seat_name_is_kept_in_nfc_and_counted_as_normalised(client):
    # 40 characters once composed, 80 as sent: the limit counts what is kept.
    decomposed = "e\u0301" * 40

    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    claimed = client.post(f"/v1/games/{game_id}/seats/0", json={"name": decomposed})

    assert claimed.status_code == 201, claimed.json
    assert claimed.json["game"]["seats"][0]["name"] == "\u00e9" * 40


@pytest.mark.parametrize(
    "name",
    [
        "Ana",
        "Zoë",
        "Łukasz",
        "Дмитро",
        "李小龍",
        "مريم",
        "שירה",
        "नमस्ते",
        "🐕 Rex",
        "Jean Pierre",
        "O'Brien",
        "Rex 🐕\u200d🦺",  # a service dog: two emoji joined into one
        "Ana 👩🏽\u200d🔬",  # a scientist with a skin tone
        "Ana ❤\ufe0f\u200d🔥",  # a heart on fire, after its presentation selector
    ],
)
def test_names_in_any_script_with_spaces_and_emoji_are_taken_as_sent(client, name):
    assert new_player(client, name).json["name"] == name


@pytest.mark.parametrize("name", ["\u200d🐕", "🐕\u200d", "🐕\u200d\u200d🦺", "Rex\u200d🐕", "🐕\u200dRex"])
def test_a_joiner_outside_an_emoji_sequence_is_refused(client, name):
    answer = new_player(client, name)

    assert answer.status_code == 422, answer.json
    assert "U+200D" in answer.json["errors"]["json"]["name"][0]


@pytest.mark.parametrize("name", ["greedy\n", "greedy\r\n", "\ngreedy", "gre\nedy"])
def test_a_bot_name_with_a_newline_anywhere_is_refused_even_a_final_one(client, name):
    answer = registered_bot(client, name)

    assert answer.status_code == 422, answer.json
    assert "name" in answer.json["errors"]["json"]


def test_a_bot_secret_with_a_final_newline_is_refused(client):
    body = {"name": "whiskers", "url": "https://bots.example.org/b", "games": ["felix"], "secret": "s" * 40 + "\n"}

    answer = client.post("/v1/bots", json=body)

    assert answer.status_code == 422
    assert answer.json["errors"]["json"]["secret"] == ["printable ASCII, no spaces"]


def test_an_idempotency_key_with_a_final_newline_is_refused(client):
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    tokens = [client.post(f"/v1/games/{game_id}/seats/{seat}").json["token"] for seat in range(3)]
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    headers = {"Authorization": f"Bearer {tokens[seat]}"}
    move = client.get(f"/v1/games/{game_id}", headers=headers).json["legal_moves"][0]

    # A WSGI server may hand over a header as the client sent it; the check must not take the newline.
    answer = client.post(
        f"/v1/games/{game_id}/commands", json=move, headers=headers, environ_overrides={"HTTP_IDEMPOTENCY_KEY": "k\n"}
    )

    assert answer.status_code == 400
    assert answer.json["type"] == "/v1/problems/bad-request"
