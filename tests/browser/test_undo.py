"""The status bar's Undo (js/undo.js): a seat that just moved takes its move back with a click and sees the game as it
was; once another player has moved the button is gone (the table refuses that undo); under `ask` a seat asked to
accept another's undo sees the request and its Accept and Decline, and its Accept takes the game back; a move the
table refuses to take back shows no Undo."""

from __future__ import annotations

from functools import partial

import requests
from dogpark_client.bot import game_moves
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import (
    FIRST_OPTION,
    api_get,
    click,
    create_game_in_page,
    open_page,
    page_player,
    text_of,
    wait_for_css,
    wait_until,
)

#: How many of its turns the page's seat plays before one of its moves may be taken back (a Felix move that shows
#: the others a card may not).
TURNS = 6
#: Whether the status bar's undo group is shown, and the ids of what it holds.
UNDO_BAR_JS = """
const bar = document.getElementById('undo-bar');
return bar && !bar.hidden ? [...bar.children].map((el) => el.id) : [];
"""


def post(stack: Stack, path: str, token: str | None, body: dict | None = None) -> requests.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return requests.post(stack.url + path, json=body, headers=headers, timeout=30)


def play_first(stack: Stack, game: str, token: str) -> None:
    """The seat of ``token`` plays its first game move (never an undo)."""
    move = game_moves(api_get(stack, f"/v1/games/{game}", token)["legal_moves"])[0]
    assert post(stack, f"/v1/games/{game}/commands", token, move).status_code == 200


def others_until(stack: Stack, game: str, tokens: dict[int, str], seat: int) -> dict:
    """The other seats play their first moves until ``seat`` is to act: its view then."""
    for _ in range(50):
        view = api_get(stack, f"/v1/games/{game}", tokens[seat])
        if seat in view["to_act"]:
            return view
        play_first(stack, game, tokens[view["to_act"][0]])
    raise AssertionError(f"seat {seat}'s turn never came")


def undo_bar(driver: WebDriver) -> list[str]:
    return driver.execute_script(UNDO_BAR_JS)


def shown_after(driver: WebDriver, stack: Stack, game: str, token: str, version: int) -> dict | None:
    """The seat's view once the game has moved past ``version`` and the page's board shows that version."""
    view = api_get(stack, f"/v1/games/{game}", token)
    shown = driver.find_element(By.ID, "board").get_attribute("data-version")
    return view if view["version"] > version and shown == str(view["version"]) else None


def test_a_seat_clicks_undo_and_sees_the_game_as_it_was_and_no_undo_once_another_seat_moved(
    browser: WebDriver, stack: Stack
) -> None:
    open_page(browser, stack)
    game = create_game_in_page(browser, "felix", ["human", "human", "human"])
    tokens = {0: page_player(browser)["token"]}
    for seat in (1, 2):
        tokens[seat] = post(stack, f"/v1/games/{game}/seats/{seat}", None, {"name": f"S{seat}"}).json()["token"]
    for _ in range(TURNS):
        before = others_until(stack, game, tokens, 0)
        wait_until(browser, lambda: browser.title.startswith("▶ Your turn"), 30, "the seat's turn")
        assert undo_bar(browser) == []
        click(browser, FIRST_OPTION)
        moved = partial(shown_after, browser, stack, game, tokens[0], before["version"])
        after = wait_until(browser, moved, 30, "the page at the version after the move")
        offered = [move for move in after["legal_moves"] if move["command"]["type"] == "Undo"]
        if offered:
            break
        # The table refuses to take this move back (it showed the others a card): the page offers no Undo.
        assert undo_bar(browser) == []
    else:
        raise AssertionError(f"no move of the page's seat in {TURNS} turns could be taken back")
    wait_until(browser, lambda: undo_bar(browser) == ["undo"], 30, "the Undo button")
    assert text_of(browser, "#undo") == offered[0]["label"] == "Take back your last move"
    click(browser, "#undo")

    wait_until(browser, lambda: undo_bar(browser) == [], 30, "the Undo button gone")
    wait_until(browser, lambda: browser.title.startswith("▶ Your turn"), 30, "the seat's turn again")
    now = api_get(stack, f"/v1/games/{game}", tokens[0])
    assert now["version"] > before["version"] and now["state"] == before["state"]
    assert wait_for_css(browser, "#board").get_attribute("data-version") == str(now["version"])

    # Played again, and the next seat answers: the table refuses to take back a move another player has answered.
    click(browser, FIRST_OPTION)
    wait_until(browser, lambda: undo_bar(browser) == ["undo"], 30, "the Undo button")
    # The move may end a round that the page's seat opens again (a sack won): it plays on until another seat acts.
    for _ in range(50):
        mine = api_get(stack, f"/v1/games/{game}", tokens[0])
        seat = next((seat for seat in mine["to_act"] if seat != 0), 0)
        play_first(stack, game, tokens[seat])
        if seat != 0:
            break
    wait_until(browser, lambda: undo_bar(browser) == [], 30, "no Undo once another seat moved")
    refused = post(stack, f"/v1/games/{game}/commands", tokens[0],
                   {"command": {"type": "Undo", "to_version": now["version"]}})
    assert refused.status_code == 422 and refused.json()["rule"] == "OtherSeatActed"


def test_under_ask_a_seat_sees_anothers_undo_and_its_accept_takes_the_game_back(
    browser: WebDriver, stack: Stack
) -> None:
    open_page(browser, stack)
    create_game_in_page(browser, "felix", ["human", "greedy", "random"])
    player = page_player(browser)["token"]
    body = {"type": "felix", "seats": [{"human": True}] * 3, "undo": "ask"}
    game = post(stack, "/v1/games", None, body).json()["id"]
    tokens = {seat: post(stack, f"/v1/games/{game}/seats/{seat}", None, {"name": f"S{seat}"}).json()["token"]
              for seat in (0, 2)}
    tokens[1] = player
    assert post(stack, f"/v1/games/{game}/seats/1", player).status_code == 201
    for _ in range(TURNS):
        before = others_until(stack, game, tokens, 0)
        play_first(stack, game, tokens[0])
        others_until(stack, game, tokens, 0)
        body = {"command": {"type": "Undo", "to_version": before["version"]}}
        asked = post(stack, f"/v1/games/{game}/commands", tokens[0], body)
        if asked.status_code == 200:
            break
        # A version whose step before it drew on chance begins no whole decision: refused under ask too.
        assert asked.json()["rule"] == "NotYourDecision", asked.json()
    else:
        raise AssertionError(f"no undo of seat 0 was asked in {TURNS} turns")
    assert asked.json()["events"][0]["type"] == "UndoAsked"
    assert post(stack, f"/v1/games/{game}/commands", tokens[2], {"command": {"type": "AcceptUndo"}}).status_code == 200

    open_page(browser, stack, f"#/games/{game}")
    wait_until(browser, lambda: undo_bar(browser) == ["undo-asked", "undo-accept", "undo-decline"], 30,
               "the request and its answers")
    assert "S0" in text_of(browser, "#undo-asked") and text_of(browser, "#undo-accept").startswith("Accept")
    click(browser, "#undo-accept")

    wait_until(browser, lambda: undo_bar(browser) == [], 30, "the request answered")
    now = api_get(stack, f"/v1/games/{game}", tokens[0])
    assert now["state"] == before["state"] and now["undo"]["pending"] is None
