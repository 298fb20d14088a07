"""DOGS in the page: a game against a bot created in the lobby form and played to the end by clicks, mostly on the
board (spaces to drive to, cards to take, the pen to build), with the keyboard once."""

from __future__ import annotations

import random
import re
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement

from domain.dogs.content import card_key, pen_key, space_key
from domain.language import message, render
from service.ops.stack import Stack
from tests.browser.conftest import PHONE
from tests.browser.pages import (
    GONE,
    api_get,
    api_scores,
    create_game_in_page,
    finished,
    open_page,
    page_scores,
    screenshot,
    wait_for_css,
    wait_until,
)

#: Two seats, the fewest DOGS allows. The game ends after the round in which no truck leaves (or a supply runs
#: short): the human drives in round 1 (clicking spaces on the board) and stays home from round 2 on, so the game
#: ends as soon as the bot stays home too: typically 2 to 8 rounds, 25 to 65 clicks.
SEATS = ["human", "random"]
REFUEL = re.compile(r"Buy (\d+) gas for")

#: Every offer on the board and every move button, read in one script: [[move index, aria-label, the key of the
#: piece it is drawn on]], {index: label}, and the round the board shows.
OFFERS_JS = """
const pieces = [...document.querySelectorAll('#board [data-move]')]
  .filter((el) => el.getAttribute('aria-disabled') !== 'true')
  .map((el) => [el.dataset.move, el.getAttribute('aria-label'), el.querySelector('[data-key]')?.dataset.key ?? '']);
const buttons = Object.fromEntries([...document.querySelectorAll('#moves button.move:not([disabled])')]
  .map((el) => [el.dataset.move, el.textContent]));
const round = Number(document.querySelector('#board .dogs-round')?.textContent.split(' ')[1]) || 0;
return [pieces, buttons, round];
"""


def page_version(driver: WebDriver) -> int:
    """The version of the game the page shows live (the replay slider's end)."""
    return int(driver.find_element("css selector", "#replay").get_attribute("max"))


def click_and_wait(driver: WebDriver, piece: WebElement, keyboard: bool = False) -> None:
    """Click a piece (or focus it and press Enter) and wait until the game has moved on: only the page's seat may
    act now, so a new version is that move's."""
    before = page_version(driver)
    if keyboard:
        driver.execute_script("arguments[0].focus()", piece)
        ActionChains(driver).send_keys(Keys.ENTER).perform()
    else:
        piece.click()
    wait_until(driver, lambda: page_version(driver) > before, 15, "the move to be played")


def names_its_piece(label: str, key: str) -> bool:
    """Whether a move offered on a piece is about that piece: the space driven to, the card taken, the pen built."""
    kind, _, name = key.partition("-")
    if kind == "space":
        return label.startswith("Drive to the ") and f" on {english(space_key(name))} (" in label
    if kind == "card":
        return label.startswith("Place a meeple on the ") and f" and take {english(card_key(name))}" in label
    if kind == "box":
        return label.startswith("Place a meeple on the ") and " and take " not in label
    if kind == "pen":
        return label.startswith(f"Build the {english(pen_key(name.split('-')[1]))} ")
    return False


def english(key: str) -> str:
    """A piece's English name, as the labels say it."""
    return render(message(key))


def choose(rng: random.Random, pieces: list[list[str]], buttons: dict[str, str], round_: int) -> str:
    """The selector of the next click: from round 2 on stay home and refuel in full, else a board piece if any."""
    labels = {label: index for index, label in buttons.items()}
    if round_ >= 2 and "Stay home" in labels:
        return f'#moves button.move[data-move="{labels["Stay home"]}"]'
    refuels = [(int(found[1]), index) for label, index in labels.items() if (found := REFUEL.match(label))]
    if refuels:
        return f'#moves button.move[data-move="{max(refuels)[1]}"]'
    if pieces:
        return f'#board [data-move="{rng.choice(pieces)[0]}"]'
    return f'#moves button.move[data-move="{rng.choice(list(buttons))}"]'


def test_a_dogs_game_is_played_to_the_end_by_clicking_the_board(browser: WebDriver, stack: Stack) -> None:
    rng = random.Random(15)
    open_page(browser, stack, "#/")
    game_id = create_game_in_page(browser, "dogs", SEATS, {})
    used: set[str] = set()
    shot_version, keyboard_used = None, False
    deadline = time.monotonic() + 90
    while not finished(browser):
        assert time.monotonic() < deadline, "the game did not finish in time"
        pieces, buttons, round_ = browser.execute_script(OFFERS_JS)
        if not pieces and not buttons:
            time.sleep(0.03)
            continue
        # Every click the board offers is one of the seat's legal moves: the button of that index, same label.
        for index, label, key in pieces:
            assert buttons.get(index) == label, (index, label, buttons.get(index))
            assert names_its_piece(label, key), (label, key)
        # A typical moment: round 2, kennels stocked, the seat's truck at the center (with spaces to drive to, as
        # it refuelled in full), before it stays home.
        if shot_version is None and round_ >= 2 and "Stay home" in buttons.values():
            settled_screenshot(browser, "dogs")
            shot_version = page_version(browser)
        selector = choose(rng, pieces, buttons, round_)
        on_board = selector.startswith("#board")
        try:
            piece = browser.find_element("css selector", selector)
            if on_board:
                used.add(piece.get_attribute("aria-label").split()[0])
            click_and_wait(browser, piece, keyboard=on_board and not keyboard_used)
            keyboard_used = keyboard_used or on_board
        except GONE:
            continue
    # Spaces were driven to, and cards taken with a meeple placed, from the board (the first by the keyboard).
    assert {"Move", "Place"} <= used, used
    result = api_get(stack, f"/v1/games/{game_id}")["result"]
    # The page redraws its result table with every late event: read it again if a redraw replaced it mid-read.
    assert wait_until(browser, lambda: page_scores(browser), 10, "the result table") == api_scores(result)
    if shot_version is not None:
        phone_replay(browser, stack, game_id, shot_version)


def phone_replay(driver: WebDriver, stack: Stack, game_id: str, version: int) -> None:
    """The same moment replayed on a 360 px phone: the board stands upright and nothing overflows the screen."""
    width, height = PHONE
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
    )
    open_page(driver, stack, f"#/games/{game_id}")
    slider = wait_for_css(driver, "#replay")
    driver.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
        slider,
        version,
    )
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
