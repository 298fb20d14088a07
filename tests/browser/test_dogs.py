"""DOGS in the page: a game against a bot created in the lobby form and played to the end by its choices, step by
step: a board node's targets clicked on the board (the first by the keyboard), a number node's stepper, buttons
otherwise, never more than 20 of them at once."""

from __future__ import annotations

import random
import re
from typing import Any

from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.conftest import PHONE
from tests.browser.pages import (
    api_get,
    api_scores,
    create_game_in_page,
    open_page,
    page_scores,
    play_by_choices,
    replay_to,
    screenshot,
    wait_for_css,
    wait_until,
)

#: Two seats, the fewest DOGS allows. The game ends after the round in which no truck leaves (or a supply runs
#: short): the human plays at random in round 1 and stays home from round 2 on, so the game ends as soon as the bot
#: stays home too.
SEATS = ["human", "random"]
STAY_HOME = re.compile(r"^Stay home")


def test_a_dogs_game_is_played_to_the_end_by_clicking_its_choices(browser: WebDriver, stack: Stack) -> None:
    open_page(browser, stack, "#/")
    game_id = create_game_in_page(browser, "dogs", SEATS, {})
    shot: dict[str, int] = {}

    def prefer(page: dict[str, Any]) -> str | None:
        """From round 2 on, stay home (a typical moment of round 2 is the screenshot)."""
        if api_get(stack, f"/v1/games/{game_id}")["state"]["round"] < 2:
            return None
        if "version" not in shot:
            settled_screenshot(browser, "dogs")
            shot["version"] = page["version"]
        return next((label for _, label in page["buttons"] if STAY_HOME.match(label)), "Stay home")

    acted = play_by_choices(browser, random.Random(15), timeout=120, prefer=prefer)
    # Every choice was one of at most 20 buttons (play_by_choices checks it) or a target on the board.
    assert acted and all(page["buttons"] or page["targets"] or page["stepper"] for page in acted)
    result = api_get(stack, f"/v1/games/{game_id}")["result"]
    # The page redraws its result table with every late event: read it again if a redraw replaced it mid-read.
    assert wait_until(browser, lambda: page_scores(browser), 10, "the result table") == api_scores(result)
    if "version" in shot:
        phone_replay(browser, stack, game_id, shot["version"])


def phone_replay(driver: WebDriver, stack: Stack, game_id: str, version: int) -> None:
    """The same moment replayed on a 360 px phone: the board stands upright and nothing overflows the screen."""
    width, height = PHONE
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
    )
    open_page(driver, stack, f"#/games/{game_id}")
    wait_for_css(driver, "#replay")
    replay_to(driver, version)
    wait_until(
        driver,
        lambda: f"version {version} " in driver.find_element("css selector", "#status").text,
        10,
        "the replayed version",
    )
    wait_for_css(driver, "#board svg.dogs-map-upright")
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    settled_screenshot(driver, "dogs-phone")


def settled_screenshot(driver: WebDriver, name: str) -> None:
    """A screenshot once the pulses of the last redraw have faded."""
    wait_until(driver, lambda: not driver.find_elements("css selector", "#board .changed"), 5, "the pulses to end")
    screenshot(driver, name)
