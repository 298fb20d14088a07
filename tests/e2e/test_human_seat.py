"""A human seat plays a whole Felix game through the API, and nobody ever sees what they should not."""

from __future__ import annotations

import json
import random
import re

from tests.e2e.conftest import wait_for

CARD = re.compile(r'"(\d/(?:cat-?\d+|rabbit|bigdog|smalldog))"')
#: Events whose cards are face up for everyone from then on.
PUBLIC_CARDS = {
    "CardRevealed": lambda d: [d["card"]],
    "DogChasedCat": lambda d: [d["dog"], d["cat"]],
    "DogsRemoved": lambda d: d["dogs"],
    "SackWon": lambda d: d["cards"],
    "RowDiscarded": lambda d: d["cards"],
}


def public_cards_by_version(audit: dict) -> tuple[list[set[str]], int]:
    """For each version v, the cards public by then; and the version at which the game ended."""
    seen: set[str] = set()
    by_version = [set()]
    ended = len(audit["events"]) + 1
    for envelope in audit["events"]:
        seen |= set(PUBLIC_CARDS.get(envelope["type"], lambda d: [])(envelope["data"]))
        if envelope["type"] == "GameEnded":
            ended = envelope["version"]
        by_version.append(set(seen))
    return by_version, ended


def play_one_seat(api, game_id: str, token: str, seat: int, log: list) -> dict:
    """Play random legal moves for ``seat`` until the game ends, recording every response as (viewer, body)."""
    rng = random.Random(7)

    def look(viewer_token, viewer):
        body = api("GET", f"/v1/games/{game_id}", token=viewer_token).json()
        log.append((viewer, body))
        return body

    def step():
        view = look(token, seat)
        look(None, None)
        events = api("GET", f"/v1/games/{game_id}/events", token=token, params={"after": max(0, view["version"] - 5)})
        log.append((seat, events.json()))
        if view["status"] == "finished":
            return view
        if view["legal_moves"]:
            sent = api("POST", f"/v1/games/{game_id}/commands", token=token, json=rng.choice(view["legal_moves"]))
            assert sent.status_code in (200, 409), sent.text
            log.append((seat, sent.json()))
        return None

    return wait_for(step, 240, "the game to end")


def test_a_human_seat_plays_a_whole_game_and_never_sees_a_secret(api):
    created = api(
        "POST",
        "/v1/games",
        json={
            "type": "felix",
            "seats": [{"human": True, "name": "Ana"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}],
        },
    )
    game_id = created.json()["id"]
    claimed = api("POST", f"/v1/games/{game_id}/seats/0", json={"name": "Ana"})
    assert claimed.status_code == 201
    token = claimed.json()["token"]
    log: list = [(None, created.json()), (0, {k: v for k, v in claimed.json().items() if k != "token"})]

    final = play_one_seat(api, game_id, token, 0, log)
    audit = api("GET", f"/v1/games/{game_id}/audit").json()

    assert final["result"]["winners"]
    public, ended = public_cards_by_version(audit)
    started = next(e for e in audit["events"] if e["type"] == "GameStarted")
    own_hand = set(started["data"]["hands"]["0"])
    scanned = 0
    for viewer, body in log:
        version = body.get("version") or body.get("game", {}).get("version")
        if version >= ended:
            continue
        allowed = public[version] | (own_hand if viewer == 0 else set())
        shown = set(CARD.findall(json.dumps(body)))
        scanned += len(shown)
        leaked = shown - allowed
        assert not leaked, f"seat {viewer} saw {leaked} at version {version}"
        state = (body.get("game") or body).get("state")
        if state:
            hidden = [m for s, m in enumerate(state["mice"]) if s != viewer]
            assert hidden == [None] * len(hidden), f"seat {viewer} saw others' mice at version {version}"
    assert scanned > 100, "the scan saw too few cards to mean anything"
    assert all(token not in json.dumps(body) for _, body in log)


def test_a_retried_command_with_the_same_idempotency_key_returns_the_first_response(api):
    game_id = api("POST", "/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json()["id"]
    tokens = [api("POST", f"/v1/games/{game_id}/seats/{s}").json()["token"] for s in range(3)]
    view = api("GET", f"/v1/games/{game_id}", token=tokens[0]).json()
    seat = view["to_act"][0]
    move = api("GET", f"/v1/games/{game_id}", token=tokens[seat]).json()["legal_moves"][0]
    headers = {"Idempotency-Key": "retry-1"}

    first = api("POST", f"/v1/games/{game_id}/commands", token=tokens[seat], json=move, headers=headers)
    again = api("POST", f"/v1/games/{game_id}/commands", token=tokens[seat], json=move, headers=headers)

    assert first.status_code == again.status_code == 200
    assert first.json()["events"] == again.json()["events"]
    assert api("GET", f"/v1/games/{game_id}").json()["version"] == first.json()["version"]
