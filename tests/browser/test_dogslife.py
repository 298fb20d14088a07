"""A Dog's Life in the page: a game against a bot created in the lobby form and played to the end by clicking the
city map (spaces to move to, dogs to attack, the truck's routes), with the keyboard once."""

from __future__ import annotations

import random
import time
from collections import Counter

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.conftest import PHONE
from tests.browser.pages import (
    GONE,
    api_get,
    api_scores,
    create_game_in_page,
    finished,
    open_page,
    page_player,
    page_scores,
    screenshot,
)

#: Two dogs, the fewest the game allows; two bones win, and after two rounds the most buried bones win (a tie
#: plays on until the first bone is buried), so the greedy bot ends the game within a few rounds.
SEATS = ["human", "greedy"]
OPTIONS = {"bone_target": 2, "timed_rounds": 2}
#: The page's dog moves a few steps per turn, then ends its actions: short turns keep the test short.
STEPS_PER_TURN = 2

#: The version the page shows (its replay slider's end), every offer on the map and every move button, read in one
#: script: version, [[index, aria-label, kind, x, y]] with the centre of the shape to click in map units (one cell
#: = 10), and {index: label}.
OFFERS_JS = """
const kind = (el) => el.classList.contains('dl-route') ? 'route'
  : el.classList.contains('dl-attack') ? 'attack' : 'move';
const centre = (el) => {
  const box = (el.querySelector('.dl-route-end') || el).getBBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
};
const offers = [...document.querySelectorAll('#board [data-move]')]
  .filter((el) => el.getAttribute('aria-disabled') !== 'true')
  .map((el) => [el.dataset.move, el.getAttribute('aria-label'), kind(el), ...centre(el)]);
const buttons = Object.fromEntries([...document.querySelectorAll('#moves button.move:not([disabled])')]
  .map((el) => [el.dataset.move, el.textContent]));
return [Number(document.querySelector('#replay').max), offers, buttons];
"""
#: A building's footprint is at most 2 x 2 cells: a point within 10 map units of its centre is on it.
BUILDING_REACH, CELL_REACH = 10, 5


def on_space(space: dict, x: float, y: float) -> bool:
    """Whether the map point (x, y) lies on ``space`` (a catalogue space, x/y in cells)."""
    reach = CELL_REACH if space["kind"] == "street" or len(space["footprint"]) == 1 else BUILDING_REACH
    return abs(x - space["x"] * 10) <= reach and abs(y - space["y"] * 10) <= reach


def offers_lie_where_the_moves_go(view: dict, spaces: dict[str, dict], offers: list[list], buttons: dict) -> None:
    """The map offers every move that has a place on it, each under its button's label and drawn where it goes: the
    space to move to, the dog to attack, the end of the truck's route (``view``: the seat's, as the page shows it)."""
    placed = {
        str(i)
        for i, move in enumerate(view["legal_moves"])
        if move["command"]["type"] in ("Move", "Attack") or move["command"].get("route")
    }
    assert {index for index, *_ in offers} == placed, f"the map offers {offers}, the moves are {view['legal_moves']}"
    for index, label, kind, x, y in offers:
        assert buttons.get(index) == label, f"the map offers {label!r} as move {index}: {buttons}"
        command = view["legal_moves"][int(index)]["command"]
        if command["type"] == "Move":
            where = command["to"]
        elif command["type"] == "Attack":
            where = view["state"]["seats"][command["target_seat"]]["space"]
        else:
            assert command["type"] == "ChooseTruckRoute" and command["route"], f"{label!r} is offered on the map"
            where = command["route"][-1]
        assert on_space(spaces[where], x, y), f"{label!r} ({kind}) is drawn at {x}, {y}, not on {where}"


def click_and_wait(driver: WebDriver, index: str, keyboard: bool = False) -> None:
    """Click the map's element for move ``index`` (or focus it and press Enter); wait until the page redraws it."""
    target = driver.find_element(By.CSS_SELECTOR, f'#board [data-move="{index}"]')
    if keyboard:
        focused = driver.execute_script("arguments[0].focus(); return document.activeElement === arguments[0]", target)
        assert focused, "a move on the map cannot take the keyboard's focus"
        ActionChains(driver).send_keys(Keys.ENTER).perform()
    else:
        # A route is clicked on its end marker: the line beside it covers little and crosses other routes.
        next(iter(target.find_elements(By.CSS_SELECTOR, ".dl-route-end")), target).click()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            target.is_enabled()
        except StaleElementReferenceException:
            return
        time.sleep(0.03)
    state = driver.execute_script(
        "return [document.activeElement.outerHTML.slice(0, 200), document.querySelector('#notice')?.textContent,"
        " document.querySelectorAll('#board [data-move]').length, document.querySelector('#status')?.textContent]"
    )
    raise AssertionError(f"the map did not redraw after a move (keyboard: {keyboard}): {state}")


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


def test_a_dogs_life_game_is_played_to_the_end_by_clicking_the_city_map(browser: WebDriver, stack: Stack) -> None:
    rng = random.Random(15)
    open_page(browser, stack, "#/")
    game_id = create_game_in_page(browser, "dogslife", SEATS, OPTIONS)
    token = page_player(browser)["token"]
    assert api_get(stack, f"/v1/games/{game_id}", token)["options"].items() >= OPTIONS.items()
    spaces = {s["id"]: s for s in api_get(stack, "/v1/game-types/dogslife")["content"]["board"]["spaces"]}
    clicked: Counter[str] = Counter()
    rounds: set[int] = set()
    steps, shot, keyboard_used, placed = 0, False, False, False
    deadline = time.monotonic() + 90
    while not finished(browser):
        assert time.monotonic() < deadline, "the game did not finish in time"
        version, offers, buttons = browser.execute_script(OFFERS_JS)
        view = api_get(stack, f"/v1/games/{game_id}", token) if offers or buttons else None
        if not view or view["version"] != version:
            time.sleep(0.03)  # not the seat's turn, or the page has yet to show the game as it stands
            continue
        offers_lie_where_the_moves_go(view, spaces, offers, buttons)
        if view["state"]["round"] not in rounds:
            rounds.add(view["state"]["round"])
            steps = 0
        walks = any(kind == "move" for _, _, kind, *_ in offers)
        if not placed and walks:
            pieces_stand_where_the_api_says(browser, view, spaces)
            placed = True
        # A typical moment: the seat's first walk on the map after its first turn, the dogs and the truck out in the
        # city (not only at a turn's start: a turn may open with actions off the map, or in the pound).
        if not shot and len(rounds) >= 2 and walks:
            pieces_stand_where_the_api_says(browser, view, spaces)
            take_screenshots(browser)
            shot = True
            continue
        routes = [o for o in offers if o[2] == "route"]
        end = next((i for i, label in buttons.items() if label == "End your actions"), None)
        if routes or (offers and (steps < STEPS_PER_TURN or end is None)):
            index, _, kind, *_ = rng.choice(routes or offers)
            try:
                click_and_wait(browser, index, keyboard=not keyboard_used)
            except GONE:
                continue
            # Nothing but this seat's move changes the game while it is to act: a new version is the move sent.
            keyboard_used = keyboard_used or api_get(stack, f"/v1/games/{game_id}", token)["version"] > version
            clicked[kind] += 1
            steps += 1
        else:
            # Between walks, any other action the dog has (search, beg, drink...), then the end of its actions.
            chosen = end if end is not None and steps >= STEPS_PER_TURN else rng.choice(list(buttons))
            try:
                browser.find_element(By.CSS_SELECTOR, f'#moves button.move[data-move="{chosen}"]').click()
            except GONE:
                continue
            clicked["button"] += 1
            steps += 1
    view = api_get(stack, f"/v1/games/{game_id}", token)
    assert view["status"] == "finished"
    assert page_scores(browser) == api_scores(view["result"])
    assert clicked["move"], f"the game was not played on the map: {dict(clicked)}"
    assert keyboard_used, "no move was made with the keyboard"
    assert placed, "the seat never walked on the map"
    # Two bones win: the greedy dog sometimes buries both in the first round, and the game ends before such a moment.
    assert shot or len(rounds) < 2, "the game reached its second round, yet gave no moment for the screenshots"
