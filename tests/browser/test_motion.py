"""Moves shown as they happen (js/motion.js): a batch of several events heard on the stream is drawn version by
version at the chosen speed, a click skips to its end, reduced motion shows it at once, and the highlight of what
changed stays inside its panel."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import requests
from dogpark_client.bot import game_moves
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import open_page, screenshot, wait_for_css, wait_until

#: Records every version the board is drawn at, with the time it was drawn, and the time of each click.
RECORD_DRAWINGS = """
window.drawn = []; window.clicks = [];
const board = document.getElementById('board');
new MutationObserver(() => window.drawn.push([Number(board.dataset.version), performance.now()]))
  .observe(board, {attributes: true, attributeFilter: ['data-version']});
document.addEventListener('pointerdown', () => window.clicks.push(performance.now()), true);
"""

#: For every highlighted piece of the board outside an SVG drawing: how far what its highlight paints (the piece's
#: box, grown by the outward shadows and outline of the highlight's keyframes) reaches past its panel (the keyed
#: piece that holds it, else the board), in CSS px, when it does.
HIGHLIGHTS_OUTSIDE_PANELS_JS = """
const px = (text) => (String(text).match(/-?[\\d.]+px/g) || []).map(parseFloat);
const reach = (frame) => {
  let most = 0;
  // Each shadow: "<colour> <x> <y> <blur> <spread> [inset]"; an inset one paints inside the box.
  for (const shadow of String(frame.boxShadow ?? 'none').split(/,(?![^(]*\\))/)) {
    if (shadow.trim() === 'none' || /\\binset\\b/.test(shadow)) continue;
    const [x = 0, y = 0, blur = 0, spread = 0] = px(shadow.replace(/rgba?\\([^)]*\\)/g, ''));
    most = Math.max(most, Math.max(Math.abs(x), Math.abs(y)) + blur + spread);
  }
  const width = frame.outlineWidth ?? px(frame.outline ?? '')[0];
  if (width !== undefined) most = Math.max(most, parseFloat(width) + parseFloat(frame.outlineOffset ?? 0));
  return most;
};
return [...document.querySelectorAll('#board .changed')].filter((el) => !(el instanceof SVGElement)).map((el) => {
  const frames = el.getAnimations().flatMap((animation) => animation.effect.getKeyframes());
  const grown = Math.max(0, ...frames.map(reach));
  const panel = el.parentElement.closest('[data-key], #board').getBoundingClientRect();
  const box = el.getBoundingClientRect();
  const out = Math.max(panel.left - (box.left - grown), (box.right + grown) - panel.right,
    panel.top - (box.top - grown), (box.bottom + grown) - panel.bottom);
  return [el.dataset.key, frames.length, out];
}).filter(([, , out]) => out > 0.5);
"""


@dataclass
class Batch:
    """A command's events as the stream tells them: the versions with a text, and the game's version after it."""

    told: list[int]
    version: int


@dataclass
class Table:
    """A Felix game whose three seats the test plays through the API, watched by the page as a spectator."""

    stack: Stack
    game: str
    tokens: list[str]

    def view(self) -> dict:
        """The game as a spectator sees it."""
        response = requests.get(f"{self.stack.url}/v1/games/{self.game}", timeout=30)
        response.raise_for_status()
        return response.json()

    def move(self) -> Batch:
        """The first legal move of the seat to act, sent as that seat's player would; its batch."""
        view = self.view()
        seat = view["to_act"][0]
        token = self.tokens[seat]
        mine = requests.get(
            f"{self.stack.url}/v1/games/{self.game}", headers={"Authorization": f"Bearer {token}"}, timeout=30
        ).json()
        body = game_moves(mine["legal_moves"])[-1]
        response = requests.post(
            f"{self.stack.url}/v1/games/{self.game}/commands",
            json=body,
            headers={"Authorization": f"Bearer {token}"},
            timeout=30,
        )
        assert response.ok, response.text
        answer = response.json()
        return Batch([e["version"] for e in answer["events"] if e["text"]], answer["game"]["version"])


def board_version(driver: WebDriver) -> int:
    """The version the board was last drawn at."""
    return int(driver.find_element(By.ID, "board").get_attribute("data-version") or 0)


def watch(driver: WebDriver, stack: Stack, speed: str) -> Table:
    """A Felix game of three seats claimed by the test, its page open as a spectator's at ``speed``, recording."""
    open_page(driver, stack)
    driver.execute_script("localStorage.setItem('dogpark.speed', arguments[0])", speed)
    game = requests.post(
        f"{stack.url}/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}, timeout=30
    ).json()["id"]
    tokens = [
        requests.post(f"{stack.url}/v1/games/{game}/seats/{n}", json={}, timeout=30).json()["token"] for n in range(3)
    ]
    open_page(driver, stack, f"#/games/{game}")
    wait_for_css(driver, '#status[data-status="running"]')
    assert driver.find_element(By.ID, "motion-speed").get_attribute("value") == speed
    driver.execute_script(RECORD_DRAWINGS)
    return Table(stack, game, tokens)


def a_long_batch(driver: WebDriver, table: Table) -> Batch:
    """Moves until one makes a batch of at least three told events (the cards of a row turned over, a sack won);
    each shorter batch is waited for until the board shows its end."""
    for _ in range(60):
        batch = table.move()
        if len(batch.told) >= 3:
            return batch
        wait_until(driver, lambda b=batch: board_version(driver) >= b.version, 30, "the batch drawn")
    raise AssertionError("no batch of three told events in 60 moves")


def drawn(driver: WebDriver) -> list[int]:
    """The versions the board was drawn at since recording began, in order, each once (a version drawn again
    counts once)."""
    versions = [version for version, _ in driver.execute_script("return window.drawn")]
    return [v for i, v in enumerate(versions) if not i or v != versions[i - 1]]


@pytest.fixture
def reduced_motion(browser: WebDriver) -> Iterator[WebDriver]:
    """The browser asking pages for reduced motion, as a player's system setting does."""
    features = [{"name": "prefers-reduced-motion", "value": "reduce"}]
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
    yield browser
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_batch_of_several_events_is_drawn_one_version_after_another(browser: WebDriver, stack: Stack) -> None:
    table = watch(browser, stack, "normal")
    batch = a_long_batch(browser, table)
    steps = [v for v in batch.told if v < batch.version]
    for n, version in enumerate(steps):
        wait_until(browser, lambda v=version: v in drawn(browser), 30, f"version {version} drawn")
        screenshot(browser, f"motion-step-{n}-v{version}")
    wait_until(browser, lambda: board_version(browser) == batch.version, 30, "the batch's end")
    seen = [v for v in drawn(browser) if v in steps or v == batch.version]
    # Each told event's version once, in order, then the view after the batch.
    assert seen[-len(steps) - 1:] == [*steps, batch.version]
    # The event shown is marked in the log while it is shown, and no longer once the batch is over.
    wait_until(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, "#log li.motion-now"), 5, "the mark gone")


def test_a_click_skips_the_rest_of_the_batch(browser: WebDriver, stack: Stack) -> None:
    table = watch(browser, stack, "slow")
    batch = a_long_batch(browser, table)
    first = batch.told[0]
    wait_until(browser, lambda: first in drawn(browser), 30, "the batch's first event drawn")
    # Anywhere that is no control: a log line is one now (it jumps the replay there).
    browser.find_element(By.ID, "board").click()
    wait_until(browser, lambda: board_version(browser) == batch.version, 5, "the batch's end")
    clicked = browser.execute_script("return window.clicks[0]")
    end = next(at for version, at in browser.execute_script("return window.drawn") if version == batch.version)
    # At once: well within one slow step (1.4 s), with the events after the click never drawn.
    assert end - clicked < 500
    assert [v for v in drawn(browser) if first < v < batch.version] == []


def test_reduced_motion_shows_the_batch_at_once_with_a_highlight_that_holds_still(
    reduced_motion: WebDriver, stack: Stack
) -> None:
    browser = reduced_motion
    table = watch(browser, stack, "slow")
    batch = a_long_batch(browser, table)
    wait_until(browser, lambda: board_version(browser) == batch.version, 10, "the batch's end")
    assert [v for v in drawn(browser) if v in batch.told and v < batch.version] == []
    names = browser.execute_script(
        "return [...document.querySelectorAll('#board .changed')].map((el) => getComputedStyle(el).animationName)"
    )
    assert names and set(names) == {"motion-glow-still"}
    # The highlight goes by itself, as it does with motion.
    wait_until(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, "#board .changed"), 5, "the highlight gone")


def test_the_highlight_of_what_changed_never_reaches_past_its_panel(browser: WebDriver, stack: Stack) -> None:
    table = watch(browser, stack, "normal")
    batch = a_long_batch(browser, table)
    wait_until(browser, lambda: batch.told[0] in drawn(browser), 30, "the batch's first event drawn")
    # Measured through the highlight's fade, while it shows most.
    for _ in range(6):
        animated = browser.execute_script(
            "return [...document.querySelectorAll('#board .changed')].map((el) => el.getAnimations().length > 0)"
        )
        assert animated and all(animated)
        assert browser.execute_script(HIGHLIGHTS_OUTSIDE_PANELS_JS) == []
        browser.execute_script("return new Promise((done) => setTimeout(done, 100))")
    screenshot(browser, "motion-highlight")
