"""The kit's webhook server: it answers signed calls with the bot's move, and refuses what it must."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator

import pytest
import requests
from dogpark_client import Bot, BotServer, sign, verify
from dogpark_client.bot import UNDO_COMMANDS, game_moves
from dogpark_client.webhook import MAX_BODY, choose

from domain.table import undo

SECRET = "s3cret"
MOVES = [
    {"command": {"type": "Bid", "amount": 2}, "expected_version": 7, "label": "Bid 2 mice"},
    {"command": {"type": "Pass"}, "expected_version": 7, "label": "Pass"},
]
CALLED: list[str] = []


class Counting(Bot):
    """Passes; remembers in itself how many turns it played, and says so through the calls it records."""

    def __init__(self) -> None:
        self.turns = 0

    def start(self, info):
        CALLED.append(f"start {info['game']}")

    def choose(self, view, legal_moves):
        self.turns += 1
        CALLED.append(f"turn {view['id']} {self.turns}")
        if view.get("explode"):
            raise RuntimeError("boom")
        return {"type": "Pass"} if {"type": "Pass"} in legal_moves else {"type": "Resign"}

    def end(self, info):
        CALLED.append(f"end {info['game']} after {self.turns}")


@pytest.fixture
def bot_url() -> Iterator[str]:
    CALLED.clear()
    server = BotServer(("127.0.0.1", 0), Counting, SECRET)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield server.url
    server.shutdown()
    server.server_close()


def call(
    url: str, kind: str, game: str = "g1", secret: str = SECRET, at: float | None = None, **more
) -> requests.Response:
    body = json.dumps({"kind": kind, "game": game, "type": "felix", "seat": 0, "version": 7, **more}).encode()
    return requests.post(url, data=body, headers={"Dogpark-Signature": sign(secret, body, at)}, timeout=5)


def turn(url: str, game: str = "g1", moves: list | None = None, **more) -> requests.Response:
    return call(url, "turn", game, view={"id": game, **more}, legal_moves=MOVES if moves is None else moves)


def test_a_signed_turn_is_answered_with_the_chosen_legal_move_as_it_was_sent(bot_url):
    answer = turn(bot_url)
    assert answer.status_code == 200
    assert answer.json() == {"move": MOVES[1]}


def test_legal_moves_sent_as_bare_commands_are_answered_bare(bot_url):
    assert turn(bot_url, moves=[{"type": "Pass"}]).json() == {"move": {"type": "Pass"}}


def test_a_choice_that_is_not_a_legal_move_is_sent_as_chosen_for_the_server_to_judge(bot_url):
    assert turn(bot_url, moves=[MOVES[0]]).json() == {"move": {"type": "Resign"}}


@pytest.mark.parametrize(
    ("secret", "offset"),
    [("wrong", 0), (SECRET, -301), (SECRET, 400)],
    ids=["wrong secret", "stale", "from the future"],
)
def test_a_call_with_a_bad_signature_is_refused_401_and_the_bot_is_not_asked(bot_url, secret, offset):
    # Dated when the test runs, not when it is collected (a long collection would bring "the future" near).
    answer = call(bot_url, "turn", view={"id": "g1"}, legal_moves=MOVES, secret=secret, at=time.time() + offset)
    assert answer.status_code == 401
    assert answer.headers["Content-Type"] == "application/problem+json"
    assert answer.json()["status"] == 401
    assert CALLED == []


def test_an_unsigned_call_is_refused_401_a_challenge_too(bot_url):
    answer = requests.post(bot_url, json={"kind": "challenge", "challenge": "c"}, timeout=5)
    assert answer.status_code == 401
    assert "Dogpark-Signature" in answer.json()["detail"]


def test_a_body_over_4_mib_is_refused_413_unread(bot_url):
    body = b"x" * (MAX_BODY + 1)
    answer = requests.post(bot_url, data=body, headers={"Dogpark-Signature": sign(SECRET, body)}, timeout=5)
    assert answer.status_code == 413


def test_a_signed_body_that_is_not_json_or_of_no_known_kind_is_refused_400(bot_url):
    body = b"not json"
    assert requests.post(bot_url, data=body, headers={"Dogpark-Signature": sign(SECRET, body)}).status_code == 400
    assert call(bot_url, "dance").status_code == 400


def test_a_bot_that_fails_answers_500(bot_url):
    answer = turn(bot_url, explode=True)
    assert answer.status_code == 500
    assert "boom" in answer.json()["detail"]


def test_start_and_end_are_answered_with_an_empty_object(bot_url):
    assert call(bot_url, "start").json() == {}
    assert call(bot_url, "end").json() == {}


def test_a_challenge_is_echoed_in_an_answer_signed_with_the_secret_as_the_server_checks_it(bot_url):
    from service.core.webhook_http import signed

    answer = call(bot_url, "challenge", challenge="a-random-value")

    assert answer.status_code == 200
    assert answer.json() == {"challenge": "a-random-value"}
    assert verify(SECRET, answer.content, answer.headers["Dogpark-Signature"])
    assert signed(SECRET, answer.content, answer.headers["Dogpark-Signature"])
    assert CALLED == [], "the bot itself is not asked"


def test_one_bot_instance_plays_one_game_from_its_start_to_its_end(bot_url):
    call(bot_url, "start", "g1")
    turn(bot_url, "g1")
    turn(bot_url, "g2")
    turn(bot_url, "g1")
    call(bot_url, "end", "g1")
    turn(bot_url, "g1")

    assert CALLED == ["start g1", "turn g1 1", "turn g2 1", "turn g1 2", "end g1 after 2", "turn g1 1"]


class ByLabel(Bot):
    """Reads the moves' labels from its view, as a bot that plays over the stream does."""

    def choose(self, view, legal_moves):
        labels = [entry["label"] for entry in view["legal_moves"]]
        return legal_moves[labels.index("Pass")]


def test_a_webhook_bot_finds_the_legal_moves_in_its_view_as_a_streaming_bot_does():
    call = {"kind": "turn", "game": "g1", "seat": 0, "view": {"id": "g1"}, "legal_moves": MOVES}

    assert choose(ByLabel(), call) == MOVES[1]


class First(Bot):
    """Plays the first of its moves, whatever it is."""

    def choose(self, view, legal_moves):
        assert len(view["legal_moves"]) == len(legal_moves)
        return legal_moves[0]


def test_a_webhook_bot_never_sees_the_tables_undo_commands_among_its_moves():
    offered = [
        {"command": {"type": "Undo", "to_version": 5}, "expected_version": 7, "label": "Take back your last move"},
        {"command": {"type": "AcceptUndo"}, "expected_version": 7, "label": "Accept"},
    ]
    call = {"kind": "turn", "game": "g1", "seat": 0, "view": {"id": "g1"}, "legal_moves": [*offered, *MOVES]}

    assert choose(First(), call) == MOVES[0]
    assert game_moves([move["command"] for move in offered]) == []


def test_the_kit_knows_the_tables_undo_commands_as_the_table_does():
    assert UNDO_COMMANDS == undo.COMMANDS
