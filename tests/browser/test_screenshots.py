"""Every game as a person sees it, at 1280 x 800 and on a 390 x 844 phone, mid-game (the page's own seat at its turn,
in one of the four languages) and at the end (the final scores): `make screenshots` saves them to docs/screenshots/
as <game>-<desktop|phone>-<mid|end>.png, and the README shows them. Each checks that the page says whose eyes it
shows ("Seen as") as the board draws it, and that no console error came."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import (
    choices_seen,
    choose_language,
    create_game_in_page,
    open_page,
    play_by_choices,
    screenshot,
    wait_for_css,
    wait_until,
)
from tests.browser.test_boards_look import DESKTOP, PHONE, finished_bot_game, resize

#: Each game: the language of its mid-game pictures, its seats (the page's own first), and the choices its seat
#: makes before the picture (enough for the board to fill).
GAMES = {
    "felix": ("en", ["human", "greedy", "random"], 6),
    "spots": ("uk", ["human", "greedy"], 6),
    "dogs": ("pt", ["human", "random"], 12),
    "dogslife": ("it", ["human", "random"], 14),
}


@pytest.fixture(autouse=True)
def motion_back(browser: WebDriver) -> Iterator[None]:
    """The next test's page moves again (resize reduces motion, so that pieces stand where they are drawn)."""
    yield
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


#: How many of the board's highlights of what changed still run (a hidden piece's never starts, nor ends).
PULSING_JS = "return [...document.querySelectorAll('#board .changed')].filter((el) => el.getAnimations().length).length"


class Enough(Exception):
    """The seat has played far enough into the game."""


def seen_as_the_board_draws(driver: WebDriver) -> None:
    """The "Seen as" menu names the eyes the board is drawn with (never "Spectator" over the seat's own hand)."""
    chosen, drawn = driver.execute_script(
        "return [document.getElementById('perspective').value, document.getElementById('board').dataset.perspective]"
    )
    assert (chosen == "spectator") == (drawn == "spectator"), (chosen, drawn)


def settled(driver: WebDriver) -> None:
    """Wait until the board's highlights of what changed are over (a picture shows the board at rest), the page at its
    top (a picture of the whole page draws the sticky status bar where the scrolled screen holds it)."""
    driver.execute_script("window.scrollTo(0, 0)")
    wait_until(driver, lambda: driver.execute_script(PULSING_JS) == 0, 10, "the pulses to end")


def at_the_seats_choice(driver: WebDriver) -> None:
    """Wait until the seat's choice shows in the status bar (its turn) and the log is read, the board at rest."""
    wait_until(driver, lambda: choices_seen(driver)["as"], 90, "the seat's choice")
    wait_for_css(driver, ".log li[data-version]")
    settled(driver)


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_mid_game_at_both_sizes(browser: WebDriver, stack: Stack, game: str) -> None:
    language, seats, choices = GAMES[game]
    resize(browser, DESKTOP)
    open_page(browser, stack)
    choose_language(browser, language)
    create_game_in_page(browser, game, seats)
    made: list[Any] = []

    def count(page: dict[str, Any]) -> None:
        if page["as"] and (page["buttons"] or page["targets"] or page["stepper"]):
            made.append(page)
            if len(made) > choices:
                raise Enough

    with contextlib.suppress(Enough):
        play_by_choices(browser, random.Random(35), timeout=240, seen=count)
    at_the_seats_choice(browser)
    seen_as_the_board_draws(browser)
    screenshot(browser, f"{game}-desktop-mid")
    resize(browser, PHONE)
    # Drawn afresh at the phone's size (a board lays itself out by the screen it is drawn for).
    browser.refresh()
    wait_for_css(browser, "#board[data-version]")
    at_the_seats_choice(browser)
    seen_as_the_board_draws(browser)
    # The picture first: it shows what a failing check found.
    screenshot(browser, f"{game}-phone-mid")
    header = browser.find_element(By.CSS_SELECTOR, "header.top").rect["height"]
    assert header <= 64, f"{game}: the phone's header is {header} px tall"


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_at_its_end_at_both_sizes(browser: WebDriver, stack: Stack, game: str) -> None:
    finished = finished_bot_game(stack, game)
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        resize(browser, size)
        open_page(browser, stack, f"#/games/{finished}")
        wait_for_css(browser, "#result tr[data-seat] td.score")
        wait_for_css(browser, ".log li[data-version]")
        settled(browser)
        seen_as_the_board_draws(browser)
        screenshot(browser, f"{game}-{name}-end")
