"""A Dog's Life in the page: a game against a bot created in the lobby form and played to the end by its choices: an
action in the move bar, then the space to walk to (or the dog to attack) lit on the city map, the first by the
keyboard."""

from __future__ import annotations

import random
import re
import time
from typing import Any

from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.conftest import PHONE
from tests.browser.pages import (
    api_get,
    api_scores,
    create_game_in_page,
    open_page,
    page_player,
    page_scores,
    play_by_choices,
    screenshot,
)

#: Two dogs, the fewest the game allows; two bones win, and after two rounds the most buried bones win (a tie
#: plays on until the first bone is buried), so the greedy bot ends the game within a few rounds.
SEATS = ["human", "greedy"]
OPTIONS = {"bone_target": 2, "timed_rounds": 2}
#: The page's dog takes a few steps per turn, then ends its actions: short turns keep the test short.
STEPS_PER_TURN = 2
END_ACTIONS = re.compile(r"^End your actions")

#: A building's footprint is at most 2 x 2 cells: a point within 10 map units of its centre is on it.
BUILDING_REACH, CELL_REACH = 10, 5


def on_space(space: dict, x: float, y: float) -> bool:
    """Whether the map point (x, y) lies on ``space`` (a catalogue space, x/y in cells)."""
    reach = CELL_REACH if space["kind"] == "street" or len(space["footprint"]) == 1 else BUILDING_REACH
    return abs(x - space["x"] * 10) <= reach and abs(y - space["y"] * 10) <= reach


def pieces_stand_where_the_api_says(driver: WebDriver, view: dict, spaces: dict[str, dict]) -> None:
    """The truck and every dog on the map are drawn on the spaces of the seat's view, by the catalogue's x/y."""

    def drawn_on(key: str, space: str) -> bool:
        # Read in one script: a late stream message may redraw the map between finding a piece and reading it.
        x, y = driver.execute_script(
            "const piece = document.querySelector(arguments[0]); return [piece.dataset.x, piece.dataset.y]",
            f'#board [data-key="{key}"]',
        )
        return on_space(spaces[space], float(x), float(y))

    assert drawn_on("truck", view["state"]["truck"]["cell"])
    for seat, dog in enumerate(view["state"]["seats"]):
        assert drawn_on(f"dog-{seat}", dog["space"] or "POUND"), f"dog {seat} is not drawn on {dog['space']}"


def take_screenshots(driver: WebDriver) -> None:
    """The map as it stands on desktop and on a 360 px phone, once pieces have finished gliding."""
    time.sleep(0.6)
    screenshot(driver, "dogslife")
    width, height = PHONE
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    time.sleep(0.3)
    screenshot(driver, "dogslife-phone")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_dogs_life_game_is_played_to_the_end_by_its_choices_on_the_city_map(browser: WebDriver, stack: Stack) -> None:
    open_page(browser, stack, "#/")
    game_id = create_game_in_page(browser, "dogslife", SEATS, OPTIONS)
    token = page_player(browser)["token"]
    assert api_get(stack, f"/v1/games/{game_id}", token)["options"].items() >= OPTIONS.items()
    spaces = {s["id"]: s for s in api_get(stack, "/v1/game-types/dogslife")["content"]["board"]["spaces"]}
    steps: list[int] = []
    shot: list[bool] = []

    def prefer(page: dict[str, Any]) -> str | None:
        """A few steps a turn, then the end of the dog's actions: short turns keep the test short."""
        steps.append(page["version"])
        if len(steps) % (STEPS_PER_TURN + 1):
            return None
        return next((label for _, label in page["buttons"] if END_ACTIONS.match(label)), None)

    def seen(page: dict[str, Any]) -> None:
        """A typical moment: a walk on the map a round in, the dogs and the truck out in the city."""
        if shot or page["as"] != "board" or not page["targets"]:
            return
        view = api_get(stack, f"/v1/games/{game_id}", token)
        if view["state"]["round"] >= 2 and view["version"] == page["version"]:
            pieces_stand_where_the_api_says(browser, view, spaces)
            take_screenshots(browser)
            shot.append(True)

    acted = play_by_choices(browser, random.Random(15), timeout=120, prefer=prefer, seen=seen)
    view = api_get(stack, f"/v1/games/{game_id}", token)
    assert view["status"] == "finished"
    assert page_scores(browser) == api_scores(view["result"])
    # The dog walked on the map: spaces lit on it were clicked (the first with the keyboard).
    assert any(page["as"] == "board" and page["targets"] for page in acted), "the game was not played on the map"
