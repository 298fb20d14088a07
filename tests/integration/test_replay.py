"""/replay shows, at every version a game went through, exactly the view the caller had then (moves aside).

A game of each type is played through the API (Flask's test client, the real Redis): seat 0 is a human who
plays random legal moves, the other seats are bots whose turns the workers' job plays in line. After every
command the live view of seat 0 and the spectator's are recorded; then /replay at each of those versions must
give the same body, except that a replay offers no legal moves.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from dogpark_client.bot import game_moves
from flask.testing import FlaskClient

from service.core.config import Settings
from service.http.app import create_app
from tests.integration.players import auth
from workers import jobs

#: Seats and options per game type; seat 0 is the human.
LINEUPS: dict[str, tuple[list[dict[str, Any]], dict[str, Any]]] = {
    "felix": ([{"human": True}, {"bot": "greedy"}, {"bot": "random"}], {}),
    "spots": ([{"human": True}, {"bot": "greedy"}], {}),
    "dogs": ([{"human": True}, {"bot": "random"}], {}),
    "dogslife": ([{"human": True}, {"bot": "greedy"}], {"bone_target": 2}),
}
#: Commands (the human's and the bots') played per game: a prefix of each game, the whole of a Felix game.
COMMANDS = 80


@pytest.fixture
def client(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[FlaskClient]:
    """A test client whose bot turns and automatic steps are run in line by the test, not by a worker."""
    settings = Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off", replay_rate="off")
    app = create_app(settings)
    svc = app.extensions["dogpark"]
    svc.handler.enqueue = lambda *step: None
    monkeypatch.setattr(jobs, "services", lambda: svc)
    with app.test_client() as client:
        yield client


def play_recording_views(client: FlaskClient, game_type: str) -> tuple[str, str, dict[int, tuple[dict, dict]]]:
    """Play a prefix of a game; return its id, seat 0's token and {version: (seat 0's view, the spectator's)}."""
    seats, options = LINEUPS[game_type]
    game_id = client.post("/v1/games", json={"type": game_type, "seats": seats, "options": options}).json["id"]
    token = client.post(f"/v1/games/{game_id}/seats/0").json["token"]
    rng = random.Random(game_type)
    seen: dict[int, tuple[dict, dict]] = {}
    for _ in range(COMMANDS):
        mine = client.get(f"/v1/games/{game_id}", headers=auth(token)).json
        spectator = client.get(f"/v1/games/{game_id}").json
        assert mine["version"] == spectator["version"]
        seen[mine["version"]] = (mine, spectator)
        if mine["status"] == "finished":
            break
        # The person plays on and takes nothing back (an undo would only make the game longer than COMMANDS).
        moves = game_moves(mine["legal_moves"])
        if moves:
            move = rng.choice(moves)
            sent = client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(token))
            assert sent.status_code == 200, sent.json
        else:
            done = jobs.advance(game_id, None)
            assert "version" in done, f"{game_type} stopped at version {mine['version']}: {done}"
    return game_id, token, seen


@pytest.mark.parametrize("game_type", sorted(LINEUPS))
def test_a_replay_at_every_version_a_game_went_through_is_the_view_the_seat_and_the_spectator_had(
    client, game_type
):
    game_id, token, seen = play_recording_views(client, game_type)

    for version, (mine, spectator) in seen.items():
        replay = f"/v1/games/{game_id}/replay?version={version}"
        past = {"legal_moves": [], "choices": None}
        # A finished game's rematch is not in its log (docs/play-again.md): the live view has it, a replay has not.
        mine, spectator = ({k: v for k, v in view.items() if k != "rematch"} for view in (mine, spectator))
        assert client.get(replay, headers=auth(token)).json == {**mine, **past}, f"seat 0 at {version}"
        assert client.get(replay).json == {**spectator, **past}, f"the spectator at {version}"
    # A long prefix, or the whole of a game that ended sooner (two seats of DOGS may: the last blocker out ends it).
    assert len(seen) > 30 or seen[max(seen)][0]["status"] == "finished"
    assert any(mine["legal_moves"] for mine, _ in seen.values()), "seat 0 never had a move to make"
    if game_type == "felix":
        assert max(seen.items())[1][1]["status"] == "finished", "a Felix game is short enough to replay to its end"
