"""The status bar's Hint (js/hint.js): the seat to act clicks it and reads the move the medium bot would play, one
of its legal moves by its label, marked in the move bar where the bar offers it as one button; the hint is gone once
the game moves on."""

from __future__ import annotations

import requests
from dogpark_client.bot import game_moves
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import (
    click,
    client_words,
    felix_at_the_seats_turn,
    text_of,
    wait_until,
)

#: The labels of the move bar's buttons the hint marks.
SUGGESTED_JS = "return [...document.querySelectorAll('#moves button.move.suggested')].map((el) => el.textContent);"


def test_the_seat_to_act_clicks_hint_and_reads_one_of_its_legal_moves(browser: WebDriver, stack: Stack) -> None:
    game, token, view = felix_at_the_seats_turn(browser, stack)
    labels = {move["label"] for move in view["legal_moves"]}

    click(browser, "#hint")

    said = text_of(browser, "#hint-move")
    prefix = client_words("en")["hint.suggested"].split("{move}")[0]
    assert said.startswith(prefix) and said.removeprefix(prefix) in labels
    suggested = browser.execute_script(SUGGESTED_JS)
    assert suggested in ([], [said.removeprefix(prefix)])

    move = game_moves(view["legal_moves"])[0]
    headers = {"Authorization": f"Bearer {token}"}
    assert requests.post(f"{stack.url}/v1/games/{game}/commands", json=move, headers=headers, timeout=30).ok
    wait_until(
        browser,
        lambda: browser.find_element(By.ID, "board").get_attribute("data-version") != str(view["version"])
        and not browser.find_elements(By.ID, "hint-move"),
        30,
        "the hint gone once the game moved on",
    )
