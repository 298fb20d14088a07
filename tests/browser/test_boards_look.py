"""The boards as a person sees them, in headless chromium at 1280 x 800 and on a 390 x 844 phone: tokens that share a
space lie side by side (no two boxes overlap), every board piece a finger taps is 44 x 44 px at least, every card
and tile has a picture with its rule as a tooltip, and the end panel shows each player's points by category and
the winners. Pictures of what was checked go to $DOGPARK_SCREENSHOTS as boards-*.png (`make screenshots`)."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
import requests
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import (
    api_get,
    create_game_in_page,
    open_page,
    play_by_choices,
    replay_to,
    screenshot,
    spectator_states,
    wait_for_css,
    wait_until,
)

DESKTOP = (1280, 800)
PHONE = (390, 844)
#: The smallest tap target on a phone, in CSS px (WCAG 2.5.5, Apple's and Google's guides).
TAP = 44
#: Bots per game: DOGS with three trucks (three at the Centre after each refuel), the others with two or three.
BOT_SEATS = {
    "felix": ["greedy", "random", "random"],
    "spots": ["greedy", "random"],
    "dogs": ["random", "random", "greedy"],
    "dogslife": ["greedy", "random", "random"],
}
#: The board's pieces that stand on a space, per game: no two of their boxes may overlap.
TOKENS = {
    "felix": "#board .felix-card",
    "spots": "#board .spots-die, #board .spots-tile",
    "dogs": "#board .dogs-truck, #board circle.dogs-dog, #board .dogs-blocker",
    "dogslife": "#board .dl-dog, #board .dl-mark, #board .dl-truck",
}
#: The pictured cards and tiles, per game: each holds an SVG whose <title> names it and tells its rule.
PICTURED = {
    "felix": "#board .felix-face",
    "dogslife": "#board .dl-card[data-target]",
    "dogs": "#board .dogs-card",
    "spots": "#board .spots-tile",
}
#: Finished all-bot games by type, shared by this module's tests (the stack lives for the session).
FINISHED: dict[str, str] = {}


@pytest.fixture(autouse=True)
def motion_back(browser: WebDriver) -> Iterator[None]:
    """The next test's page moves again (this module's tests reduce motion)."""
    yield
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def resize(driver: WebDriver, size: tuple[int, int]) -> None:
    """Show the page at ``size`` CSS px (a phone: touch and a mobile viewport), with reduced motion."""
    width, height = size
    # Pieces stand still where they are drawn (no glide from where they stood) while their boxes are measured.
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}
    )
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )


def finished_bot_game(stack: Stack, type: str) -> str:
    """An all-bot game of ``type`` played to its end (made once per session): its id."""
    if type not in FINISHED:
        created = requests.post(
            f"{stack.url}/v1/games", json={"type": type, "seats": [{"bot": b} for b in BOT_SEATS[type]]}, timeout=30
        )
        assert created.status_code == 201, created.text
        game = created.json()["id"]
        deadline = time.monotonic() + 180
        while api_get(stack, f"/v1/games/{game}")["status"] != "finished":
            assert time.monotonic() < deadline, f"{type} bot game not over in 180 s"
            time.sleep(0.5)
        FINISHED[type] = game
    return FINISHED[type]


def crowded_version(stack: Stack, type: str, game: str) -> int:
    """A version of the game where tokens crowd: DOGS with every truck at the Centre after a refuel, A Dog's Life
    with a dog on the lamppost it has just marked, the others half way through."""
    if type not in ("dogs", "dogslife"):
        return api_get(stack, f"/v1/games/{game}")["version"] // 2
    for version, state in spectator_states(stack, game):
        if not state:
            continue
        if type == "dogs" and state.get("round", 0) >= 2 and all(k["truck"] == "CENTER" for k in state["kennels"]):
            return version
        if type == "dogslife" and any(
            state["marks"].get(dog["space"]) == seat for seat, dog in enumerate(state["seats"]) if dog.get("space")
        ):
            return version
    raise AssertionError(f"no crowded moment in {type} game {game}")


def replay_at(driver: WebDriver, stack: Stack, game: str, version: int) -> None:
    """The game's page replaying ``version`` (as a spectator), loaded afresh."""
    driver.get("about:blank")
    open_page(driver, stack, f"#/games/{game}")
    last = api_get(stack, f"/v1/games/{game}")["version"]
    # The live board first: the slider's range is the log read whole.
    wait_until(driver, lambda: board_version(driver) == str(last), 30, "the live board")
    wait_for_css(driver, "#replay")
    replay_to(driver, version)
    wait_until(
        driver,
        lambda: board_version(driver) == str(version),
        30,
        f"the board at version {version}",
    )


def board_version(driver: WebDriver) -> str | None:
    """The version the board shows."""
    return driver.execute_script("return document.getElementById('board')?.dataset.version")


#: Every pair of boxes (of elements matching arguments[0]) that overlap by more than half a pixel each way.
OVERLAPS_JS = """
const boxes = [...document.querySelectorAll(arguments[0])]
  .map((el) => [el.getAttribute('data-key') || el.getAttribute('class'), el.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && r.height > 0);
const out = [];
for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
  const [a, r] = boxes[i], [b, s] = boxes[j];
  const dx = Math.min(r.right, s.right) - Math.max(r.left, s.left);
  const dy = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
  if (dx > 0.5 && dy > 0.5) out.push([a, b, Math.round(dx), Math.round(dy)]);
}
return [boxes.length, out];
"""


@pytest.mark.parametrize("type", list(BOT_SEATS))
def test_tokens_sharing_a_space_lie_side_by_side_at_both_sizes(browser: WebDriver, stack: Stack, type: str) -> None:
    game = finished_bot_game(stack, type)
    version = crowded_version(stack, type, game)
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        resize(browser, size)
        replay_at(browser, stack, game, version)
        count, overlaps = browser.execute_script(OVERLAPS_JS, TOKENS[type])
        browser.execute_script("document.getElementById('board').scrollIntoView()")
        screenshot(browser, f"boards-{type}-{name}-mid")
        assert count > 1, f"{type}: no tokens drawn at version {version}"
        assert not overlaps, f"{type} at {name} size, version {version}: overlapping tokens {overlaps}"


#: Every board piece that takes a tap now (a choice's target, a move offered on the board), smaller than TAP px.
SMALL_TARGETS_JS = """
const tap = arguments[0];
return [...document.querySelectorAll('#board [data-option], #board [data-move], #board .playable')]
  .map((el) => [el.getAttribute('data-target') || el.getAttribute('aria-label'), el.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && (r.width < tap || r.height < tap))
  .map(([what, r]) => [what, Math.round(r.width), Math.round(r.height)]);
"""
#: The game's seats as created in the page: the page's own and bots.
LIVE_SEATS = {
    "felix": ["human", "greedy", "random"],
    "spots": ["human", "greedy"],
    "dogs": ["human", "random"],
    "dogslife": ["human", "random"],
}


class Enough(Exception):
    """Enough of the game was seen."""


@pytest.mark.parametrize("type", list(LIVE_SEATS))
def test_every_piece_a_finger_taps_is_44_px_on_a_phone(browser: WebDriver, stack: Stack, type: str) -> None:
    resize(browser, PHONE)
    open_page(browser, stack, "#/")
    create_game_in_page(browser, type, LIVE_SEATS[type])
    # By the moment seen: the version and the step of the choice (a step's board node keeps the version).
    measured: dict[tuple[int, str], list] = {}

    def measure(page: dict[str, Any]) -> None:
        moment = (page["version"], page["prompt"])
        if page["as"] is None or moment in measured or not (page["targets"] or page["buttons"]):
            return
        measured[moment] = browser.execute_script(SMALL_TARGETS_JS, TAP)
        if len(measured) < 3:
            screenshot(browser, f"boards-{type}-phone-live-{len(measured)}")
        if len(measured) >= 12:
            raise Enough

    def walk(page: dict[str, Any]) -> str | None:
        """A Dog's Life's seat walks whenever it may, so that the map's squares are offered."""
        return "Move" if type == "dogslife" else None

    with contextlib.suppress(Enough):
        play_by_choices(browser, random.Random(35), timeout=150, prefer=walk, seen=measure)
    assert measured, f"{type}: the seat was never offered a move"
    small = {moment: found for moment, found in measured.items() if found}
    assert not small, f"{type}: taps under {TAP} px on a phone, by version and step: {small}"


#: Each pictured piece: [its data-target, whether it holds an svg, its svg's <title>].
PICTURES_JS = """
return [...document.querySelectorAll(arguments[0])].map((el) => {
  const title = el.querySelector('svg > title');
  return [el.getAttribute('data-target'), !!el.querySelector('svg'), title ? title.textContent : null];
});
"""


@pytest.mark.parametrize("type", list(PICTURED))
def test_every_card_has_a_picture_and_its_rule_as_a_tooltip(browser: WebDriver, stack: Stack, type: str) -> None:
    game = finished_bot_game(stack, type)
    content = api_get(stack, f"/v1/game-types/{type}")["content"]
    names = {card["id"]: card["name"] for card in content.get("cards", content.get("tiles"))}
    replay_at(browser, stack, game, api_get(stack, f"/v1/games/{game}")["version"] // 2)
    browser.execute_script("arguments[0].scrollIntoView()", wait_for_css(browser, PICTURED[type]))
    screenshot(browser, f"boards-{type}-desktop-cards")
    pieces = browser.execute_script(PICTURES_JS, PICTURED[type])
    assert pieces, f"{type}: no card drawn"
    for target, pictured, title in pieces:
        assert pictured, f"{type}: {target} has no picture"
        # The title starts with the card's name from the server's content, then tells its rule.
        name = names[target] if type != "felix" else names[target].split(" (")[0]
        assert title and title.startswith(f"{name}: ") and title[len(name) + 2 :].strip(), (target, title)


#: The result table's rows: [seat, {part: its cell's text}, the total's text].
RESULT_ROWS_JS = """
return [...document.querySelectorAll('#result tr[data-seat]')].map((row) => [
  Number(row.dataset.seat),
  Object.fromEntries([...row.querySelectorAll('td.part')].map((td) => [td.dataset.part, td.textContent])),
  row.querySelector('td.score').textContent,
]);
"""


def test_the_end_panel_shows_each_players_points_by_category_and_the_winners(browser: WebDriver, stack: Stack):
    for type in BOT_SEATS:
        game = finished_bot_game(stack, type)
        view = api_get(stack, f"/v1/games/{game}")
        scores = view["result"]["scores"]
        content = api_get(stack, f"/v1/game-types/{type}")["content"]
        # A thing of the game a part names (A Dog's Life's dog) shows by its name.
        named = {
            item["id"]: item["name"]
            for items in content.values()
            if isinstance(items, list)
            for item in items
            if isinstance(item, dict) and "id" in item and "name" in item
        }
        for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
            resize(browser, size)
            open_page(browser, stack, f"#/games/{game}")
            wait_for_css(browser, "#result tr[data-seat] td.score")
            table = browser.execute_script(RESULT_ROWS_JS)
            for seat, parts, total in table:
                score = next(s for s in scores if s["seat"] == seat)
                # A part that is every row's total (A Dog's Life's bones buried) is shown once, as the total.
                expected = {
                    k: v
                    for k, v in score.items()
                    if k not in ("seat", "total") and not all(other[k] == other["total"] for other in scores)
                }
                assert set(parts) == set(expected), (type, seat, parts)
                for key, value in expected.items():
                    if isinstance(value, int):
                        assert parts[key] == str(value), (type, seat, key, parts[key], value)
                    if isinstance(value, str):
                        assert parts[key] == named.get(value, value), (type, seat, key, parts[key], value)
                assert total == str(score["total"])
            winners = browser.find_element("css selector", "#winners").text
            for seat in view["result"]["winners"]:
                assert view["seats"][seat]["name"] in winners, (type, winners)
            browser.execute_script("document.getElementById('result').scrollIntoView()")
            screenshot(browser, f"boards-{type}-{name}-end")
