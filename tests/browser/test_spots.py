"""Spots in the page: games created in the lobby's form and played to the end by clicks on the board.

The board's clicks are tiles (do a trick), a rolled die to pick, then a space on a dog or the yard (place or bury
it), a filled dog's stamp (complete), the treats (reroll), a rolled number (Fetch); what the board does not offer
(go on or stop, keep the roll) is clicked among the shell's move buttons.
"""

from __future__ import annotations

import random
import re
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import (
    GONE,
    api_get,
    api_scores,
    create_game_in_page,
    open_page,
    page_scores,
    screenshot,
    wait_until,
)

#: The shortest games: one bot (greedy, which completes its six dogs quickly) or a solo game against Pes holding
#: the most treats (5), who then completes two dogs before the first turn.
DUEL = ["human", "greedy"]
SOLO = ["human"]


#: The page as the player sees it, read in one call (a WebDriver round trip per element would be the test's
#: slowest part): whether the game is over, the enabled move buttons, and what the board offers to click.
SNAPSHOT = """
const buttons = [...document.querySelectorAll('#moves button.move:not([disabled])')];
const pieces = (kind) => [...document.querySelectorAll(`#board [data-${kind}]`)]
  .map((el) => [kind, el.dataset[kind], el.getAttribute('aria-label')]);
return {
  finished: !!document.querySelector('#status[data-status="finished"]'),
  status: document.getElementById('status')?.textContent,
  legal: Object.fromEntries(buttons.map((b) => [b.dataset.move, b.textContent])),
  pieces: buttons.length ? [...pieces('move'), ...pieces('pick')] : [],
  picked: !!document.querySelector('#board .spots-picked'),
};
"""


def play(driver: WebDriver, rng: random.Random, timeout: float, shot: str) -> list[str]:
    """Click a random board piece (or, when the board offers none, a move button) until the game is over.

    Every piece on offer must be a legal move: the move button of the same index has the same label. The labels
    of the moves sent are returned; a screenshot ``shot`` is taken once a die is picked, a few turns in.
    """
    deadline = time.monotonic() + timeout
    sent: list[str] = []
    shot_taken = False
    while not (page := driver.execute_script(SNAPSHOT))["finished"]:
        assert time.monotonic() < deadline, f"not over after {timeout} s and {len(sent)} moves: {page['status']!r}"
        legal = page["legal"]
        if not legal:
            time.sleep(0.05)
            continue
        offered = [(index, label) for kind, index, label in page["pieces"] if kind == "move"]
        assert all(legal.get(index) == label for index, label in offered), (offered, legal)
        if not shot_taken and len(sent) >= 12 and page["picked"]:
            shot_taken = bool(screenshot(driver, shot)) or True
        if page["pieces"]:
            kind, key, label = rng.choice(page["pieces"])
            css = f'#board [data-{kind}="{key}"]'
        else:
            kind, (key, label) = "move", rng.choice(sorted(legal.items()))
            css = f'#moves button.move[data-move="{key}"]'
        try:
            driver.find_element(By.CSS_SELECTOR, css).click()
        except GONE:
            continue
        if kind == "pick":
            # Picking is the board's own toggle: no move is sent, the die shows as the one picked at once.
            assert driver.find_elements(By.CSS_SELECTOR, f'#board [data-pick="{key}"][aria-pressed="true"]'), label
        else:
            sent.append(label)
            # The page disables its moves while one is in flight; wait for the answer before choosing again.
            time.sleep(0.05)
    if not shot_taken:  # a game over before any die was picked: its end will do
        screenshot(driver, shot)
    return sent


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


def press_enter_on_a_trick(driver: WebDriver) -> str | None:
    """Press Enter on the first trick tile on offer; its name (None while the board offers none)."""
    tiles = driver.find_elements(By.CSS_SELECTOR, "#board .spots-tile[data-move]")
    if not tiles:
        return None
    name = tiles[0].find_element(By.CSS_SELECTOR, ".spots-tile-name").text
    tiles[0].send_keys(Keys.ENTER)
    return name


def test_a_spots_game_against_a_bot_is_played_to_the_end_by_clicking_the_board(browser: WebDriver, stack: Stack):
    open_page(browser, stack, "#/")
    game = create_game_in_page(browser, "spots", DUEL)
    # The first decision by keyboard alone: a trick tile takes Enter.
    trick = wait_until(browser, lambda: press_enter_on_a_trick(browser), 15, "a trick tile taking the Enter key")
    chosen = f'//li[@data-type="TrickChosen"][contains(., "Seat 0 does {trick}")]'
    wait_until(browser, lambda: browser.find_elements(By.XPATH, chosen), 10, "the trick in the log")
    sent = play(browser, random.Random(3), timeout=90, shot="spots")
    kinds = {label.split()[0] for label in sent}
    assert {"Do", "Place", "Bury"} <= kinds, kinds
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
    play(phone, random.Random(4), timeout=90, shot="spots-phone")
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
