"""The game page as a person sees it: the status bar keeps whose turn, the clock and the prompt's options on screen at
1280 x 800 and 390 x 844, the phone's header stays one row, no word of the shell is cut in two, every tap target of
the shell is 44 x 44 CSS px at least, and a link to no game gets a page with the way back."""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import click, create_game_in_page, header_field, open_page, wait_for_css, wait_until

#: Each game against bots, as its own browser test plays it.
GAMES = {
    "felix": (["human", "greedy", "random"], {}),
    "spots": (["human", "greedy"], {}),
    "dogs": (["human", "random"], {}),
    "dogslife": (["human", "greedy"], {"bone_target": 2, "timed_rounds": 2}),
}
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
#: The smallest tap target, in CSS px (WCAG 2.5.5, Apple's and Google's guides).
TAP = 44
#: The tallest header a phone may have, in CSS px.
HEADER = 64

#: What the seat's current step names (the prompt and the status bar's options) that is not wholly in the viewport.
OUTSIDE_VIEWPORT_JS = """
return [...document.querySelectorAll('#status, #move-prompt, #moves button, #moves output')]
  .filter((el) => {
    const r = el.getBoundingClientRect();
    return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth;
  })
  .map((el) => el.id || el.textContent);
"""
#: Every visible thing a person can tap on the page, as [where ("board" or "shell"), what, width, height].
TAP_TARGETS_JS = """
const clickable = 'a[href], button, input, select, summary, [role="button"], [tabindex="0"], [data-move], '
  + '[data-option]';
return [...document.querySelectorAll(clickable)]
  .filter((el) => !el.disabled && el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map((el) => {
    const r = el.getBoundingClientRect();
    const what = el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}`
      + ` ${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30)}`;
    const round = (px) => Math.round(px * 10) / 10;
    return [el.closest('#board') ? 'board' : 'shell', what, round(r.width), round(r.height)];
  });
"""
#: The words of the page (header, status bar, title, board, log, replay bar) that are drawn on two lines: cut in two.
WORDS_CUT_JS = """
const cut = [];
for (const root of document.querySelectorAll('header.top, #status-bar, .game-head, #board, .side, #join, #result')) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.getClientRects().length) continue;
    for (const match of node.textContent.matchAll(/[\\p{L}\\p{N}]+/gu)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) cut.push(match[0]);
    }
  }
}
return cut;
"""


def at_size(driver: WebDriver, size: str) -> None:
    """The browser's viewport at one of SIZES (a phone's with touch and its mobile viewport)."""
    width, height = SIZES[size]
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": size == "phone"},
    )


def at_the_seats_turn(driver: WebDriver, stack: Stack, game: str, name: str = "Reviewer") -> str:
    """A game of ``game`` created in the page by a player called ``name`` against bots, at the seat's turn: its id."""
    open_page(driver, stack)
    field = header_field(driver, "player-name")
    field.clear()
    field.send_keys(name)
    seats, options = GAMES[game]
    created = create_game_in_page(driver, game, seats, options)
    wait_until(driver, lambda: driver.title.startswith("▶"), 60, "the seat's turn")
    wait_for_css(driver, "#moves:not([hidden]) #move-prompt")
    return created


#: The version the board shows and the move bar's words: either changes once a step is taken.
STEP_JS = "return [document.getElementById('board').dataset.version, document.getElementById('moves').innerText]"
#: The first option of the step shown: a button of the bar, else a target on the board.
FIRST_JS = """
const option = document.querySelector(
  '#moves button.move:not([disabled]), #board [data-option]:not([aria-disabled="true"])');
option.scrollIntoView({block: 'nearest'});
// A board's target may be an SVG element, which has no click(): a click event as a pointer makes.
option.dispatchEvent(new MouseEvent('click', {bubbles: true}));
"""


def take_first_option(driver: WebDriver) -> None:
    """Take the first option of the step shown (a bar button, else a target on the board) and wait for the page."""
    before = driver.execute_script(STEP_JS)
    driver.execute_script(FIRST_JS)
    wait_until(driver, lambda: driver.execute_script(STEP_JS) != before, 30, "the step taken")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(GAMES))
def test_the_prompt_and_its_options_stay_in_the_viewport_while_the_page_scrolls(
    browser: WebDriver, stack: Stack, game: str, size: str
) -> None:
    at_size(browser, size)
    at_the_seats_turn(browser, stack, game)
    # The first step taken (a roll, a card): the next step's options must be in sight too.
    take_first_option(browser)
    wait_until(browser, lambda: browser.title.startswith("▶"), 60, "the seat's turn again")
    wait_for_css(browser, "#moves:not([hidden]) #move-prompt")
    for scroll in ("0", "document.documentElement.scrollHeight / 2", "document.documentElement.scrollHeight"):
        browser.execute_script(f"window.scrollTo(0, {scroll})")
        time.sleep(0.1)
        assert browser.execute_script(OUTSIDE_VIEWPORT_JS) == [], f"out of sight at scroll {scroll}"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_tap_target_of_the_shell_is_44_px_square_on_a_phone_mid_game(
    browser: WebDriver, stack: Stack, game: str
) -> None:
    at_size(browser, "phone")
    at_the_seats_turn(browser, stack, game)
    browser.find_element(By.ID, "all-moves").click()
    targets = browser.execute_script(TAP_TARGETS_JS)
    small = [target for target in targets if target[0] == "shell" and (target[2] < TAP or target[3] < TAP)]
    assert targets and not small, small


@pytest.mark.parametrize("game", GAMES)
def test_every_tap_target_of_the_board_is_44_px_square_on_a_phone_mid_game(
    browser: WebDriver, stack: Stack, game: str
) -> None:
    at_size(browser, "phone")
    at_the_seats_turn(browser, stack, game)
    targets = browser.execute_script(TAP_TARGETS_JS)
    small = [target for target in targets if target[0] == "board" and (target[2] < TAP or target[3] < TAP)]
    assert not small, small


def test_a_phones_header_stays_one_row_with_a_turn_waiting_in_another_game(browser: WebDriver, stack: Stack) -> None:
    at_size(browser, "phone")
    waiting = at_the_seats_turn(browser, stack, "felix")
    at_the_seats_turn(browser, stack, "spots")
    # The turn notice of the other game is in the status bar, not in the header.
    wait_for_css(browser, f'#status-bar #other-turns a.your-turn[href="#/games/{waiting}"]')
    assert browser.find_element(By.CSS_SELECTOR, "header.top").rect["height"] <= HEADER
    click(browser, 'a[href="#/"]')
    wait_for_css(browser, f'header.top #other-turns a.your-turn[href="#/games/{waiting}"]')
    assert browser.find_element(By.CSS_SELECTOR, "header.top").rect["height"] <= HEADER


@pytest.mark.parametrize("size", list(SIZES))
def test_no_word_of_the_page_is_cut_in_two(browser: WebDriver, stack: Stack, size: str) -> None:
    at_size(browser, size)
    at_the_seats_turn(browser, stack, "dogslife", name="Reviewer")
    wait_for_css(browser, "#log li.event")
    assert browser.execute_script(WORDS_CUT_JS) == []


def test_a_link_to_no_game_gets_a_page_with_the_way_back_to_the_lobby(browser: WebDriver, stack: Stack) -> None:
    browser.get(f"{stack.url}/#/games/nonexistent")
    wait_for_css(browser, "#game-missing h1")
    assert "Loading" not in browser.find_element(By.ID, "root").text
    # The page's read of the game is refused (404), as it should be: the console says so, and nothing else.
    console = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert all("/v1/games/nonexistent" in line and "404" in line for line in console), console
    click(browser, "#missing-back")
    wait_for_css(browser, "#create-form")
