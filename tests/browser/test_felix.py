"""Felix in the page: a game created in the lobby's form and played to the end by clicks on the board alone."""

from __future__ import annotations

import random
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.conftest import PHONE
from tests.browser.pages import (
    GONE,
    api_get,
    api_scores,
    create_game_in_page,
    finished,
    game_id,
    open_page,
    page_scores,
    screenshot,
    text_of,
    wait_for_css,
)

#: The shortest game: 3 seats, the fewest Felix allows (nine rounds whatever happens).
SEATS = ["human", "greedy", "random"]


#: What the board offers and what the move buttons list, read in one round trip (a poll is many otherwise).
OFFERS = """
const label = (el) => [el.dataset.move, el.getAttribute('aria-label')];
const buttons = [...document.querySelectorAll('#moves button.move')];
return {
  ready: buttons.some((button) => !button.disabled),
  board: [...document.querySelectorAll('#board [data-move]')].map(label),
  legal: Object.fromEntries(buttons.map((button) => [button.dataset.move, button.textContent])),
};
"""


def as_phone(driver: WebDriver) -> None:
    """At 360 px wide the board fits without scrolling sideways; screenshot `felix-phone`; back to the desktop."""
    width, height = PHONE
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        board = wait_for_css(driver, "#board .felix")
        overflow = driver.execute_script("return arguments[0].scrollWidth - arguments[0].clientWidth", board)
        assert overflow <= 0, f"the board is {overflow} px too wide for a phone"
        screenshot(driver, "felix-phone")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def play_on_the_board(driver: WebDriver, rng: random.Random, timeout: float) -> list[str]:
    """Click a random piece of the board whenever it offers one, until the game is over; the labels clicked.

    Before each click, every piece on offer must be a legal move: the move button of the same index, same label.
    """
    deadline = time.monotonic() + timeout
    clicked: list[str] = []
    shot = False
    while not finished(driver):
        assert time.monotonic() < deadline, f"the game is not over after {timeout} s and {len(clicked)} clicks"
        try:
            offers = driver.execute_script(OFFERS)
            if not (offers["ready"] and offers["board"]):
                time.sleep(0.05)
                continue
            offered, legal = offers["board"], offers["legal"]
            assert all(legal.get(index) == label for index, label in offered), (offered, legal)
            if not shot and len(clicked) >= 8 and driver.find_elements(By.CSS_SELECTOR, "#board .felix-back"):
                # A typical moment: rounds in, an auction on with cards still face down.
                screenshot(driver, "felix")
                as_phone(driver)
                shot = True
            index, label = rng.choice(offered)
            driver.find_element(By.CSS_SELECTOR, f'#board [data-move="{index}"]').click()
            clicked.append(label)
            # The page disables its moves while one is in flight; wait for the answer before choosing again.
            time.sleep(0.1)
        except GONE:
            continue
    return clicked


def test_a_felix_game_is_played_to_the_end_by_clicking_the_board(browser: WebDriver, stack: Stack) -> None:
    open_page(browser, stack, "#/")
    created = create_game_in_page(browser, "felix", SEATS)
    assert created == game_id(browser)
    clicked = play_on_the_board(browser, random.Random(7), timeout=120)
    kinds = {label.split()[0].rstrip(",") for label in clicked}
    assert {"Play", "Bid", "Pass"} <= kinds, kinds
    result = api_get(stack, f"/v1/games/{created}")["result"]
    assert page_scores(browser) == api_scores(result)
    # The board itself shows each seat's final count: cats + mice = the API's total.
    for seat, total in api_scores(result).items():
        shown = text_of(browser, f'#board [data-key="seat-{seat}"] .felix-score')
        assert shown.endswith(f"= {total}"), shown
