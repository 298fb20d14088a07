"""When the status bar says "click your choice on the board", a person sees at least one of the choices without
scrolling: the page brings the first into sight when all lie off screen (DOGS on a 390 x 844 phone, where the
kennels and the action board lie far below the map)."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import create_game_in_page, open_page, play_by_choices

PHONE = (390, 844)
#: Board steps looked at before the test ends.
ENOUGH = 10

#: How many of the board's targets lie inside the viewport below the sticky status bar.
IN_SIGHT_JS = """
const top = document.getElementById('status-bar').getBoundingClientRect().bottom;
return [...document.querySelectorAll('#board [data-option]')].filter((el) => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.bottom > top && r.top < innerHeight;
}).length;
"""


class Enough(Exception):
    """Enough board steps were seen."""


def test_a_board_step_on_a_phone_shows_one_of_its_choices_without_a_scroll(browser: WebDriver, stack: Stack) -> None:
    width, height = PHONE
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
    )
    open_page(browser, stack)
    create_game_in_page(browser, "dogs", ["human", "random"])
    seen: dict[tuple[int, str], int] = {}

    def look(page: dict[str, Any]) -> None:
        moment = (page["version"], page["prompt"])
        if page["as"] != "board" or not page["targets"] or moment in seen:
            return
        seen[moment] = browser.execute_script(IN_SIGHT_JS)
        if len(seen) >= ENOUGH:
            raise Enough

    with contextlib.suppress(Enough):
        play_by_choices(browser, random.Random(35), timeout=200, seen=look)
    assert seen, "the seat was never asked to choose on the board"
    hidden = [moment for moment, count in seen.items() if not count]
    assert not hidden, f"board steps with every choice out of sight: {hidden}"
