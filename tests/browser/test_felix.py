"""Felix in the page: a game created in the lobby's form and played to the end by its choices: a card of the hand
clicked on the board, the auction's decisions in the move bar."""

from __future__ import annotations

import random
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.conftest import PHONE
from tests.browser.pages import (
    api_get,
    api_scores,
    create_game_in_page,
    game_id,
    open_page,
    page_scores,
    play_by_choices,
    screenshot,
    text_of,
    wait_for_css,
)

#: The shortest game: 3 seats, the fewest Felix allows (nine rounds whatever happens).
SEATS = ["human", "greedy", "random"]


def as_phone(driver: WebDriver) -> None:
    """At 360 px wide the board fits without scrolling sideways; screenshot `felix-phone`; back to the desktop."""
    width, height = PHONE
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        wait_for_css(driver, "#board .felix")
        # Found and measured in one script: the bots' moves redraw the board, and an element found first may be
        # stale by the time it is measured (seen on a busy machine).
        overflow = driver.execute_script(
            "const board = document.querySelector('#board .felix'); return board.scrollWidth - board.clientWidth"
        )
        assert overflow <= 0, f"the board is {overflow} px too wide for a phone"
        screenshot(driver, "felix-phone")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_felix_game_is_played_to_the_end_by_its_choices(browser: WebDriver, stack: Stack) -> None:
    open_page(browser, stack, "#/")
    created = create_game_in_page(browser, "felix", SEATS)
    assert created == game_id(browser)
    shot: list[bool] = []

    def seen(page: dict[str, Any]) -> None:
        """A typical moment for the screenshots: rounds in, an auction on with cards still face down."""
        if not shot and page["version"] > 40 and browser.find_elements(By.CSS_SELECTOR, "#board .felix-back"):
            screenshot(browser, "felix")
            as_phone(browser)
            shot.append(True)

    acted = play_by_choices(browser, random.Random(7), timeout=150, seen=seen)
    # Cards were played from the hand on the board, and the auction's decisions taken in the bar.
    assert any(page["as"] == "board" for page in acted) and any(page["buttons"] for page in acted)
    result = api_get(stack, f"/v1/games/{created}")["result"]
    assert page_scores(browser) == api_scores(result)
    # The board itself shows each seat's final count: cats + mice = the API's total.
    for seat, total in api_scores(result).items():
        shown = text_of(browser, f'#board [data-key="seat-{seat}"] .felix-score')
        assert shown.endswith(f"= {total}"), shown
