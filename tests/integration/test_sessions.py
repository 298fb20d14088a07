"""The API keeps no sessions: its callers bear tokens, never cookies."""

from __future__ import annotations

from flask import session
from flask.sessions import NullSession


def test_every_request_gets_the_one_null_session_and_no_cookie(client):
    app = client.application
    sessions = []
    for _ in range(2):
        with app.test_request_context("/livez", headers={"Cookie": "session=eyJ4IjoxfQ.Zz.signed"}):
            sessions.append(session._get_current_object())

    answered = client.get("/livez", headers={"Cookie": "session=eyJ4IjoxfQ.Zz.signed"})

    assert isinstance(sessions[0], NullSession) and sessions[0] is sessions[1]
    assert answered.status_code == 200 and "Set-Cookie" not in answered.headers
