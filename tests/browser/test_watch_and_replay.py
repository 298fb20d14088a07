"""Watching and replaying in a real browser: a spectator's page follows a game live to its end, the slider shows
past versions from the seat's and the spectator's side, and the pages fit a 360 px phone."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import (
    OPTION,
    OPTIONS_DISABLED_JS,
    api_get,
    api_scores,
    attributes,
    click,
    create_game_in_page,
    felix_at_the_seats_turn,
    open_page,
    page_player,
    page_scores,
    press,
    replay_to,
    text_of,
    texts,
    wait_for_css,
    wait_until,
)


def post(stack: Stack, path: str, body: dict, token: str | None = None) -> dict:
    """POST to the API as another client; the JSON answer."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = requests.post(stack.url + path, json=body, headers=headers, timeout=30)
    assert response.ok, response.text
    return response.json()


def board_version(driver: WebDriver) -> int:
    """The version of the view the board was last drawn from."""
    return int(attributes(driver, "#board", "data-version")[0])


def perspective(driver: WebDriver) -> str:
    """Whose eyes the board was last drawn through: spectator or seat-<n>."""
    return attributes(driver, "#board", "data-perspective")[0]


def hand_keys(driver: WebDriver) -> list[str]:
    """The cards of the Felix hand the board shows, by their keys (hand-<card id>)."""
    return [key.removeprefix("hand-") for key in attributes(driver, '#board [data-key^="hand-"]', "data-key")]


def replay_version(driver: WebDriver) -> str | None:
    """The version the page replays (#status's data-replay), None while live."""
    return attributes(driver, "#status", "data-replay")[0]


def test_a_spectator_sees_the_game_live_to_its_end(browser: WebDriver, stack: Stack) -> None:
    game = post(stack, "/v1/games", {"type": "felix", "seats": [{"human": True}, {"bot": "greedy"}, {"bot": "random"}]})
    open_page(browser, stack, f"#/games/{game['id']}")
    wait_for_css(browser, '#status[data-status="open"]')
    assert perspective(browser) == "spectator"
    wait_for_css(browser, '#join button.join[data-seat="0"]')

    # Every piece the board marks as changed after a redraw (the pulse that animates the events).
    browser.execute_script(
        "window.pulsed = new Set(); new MutationObserver((records) => records.forEach((r) => {"
        " if (r.target.classList.contains('changed')) window.pulsed.add(r.target.dataset.key); }))"
        ".observe(document.getElementById('board'), {subtree: true, attributes: true, attributeFilter: ['class']});"
    )
    # Another client takes the seat, then resigns it: its bot plays it, and the game runs to its end by itself.
    token = post(stack, f"/v1/games/{game['id']}/seats/0", {})["token"]
    wait_for_css(browser, '#status[data-status="running"]')
    post(stack, f"/v1/games/{game['id']}/commands", {"command": {"type": "Resign"}}, token)
    wait_for_css(browser, '#status[data-status="finished"]', timeout=60)

    final = api_get(stack, f"/v1/games/{game['id']}")
    assert page_scores(browser) == api_scores(final["result"])
    wait_until(browser, lambda: board_version(browser) == final["version"], 30, "the last version drawn")
    told = [e["text"] for e in api_get(stack, f"/v1/games/{game['id']}/events")["events"] if e["text"]]
    wait_until(
        browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, "#log li.event")) == len(told), 30, "the log"
    )
    # The log is unnumbered: each line is the event's text.
    assert texts(browser, "#log li.event") == told
    assert browser.find_element(By.ID, "audit-link").is_displayed()
    pulsed = browser.execute_script("return [...window.pulsed]")
    assert "bank" in pulsed and any(key.startswith("seat-") for key in pulsed)


def test_the_slider_replays_a_past_version_as_the_seat_and_as_a_spectator(browser: WebDriver, stack: Stack) -> None:
    open_page(browser, stack)
    game = create_game_in_page(browser, "felix", ["human", "greedy", "random"])
    # The first decision is which card to put face down: a card of the hand, taken with the keyboard alone.
    wait_for_css(browser, "#board .playable[data-option]")
    held = len(hand_keys(browser))
    press(browser, "#board .playable[data-option]", Keys.SPACE)
    wait_until(browser, lambda: len(hand_keys(browser)) == held - 1, 30, "the card played")
    # The card is gone with its redraw, and the keyboard's focus stays with the moves, not back at the page's top.
    assert browser.execute_script("return document.activeElement.closest('#moves, #board') !== null")
    for _ in range(2):
        click(browser, OPTION, 30)
        wait_until(browser, lambda: not any(browser.execute_script(OPTIONS_DISABLED_JS)), 30, "the answer")
    token = page_player(browser)["token"]
    live = api_get(stack, f"/v1/games/{game}", token)
    # The first version with the hands dealt: the seat held more cards then than now.
    dealt = next(
        e["version"] for e in api_get(stack, f"/v1/games/{game}/events")["events"] if e["type"] == "GameStarted"
    )
    then = api_get(stack, f"/v1/games/{game}/replay", token, version=dealt)
    assert len(then["state"]["hands"][0]) > len(live["state"]["hands"][0])

    # A player replays its own seat unless it picks the spectator.
    assert wait_for_css(browser, '#perspective option[value="seat"]').is_selected()
    replay_to(browser, dealt)
    wait_until(
        browser,
        lambda: replay_version(browser) == str(dealt),
        10,
        "the replay",
    )
    assert board_version(browser) == then["version"] == dealt
    assert f"Replay: version {dealt} of" in text_of(browser, "#status")
    assert perspective(browser) == "seat-0"
    assert hand_keys(browser) == then["state"]["hands"][0]
    assert not browser.find_elements(By.CSS_SELECTOR, "#moves button.move")

    browser.find_element(By.CSS_SELECTOR, '#perspective option[value="spectator"]').click()
    wait_until(
        browser,
        lambda: perspective(browser) == "spectator",
        10,
        "the spectator's replay",
    )
    assert api_get(stack, f"/v1/games/{game}/replay", version=dealt)["state"]["hands"][0] is None
    assert board_version(browser) == dealt and hand_keys(browser) == []

    browser.find_element(By.ID, "replay-live").click()
    wait_until(browser, lambda: replay_version(browser) is None, 30, "live again")
    now = api_get(stack, f"/v1/games/{game}", token)
    assert board_version(browser) == now["version"]
    assert hand_keys(browser) == now["state"]["hands"][0]


#: Holds the page's replay requests until ``window.release()`` is called, as a slow network would.
HOLD_REPLAYS = """
const send = window.fetch;
let held = [];
window.release = () => { held.forEach((go) => go()); held = []; };
window.fetch = (url, init) => String(url).includes('/replay?')
  ? new Promise((go) => held.push(go)).then(() => send(url, init))
  : send(url, init);
"""


def test_a_move_heard_while_a_replay_loads_leaves_the_slider_at_the_version_asked_for(
    browser: WebDriver, stack: Stack
) -> None:
    game, token, live = felix_at_the_seats_turn(browser, stack)
    browser.execute_script(HOLD_REPLAYS)
    replay_to(browser, 1)
    # The seat moves from another tab while the page waits for its replay: the page hears of it on its stream.
    move = live["legal_moves"][0]
    post(stack, f"/v1/games/{game}/commands", {"command": move["command"], "expected_version": live["version"]}, token)
    wait_until(browser, lambda: int(attributes(browser, "#replay", "max")[0]) > live["version"], 30, "the move heard")

    browser.execute_script("window.release()")
    wait_until(browser, lambda: replay_version(browser) == "1", 30, "the replay")
    assert browser.execute_script("return document.getElementById('replay').value") == "1"
    # The perspective replays the version the slider holds, not the live one.
    browser.find_element(By.CSS_SELECTOR, '#perspective option[value="spectator"]').click()
    wait_until(browser, lambda: browser.execute_script("window.release(); return true"), 10, "the request")
    wait_until(browser, lambda: perspective(browser) == "spectator", 10, "the spectator's replay")
    assert board_version(browser) == 1


def test_a_drag_of_the_slider_asks_for_one_replay_at_a_time_and_ends_at_the_version_it_stopped_at(
    browser: WebDriver, stack: Stack
) -> None:
    game, token, live = felix_at_the_seats_turn(browser, stack)
    browser.execute_script(HOLD_REPLAYS + "window.asked = []; const hold = window.fetch;"
                           "window.fetch = (url, init) => { if (String(url).includes('/replay?')) "
                           "window.asked.push(String(url)); return hold(url, init); };")

    for version in (1, 2, 3, 4):
        replay_to(browser, version)
    held = browser.execute_script("return window.asked.length")
    browser.execute_script("window.release()")
    wait_until(browser, lambda: browser.execute_script("return window.asked.length") == 2, 10, "the latest replay")
    browser.execute_script("window.release()")
    wait_until(browser, lambda: replay_version(browser) == "4", 30, "the replay of where the slider stopped")

    asked = browser.execute_script("return window.asked")
    assert held == 1
    assert [parse_qs(urlsplit(url).query)["version"] for url in asked] == [["1"], ["4"]]
    assert board_version(browser) == 4


def test_the_lobby_and_a_game_fit_a_360_px_phone(phone: WebDriver, stack: Stack) -> None:
    open_page(phone, stack)
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 360
    create_game_in_page(phone, "felix", ["human", "greedy", "random"])
    wait_for_css(phone, "#board [data-key]")
    wait_for_css(phone, "#log li.event")
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 360
