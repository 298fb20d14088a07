"""A delayed table in a real browser: its spectator's page says how far behind it watches, draws the game no nearer
than that, and shows the whole game once it is over."""

from __future__ import annotations

import time

from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import api_get, open_page, status_text, wait_for_css, wait_until
from tests.browser.test_watch_and_replay import board_version, post

DELAY = 2


def test_a_spectator_watches_a_delayed_game_the_delay_behind_and_is_told_so(browser: WebDriver, stack: Stack) -> None:
    seats = [{"human": True}, {"bot": "greedy"}, {"bot": "random"}]
    game = post(stack, "/v1/games", {"type": "felix", "seats": seats, "spectator_delay": DELAY, "max_events": 40})
    path = f"/v1/games/{game['id']}"
    open_page(browser, stack, f"#/games/{game['id']}")
    wait_for_css(browser, '#status[data-status="open"]')
    token = post(stack, f"{path}/seats/0", {})["token"]
    wait_for_css(browser, '#status[data-status="running"]')
    wait_until(browser, lambda: "Delayed by 2 moves." in status_text(browser), 30, "the delay told")

    # The seat plays until the game is ahead of its spectators (the bots' turns come from the workers, so the seat
    # may have to wait for its own); the page draws what they may see, not more.
    deadline = time.monotonic() + 60
    while (seat := api_get(stack, path, token))["version"] == api_get(stack, path)["version"]:
        assert time.monotonic() < deadline, "the game never got ahead of its spectators"
        if seat["legal_moves"]:
            post(stack, f"{path}/commands", seat["legal_moves"][0], token)
        else:
            time.sleep(0.1)
    wait_until(
        browser, lambda: board_version(browser) == api_get(stack, path)["version"], 30, "the spectators' version drawn"
    )
    assert board_version(browser) < api_get(stack, path, token)["version"]

    # Resigned, the seat's bot plays on to the end: the page then shows the whole game, and no delay.
    post(stack, f"{path}/commands", {"command": {"type": "Resign"}}, token)
    wait_for_css(browser, '#status[data-status="finished"]', timeout=60)
    final = api_get(stack, path, token)["version"]
    wait_until(browser, lambda: board_version(browser) == final, 30, "the last version drawn")
    assert "Delayed" not in status_text(browser)
