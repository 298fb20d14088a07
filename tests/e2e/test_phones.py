"""Two players on their phones play a Felix game through their player streams only: each phone answers the turns
its stream pushes and never GETs a view. One phone goes silent; the clock plays for its player, who is then absent
and played by the bot at once; the phone comes back, takes the seat back and plays the game to its end."""

from __future__ import annotations

import threading
from typing import Any

import requests

from service.ops.stack import Stack
from service.ops.verify import verify
from tests.sse import Opened, Reader

TURN_SECONDS = 3
ABSENT_AFTER = 2


class Phone:
    """A player's app: it follows the player's stream and answers each pushed turn with the first legal move.

    A silent phone ignores its turns until its player has been marked absent in its game and the bot has moved for
    it, then sends Return and plays on. (Returning at the news of SeatAbsent raced the worker's first move for the
    absent seat, made upon the same append: the phone won once in a while, and no move was made "for absent".)
    Every request the phone makes is recorded, so the test can show it never asked for a view.
    """

    def __init__(self, base: str, name: str, silent: bool = False) -> None:
        self.base = base
        self.session = requests.Session()
        self.requests: list[tuple[str, str]] = []
        self.token = self.call("POST", "/v1/players", json={"name": name}).json()["token"]
        self.session.headers["Authorization"] = f"Bearer {self.token}"
        self.silent = silent
        self.returned = False
        self.game: str | None = None
        self.done = threading.Event()
        self.stream = Reader(self._open)
        threading.Thread(target=self._play, daemon=True).start()

    def call(self, method: str, path: str, **kw: Any) -> requests.Response:
        self.requests.append((method, path))
        kw.setdefault("timeout", 30)
        return self.session.request(method, self.base + path, **kw)

    def _open(self) -> Opened:
        answer = self.call("GET", "/v1/players/me/stream", stream=True, timeout=(5, 60))
        return answer.status_code, answer.iter_content(chunk_size=None), answer.close

    def _play(self) -> None:
        seen = 0
        while not self.done.is_set():
            messages = self.stream.messages()
            for message in messages[seen:]:
                self._answer(message.event, message.data)
            seen = len(messages)
            self.done.wait(0.05)

    def _answer(self, event: str, data: dict[str, Any]) -> None:
        if event == "SeedRevealed" and data["game"] == self.game:
            self.done.set()
        elif self.silent and event != "turn" and data["actor"].get("for") == "absent":
            # The phone is back: any command takes the seat back; Return is the one that needs no turn.
            self.silent = False
            self.returned = True
            self.call("POST", f"/v1/games/{data['game']}/commands", json={"command": {"type": "Return"}})
        elif event == "turn" and not self.silent:
            move = data["view"]["legal_moves"][0]
            # 409: the game moved on (the clock or a bot came first); the next turn message brings the fresh view.
            self.call("POST", f"/v1/games/{data['game']}/commands", json=move)


def test_two_phones_play_a_felix_game_through_their_player_streams_and_the_clock_plays_for_the_one_gone_silent(
    stack: Stack,
):
    steady, silent = Phone(stack.url, "Ana"), Phone(stack.url, "Bo", silent=True)
    for phone in (steady, silent):
        phone.stream.wait(lambda s: s.status == 200, "the player's stream to open")
    table = {
        "type": "felix",
        "seats": [{"human": True}, {"human": True}, {"bot": "greedy"}],
        "clock": {"turn_seconds": TURN_SECONDS},
        "absent_after": ABSENT_AFTER,
    }
    game_id = steady.call("POST", "/v1/games", json=table).json()["id"]
    steady.game = silent.game = game_id
    # The game is joined while both streams are open: each picks it up from the player's own channel.
    assert steady.call("POST", f"/v1/games/{game_id}/seats/0").status_code == 201
    assert silent.call("POST", f"/v1/games/{game_id}/seats/1").status_code == 201

    for phone in (steady, silent):
        assert phone.done.wait(120), "the game to end on the phone's stream"
    audit = requests.get(f"{stack.url}/v1/games/{game_id}/audit", timeout=30).json()
    verdict = verify(audit)
    events = audit["events"]

    def of_seat_1(kind: str) -> list[dict]:
        return [e for e in events if e["type"] == kind and e["data"]["seat"] == 1]

    returned_at = of_seat_1("SeatReturned")[0]["version"]
    moves_after = [e for e in events if e["version"] > returned_at and e["actor"] == {"kind": "seat", "seat": 1}]
    assert verdict.ok, verdict.problems
    assert len(of_seat_1("ClockExpired")) >= ABSENT_AFTER and of_seat_1("SeatAbsent")
    assert all(e["time"] >= e["data"]["deadline"] for e in of_seat_1("ClockExpired"))
    assert any(e["actor"].get("for") == "absent" for e in events if e["version"] < returned_at)
    assert silent.returned and moves_after, "the player who came back played on"
    assert any(e["actor"] == {"kind": "seat", "seat": 0} for e in events if e["type"] not in ("SeatClaimed",))
    for phone in (steady, silent):
        asked = {(method, path) for method, path in phone.requests if method == "GET"}
        assert asked == {("GET", "/v1/players/me/stream")}, "a phone never GETs a view"
        phone.stream.stop()
