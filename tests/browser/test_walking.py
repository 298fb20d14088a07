"""Tokens walk along the board's ways (js/motion.js `walkFrames`): A Dog's Life's truck goes street by street from the
cell it left to the cell it reached, and a DOGS truck road space by road space, each step a space's length, in the
time one event takes at the player's speed; with `prefers-reduced-motion` nothing moves."""

from __future__ import annotations

import math
from collections import deque

from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import api_get, replay_to, spectator_states, wait_until
from tests.browser.test_boards_look import finished_bot_game, replay_at

#: A Dog's Life's board: SVG units per cell (js/boards/dogslife.js CELL).
DL_CELL = 10

#: The resting points of the truck's running walk (the keyframes at each step's end), in SVG units.
WALK_POINTS_JS = """
const truck = document.querySelector(arguments[0]);
return truck.getAnimations().map((a) => a.effect.getKeyframes())
  .filter((frames) => frames.every((f) => f.transform)).flat()
  .filter((_, i) => i % 2 === 0)
  .map((f) => f.transform.match(/-?[\\d.]+/g).map(Number));
"""


def steps_between(content: dict, start: str, end: str) -> int:
    """Spaces from ``start`` to ``end`` along the board's adjacency (the shortest way that passes no building: a
    space of a kind other than a street is entered only at the end)."""
    spaces = content["board"]["spaces"]
    passable = {s["id"] for s in spaces if s.get("kind") in (None, "street")} | {start}
    near = {space["id"]: space["adjacent"] if space["id"] in passable else [] for space in spaces}
    seen = {start: 0}
    queue = deque([start])
    while queue:
        space = queue.popleft()
        for other in near[space]:
            if other not in seen:
                seen[other] = seen[space] + 1
                queue.append(other)
    return seen[end]


def set_speed(driver: WebDriver, speed: str) -> None:
    """The speed the page's player chose (read at each drawing)."""
    driver.execute_script("localStorage.setItem('dogpark.speed', arguments[0])", speed)


def slide_to(driver: WebDriver, version: int) -> None:
    """Move the replay's slider to ``version``, as a person drags it, and wait for the board there."""
    replay_to(driver, version)
    wait_until(
        driver,
        lambda: driver.execute_script("return document.getElementById('board').dataset.version") == str(version),
        30,
        f"the board at version {version}",
    )


def a_long_truck_move(stack: Stack, game: str, content: dict) -> tuple[int, int]:
    """A version of the game and the number of streets its truck goes from the version before (at least two).

    Read from the game's log (one read: a replay of each version would spend the address's replays)."""
    before = None
    for event in api_get(stack, f"/v1/games/{game}/events", limit=10_000)["events"]:
        if event["type"] != "TruckMoved":
            continue
        cell = event["data"]["to"]
        if before and cell != before and (steps := steps_between(content, before, cell)) >= 2:
            return event["version"], steps
        before = cell
    raise AssertionError(f"the truck of game {game} never went two streets at once")


def test_a_dog_s_life_truck_walks_street_by_street(browser: WebDriver, stack: Stack) -> None:
    game = finished_bot_game(stack, "dogslife")
    content = api_get(stack, "/v1/game-types/dogslife")["content"]
    version, steps = a_long_truck_move(stack, game, content)
    replay_at(browser, stack, game, version - 1)
    set_speed(browser, "slow")
    slide_to(browser, version)
    points = browser.execute_script(WALK_POINTS_JS, "#board .dl-truck")
    assert len(points) == steps + 1, f"{steps} streets walked in {len(points) - 1} steps: {points}"
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        assert math.hypot(x1 - x0, y1 - y0) <= DL_CELL + 0.5, f"a jump of more than a street: {points}"


def test_with_reduced_motion_the_truck_stands_still(browser: WebDriver, stack: Stack) -> None:
    game = finished_bot_game(stack, "dogslife")
    content = api_get(stack, "/v1/game-types/dogslife")["content"]
    version, _ = a_long_truck_move(stack, game, content)
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}
    )
    try:
        replay_at(browser, stack, game, version - 1)
        set_speed(browser, "slow")
        slide_to(browser, version)
        assert browser.execute_script(WALK_POINTS_JS, "#board .dl-truck") == []
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


#: The keyframes' resting points of a DOGS truck walking from arguments[1] to where it stands, as motion.js makes
#: them in the page's own drawing.
DOGS_WALK_JS = """
const [key, from, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
Promise.all([import('/app/js/motion.js'), fetch('/v1/game-types/dogs').then((r) => r.json())])
  .then(([motion, type]) => {
    const truck = document.querySelector(`#board [data-key="${key}"]`);
    const to = truck.getAttribute('transform').match(/-?[\\d.]+/g).map(Number);
    const frames = motion.walkFrames(truck, type.content, from, [0, 0], to);
    done(frames.filter((_, i) => i % 2 === 0).map((f) => f.transform.match(/-?[\\d.]+/g).map(Number)));
  });
"""


def test_a_dogs_truck_walks_road_space_by_road_space(browser: WebDriver, stack: Stack) -> None:
    start = "CENTER"
    game = finished_bot_game(stack, "dogs")
    content = api_get(stack, "/v1/game-types/dogs")["content"]
    version, seat, space = next(
        (version, seat, kennel["truck"])
        for version, state in spectator_states(stack, game)
        if state
        for seat, kennel in enumerate(state.get("kennels", []))
        if kennel["truck"] not in ("HOME", "CENTER") and steps_between(content, start, kennel["truck"]) >= 2
    )
    replay_at(browser, stack, game, version)
    steps = steps_between(content, start, space)
    points = browser.execute_async_script(DOGS_WALK_JS, f"truck-{seat}", start)
    assert len(points) == steps + 1, (steps, points)
    spots = {s["id"]: s for s in content["board"]["spaces"]}
    # Each step goes at most one road's length (the board's spaces stand a cell of 100 units apart, diagonals too).
    longest = max(
        math.hypot(spots[a]["x"] - spots[b]["x"], spots[a]["y"] - spots[b]["y"]) for a, b in content["board"]["roads"]
    )
    for (x0, y0), (x1, y1) in list(zip(points, points[1:], strict=False))[1:]:
        assert math.hypot(x1 - x0, y1 - y0) <= longest * 100 + 20, points
