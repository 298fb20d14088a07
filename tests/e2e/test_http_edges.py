"""The edges of HTTP through the real gunicorn: what it refuses itself, oversized and deep bodies, racing retries."""

from __future__ import annotations

import json
import socket
import threading
import uuid

import requests

from service.core.problems import PROBLEM


def raw_request(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send bytes as they are (no client library would send these) and read the whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall(request)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in header_lines)}
    return int(status_line.split()[1]), headers, body


def test_what_gunicorn_refuses_itself_is_html_as_the_openapi_document_says(stack, api):
    # Over the 4094-byte limit, yet within the 8 KiB gunicorn reads at once: it then closes a connection it has
    # read to the end, where unread bytes would make the close a reset that can discard the answer in flight.
    long_url = raw_request(stack.port, b"GET /v1/games/" + b"x" * 6_000 + b" HTTP/1.1\r\nHost: a\r\n\r\n")
    bad_header = raw_request(stack.port, b"GET /livez HTTP/1.1\r\nHost: a\r\nBad Name: 1\r\n\r\n")
    description = api("GET", "/v1/openapi.json").json()["info"]["description"]

    assert [(status, headers["content-type"]) for status, headers, _ in (long_url, bad_header)] == [
        (414, "text/html"),
        (400, "text/html"),
    ]
    assert all(headers["connection"] == "close" for _, headers, _ in (long_url, bad_header))
    for said in ("gunicorn", "text/html", "(400)", "4094 bytes", "(414)", "(431)"):
        assert said in description
    assert api("GET", "/livez").status_code == 200


def test_a_body_over_the_limit_is_a_413_problem_and_the_connection_serves_on(api):
    too_large = api("POST", "/v1/games", data=b"{" + b" " * 70_000 + b"}", headers={"Content-Type": "application/json"})
    after = api("GET", "/v1/game-types")

    assert too_large.status_code == 413 and too_large.headers["Content-Type"] == PROBLEM
    assert after.status_code == 200


def test_json_nested_thirty_thousand_deep_is_a_400_problem_in_a_gevent_worker(api):
    deep = "[" * 30_000 + "]" * 30_000
    body = f'{{"type": "felix", "options": {deep}}}'

    response = api("POST", "/v1/games", data=body, headers={"Content-Type": "application/json"})

    assert response.status_code == 400 and response.headers["Content-Type"] == PROBLEM
    assert api("GET", "/livez").status_code == 200


def test_same_key_retries_racing_across_worker_processes_all_get_the_applied_answer(stack, api):
    game_id = api("POST", "/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json()["id"]
    tokens = [api("POST", f"/v1/games/{game_id}/seats/{seat}").json()["token"] for seat in range(3)]
    senders = 8
    for _ in range(6):
        seat = api("GET", f"/v1/games/{game_id}").json()["to_act"][0]
        move = api("GET", f"/v1/games/{game_id}", token=tokens[seat]).json()["legal_moves"][0]
        key = uuid.uuid4().hex
        start = threading.Barrier(senders)
        answers = []

        def send(seat: int = seat, move: dict = move, key: str = key, start=start, answers=answers) -> None:
            headers = {"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": key}
            start.wait()
            # A connection of its own per sender, so that the senders reach the worker processes at once.
            response = requests.post(f"{stack.url}/v1/games/{game_id}/commands", json=move, headers=headers, timeout=30)
            answers.append((response.status_code, response.content, response.headers.get("Idempotent-Replayed")))

        threads = [threading.Thread(target=send) for _ in range(senders)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)

        assert [status for status, _, _ in answers] == [200] * senders, answers
        assert len({body for _, body, _ in answers}) == 1
        assert sorted(str(replayed) for _, _, replayed in answers) == ["None"] + ["true"] * (senders - 1)
        answered = json.loads(answers[0][1])
        assert answered["version"] == move["expected_version"] + len(answered["events"])
