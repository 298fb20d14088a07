"""`dogpark verify` on the audit URL of a game that is not over: the server's reason in one line, exit status 2."""

from __future__ import annotations

import subprocess
import sys


def test_verify_of_a_running_games_audit_prints_the_servers_detail_in_one_line_and_exits_2(api, stack):
    created = api("POST", "/v1/games", json={"type": "felix", "seats": [{"human": True}, {"bot": "random"},
                                                                        {"bot": "random"}]})
    url = f"{stack.url}/v1/games/{created.json()['id']}/audit"
    refused = api("GET", url.removeprefix(stack.url))

    shown = subprocess.run([sys.executable, "-m", "service.ops.cli", "verify", url], capture_output=True, text=True)

    assert refused.status_code == 409
    assert shown.returncode == 2 and shown.stdout == ""
    assert shown.stderr.splitlines() == [f"Error: {url} answered 409 Conflict: {refused.json()['detail']}"]
