"""The lobby as a new player meets it: each game with its picture, what it is about, how many play and how long; who
plays and who won in the lists, seats counted from 1; private and rated tables, quick play and the leaderboards; and
on a phone, tap targets a finger can hit and words never cut in two."""

from __future__ import annotations

import time

import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from service.ops.stack import Stack
from tests.browser.pages import (
    api_get,
    attributes,
    click,
    create_game_in_page,
    open_page,
    page_player,
    save_player,
    screenshot,
    set_field,
    text_of,
    texts,
    wait_for_css,
    wait_until,
)

#: The games the project drew a picture of.
PICTURED = ("felix", "spots", "dogs", "dogslife")
#: The phone the issue measures the lobby on (CSS px).
PHONE = (390, 844)
#: A finger's tap target, in CSS px.
FINGER = 44

#: An image's width once it is loaded (0 or false before, or if it could not be drawn).
LOADED_JS = "return arguments[0].complete && arguments[0].naturalWidth"

#: Every visible tap target of the lobby that is smaller than a finger: [what, width, height]. A checkbox is tapped
#: through its label, which holds it.
SMALL_TARGETS_JS = """
const targets = document.querySelectorAll(
  '#root a[href], #root button, #root select, #root input:not([type="checkbox"]), #root label.check-label');
return [...targets].filter((el) => el.getClientRects().length).map((el) => {
  const box = el.getBoundingClientRect();
  return [el.id || el.className || el.tagName, el.textContent.trim().slice(0, 30), box.width, box.height];
}).filter(([, , width, height]) => width < arguments[0] - 0.5 || height < arguments[0] - 0.5);
"""

#: Every word of the lobby drawn on more than one line (cut in two) though a line of its block has room for it
#: whole: its text. (A name longer than a phone's line, such as a registered bot's 40 letters, must be cut.)
BROKEN_WORDS_JS = """
const broken = [];
const walker = document.createTreeWalker(document.getElementById('root'), NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  let block = node.parentElement;
  while (getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
  for (const match of node.textContent.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(node, match.index);
    range.setEnd(node, match.index + match[0].length);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    const lines = new Set(rects.map((r) => Math.round(r.top)));
    const width = rects.reduce((sum, r) => sum + r.width, 0);
    if (lines.size > 1 && width <= block.clientWidth) broken.push(match[0]);
  }
}
return broken;
"""


def finished_bot_game(stack: Stack, type: str, bots: list[str], **settings: object) -> dict:
    """A game of bots alone created over HTTP and played to its end by the workers: its final view."""
    body = {"type": type, "seats": [{"bot": bot} for bot in bots], **settings}
    created = requests.post(f"{stack.url}/v1/games", json=body, timeout=30)
    assert created.status_code == 201, created.text
    game = created.json()["id"]
    deadline = time.monotonic() + 90
    while (view := api_get(stack, f"/v1/games/{game}"))["status"] != "finished":
        assert time.monotonic() < deadline, f"bot game {game} not over"
        time.sleep(0.2)
    return view


def test_each_game_is_offered_with_its_picture_description_player_count_and_length(
    browser: WebDriver, stack: Stack
) -> None:
    catalogue = api_get(stack, "/v1/game-types")["game_types"]
    open_page(browser, stack)
    wait_for_css(browser, "#catalogue .game-card")
    screenshot(browser, "lobby-desktop")

    for game in catalogue:
        card = f'#catalogue .game-card[data-type="{game["id"]}"]'
        assert text_of(browser, f"{card} .game-description") == game["description"]
        fewest, most = game["minutes"]
        assert text_of(browser, f"{card} .game-minutes") == f"{fewest}–{most} min"
        assert text_of(browser, f"{card} .game-players") == f"{game['min_players']}–{game['max_players']} players"
    for type in PICTURED:
        picture = wait_for_css(browser, f'#catalogue .game-card[data-type="{type}"] img.game-picture')
        assert picture.get_attribute("src").endswith(f"/app/img/{type}.svg") and picture.get_attribute("alt")
        drawn = wait_until(browser, lambda p=picture: browser.execute_script(LOADED_JS, p), 30, f"{type}'s picture")
        assert drawn > 0


def test_the_lists_name_every_player_from_seat_1_and_a_finished_games_winners(
    browser: WebDriver, stack: Stack
) -> None:
    over = finished_bot_game(stack, "felix", ["greedy", "random", "random"])
    won = [over["seats"][seat]["name"] for seat in over["result"]["winners"]]
    open_page(browser, stack)
    browser.find_element(By.ID, "player-name").send_keys("Ana")
    game = create_game_in_page(browser, "spots", ["human", "greedy"])
    browser.find_element(By.CSS_SELECTOR, "header a[href='#/']").click()

    mine = f'#my-games .game-row[data-game="{game}"]'
    wait_for_css(browser, f"{mine} .player")
    assert attributes(browser, f"{mine} .player", "data-seat-number") == ["1", "2"]
    names = texts(browser, f"{mine} .player .player-name")
    view = api_get(stack, f"/v1/games/{game}")
    assert names == ["Ana", f"{view['seats'][1]['name']} (bot)"]

    Select(browser.find_element(By.ID, "filter-status")).select_by_value("finished")
    row = f'#games .game-row[data-game="{over["id"]}"]'
    wait_for_css(browser, f"{row} .winners")
    assert attributes(browser, f"{row} .player", "data-seat-number") == ["1", "2", "3"]
    assert texts(browser, f"{row} .player .player-name") == [f"{seat['name']} (bot)" for seat in over["seats"]]
    assert text_of(browser, f"{row} .winners") == f"Winner{'s' if len(won) > 1 else ''}: {', '.join(won)}"
    starred = [int(n) - 1 for n in attributes(browser, f"{row} .player.winner", "data-seat-number") if n]
    assert starred == over["result"]["winners"]
    screenshot(browser, "lobby-lists")


def test_a_private_rated_table_is_created_from_the_form_and_kept_out_of_the_lobby(
    browser: WebDriver, stack: Stack
) -> None:
    open_page(browser, stack)
    browser.find_element(By.ID, "player-name").send_keys("Bo")
    set_field(browser.find_element(By.ID, "create-private"), True)
    # The label holds its checkbox: a tap on its words ticks it.
    browser.find_element(By.CSS_SELECTOR, "label[for='create-rated']").click()
    game = create_game_in_page(browser, "felix", ["human", "greedy", "random"])

    view = api_get(stack, f"/v1/games/{game}", page_player(browser)["token"])
    assert view["private"] is True and view["rated"] is True and view["you"] == 0
    assert game not in [listed["id"] for listed in api_get(stack, "/v1/games", limit=100)["games"]]


def test_the_form_sets_the_tables_undo_spectator_delay_and_hints_and_rated_takes_the_hints_away(
    browser: WebDriver, stack: Stack
) -> None:
    open_page(browser, stack)
    browser.find_element(By.ID, "player-name").send_keys("Cy")
    hints, undo = browser.find_element(By.ID, "create-hints"), Select(browser.find_element(By.ID, "create-undo"))
    assert hints.is_selected() and undo.first_selected_option.get_attribute("value") == "safe"
    browser.find_element(By.CSS_SELECTOR, "label[for='create-rated']").click()
    assert not hints.is_selected() and not hints.is_enabled()
    browser.find_element(By.CSS_SELECTOR, "label[for='create-rated']").click()
    assert hints.is_selected() and hints.is_enabled()
    undo.select_by_value("off")
    set_field(browser.find_element(By.ID, "create-spectator-delay"), 3)
    set_field(hints, False)

    game = create_game_in_page(browser, "felix", ["human", "greedy", "random"])

    view = api_get(stack, f"/v1/games/{game}", page_player(browser)["token"])
    assert view["undo"]["setting"] == "off" and view["spectator_delay"] == 3 and view["hints"] is False


def test_quick_play_with_bots_after_a_wait_seats_the_player_and_opens_the_game(
    browser: WebDriver, stack: Stack
) -> None:
    open_page(browser, stack)
    browser.find_element(By.ID, "player-name").send_keys("Cy")
    Select(browser.find_element(By.ID, "quickplay-type")).select_by_value("dogs")
    Select(browser.find_element(By.ID, "quickplay-players")).select_by_value("3")
    set_field(browser.find_element(By.ID, "quickplay-after"), 3)
    click(browser, "#quickplay-join")

    waiting = text_of(browser, "#quickplay-status .waiting")
    assert waiting.startswith("DOGS, 3 players: waiting, number 1 of ")
    screenshot(browser, "lobby-quickplay-waiting")
    wait_until(browser, lambda: "#/games/" in browser.current_url, 30, "the game quick play formed")
    game = browser.current_url.split("#/games/")[1]
    wait_for_css(browser, '#status[data-status="running"]')
    view = api_get(stack, f"/v1/games/{game}", page_player(browser)["token"])
    assert view["you"] == 0 and [seat["kind"] for seat in view["seats"]] == ["human", "bot", "bot"]
    assert api_get(stack, "/v1/quickplay", page_player(browser)["token"])["queues"][0]["status"] == "seated"


def test_a_game_types_leaderboard_shows_the_players_of_a_rated_game(browser: WebDriver, stack: Stack) -> None:
    over = finished_bot_game(stack, "felix", ["greedy", "random", "random"], rated=True)
    assert over["rated"] is True
    rated = lambda: {e["id"] for e in api_get(stack, "/v1/game-types/felix/leaderboard")["entries"]}  # noqa: E731
    wait_until(browser, lambda: {"greedy", "random"} <= rated(), 30, "the game rated")
    open_page(browser, stack)
    Select(browser.find_element(By.ID, "leaderboard-type")).select_by_value("spots")
    click(browser, '#catalogue .game-card[data-type="felix"] .show-leaderboard')

    wait_for_css(browser, '#leaderboard .leaderboard-table[data-type="felix"]')
    board = api_get(stack, "/v1/game-types/felix/leaderboard", limit=20)["entries"]
    assert attributes(browser, "#leaderboard tbody tr", "data-id") == [entry["id"] for entry in board]
    assert {"Greedy (bot)", "Random (bot)"} <= set(texts(browser, "#leaderboard tbody .name"))
    ratings = texts(browser, "#leaderboard tbody .rating")
    assert ratings == [f"{entry['ordinal']:.1f}" for entry in board]
    screenshot(browser, "lobby-leaderboard")


def test_on_a_phone_every_lobby_tap_target_fits_a_finger_and_no_word_is_cut(browser: WebDriver, stack: Stack) -> None:
    finished_bot_game(stack, "felix", ["greedy", "random", "random"])
    requests.post(
        f"{stack.url}/v1/games", json={"type": "dogslife", "seats": [{"human": True}, {"bot": "greedy"}]}, timeout=30
    )
    width, height = PHONE
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
    )
    open_page(browser, stack)
    for language in ("en", "uk"):
        browser.execute_script("localStorage.setItem('dogpark.lang', arguments[0])", language)
        browser.get("about:blank")
        open_page(browser, stack)
        assert browser.execute_script("return document.documentElement.lang") == language
        wait_for_css(browser, "#games .game-row .player")
        wait_for_css(browser, "#leaderboard-body > *")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width
        assert browser.execute_script(SMALL_TARGETS_JS, FINGER) == [], language
        assert browser.execute_script(BROKEN_WORDS_JS) == [], language
        screenshot(browser, f"lobby-phone-{language}")


def test_a_challenge_received_is_listed_in_my_games_and_accepting_it_opens_the_game(
    browser: WebDriver, stack: Stack
) -> None:
    open_page(browser, stack)
    save_player(browser, "Di")
    ana = requests.post(f"{stack.url}/v1/players", json={"name": "Ana"}, timeout=30).json()
    made = requests.post(
        f"{stack.url}/v1/players/{page_player(browser)['id']}/challenges",
        json={"type": "spots"},
        headers={"Authorization": f"Bearer {ana['token']}"},
        timeout=30,
    )
    assert made.status_code == 201, made.text

    click(browser, "#lobby-refresh")
    row = f'#challenges .challenge[data-challenge="{made.json()["id"]}"]'
    assert text_of(browser, f"{row} .challenge-text") == "Ana challenges you to Spots"
    click(browser, f"{row} button.accept")
    wait_until(browser, lambda: "#/games/" in browser.current_url, 30, "the challenge's game")
    view = api_get(stack, f"/v1/games/{browser.current_url.split('#/games/')[1]}", page_player(browser)["token"])
    assert view["you"] == 1 and [seat["name"] for seat in view["seats"]] == ["Ana", "Di"] and view["private"] is True
