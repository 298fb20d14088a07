"""What a whole turn costs a person on the game page: the clicks (or taps) and the scroll distance, in each game, at
1280 x 800 and on a 390 x 844 phone. A measurement, not a check of the suite (its name keeps it out of the run):

    flock /tmp/dogpark-browser.lock .venv/bin/python -m pytest -q -s tests/browser/measure_turns.py

It prints one line per game and size, and writes them as JSON to $DOGPARK_MEASURE when that is set. It runs on the
page of any version of the client that has the move bar (`pages.choices_seen`), so the same file measures the
client before #35 from a scratch worktree of that commit.

A turn runs from the moment the game waits for the seat and its first choice shows until the game no longer waits
for it. Before each
click the page is scrolled, as a person would, just enough to bring what is clicked into sight (the window and any
box that pans, such as A Dog's Life's map on a phone): that is the scroll distance. Each turn starts at the top of
the page, as a person comes back to it. The choice taken is the first offered, the same every time."""

from __future__ import annotations

import json
import os
import time
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import (
    GONE,
    api_get,
    choices_seen,
    create_game_in_page,
    game_id,
    open_page,
    page_player,
    wait_until,
)

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
#: Each game's seats (the page's own first) and the turns measured.
GAMES = {
    "felix": ["human", "greedy", "random"],
    "spots": ["human", "greedy"],
    "dogs": ["human", "random"],
    "dogslife": ["human", "random"],
}
TURNS = 3

#: Scroll just enough to bring arguments[0] into sight (covered by no sticky bar: the page's scroll-padding), and say
#: how far the window and every box that holds it moved, in CSS px.
SCROLL_INTO_SIGHT_JS = """
const el = arguments[0];
const boxes = [document.scrollingElement];
for (let p = el.parentElement; p; p = p.parentElement) {
  if (p.scrollHeight > p.clientHeight || p.scrollWidth > p.clientWidth) boxes.push(p);
}
const before = boxes.map((b) => [b.scrollLeft, b.scrollTop]);
el.scrollIntoView({block: 'nearest', inline: 'nearest'});
const moved = (b, i) => Math.abs(b.scrollLeft - before[i][0]) + Math.abs(b.scrollTop - before[i][1]);
return boxes.reduce((sum, b, i) => sum + moved(b, i), 0);
"""


def the_first_option(driver: WebDriver, page: dict[str, Any]) -> Any:
    """What a person clicks for the page's choice: the first target on the board, else the first button, else the
    stepper's confirmation."""
    if page["as"] == "board" and page["targets"]:
        return driver.find_element(By.CSS_SELECTOR, f'#board [data-option="{page["targets"][0][0]}"]')
    if page["buttons"]:
        return driver.find_element(By.CSS_SELECTOR, f'#moves button.move[data-move="{page["buttons"][0][0]}"]')
    return driver.find_element(By.ID, "move-confirm")


def measure_turn(driver: WebDriver, stack: Stack, game: str, token: str) -> dict[str, float]:
    """Play the seat's turn from its first choice: the clicks and the scroll distance it took."""

    def waited_for() -> bool:
        view = api_get(stack, f"/v1/games/{game}", token)
        return view["status"] == "finished" or (view["you"] in view["to_act"] and choices_seen(driver)["as"])

    wait_until(driver, waited_for, 120, "the seat's turn")
    driver.execute_script("window.scrollTo(0, 0)")
    clicks = 0
    scrolled = 0.0
    deadline = time.monotonic() + 180
    while True:
        assert time.monotonic() < deadline, f"{game}: the turn took over 180 s ({clicks} clicks)"
        view = api_get(stack, f"/v1/games/{game}", token)
        if view["status"] == "finished" or view["you"] not in view["to_act"]:
            return {"clicks": clicks, "scroll": scrolled}
        page = choices_seen(driver)
        if not page["as"] or not (page["buttons"] or page["targets"] or page["stepper"]):
            time.sleep(0.05)
            continue
        try:
            target = the_first_option(driver, page)
            moved = driver.execute_script(SCROLL_INTO_SIGHT_JS, target)
            target.click()
        except GONE:
            # Redrawn between reading and clicking (a bot's move came): read the page again.
            continue
        scrolled += moved
        clicks += 1
        wait_until(driver, lambda seen=page: choices_seen(driver) != seen, 30, "the page to take the choice")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("type", list(GAMES))
def test_measure_the_clicks_and_scrolling_of_a_whole_turn(
    browser: WebDriver, stack: Stack, type: str, size: str
) -> None:
    width, height = SIZES[size]
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    open_page(browser, stack)
    create_game_in_page(browser, type, GAMES[type])
    game = game_id(browser)
    token = page_player(browser)["token"]
    turns = []
    for _ in range(TURNS):
        turn = measure_turn(browser, stack, game, token)
        if turn["clicks"]:
            turns.append(turn)
        if api_get(stack, f"/v1/games/{game}", token)["status"] == "finished":
            break
    assert turns, f"{type}: the game ended before the seat's turn"
    line = {
        "game": type,
        "size": size,
        "turns": len(turns),
        "clicks": sum(t["clicks"] for t in turns) / len(turns),
        "scroll_px": round(sum(t["scroll"] for t in turns) / len(turns)),
        "each": turns,
    }
    print(json.dumps(line))
    if out := os.environ.get("DOGPARK_MEASURE"):
        with open(out, "a", encoding="utf-8") as file:
            file.write(json.dumps(line) + "\n")
