"""No other site may frame the client (which keeps the player's token): Chrome refuses the frame, by the page's policy.

Every other browser test runs the client under the same policy, and fails on any console error, a refused script
or style included.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import PATIENCE


@contextmanager
def another_site(page: str) -> Iterator[str]:
    """A site of another origin (its own port on 127.0.0.1) serving ``page`` at its root; its URL."""

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = page.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_a_page_of_another_site_cannot_frame_the_client(browser: WebDriver, stack: Stack) -> None:
    console: list[str] = []
    with another_site(f'<iframe id="client" src="{stack.url}/"></iframe>') as site:
        browser.get(site)
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline and not any("frame-ancestors" in line for line in console):
            # Each read takes its lines off the log, the refusal among them: the fixture's check must not see it.
            console += [entry["message"] for entry in browser.get_log("browser")]
            time.sleep(0.1)
        browser.get("about:blank")

    refusals = [line for line in console if "frame-ancestors 'none'" in line and f"{stack.url}/" in line]
    assert refusals, f"Chrome did not refuse the frame; its console: {console}"
