"""What the browser tests do with the page: open it, create a game from the lobby's form, click moves, read scores."""

from __future__ import annotations

import base64
import json
import os
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import requests
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    NoSuchElementException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select

from domain import table as tables
from service.ops.stack import Stack

#: An element not drawn yet, or replaced by a redraw between finding and clicking it.
GONE = (
    NoSuchElementException,
    StaleElementReferenceException,
    WebDriverException,
    ElementNotInteractableException,
    ElementClickInterceptedException,
)
#: Seconds a helper waits for the page by default: far more than it needs, for a machine shared by many test runs.
PATIENCE = 30
#: The tallest screenshot taken, in CSS pixels: a long log must not make a poster of it.
SCREENSHOT_MAX_HEIGHT = 2400
#: The web client's own catalogues, one per language.
WEB_CATALOGUES = Path(__file__).resolve().parents[2] / "service" / "http" / "web" / "static" / "i18n"


def wait_until(driver: WebDriver, check: Callable[[], Any], timeout: float, what: str) -> Any:
    """Poll ``check`` until it returns something truthy; fail naming ``what`` and the page's status after timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = check()
        except GONE:
            value = None
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what} at {driver.current_url}{page_state(driver)}")


#: What the page shows of itself when a wait fails: its status and notice (hidden or not), a busy Create button, the
#: form fields the browser finds invalid (which stop a submit without a word), and the element with the focus.
PAGE_STATE_JS = """
const text = (id) => document.getElementById(id)?.textContent ?? null;
const create = document.getElementById('create');
return {
  status: text('status'), notice: text('notice'), create_disabled: create ? create.disabled : null,
  invalid: [...document.querySelectorAll(':invalid')].map((e) => e.id || e.name || e.tagName),
  focus: document.activeElement ? (document.activeElement.id || document.activeElement.tagName) : null,
};
"""


def page_state(driver: WebDriver) -> str:
    """The page's state and its console's last entries, for a failed wait's message."""
    try:
        state = driver.execute_script(PAGE_STATE_JS)
        console = [entry["message"] for entry in driver.get_log("browser")][-5:]
    except WebDriverException as error:
        return f"; the page could not be read: {error.msg}"
    return f"; {state}; console: {console}"


def wait_for_css(driver: WebDriver, css: str, timeout: float = PATIENCE) -> WebElement:
    """The first element matching ``css``, once there is one."""
    return wait_until(driver, lambda: next(iter(driver.find_elements(By.CSS_SELECTOR, css)), None), timeout, css)


def text_of(driver: WebDriver, css: str, timeout: float = PATIENCE) -> str:
    """The text of the first element matching ``css``, read again if a redraw replaced it meanwhile."""
    return wait_until(driver, lambda: [driver.find_element(By.CSS_SELECTOR, css).text], timeout, css)[0]


def click(driver: WebDriver, css: str, timeout: float = PATIENCE) -> None:
    """Click the first element matching ``css`` once there is one (again if a redraw replaced it meanwhile)."""
    wait_until(driver, lambda: driver.find_element(By.CSS_SELECTOR, css).click() or True, timeout, f"a click on {css}")


def press(driver: WebDriver, css: str, key: str, timeout: float = PATIENCE) -> None:
    """Focus the first element matching ``css`` and press ``key`` (again if a redraw replaced it meanwhile)."""
    wait_until(
        driver, lambda: driver.find_element(By.CSS_SELECTOR, css).send_keys(key) or True, timeout, f"{key!r} on {css}"
    )


def open_page(driver: WebDriver, stack: Stack, hash: str = "#/") -> None:
    """Load the client at ``hash`` (#/ the lobby, #/games/<id> a game) and wait until the route is drawn."""
    driver.get(f"{stack.url}/{hash}")
    ready = "#create-form" if hash in ("", "#/") else "#root > *"
    wait_for_css(driver, ready)


def create_game_in_page(
    driver: WebDriver, type: str, seats: list[str], options: dict[str, Any] | None = None, clock: int | None = None
) -> str:
    """Fill the lobby's form (the page must show the lobby) and submit it; the new game's id, once its page shows.

    ``seats`` holds "human" or a bot's name per seat; ``options`` the game's options by key (a list for an array
    option); ``clock`` seconds per decision. The page claims the first human seat for its player.
    """
    Select(wait_for_css(driver, "#create-type")).select_by_value(type)
    while len(seat_rows(driver)) < len(seats):
        driver.find_element(By.ID, "add-seat").click()
    while len(seat_rows(driver)) > len(seats):
        seat_rows(driver)[-1].find_element(By.CSS_SELECTOR, ".remove-seat").click()
    for row, kind in zip(seat_rows(driver), seats, strict=True):
        Select(row.find_element(By.CSS_SELECTOR, "select.seat-kind")).select_by_value(kind)
    for key, value in (options or {}).items():
        fields = driver.find_elements(By.CSS_SELECTOR, f'#create-form [name="option-{key}"]')
        for field, item in zip(fields, value if isinstance(value, list) else [value], strict=True):
            set_field(field, item)
    if clock is not None:
        set_field(driver.find_element(By.ID, "create-clock"), clock)
    before = driver.current_url
    driver.find_element(By.ID, "create").click()
    wait_until(
        driver, lambda: driver.current_url != before and "#/games/" in driver.current_url, PATIENCE, "the game page"
    )
    wait_for_css(driver, "#status[data-status]")
    return game_id(driver)


def seat_rows(driver: WebDriver) -> list[WebElement]:
    """The create form's seat rows."""
    return driver.find_elements(By.CSS_SELECTOR, "#create-seats .seat-row")


def set_field(field: WebElement, value: Any) -> None:
    """Give a form field a value: a select's option, a checkbox's state, an input's text."""
    if field.tag_name == "select":
        Select(field).select_by_value(str(value))
    elif field.get_attribute("type") == "checkbox":
        if field.is_selected() != bool(value):
            field.click()
    else:
        field.clear()
        field.send_keys(str(value))


def game_id(driver: WebDriver) -> str:
    """The id of the game the page shows."""
    return driver.current_url.split("#/games/")[1].split("/")[0].split("?")[0]


def play_by_clicking(
    driver: WebDriver, rng: random.Random, timeout: float = 60, css: str = "button.move:not([disabled])"
) -> int:
    """Click a random move (``css``: the move buttons by default) whenever there is one, until the game is over;
    the number of clicks."""
    deadline = time.monotonic() + timeout
    clicks = 0
    while not finished(driver):
        if time.monotonic() > deadline:
            raise AssertionError(f"game not over after {timeout} s and {clicks} clicks: {status_text(driver)!r}")
        moves = driver.find_elements(By.CSS_SELECTOR, css)
        if not moves:
            time.sleep(0.05)
            continue
        try:
            rng.choice(moves).click()
            clicks += 1
        except GONE:
            continue
    return clicks


def finished(driver: WebDriver) -> bool:
    """True once the page says the game is over."""
    return bool(driver.find_elements(By.CSS_SELECTOR, '#status[data-status="finished"]'))


def status_text(driver: WebDriver) -> str:
    """The page's status line."""
    return driver.execute_script('const el = document.getElementById("status"); return el ? el.innerText : ""')


def attributes(driver: WebDriver, css: str, name: str) -> list[str | None]:
    """The attribute ``name`` of every element matching ``css``, read at one instant (the page may redraw them)."""
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((el) => el.getAttribute(arguments[1]))", css, name
    )


def texts(driver: WebDriver, css: str) -> list[str]:
    """The text of every element matching ``css``, read at one instant."""
    return driver.execute_script("return [...document.querySelectorAll(arguments[0])].map((el) => el.textContent)", css)


def page_scores(driver: WebDriver, timeout: float = PATIENCE) -> dict[int, Any]:
    """Seat -> score as the page's result table shows it (waits for the table)."""
    wait_for_css(driver, "#result tr[data-seat] td.score", timeout)
    # Read in one script: the page redraws the table whenever the view is read again.
    rows = driver.execute_script(
        "return [...document.querySelectorAll('#result tr[data-seat]')]"
        ".map((row) => [row.dataset.seat, row.querySelector('td.score').textContent])"
    )
    return {int(seat): json.loads(score) for seat, score in rows}


def api_scores(result: dict) -> dict[int, Any]:
    """Seat -> total score of an API result (GET /v1/games/{id} body's `result`)."""
    return {score["seat"]: score["total"] for score in result["scores"]}


def page_player(driver: WebDriver) -> dict:
    """The player the page keeps in localStorage: {id, name, token}."""
    return json.loads(driver.execute_script("return localStorage.getItem('dogpark.player')"))


def api_get(stack: Stack, path: str, token: str | None = None, **params: Any) -> dict:
    """GET an API path as JSON (a seat's or player's token, or none for a spectator)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = requests.get(stack.url + path, headers=headers, params=params, timeout=30)
    response.raise_for_status()
    return response.json()


def spectator_states(stack: Stack, game: str) -> Iterator[tuple[int, dict]]:
    """Each version of a finished game with the state a spectator's replay of it shows, folded here from the game's
    audit in one read: a replay per version spent the address's replay rate (300 a minute) and a later test got 429."""
    table = None
    for envelope in api_get(stack, f"/v1/games/{game}/audit")["events"]:
        table = tables.evolve(table, {"type": envelope["type"], "data": envelope["data"]})
        yield envelope["version"], tables.view(table, None)["state"]


#: Sets the move bar's position (through the CSSOM): "static" for a picture of the whole page, "" back to sticky.
UNSTICK_BAR = "document.getElementById('moves')?.style.setProperty('position', arguments[0])"


def screenshot(driver: WebDriver, name: str) -> Path | None:
    """Save the whole page as $DOGPARK_SCREENSHOTS/<name>.png when that variable is set; None otherwise."""
    folder = os.environ.get("DOGPARK_SCREENSHOTS")
    if not folder:
        return None
    path = Path(folder) / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    size = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    clip = {"x": 0, "y": 0, "width": size[0], "height": min(size[1], SCREENSHOT_MAX_HEIGHT), "scale": 1}
    # A picture of the whole page has no screen's bottom to stick the move bar to: it is drawn where it stands.
    driver.execute_script(UNSTICK_BAR, "static")
    try:
        shot = driver.execute_cdp_cmd(
            "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip}
        )
    finally:
        driver.execute_script(UNSTICK_BAR, "")
    path.write_bytes(base64.b64decode(shot["data"]))
    return path


def felix_at_the_seats_turn(driver: WebDriver, stack: Stack) -> tuple[str, str, dict]:
    """A Felix game created in the page with the page's seat and two bots, once it is the seat's turn: its id, the
    page's player token and the seat's view."""
    open_page(driver, stack)
    game = create_game_in_page(driver, "felix", ["human", "greedy", "random"])
    wait_until(driver, lambda: driver.title.startswith("▶ Your turn"), 30, "the seat's turn")
    token = page_player(driver)["token"]
    return game, token, api_get(stack, f"/v1/games/{game}", token)


#: The most option buttons a move bar may show at once (a `buttons` node offers 20 at most).
MOST_BUTTONS = 20
#: An option of the seat's current choice that can be taken now: a button of the move bar, or a target lit on the
#: board; FIRST_OPTION the node's first.
OPTION = '#moves button.move:not([disabled]), #board [data-option]:not([aria-disabled="true"])'
FIRST_OPTION = '#moves button.move[data-move="0"], #board [data-option="0"]'
#: Every option of the current choice, as `disabled` (true while a move is in flight), read in one script.
OPTIONS_DISABLED_JS = """
return [...document.querySelectorAll('#moves button.move, #board [data-option]')]
  .map((el) => el.disabled || el.getAttribute('aria-disabled') === 'true');
"""

#: The move bar and the board's targets as the player sees them, read in one call: whether the game is over, the
#: version shown, how the node shows ("buttons", "board", "number" or null), its prompt, the enabled option buttons
#: (index, label), the board's enabled targets (index, label), and whether the bar pages a longer list.
CHOICES_JS = """
const bar = document.getElementById('moves');
const options = bar && !bar.hidden ? bar.querySelector('.move-options') : null;
const enabled = (el) => !el.disabled && el.getAttribute('aria-disabled') !== 'true';
return {
  finished: !!document.querySelector('#status[data-status="finished"]'),
  version: Number(document.getElementById('board')?.dataset.version || 0),
  as: options ? options.dataset.as : null,
  prompt: options ? bar.querySelector('#move-prompt').textContent : null,
  buttons: options ? [...bar.querySelectorAll('button.move')].filter(enabled)
    .map((el) => [el.dataset.move, el.textContent]) : [],
  targets: options ? [...document.querySelectorAll('#board [data-option]')].filter(enabled)
    .map((el) => [el.dataset.option, el.getAttribute('aria-label')]) : [],
  more: !!(options && bar.querySelector('#move-more')),
  stepper: !!(options && bar.querySelector('#move-confirm')),
};
"""


def replay_to(driver: WebDriver, version: int) -> None:
    """Move the replay slider to ``version`` as a user's drag does (an input event)."""
    driver.execute_script(
        "const s = document.getElementById('replay'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input', {bubbles: true}));",
        version,
    )


def save_player(driver: WebDriver, name: str) -> None:
    """Name the page's player in the lobby and save it; wait until the page keeps the player made."""
    driver.find_element(By.ID, "player-name").send_keys(name)
    driver.find_element(By.ID, "player-save").click()
    wait_until(driver, lambda: driver.execute_script("return localStorage.getItem('dogpark.player')"), 30, "a player")


def choices_seen(driver: WebDriver) -> dict[str, Any]:
    """The move bar and the board's targets now (see CHOICES_JS)."""
    return driver.execute_script(CHOICES_JS)


def play_by_choices(
    driver: WebDriver,
    rng: random.Random,
    timeout: float = 90,
    prefer: Callable[[dict[str, Any]], str | None] | None = None,
    seen: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play the page's seat to the end of the game as a player would: a `board` node by clicking a highlighted target
    on the board (the first one by the keyboard), a `number` node by its stepper, any other by one of the bar's
    buttons; never more than MOST_BUTTONS buttons at once. ``prefer(page)`` may name a label to click when offered
    (the bar's other pages are looked through for it); ``seen(page)`` is called with every page read. The moments
    acted on, in order."""
    deadline = time.monotonic() + timeout
    acted: list[dict[str, Any]] = []
    keyboard_used = False
    paged = 0
    while not (page := choices_seen(driver))["finished"]:
        assert time.monotonic() < deadline, f"not over after {timeout} s, {len(acted)} choices: {status_text(driver)!r}"
        assert len(page["buttons"]) <= MOST_BUTTONS, page["buttons"]
        if seen:
            seen(page)
        if page["as"] is None or not (page["buttons"] or page["targets"] or page["stepper"]):
            time.sleep(0.05)
            continue
        wanted = prefer(page) if prefer else None
        by_label = {label: index for index, label in page["buttons"]}
        try:
            if wanted is not None and wanted not in by_label and page["more"] and paged < 10:
                paged += 1
                driver.find_element(By.ID, "move-more").click()
                continue
            paged = 0
            if wanted in by_label:
                driver.find_element(By.CSS_SELECTOR, f'#moves button.move[data-move="{by_label[wanted]}"]').click()
            elif page["as"] == "board" and page["targets"]:
                index, _ = rng.choice(page["targets"])
                piece = driver.find_element(By.CSS_SELECTOR, f'#board [data-option="{index}"]')
                if keyboard_used:
                    piece.click()
                else:
                    driver.execute_script("arguments[0].focus()", piece)
                    ActionChains(driver).send_keys(Keys.ENTER).perform()
                    keyboard_used = True
            elif page["as"] == "number" and page["stepper"]:
                for _ in range(rng.randrange(3)):
                    plus = driver.find_element(By.ID, "move-plus")
                    if plus.is_enabled():
                        plus.click()
                driver.find_element(By.ID, "move-confirm").click()
            else:
                index, _ = rng.choice(page["buttons"])
                driver.find_element(By.CSS_SELECTOR, f'#moves button.move[data-move="{index}"]').click()
        except GONE:
            continue
        acted.append(page)
        # A step redraws the bar at once; a move disables it until the answer: wait for either before reading again.
        wait_until(driver, lambda: choices_seen(driver) != page, PATIENCE, "the page to take the choice")
    return acted


def header_field(driver: WebDriver, id: str) -> WebElement:
    """A field of the header's menu (the name, the language), opening the menu first where it hides (a phone)."""
    field = driver.find_element(By.ID, id)
    if not field.is_displayed():
        driver.find_element(By.ID, "menu-toggle").click()
        wait_until(driver, field.is_displayed, PATIENCE, "the header's menu")
    return field


def choose_language(driver: WebDriver, code: str) -> None:
    """Pick a language in the header's menu and wait for the page to load again in it."""
    wait_for_css(driver, "#language")
    Select(header_field(driver, "language")).select_by_value(code)
    wait_until(
        driver,
        lambda: (
            driver.execute_script("return document.documentElement.lang") == code
            and driver.find_elements(By.CSS_SELECTOR, "#root > *")
        ),
        PATIENCE,
        f"the page in {code}",
    )


def client_words(language: str) -> dict[str, Any]:
    """The web client's own catalogue of ``language``."""
    return json.loads((WEB_CATALOGUES / f"{language}.json").read_text(encoding="utf-8"))


def english_ui_strings_shown(driver: WebDriver, language: str) -> list[str]:
    """The client's English words that the page shows in full as some element's own text, though ``language``
    says them otherwise (a string the same in both, a name, is not counted; nor is text marked translate="no": a
    player named "Player" is not an English word left untranslated)."""
    english, other = client_words("en"), client_words(language)
    words = sorted(
        {
            text
            for key, value in english.items()
            for text in (value.values() if isinstance(value, dict) else [value])
            if "{" not in text and value != other[key]
        }
    )
    return driver.execute_script(
        """
        const words = new Set(arguments[0]);
        const found = new Set();
        for (const el of document.querySelectorAll('body *')) {
          if (el.closest('[hidden]') || el.closest('[translate="no"]') || el.tagName === 'SCRIPT') continue;
          const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)
            .map((n) => n.textContent).join('');
          for (const text of [own.trim(), (el.getAttribute('aria-label') || '').trim()]) {
            if (words.has(text)) found.add(text);
          }
        }
        return [...found];
        """,
        words,
    )
