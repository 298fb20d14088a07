"""The web client's page and assets carry a Content-Security-Policy that fits the client and lets no site frame it;
every other answer may not be framed or sniffed either. (tests/browser runs the client under its policy.)"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from service.http.web import POLICY, STATIC


def directives(policy: str) -> dict[str, list[str]]:
    return {name: sources for name, *sources in (part.split() for part in policy.split(";"))}


@pytest.mark.parametrize(
    "path",
    ["/", "/app/js/app.js", "/app/js/boards/felix.js", "/app/css/app.css", "/app/modules.json", "/app/js/no-such.js"],
)
def test_the_page_and_each_of_its_assets_carry_the_clients_policy(client, path):
    answer = client.get(path)

    assert answer.headers["Content-Security-Policy"] == POLICY
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "no-referrer"


def test_the_policy_frames_nothing_and_lets_in_only_the_pages_own_files_and_origin():
    policy = directives(POLICY)

    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["default-src"] == ["'none'"]
    assert policy["script-src"] == policy["style-src"] == policy["connect-src"] == ["'self'"]
    # The one exception: the page's icon is an empty data: URL, so that the browser asks for no favicon.
    assert policy["img-src"] == ["'self'", "data:"]
    assert all("unsafe" not in source for sources in policy.values() for source in sources)


@pytest.mark.parametrize(
    "path", ["/v1/game-types", "/v1/games/no-such-game", "/v1/openapi.json", "/docs/", "/v1/problems", "/livez"]
)
def test_every_other_answer_may_not_be_framed_or_sniffed(client, path):
    answer = client.get(path)

    assert answer.headers["Content-Security-Policy"] == "frame-ancestors 'none'"
    assert answer.headers["X-Content-Type-Options"] == "nosniff"


class Inline(HTMLParser):
    """What of a page's markup a policy without 'unsafe-inline' would refuse: inline scripts, styles and handlers."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "script" and not named.get("src") or tag == "style":
            self.found.append(f"<{tag}> inline")
        self.found += [f"{name}= on <{tag}>" for name in named if name == "style" or name.startswith("on")]


def test_the_page_has_no_inline_script_style_or_handler_the_policy_would_refuse():
    page = Inline()
    page.feed((STATIC / "index.html").read_text())

    assert page.found == []
