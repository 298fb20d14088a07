"""The lobby in a real browser: the form built from the catalogue creates a game, the lists filter, a seat is joined."""

from __future__ import annotations

import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from service.ops.stack import Stack
from tests.browser.pages import (
    OPTION,
    api_get,
    attributes,
    click,
    create_game_in_page,
    open_page,
    page_player,
    save_player,
    text_of,
    wait_for_css,
    wait_until,
)


def create_by_api(stack: Stack, type: str, seats: list[dict]) -> str:
    """A game created over HTTP, as another client would; its id."""
    created = requests.post(f"{stack.url}/v1/games", json={"type": type, "seats": seats}, timeout=30)
    assert created.status_code == 201, created.text
    return created.json()["id"]


def listed(driver: WebDriver, css: str = "#games .game-row") -> dict[str, dict[str, str]]:
    """The lobby rows matching ``css``: game id -> its type and status, as drawn (read at one instant)."""
    rows = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((row) => [row.dataset.game, {...row.dataset}])", css
    )
    return {game: {"type": data["type"], "status": data["status"]} for game, data in rows}


def acting_seat(driver: WebDriver) -> str | None:
    """The seat (as the link's text of it) of a hotseat page's seat links that is to act, if any."""
    links = driver.find_elements(By.CSS_SELECTOR, "#seats-held a.to-act")
    return links[0].get_attribute("href").rsplit("=", 1)[1] if links else None


def test_the_form_is_the_catalogues_schema_and_creates_the_game_with_its_options_and_clock(
    browser: WebDriver, stack: Stack
) -> None:
    open_page(browser, stack)
    browser.find_element(By.ID, "player-name").send_keys("Ana")
    Select(browser.find_element(By.ID, "create-type")).select_by_value("spots")
    schema = next(t for t in api_get(stack, "/v1/game-types")["game_types"] if t["id"] == "spots")["options_schema"]
    tile_sets = wait_for_css(browser, 'select[name="option-tile_set"]')
    shown = [option.get_attribute("value") for option in Select(tile_sets).options]
    assert shown == schema["properties"]["tile_set"]["enum"]
    treats = browser.find_element(By.ID, "option-pes_treats")
    assert (treats.get_attribute("min"), treats.get_attribute("max")) == ("0", "5")
    assert len(browser.find_elements(By.CSS_SELECTOR, '[name="option-custom_tiles"]')) == 4

    game = create_game_in_page(browser, "spots", ["human", "greedy"], {"tile_set": "dog_park"}, clock=120)

    player = page_player(browser)
    view = api_get(stack, f"/v1/games/{game}", player["token"])
    assert view["options"]["tile_set"] == "dog_park"
    assert view["you"] == 0 and view["seats"][0]["name"] == "Ana" and view["seats"][1]["bot"] == "greedy"
    assert view["clocks"][0]["remaining"] <= 120
    # The bot moves at once, so the human's turn comes: the tab and the clock say so.
    wait_until(browser, lambda: browser.title.startswith("▶ Your turn · "), 30, "the your-turn title")
    seconds = int(wait_for_css(browser, "#clock:not([hidden])").get_attribute("data-seconds"))
    assert 60 < seconds <= 120
    mine = api_get(stack, "/v1/players/me/games", player["token"])["games"]
    assert [(g["id"], g["your_turn"]) for g in mine] == [(game, True)]

    browser.find_element(By.CSS_SELECTOR, "header a[href='#/']").click()
    mine_row = f'#my-games .game-row.your-turn[data-game="{game}"]'
    wait_for_css(browser, mine_row)
    # "My games" names the game by its game's name and the player's seat by the name it plays under, not by ids.
    wait_until(browser, lambda: "as Ana" in text_of(browser, mine_row), 30, "the seat by name")
    assert text_of(browser, mine_row).startswith("Spots") and game[:8] not in text_of(browser, mine_row)


def test_the_lobby_lists_every_game_and_filters_them_by_type_and_status(browser: WebDriver, stack: Stack) -> None:
    felix = create_by_api(stack, "felix", [{"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}])
    dogs = create_by_api(stack, "dogs", [{"human": True}, {"bot": "greedy"}])
    open_page(browser, stack)
    wait_until(browser, lambda: {felix, dogs} <= listed(browser).keys(), 30, "both games in the lobby")

    Select(browser.find_element(By.ID, "filter-type")).select_by_value("felix")
    wait_until(browser, lambda: dogs not in listed(browser), 30, "the DOGS game filtered out")
    rows = listed(browser)
    assert felix in rows and {row["type"] for row in rows.values()} == {"felix"}

    Select(browser.find_element(By.ID, "filter-type")).select_by_value("")
    Select(browser.find_element(By.ID, "filter-status")).select_by_value("open")
    wait_until(browser, lambda: dogs in listed(browser) and felix not in listed(browser), 30, "the open games")
    assert {row["status"] for row in listed(browser).values()} == {"open"}
    lobby = api_get(stack, "/v1/games", status="open", limit=30)["games"]
    assert list(listed(browser)) == [game["id"] for game in lobby]


def test_a_player_joins_an_open_seat_from_the_lobby(browser: WebDriver, stack: Stack) -> None:
    game = create_by_api(stack, "felix", [{"human": True}, {"human": True}, {"bot": "greedy"}])
    claimed = requests.post(f"{stack.url}/v1/games/{game}/seats/0", json={"name": "Bo"}, timeout=30)
    assert claimed.status_code == 201
    open_page(browser, stack)
    row = f'#games .game-row[data-game="{game}"]'
    join = wait_for_css(browser, f"{row} button.join")
    assert attributes(browser, f"{row} button.join", "data-seat") == ["1"]

    browser.find_element(By.ID, "player-name").send_keys("Cy")
    join.click()
    wait_until(browser, lambda: f"#/games/{game}" in browser.current_url, 30, "the game page")
    wait_for_css(browser, '#status[data-status="running"]')
    player = page_player(browser)
    view = api_get(stack, f"/v1/games/{game}", player["token"])
    assert view["you"] == 1 and view["seats"][1]["name"] == "Cy"
    assert attributes(browser, "#board", "data-perspective")[0] == "seat-1"
    assert not browser.find_elements(By.CSS_SELECTOR, "button.join")

    browser.find_element(By.CSS_SELECTOR, "header a[href='#/']").click()
    wait_for_css(browser, f'#my-games .game-row[data-game="{game}"]')


def test_the_header_tells_of_a_turn_in_a_game_joined_elsewhere_by_its_name_not_its_id(
    browser: WebDriver, stack: Stack
) -> None:
    open_page(browser, stack)
    save_player(browser, "Di")
    # Another client of the same player (a phone, say) joins a game: the page hears of it on the player's stream.
    game = create_by_api(stack, "spots", [{"human": True}, {"bot": "greedy"}])
    claimed = requests.post(
        f"{stack.url}/v1/games/{game}/seats/0",
        json={},
        headers={"Authorization": f"Bearer {page_player(browser)['token']}"},
        timeout=30,
    )
    assert claimed.status_code == 201
    marker = wait_for_css(browser, f'#other-turns a.your-turn[href="#/games/{game}"]')
    assert marker.text.startswith("Spots (") and game[:6] not in marker.text


def test_a_hotseat_game_puts_every_human_seat_on_the_page(browser: WebDriver, stack: Stack) -> None:
    open_page(browser, stack)
    browser.find_element(By.ID, "create-hotseat").click()
    game = create_game_in_page(browser, "felix", ["human", "human", "greedy"])
    token = page_player(browser)["token"]
    assert [g["seats"] for g in api_get(stack, "/v1/players/me/games", token)["games"]] == [[0, 1]]
    assert browser.current_url.endswith(f"#/games/{game}?seat=0")

    # Whichever of the two seats is to act, its link leads to its page, where its moves are.
    seat = int(wait_until(browser, lambda: acting_seat(browser), 30, "a seat to act"))
    click(browser, f'#seats-held a[href$="?seat={seat}"]')
    wait_until(browser, lambda: browser.current_url.endswith(f"?seat={seat}"), 30, f"seat {seat}'s page")
    before = api_get(stack, f"/v1/games/{game}", token, seat=seat)["version"]
    click(browser, OPTION)
    wait_until(
        browser, lambda: api_get(stack, f"/v1/games/{game}", token, seat=seat)["version"] > before, 30, "the move"
    )
    assert attributes(browser, "#board", "data-perspective")[0] == f"seat-{seat}"


def test_an_invitation_link_takes_its_seat_of_a_private_table(browser: WebDriver, stack: Stack) -> None:
    ana = requests.post(f"{stack.url}/v1/players", json={"name": "Ana"}, timeout=30).json()
    headers = {"Authorization": f"Bearer {ana['token']}"}
    seats = [{"human": True}, {"human": True}, {"bot": "greedy"}]
    body = {"type": "felix", "seats": seats, "private": True}
    game = requests.post(f"{stack.url}/v1/games", json=body, headers=headers, timeout=30).json()["id"]
    assert requests.post(f"{stack.url}/v1/games/{game}/seats/0", headers=headers, timeout=30).status_code == 201
    link = requests.post(
        f"{stack.url}/v1/games/{game}/invitations", json={"seat": 1}, headers=headers, timeout=30
    ).json()["url"]

    browser.get(stack.url + link)
    # The name is typed once the page has drawn the game (a loaded machine drew the header after the typing).
    wait_for_css(browser, 'button.join[data-seat="1"]')
    browser.find_element(By.ID, "player-name").send_keys("Cy")
    click(browser, 'button.join[data-seat="1"]')
    wait_until(browser, lambda: browser.current_url.endswith(f"#/games/{game}"), 30, "the page without the code")
    wait_for_css(browser, '#status[data-status="running"]')
    view = api_get(stack, f"/v1/games/{game}", page_player(browser)["token"])

    assert view["you"] == 1 and view["seats"][1]["name"] == "Cy" and view["private"] is True
