"""The replay as a person uses it: a line of the log is a jump to the game after that event, the buttons step by one
event and by one turn, play runs the game forward to the live end, and the log never shows a line past the version
the board shows."""

from __future__ import annotations

import time

import requests
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import api_get, attributes, click, open_page, wait_for_css, wait_until

#: The version the board shows, the versions of the log's lines shown, and the one marked current, read at once.
SHOWN_JS = """
const lines = [...document.querySelectorAll('#log li.event')];
return {
  board: Number(document.getElementById('board').dataset.version),
  replay: document.getElementById('status').dataset.replay || null,
  shown: lines.filter((li) => !li.hidden).map((li) => Number(li.dataset.version)),
  current: lines.filter((li) => li.getAttribute('aria-current')).map((li) => Number(li.dataset.version)),
};
"""


#: The games the tests replay, against bots: Felix's lines alternate seats; DOGS's come several to a seat's turn.
SEATS = {
    "felix": [{"human": True}, {"bot": "greedy"}, {"bot": "random"}],
    "dogs": [{"human": True}, {"bot": "random"}],
}


def finished_game(stack: Stack, type: str = "felix") -> str:
    """A game of bots played to its end (its one human seat taken and resigned by another client): its id."""
    game = requests.post(f"{stack.url}/v1/games", json={"type": type, "seats": SEATS[type]}, timeout=30).json()["id"]
    token = requests.post(f"{stack.url}/v1/games/{game}/seats/0", json={}, timeout=30).json()["token"]
    resigned = requests.post(
        f"{stack.url}/v1/games/{game}/commands",
        json={"command": {"type": "Resign"}},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    assert resigned.ok, resigned.text
    return game


def shown(driver: WebDriver) -> dict:
    """What the page shows now (SHOWN_JS)."""
    return driver.execute_script(SHOWN_JS)


def shows(driver: WebDriver, version: int) -> dict:
    """Wait until the board shows the replay of ``version``; what the page shows then."""
    return wait_until(
        driver,
        lambda: (now := shown(driver))["board"] == version and now["replay"] == str(version) and now,
        30,
        f"the replay of version {version}",
    )


def drawn_log(driver: WebDriver) -> list[list]:
    """The log's lines as [version, seat], read once the log has stopped growing."""
    # On a loaded machine the log's last lines come after the status says the game is finished.
    read = (
        "return [...document.querySelectorAll('#log li.event')]"
        ".map((li) => [Number(li.dataset.version), li.dataset.seat])"
    )
    seen: list = []

    def settled() -> bool:
        time.sleep(0.5)
        now = driver.execute_script(read)
        done = bool(now) and now == seen
        seen[:] = now
        return done

    wait_until(driver, settled, 30, "the whole log drawn")
    return seen


def test_a_line_of_the_log_jumps_there_and_the_log_ends_at_it(browser: WebDriver, stack: Stack) -> None:
    game = finished_game(stack)
    open_page(browser, stack, f"#/games/{game}")
    wait_for_css(browser, '#status[data-status="finished"]', timeout=60)
    lines = [version for version, _ in drawn_log(browser)]
    middle = lines[len(lines) // 2]

    click(browser, f'#log li.event[data-version="{middle}"] button.event-jump')

    now = shows(browser, middle)
    assert now["shown"] == [v for v in lines if v <= middle]
    assert now["current"] == [middle]
    assert browser.execute_script("return Number(document.getElementById('replay').value)") == middle


def test_the_buttons_step_by_event_and_by_turn_and_back_to_live(browser: WebDriver, stack: Stack) -> None:
    game = finished_game(stack, "dogs")
    open_page(browser, stack, f"#/games/{game}")
    wait_for_css(browser, '#status[data-status="finished"]', timeout=60)
    lines = [(version, about) for version, about in drawn_log(browser)]
    versions = [v for v, _ in lines]
    last = api_get(stack, f"/v1/games/{game}")["version"]
    # From the live end, one event back is the line before the last one shown live.
    click(browser, "#replay-back-event")
    back = max(v for v in versions if v < last)
    shows(browser, back)
    click(browser, "#replay-back-event")
    shows(browser, max(v for v in versions if v < back))
    click(browser, "#replay-next-event")
    shows(browser, back)

    # A turn starts at a line about another seat than the lines before it; one of several lines about its seat.
    starts, seat = [], None
    for version, about in lines:
        if about and about != seat:
            seat = about
            starts.append(version)
    turns = list(zip(starts, starts[1:], strict=False))
    long_turns = [(start, end) for start, end in turns if len([v for v, a in lines if start <= v < end and a]) > 1]
    start, end = long_turns[len(long_turns) // 2]
    click(browser, f'#log li.event[data-version="{start}"] button.event-jump')
    shows(browser, start)
    click(browser, "#replay-next-turn")
    shows(browser, end)
    click(browser, "#replay-back-turn")
    shows(browser, start)
    click(browser, "#replay-back-turn")
    shows(browser, max(v for v in starts if v < start))
    # Forward past the last turn: the live game again, every line shown.
    click(browser, "#replay-live")
    wait_until(browser, lambda: shown(browser)["replay"] is None, 30, "live")
    click(browser, "#replay-back-event")
    shows(browser, back)
    for start in [v for v in starts if back < v < last]:
        click(browser, "#replay-next-turn")
        shows(browser, start)
    click(browser, "#replay-next-turn")
    wait_until(browser, lambda: shown(browser)["replay"] is None, 30, "live again")
    assert shown(browser)["shown"] == versions


def test_play_runs_the_replay_forward_and_pause_stops_it(browser: WebDriver, stack: Stack) -> None:
    game = finished_game(stack)
    open_page(browser, stack, f"#/games/{game}")
    wait_for_css(browser, '#status[data-status="finished"]', timeout=60)
    versions = [version for version, _ in drawn_log(browser)]

    click(browser, "#replay-play")
    # From the first line on, one line after another.
    shows(browser, versions[0])
    shows(browser, versions[1])
    click(browser, '#replay-play[aria-pressed="true"]')
    paused = wait_until(browser, lambda: (now := shown(browser))["replay"] and now, 5, "paused")
    # Longer than two steps of play: nothing moves.
    time.sleep(2.5)
    assert shown(browser)["board"] == paused["board"]
    assert attributes(browser, "#replay-play", "aria-pressed") == ["false"]
