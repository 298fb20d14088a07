"""The game page sends one move at a time, a move that lost its race with the game shows the game as it is, and a
game whose log lost moves the page showed is shown as stored."""

from __future__ import annotations

import redis
import requests
from dogpark_client.bot import game_moves
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import (
    FIRST_OPTION,
    OPTION,
    OPTIONS_DISABLED_JS,
    api_get,
    attributes,
    click,
    felix_at_the_seats_turn,
    wait_until,
)
from tests.integration.test_worker_caches import backed_up, restore

#: Holds the page's next command this many milliseconds before sending it, as a slow network would.
DELAY_COMMANDS = """
const send = window.fetch;
const later = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
window.fetch = (url, init) => String(url).includes('/commands?') && !window.delayed
  ? later(arguments[0]).then(() => { window.delayed = true; return send(url, init); })
  : send(url, init);
"""


def test_a_move_in_flight_disables_the_moves_and_a_stale_one_shows_the_game_anew(
    browser: WebDriver, stack: Stack
) -> None:
    game, token, view = felix_at_the_seats_turn(browser, stack)
    browser.execute_script(DELAY_COMMANDS, 1500)

    click(browser, FIRST_OPTION)
    disabled = browser.execute_script(OPTIONS_DISABLED_JS)
    assert disabled and all(disabled), disabled
    # Another tab of the same player plays another card meanwhile: the page's move is now a stale version's.
    first = view["choices"]["options"][0]["command"]
    other = next(move for move in reversed(game_moves(view["legal_moves"])) if move["command"] != first)
    sent = requests.post(
        f"{stack.url}/v1/games/{game}/commands",
        json={"command": other["command"], "expected_version": other["expected_version"]},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    assert sent.status_code == 200, sent.text

    wait_until(browser, lambda: "moved on" in browser.find_element(By.ID, "notice").text, 30, "the 409 told")
    now = api_get(stack, f"/v1/games/{game}", token)
    wait_until(browser, lambda: attributes(browser, "#board", "data-version") == [str(now["version"])], 30, "redrawn")
    assert other["command"]["card"] not in now["state"]["hands"][0]
    assert first["card"] in now["state"]["hands"][0]
    # The board may show the new version first (the stream's turn, or the refresh after the 409) while the refused
    # move is still settling: the moves come back once it has.
    wait_until(browser, lambda: not any(browser.execute_script(OPTIONS_DISABLED_JS)), 30, "the options enabled again")


#: Answers the page's calls with the 503 a Redis outage gives while ``window.down`` is true, as the server would.
OUTAGE = """
const send = window.fetch;
const problem = {type: 'about:blank', title: 'Service Unavailable', status: 503,
                 detail: 'Redis is unavailable (TimeoutError); try again shortly'};
window.down = true;
window.fetch = (url, init) => window.down
  ? Promise.resolve(new Response(JSON.stringify(problem),
      {status: 503, headers: {'Content-Type': 'application/problem+json'}}))
  : send(url, init);
"""


def test_an_outage_notice_stands_while_the_server_cannot_answer_and_goes_once_a_move_goes_through(
    browser: WebDriver, stack: Stack
) -> None:
    game, _, view = felix_at_the_seats_turn(browser, stack)
    version = view["version"]
    browser.execute_script(OUTAGE)

    click(browser, FIRST_OPTION)
    # Read once a poll: a second read may come after the page has heard the stream and cleared the notice.
    notice = wait_until(browser, lambda: (seen := notice_of(browser))[1] and seen or None, 30, "the 503 told")
    assert notice == ("outage", "Redis is unavailable (TimeoutError); try again shortly")

    browser.execute_script("window.down = false")
    click(browser, FIRST_OPTION)
    wait_until(browser, lambda: api_get(stack, f"/v1/games/{game}")["version"] > version, 30, "the move made")
    wait_until(browser, lambda: notice_of(browser) == ("", ""), 30, "the notice cleared")


#: Answers the page's next GET of the game (its path is the argument) with the 503 of a Redis outage.
FAIL_NEXT_VIEW = """
const send = window.fetch;
const path = arguments[0];
window.viewsFailed = 0;
window.fetch = (url, init) => {
  if (window.viewsFailed || (init?.method ?? 'GET') !== 'GET' || new URL(url, location.href).pathname !== path) {
    return send(url, init);
  }
  window.viewsFailed += 1;
  const problem = {type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'Redis is unavailable'};
  return Promise.resolve(new Response(JSON.stringify(problem),
    {status: 503, headers: {'Content-Type': 'application/problem+json'}}));
};
"""


def test_a_page_that_showed_moves_the_log_then_lost_starts_over_from_the_game_as_stored(
    browser: WebDriver, stack: Stack
) -> None:
    game, _, view = felix_at_the_seats_turn(browser, stack)
    store = redis.Redis.from_url(stack.redis_url or "")
    backup = backed_up(store, game)
    click(browser, FIRST_OPTION)
    wait_until(browser, lambda: int(attributes(browser, "#board", "data-version")[0] or 0) > view["version"], 30,
               "the move shown")

    # The move and what followed it are lost, as in a failover to a replica that had not got them; and the page's
    # first read of the game after that finds the server unable to answer.
    browser.execute_script(FAIL_NEXT_VIEW, f"/v1/games/{game}")
    restore(store, game, backup)

    wait_until(browser, lambda: attributes(browser, "#board", "data-version") == [str(view["version"])], 30,
               "the game shown as stored")
    assert browser.execute_script("return window.viewsFailed") == 1
    # The page draws the board before it reads the log again: under load, the log came after a single look.
    def log_versions() -> list[int]:
        return [int(version or 0) for version in attributes(browser, "#log li.event", "data-version")]

    logged = wait_until(browser, log_versions, 30, "the log read")
    assert max(logged) <= view["version"], f"the log still shows versions the game lost: {logged}"
    wait_until(browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, OPTION))
               == len(view["choices"]["options"]), 30, "the seat's choice offered again")
    # The stream's resumption was refused (422), which Chrome logs as a failed load; nothing else failed.
    severe = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert all("/events/stream" in message and "status of 422" in message for message in severe), severe


def notice_of(driver: WebDriver) -> tuple[str, str]:
    """The notice's kind and text, read in one script."""
    kind, text = driver.execute_script(
        "const n = document.getElementById('notice'); return [n.dataset.kind, n.textContent]"
    )
    return (kind or "", text) if text else ("", "")


#: Refuses the page's first game stream with a 503 and Retry-After: 4 (as a server past its stream connections
#: answers), and notes when each game stream was asked for; installed before the page's own scripts run.
REFUSE_FIRST_STREAM = """
const send = window.fetch;
window.streamsAsked = [];
window.fetch = (url, init) => {
  if (!String(url).includes('/events/stream?')) return send(url, init);
  window.streamsAsked.push(performance.now());
  if (window.streamsAsked.length > 1) return send(url, init);
  const problem = {type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'too many streams'};
  return Promise.resolve(new Response(JSON.stringify(problem), {status: 503,
    headers: {'Content-Type': 'application/problem+json', 'Retry-After': '4'}}));
};
"""


def test_a_refused_stream_is_opened_again_after_the_seconds_its_retry_after_asks(
    browser: WebDriver, stack: Stack
) -> None:
    added = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": REFUSE_FIRST_STREAM})
    try:
        felix_at_the_seats_turn(browser, stack)
        asked = wait_until(browser, lambda: streams_asked(browser)[1:] and streams_asked(browser), 30, "a retry")
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})
    # Not after the 2 s of a dropped stream: after the 4 s the refusal asked for.
    assert asked[1] - asked[0] >= 3900, asked


def streams_asked(driver: WebDriver) -> list[float]:
    """When the page asked for its game streams (milliseconds since it loaded)."""
    return driver.execute_script("return window.streamsAsked || []")
