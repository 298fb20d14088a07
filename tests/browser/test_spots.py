"""Spots in the page: games created in the lobby's form and played to the end by their choices.

The table's clicks are the targets a choice lights: a trick tile, a rolled die, then a space on a dog or the yard;
the rest (go on or stop, keep the roll, a number) is taken in the move bar.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import (
    api_get,
    api_scores,
    create_game_in_page,
    open_page,
    page_scores,
    play_by_choices,
    screenshot,
)

#: The shortest games: one bot (greedy, which completes its six dogs quickly) or a solo game against Pes holding
#: the most treats (5), who then completes two dogs before the first turn.
DUEL = ["human", "greedy"]
SOLO = ["human"]


def screenshot_once(driver: WebDriver, name: str) -> Callable[[dict[str, Any]], None]:
    """A `seen` hook of play_by_choices: screenshot ``name`` once, a few turns in, at a choice on the table."""
    taken: list[bool] = []

    def seen(page: dict[str, Any]) -> None:
        if not taken and page["version"] > 40 and page["targets"]:
            taken.append(bool(screenshot(driver, name)) or True)

    return seen


def board_counts(driver: WebDriver) -> dict[str, int]:
    """Each seat's (and Pes's) completed dogs as the board shows them ("2/6 dogs completed"): seat or "pes" -> 2."""
    shown = driver.execute_script(
        "return [...document.querySelectorAll('#board [data-key^=\"done-\"]')]"
        ".map((el) => [el.dataset.key.slice(5), el.textContent])"
    )
    return {seat: int(re.match(r"\d+", text).group()) for seat, text in shown}


def banner_text(driver: WebDriver) -> str:
    """The board's line on whose turn it is, or who won (read at once: the board may be redrawn any time)."""
    return driver.execute_script("return document.querySelector('#board .spots-banner').textContent")


def test_a_spots_game_against_a_bot_is_played_to_the_end_by_its_choices(browser: WebDriver, stack: Stack):
    open_page(browser, stack, "#/")
    game = create_game_in_page(browser, "spots", DUEL)
    acted = play_by_choices(browser, random.Random(3), timeout=120, seen=screenshot_once(browser, "spots"))
    # Tiles, dice and spaces were clicked on the table (the first by the keyboard alone).
    assert any(page["as"] == "board" and page["targets"] for page in acted)
    result = api_get(stack, f"/v1/games/{game}")["result"]
    assert page_scores(browser) == api_scores(result)
    assert board_counts(browser) == {str(seat): total for seat, total in api_scores(result).items()}
    banner = banner_text(browser)
    assert banner.endswith("completed 6 dogs and wins."), banner


def test_a_solo_game_against_pes_is_played_on_a_phone_screen(phone: WebDriver, stack: Stack):
    open_page(phone, stack, "#/")
    game = create_game_in_page(phone, "spots", SOLO, options={"pes_treats": 5})
    # Pes's two dogs, paid with four of its treats before the first turn, are on the board.
    assert board_counts(phone)["pes"] == 2
    play_by_choices(phone, random.Random(4), timeout=120, seen=screenshot_once(phone, "spots-phone"))
    result = api_get(stack, f"/v1/games/{game}")["result"]
    assert page_scores(phone) == api_scores(result)
    counts = board_counts(phone)
    assert counts == {"0": result["scores"][0]["total"], "pes": result["pes"]["total"]}
    pes_score = phone.execute_script("return document.querySelector('#result tr.pes td.score').textContent")
    assert pes_score == str(result["pes"]["total"])
    pes_row = phone.execute_script("return document.querySelector('#result tr.pes').className")
    assert ("winner" in pes_row.split()) == result["pes"]["won"]
    banner = banner_text(phone)
    assert banner == (
        "Pes completed 6 dogs first and wins." if result["pes"]["won"] else "Player (you) completed 6 dogs and wins."
    )
    # Nothing of the board sticks out of a 360 px screen.
    board = phone.find_element(By.ID, "board")
    assert phone.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", board)
