"""The page in the player's language: chosen in the header's menu and kept across a reload; the client's own words
from its catalogue, the game's from the server (every read asks for the language); a Spots game played to its end
in Ukrainian; a game page in each other language, screenshotted."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import (
    api_get,
    api_scores,
    choices_seen,
    choose_language,
    client_words,
    create_game_in_page,
    english_ui_strings_shown,
    open_page,
    page_scores,
    play_by_choices,
    screenshot,
    status_text,
    texts,
    wait_for_css,
    wait_until,
)

CYRILLIC = re.compile(r"[\u0400-\u04FF]")


def asked_languages(driver: WebDriver) -> set[str]:
    """The `lang` of every API read the page has made so far (none: a read that did not ask)."""
    urls = driver.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.includes('/v1/'))"
    )
    return {(re.search(r"[?&]lang=(\w+)", url) or [None, None])[1] for url in urls}


def test_the_language_chosen_in_the_menu_survives_a_reload_and_every_read_asks_for_it(
    browser: WebDriver, stack: Stack
) -> None:
    open_page(browser, stack)
    # The browser speaks English: so does the page, until the player picks another language.
    assert browser.execute_script("return document.documentElement.lang") == "en"
    choose_language(browser, "it")
    browser.refresh()
    wait_for_css(browser, "#create-form")
    italian = client_words("it")
    assert browser.execute_script("return document.documentElement.lang") == "it"
    assert browser.find_element(By.ID, "create").text == italian["lobby.create"]
    assert browser.find_element(By.ID, "language").get_attribute("value") == "it"
    assert english_ui_strings_shown(browser, "it") == []
    assert asked_languages(browser) == {"it"}


def test_a_spots_game_is_played_to_its_end_in_ukrainian(browser: WebDriver, stack: Stack) -> None:
    open_page(browser, stack)
    choose_language(browser, "uk")
    assert english_ui_strings_shown(browser, "uk") == []
    game = create_game_in_page(browser, "spots", ["human", "greedy"])
    prompts: set[str] = set()
    shot: list[bool] = []

    def seen(page: dict[str, Any]) -> None:
        """Every prompt read; a screenshot a few choices in, with the board's targets lit."""
        prompts.add(page["prompt"] or "")
        if not shot and len(prompts) >= 3 and page["targets"]:
            assert english_ui_strings_shown(browser, "uk") == []
            shot.append(bool(screenshot(browser, "spots-uk")))

    play_by_choices(browser, random.Random(7), timeout=150, seen=seen)
    prompts.discard("")
    # The views read speak Ukrainian; a seat's `turn` views too once the stream renders in the language it is asked.
    assert any(CYRILLIC.search(prompt) for prompt in prompts), prompts
    log = texts(browser, "#log li.event")
    assert log and any(CYRILLIC.search(line) for line in log), log[:5]
    assert CYRILLIC.search(status_text(browser))
    result = api_get(stack, f"/v1/games/{game}")["result"]
    assert wait_until(browser, lambda: page_scores(browser), 10, "the result table") == api_scores(result)
    assert english_ui_strings_shown(browser, "uk") == []
    assert asked_languages(browser) == {"uk"}


@pytest.mark.parametrize(
    ("language", "game", "seats"),
    [("en", "felix", ["human", "greedy", "random"]), ("pt", "dogs", ["human", "random"]),
     ("it", "dogslife", ["human", "easy"])],
)
def test_a_game_page_speaks_the_chosen_language(
    browser: WebDriver, stack: Stack, language: str, game: str, seats: list[str]
) -> None:
    open_page(browser, stack)
    choose_language(browser, language)
    create_game_in_page(browser, game, seats)
    # The seat's first choice in the move bar, beside the board.
    wait_until(browser, lambda: choices_seen(browser)["as"], 60, "the seat's first choice")
    words = client_words(language)
    assert browser.find_element(By.CSS_SELECTOR, ".side h2").text == words["game.log"]
    if language != "en":
        assert english_ui_strings_shown(browser, language) == []
    assert asked_languages(browser) == {language}
    wait_until(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, "#board .changed"), 5, "the pulses to end")
    screenshot(browser, f"{game}-{language}")
