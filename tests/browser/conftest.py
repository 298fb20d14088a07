"""The browser tests' fixtures: a private stack per test process and one headless Debian chromium driving the page.

After every test the browser's console must hold no SEVERE entry: no JavaScript error, no failed load.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webelement import WebElement

from service.ops.stack import Stack
from tests.e2e import conftest as e2e

CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
DESKTOP = (1280, 900)
PHONE = (360, 740)
#: Console lines that are not failures: a move that lost a race with the game answers 409 (stale version), which
#: the page handles by showing the game as it stands; Chrome still logs the response as a failed load.
TOLERATED = (
    re.compile("the server responded with a status of 409"),
    # The lobby reads the view of each game it lists; the end-to-end tests sharing the stack archive games, so one
    # may be gone between the list and its view (the row is then shown without names).
    re.compile(r"/v1/games/[0-9a-f]{16}\?lang=\w+ - Failed to load resource: .* status of 404 "),
)
#: The page talks to the end-to-end tests' deployment (a private stack per test process).
stack = e2e.stack


#: What a person does before a click on something the page's sticky move bar covers: scroll it above the bar (the
#: page's scroll-padding keeps it clear). WebDriver clicks whatever lies in the viewport, covered or not.
SCROLL_INTO_SIGHT = (
    "if (!arguments[0].closest('#moves')) arguments[0].scrollIntoView({block: 'nearest', inline: 'nearest'})"
)


@pytest.fixture(scope="session", autouse=True)
def clicks_in_sight() -> Iterator[None]:
    """Every WebElement click scrolls its element out from under the move bar first."""
    click = WebElement.click

    def click_in_sight(element: WebElement) -> None:
        element.parent.execute_script(SCROLL_INTO_SIGHT, element)
        click(element)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(WebElement, "click", click_in_sight)
        yield


@contextmanager
def headless_chromium() -> Iterator[webdriver.Chrome]:
    """A headless chromium with a profile of its own, logging the console; quit and its profile removed after."""
    profile = tempfile.mkdtemp(prefix="dogpark-chromium-")
    options = webdriver.ChromeOptions()
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={DESKTOP[0]},{DESKTOP[1]}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_script_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def checked_page(driver: webdriver.Chrome, stack: Stack) -> Iterator[webdriver.Chrome]:
    """``driver`` at desktop size with no player stored, showing moves at once; then fails the test on any SEVERE
    console entry."""
    driver.get("about:blank")
    driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": stack.url, "storageTypes": "local_storage"})
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    # Moves are shown at once (the tests that play whole games would wait out every bot's batch event by event);
    # test_motion.py sets the speed it watches.
    driver.get(f"{stack.url}/app/modules.json")
    driver.execute_script("localStorage.setItem('dogpark.speed', 'instant')")
    driver.get_log("browser")
    yield driver
    severe = [
        entry["message"]
        for entry in driver.get_log("browser")
        if entry["level"] == "SEVERE" and not any(t.search(entry["message"]) for t in TOLERATED)
    ]
    # Leave the page, so that its streams do not run on into the next test.
    driver.get("about:blank")
    assert not severe, "console errors:\n" + "\n".join(severe)


@pytest.fixture(scope="session")
def chromium(stack: Stack) -> Iterator[webdriver.Chrome]:
    """One headless chromium for the session.

    It needs the stack so that it quits first: a page's open streams would hold the web server's stop.
    """
    with headless_chromium() as driver:
        yield driver


@pytest.fixture(scope="session")
def other_chromium(stack: Stack) -> Iterator[webdriver.Chrome]:
    """A second headless chromium, with a storage of its own, for the tests where two people use the page at once."""
    with headless_chromium() as driver:
        yield driver


@pytest.fixture
def browser(chromium: webdriver.Chrome, stack: Stack) -> Iterator[webdriver.Chrome]:
    """The browser at desktop size with no player stored, showing moves at once; fails the test on any SEVERE console
    entry."""
    yield from checked_page(chromium, stack)


@pytest.fixture
def other_browser(other_chromium: webdriver.Chrome, stack: Stack) -> Iterator[webdriver.Chrome]:
    """The second browser, as ``browser`` is."""
    yield from checked_page(other_chromium, stack)


@pytest.fixture
def phone(browser: webdriver.Chrome) -> webdriver.Chrome:
    """The same browser as a 360 x 740 phone screen (touch, mobile viewport)."""
    width, height = PHONE
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True},
    )
    return browser
