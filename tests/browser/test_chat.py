"""The chat beside the log, in real browsers: two seats talk live, a spectator reads only the spectators' room (and
none where the table closed it), a quick phrase is read in the reader's language, markup is shown as written, a muted
player's messages are hidden, a refresh keeps the history with its tombstones, a report carries its reason, the
limits are told in the reader's language, what was said while the stream was down is read on reconnecting (and after
a game's end, when no stream brings it), and on a phone the chat is reached from the page's head with tap targets of
44 px."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path

import redis
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from events.chat import Chat
from service.ops.stack import Stack
from tests.browser.pages import click, client_words, screenshot, wait_for_css, wait_until
from tests.browser.test_status_bar import TAP, TAP_TARGETS_JS, at_size
from tests.e2e.faulty_proxy import Fault, FaultyProxy

#: The lines of the chat the reader sees now (the room shown): [name, text] each, read at one instant.
LINES_JS = """
return [...document.querySelectorAll('#chat-messages li.chat-message:not([hidden])')]
  .map((li) => [li.querySelector('.chat-name').textContent, li.querySelector('.chat-text').textContent]);
"""


def new_player(stack: Stack, name: str) -> dict:
    """A player made through the API: {id, name, token}."""
    response = requests.post(f"{stack.url}/v1/players", json={"name": name}, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()


def spots_game(stack: Stack, *seated: dict, spectator_chat: bool = True) -> str:
    """A game of Spots whose two seats the players ``seated`` hold: its id."""
    body = {"type": "spots", "seats": [{"human": True}, {"human": True}], "spectator_chat": spectator_chat}
    response = requests.post(f"{stack.url}/v1/games", json=body, timeout=30)
    assert response.ok, response.text
    game = response.json()["id"]
    for seat, player in enumerate(seated):
        claimed = requests.post(
            f"{stack.url}/v1/games/{game}/seats/{seat}",
            headers={"Authorization": f"Bearer {player['token']}"},
            timeout=30,
        )
        assert claimed.ok, claimed.text
    return game


def ana_and_bo_at_spots(stack: Stack) -> tuple[dict, dict, str]:
    """New players Ana and Bo, seated at a new game of Spots: they and the game's id."""
    ana, bo = new_player(stack, "Ana"), new_player(stack, "Bo")
    return ana, bo, spots_game(stack, ana, bo)


def say(stack: Stack, game: str, player: dict, room: str, **said: str) -> dict:
    """Post a message (``text=`` or ``phrase=``) as ``player`` through the API: the message."""
    response = requests.post(
        f"{stack.url}/v1/games/{game}/chat",
        json={"room": room, **said},
        headers={"Authorization": f"Bearer {player['token']}"},
        timeout=30,
    )
    assert response.status_code == 201, response.text
    return response.json()


def open_as(driver: WebDriver, origin: str, game: str, player: dict | None, language: str = "en") -> None:
    """The game's page at ``origin`` (the stack's, or a proxy's before it) as ``player`` (None: an anonymous
    spectator) reading ``language``, loaded afresh."""
    if not driver.current_url.startswith(origin):
        driver.get(f"{origin}/app/modules.json")
    driver.execute_script(
        "localStorage.setItem('dogpark.lang', arguments[1]);"
        "if (arguments[0]) localStorage.setItem('dogpark.player', arguments[0]);"
        "else localStorage.removeItem('dogpark.player');",
        json.dumps(player) if player else None,
        language,
    )
    driver.get("about:blank")
    driver.get(f"{origin}/#/games/{game}")
    wait_for_css(driver, "#status[data-status]")


def open_chat(driver: WebDriver) -> None:
    """Unfold the chat (once drawn) if it is folded."""
    toggle = wait_for_css(driver, "#chat-toggle")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    wait_for_css(driver, "#chat-body:not([hidden])")


def lines(driver: WebDriver) -> list[list[str]]:
    """The chat's lines the reader sees now."""
    return driver.execute_script(LINES_JS)


def words_seen(driver: WebDriver) -> list[str]:
    """The words of the chat's lines the reader sees now."""
    return [text for _, text in lines(driver)]


def text_of_when(driver: WebDriver, css: str, text: str) -> bool:
    """Wait until the first element matching ``css`` says ``text``."""
    return wait_until(driver, lambda: driver.find_element(By.CSS_SELECTOR, css).text == text, 30, f"{css} {text!r}")


def wait_for_words(driver: WebDriver, text: str) -> None:
    """Wait until the chat shows a line saying ``text``."""
    wait_until(driver, lambda: text in words_seen(driver), 30, f"a chat line {text!r}")


def write(driver: WebDriver, text: str) -> None:
    """Type ``text`` in the chat's box and send it with Enter."""
    box = wait_for_css(driver, "#chat-text")
    box.send_keys(text)
    box.send_keys(Keys.ENTER)


def screenshot_of_screen(driver: WebDriver, name: str) -> None:
    """Save what the screen shows now as $DOGPARK_SCREENSHOTS/<name>.png when that variable is set."""
    folder = os.environ.get("DOGPARK_SCREENSHOTS")
    if folder:
        Path(folder, f"{name}.png").write_bytes(base64.b64decode(driver.get_screenshot_as_base64()))


def test_two_seats_chat_and_each_reads_the_others_words_live(
    browser: WebDriver, other_browser: WebDriver, stack: Stack
) -> None:
    ana, bo, game = ana_and_bo_at_spots(stack)
    open_as(browser, stack.url, game, ana)
    open_as(other_browser, stack.url, game, bo)
    for page in (browser, other_browser):
        open_chat(page)
        wait_for_css(page, '#chat-room-seats[aria-selected="true"]')
        wait_for_css(page, "#chat-room-spectators")
    # Both pages are following the game's stream before anyone speaks.
    for page in (browser, other_browser):
        wait_until(page, lambda page=page: "●" in page.find_element(By.ID, "connection").text, 30, "a live stream")
    write(browser, "Hello, Bo!")
    wait_for_words(other_browser, "Hello, Bo!")
    assert lines(other_browser) == [["Ana", "Hello, Bo!"]]
    write(other_browser, "Hi Ana, good luck")
    wait_for_words(browser, "Hi Ana, good luck")
    # Each reads their own words as theirs, once, and the box is empty again.
    assert lines(browser) == [["Ana (you)", "Hello, Bo!"], ["Bo", "Hi Ana, good luck"]]
    screenshot(browser, "chat-desktop")
    assert browser.find_element(By.ID, "chat-text").get_attribute("value") == ""
    assert browser.find_element(By.ID, "chat-count").text == "0/500"


def test_a_quick_phrase_sent_in_english_is_read_in_italian(
    browser: WebDriver, other_browser: WebDriver, stack: Stack
) -> None:
    ana, bo, game = ana_and_bo_at_spots(stack)
    open_as(browser, stack.url, game, ana, "en")
    open_as(other_browser, stack.url, game, bo, "it")
    open_chat(other_browser)
    wait_until(other_browser, lambda: "●" in other_browser.find_element(By.ID, "connection").text, 30, "a live stream")
    open_chat(browser)
    click(browser, "#chat-phrases summary")
    phrase = wait_for_css(browser, '#chat-phrases button[data-phrase="gg"]')
    english = requests.get(f"{stack.url}/v1/chat/phrases", params={"lang": "en"}, timeout=30).json()["phrases"]
    italian = requests.get(f"{stack.url}/v1/chat/phrases", params={"lang": "it"}, timeout=30).json()["phrases"]
    words = {"en": {p["id"]: p["text"] for p in english}, "it": {p["id"]: p["text"] for p in italian}}
    assert words["en"]["gg"] != words["it"]["gg"]
    assert phrase.text == words["en"]["gg"]
    phrase.click()
    wait_for_words(other_browser, words["it"]["gg"])
    wait_for_words(browser, words["en"]["gg"])
    # Bo's page offers the phrases in Italian too.
    click(other_browser, "#chat-phrases summary")
    assert wait_for_css(other_browser, '#chat-phrases button[data-phrase="thanks"]').text == words["it"]["thanks"]


def test_a_spectator_reads_only_the_spectators_room(browser: WebDriver, stack: Stack) -> None:
    ana, bo, cy = new_player(stack, "Ana"), new_player(stack, "Bo"), new_player(stack, "Cy")
    game = spots_game(stack, ana, bo)
    say(stack, game, ana, "seats", text="Our plan, Bo: the left column")
    say(stack, game, ana, "spectators", text="Welcome, watchers")
    open_as(browser, stack.url, game, cy)
    open_chat(browser)
    wait_for_words(browser, "Welcome, watchers")
    # One room, so no tabs; what is said later in either room, only the spectators' reaches the page.
    assert not browser.find_elements(By.CSS_SELECTOR, "#chat [role='tab']")
    wait_until(browser, lambda: "●" in browser.find_element(By.ID, "connection").text, 30, "a live stream")
    say(stack, game, bo, "seats", text="Then I take the right")
    say(stack, game, bo, "spectators", text="Enjoy the game")
    wait_for_words(browser, "Enjoy the game")
    assert words_seen(browser) == ["Welcome, watchers", "Enjoy the game"]
    assert not browser.find_elements(By.CSS_SELECTOR, '#chat-messages [data-room="seats"]')
    # The spectator writes in their room; a spectator offers no report.
    write(browser, "Go Ana!")
    wait_for_words(browser, "Go Ana!")
    click(browser, f'#chat-messages li[data-player="{bo["id"]}"] .chat-more')
    assert browser.find_elements(By.CSS_SELECTOR, ".chat-actions:not([hidden]) .chat-mute")
    assert not browser.find_elements(By.CSS_SELECTOR, ".chat-report")


def test_a_table_that_closes_the_spectators_room_shows_a_spectator_no_chat_and_its_seats_one_room(
    browser: WebDriver, stack: Stack
) -> None:
    ana, bo = new_player(stack, "Ana"), new_player(stack, "Bo")
    game = spots_game(stack, ana, bo, spectator_chat=False)
    open_as(browser, stack.url, game, None)
    wait_for_css(browser, "#board[data-version]")
    wait_for_css(browser, "#log li")
    assert not browser.find_elements(By.ID, "chat")
    open_as(browser, stack.url, game, ana)
    open_chat(browser)
    assert not browser.find_elements(By.CSS_SELECTOR, "#chat [role='tab']")
    write(browser, "Just us two")
    wait_for_words(browser, "Just us two")
    assert browser.find_element(By.CSS_SELECTOR, "#chat-messages li").get_attribute("data-room") == "seats"


def test_markup_and_markdown_in_a_message_are_shown_as_written(browser: WebDriver, stack: Stack) -> None:
    ana, bo, game = ana_and_bo_at_spots(stack)
    said = ["<img src=x onerror=alert(1)>", "**bold** and <b>tags</b>", "two\nlines <script>alert(2)</script>"]
    say(stack, game, bo, "seats", text=said[0])
    open_as(browser, stack.url, game, ana)
    open_chat(browser)
    wait_for_words(browser, said[0])
    wait_until(browser, lambda: "●" in browser.find_element(By.ID, "connection").text, 30, "a live stream")
    say(stack, game, bo, "seats", text=said[1])
    browser.find_element(By.ID, "chat-text").send_keys(
        "two", Keys.SHIFT, Keys.ENTER, Keys.SHIFT, "lines <script>alert(2)</script>"
    )
    browser.find_element(By.ID, "chat-send").click()
    wait_for_words(browser, said[2])
    assert words_seen(browser) == said
    # Nothing of it became an element: the lines hold text and the page's own spans only.
    tags = browser.execute_script(
        "return [...document.querySelectorAll('#chat-messages .chat-text *')].map((el) => el.tagName)"
    )
    assert tags == []
    assert not browser.find_elements(By.CSS_SELECTOR, "#chat img, #chat b, #chat strong, #chat script")


def test_a_muted_players_messages_are_hidden_from_a_seat_and_from_a_spectator(
    browser: WebDriver, other_browser: WebDriver, stack: Stack
) -> None:
    ana, bo, cy, dan = (new_player(stack, name) for name in ("Ana", "Bo", "Cy", "Dan"))
    game = spots_game(stack, ana, bo)
    say(stack, game, bo, "seats", text="You will lose")
    say(stack, game, dan, "spectators", text="Boring game")
    open_as(browser, stack.url, game, ana)
    open_as(other_browser, stack.url, game, cy)
    for page, muted, words in ((browser, bo, "You will lose"), (other_browser, dan, "Boring game")):
        open_chat(page)
        wait_for_words(page, words)
        wait_until(page, lambda page=page: "●" in page.find_element(By.ID, "connection").text, 30, "a live stream")
        click(page, f'#chat-messages li[data-player="{muted["id"]}"] .chat-more')
        click(page, ".chat-actions:not([hidden]) .chat-mute")
        wait_until(page, lambda page=page, words=words: words not in words_seen(page), 30, "the muted line gone")
        wait_for_css(page, f'#chat-muted button.chat-unmute[data-player="{muted["id"]}"]')
    # Said after the mutes, each in a room both pages read: the muted players' never show; Ana's does.
    say(stack, game, bo, "spectators", text="Still losing")
    say(stack, game, dan, "spectators", text="Still boring")
    say(stack, game, ana, "spectators", text="Thanks for watching")
    click(browser, "#chat-room-spectators")
    for page, hidden, shown in (
        (browser, "Still losing", "Still boring"),
        (other_browser, "Still boring", "Still losing"),
    ):
        wait_for_words(page, "Thanks for watching")
        assert hidden not in words_seen(page) and shown in words_seen(page)
    # After a refresh too; and unmuted, Bo's words are read again.
    open_as(browser, stack.url, game, ana)
    open_chat(browser)
    click(browser, "#chat-room-spectators")
    wait_for_words(browser, "Thanks for watching")
    assert "Still losing" not in words_seen(browser)
    click(browser, f'#chat-muted button.chat-unmute[data-player="{bo["id"]}"]')
    wait_for_words(browser, "Still losing")
    click(browser, "#chat-room-seats")
    wait_for_words(browser, "You will lose")


def test_a_refresh_keeps_the_history_and_a_deleted_message_is_its_tombstone(
    browser: WebDriver, stack: Stack, redis_url: str
) -> None:
    ana, bo, game = ana_and_bo_at_spots(stack)
    open_as(browser, stack.url, game, ana)
    open_chat(browser)
    write(browser, "First")
    wait_for_words(browser, "First")
    spoiler = say(stack, game, bo, "seats", text="A rude word")
    say(stack, game, bo, "seats", text="Sorry")
    wait_for_words(browser, "Sorry")
    Chat(redis.Redis.from_url(redis_url)).delete(game, spoiler["id"], "operator")
    browser.refresh()
    open_chat(browser)
    deleted = client_words("en")["chat.deleted"]
    wait_for_words(browser, "Sorry")
    assert lines(browser) == [["Ana (you)", "First"], ["Bo", deleted], ["Bo", "Sorry"]]
    assert browser.find_element(By.CSS_SELECTOR, f'li[data-id="{spoiler["id"]}"]').get_attribute("class").split() == [
        "chat-message",
        "deleted",
    ]


def test_a_seat_reports_a_message_with_its_reason(browser: WebDriver, stack: Stack, redis_url: str) -> None:
    ana, bo, game = ana_and_bo_at_spots(stack)
    rude = say(stack, game, bo, "seats", text="You play like a potato")
    open_as(browser, stack.url, game, ana, "pt")
    open_chat(browser)
    wait_for_words(browser, rude["text"])
    click(browser, f'li[data-id="{rude["id"]}"] .chat-more')
    click(browser, f'li[data-id="{rude["id"]}"] .chat-report')
    reason = wait_for_css(browser, f'li[data-id="{rude["id"]}"] input.chat-reason')
    reason.send_keys("insultos")
    click(browser, f'li[data-id="{rude["id"]}"] .chat-report-send')
    wait_until(
        browser,
        lambda: browser.find_element(By.ID, "chat-problem").text == client_words("pt")["chat.reported"],
        30,
        "the report taken",
    )
    kept = Chat(redis.Redis.from_url(redis_url)).reports(1000)
    mine = [report for report in kept if report["message"] == rude["id"]]
    assert [(r["reason"], r["reporter"]["name"], r["sender"]["name"]) for r in mine] == [("insultos", "Ana", "Bo")]


def test_the_length_limit_and_the_rate_limit_are_told_in_the_readers_language(browser: WebDriver, stack: Stack) -> None:
    ana, bo, game = ana_and_bo_at_spots(stack)
    words = client_words("uk")
    open_as(browser, stack.url, game, ana, "uk")
    open_chat(browser)
    box = wait_for_css(browser, "#chat-text")
    box.send_keys("я" * 501)
    assert browser.find_element(By.ID, "chat-count").text == "501/500"
    assert not browser.find_element(By.ID, "chat-send").is_enabled()
    assert browser.find_element(By.ID, "chat-problem").text == words["chat.too-long"].replace("{max}", "500")
    box.send_keys(Keys.BACKSPACE)
    assert browser.find_element(By.ID, "chat-send").is_enabled()
    assert browser.find_element(By.ID, "chat-problem").text == ""
    box.clear()
    # Ten messages in the window (DOGPARK_CHAT_RATE's default), then the page's eleventh is refused.
    for n in range(10):
        say(stack, game, ana, "seats", text=f"spam {n}")
    write(browser, "one more")
    problem = wait_until(browser, lambda: browser.find_element(By.ID, "chat-problem").text, 30, "the refusal")
    forms = {text.split("{count}")[0] for text in words["chat.too-fast"].values()}
    assert any(problem.startswith(start) for start in forms), problem
    assert "one more" not in words_seen(browser)
    # The console tells of the refused post, and of nothing else.
    severe = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert len(severe) == 1 and "/chat?" in severe[0] and "429" in severe[0], severe


def test_what_was_said_while_the_stream_was_down_is_read_on_reconnecting(browser: WebDriver, stack: Stack) -> None:
    ana, bo, game = ana_and_bo_at_spots(stack)
    # The page reaches the server through a proxy that cuts its stream, then refuses streams until told otherwise.
    refuse = Fault("GET", r"/v1/games/\w+/events/stream", "429", times=0)
    with FaultyProxy(stack.url, [refuse]) as proxy:
        open_as(browser, proxy.url, game, ana)
        open_chat(browser)
        connection = lambda: browser.find_element(By.ID, "connection").text  # noqa: E731
        wait_until(browser, lambda: "●" in connection(), 30, "a live stream")
        refuse.times = None
        proxy.cut_streams()
        wait_until(browser, lambda: "○" in connection(), 30, "the stream dropped")
        say(stack, game, bo, "seats", text="Said while you were away")
        wait_until(browser, lambda: len(proxy.played) >= 2, 30, "a reconnection refused")
        refuse.times = 0
        wait_until(browser, lambda: "●" in connection(), 30, "the stream live again")
        wait_for_words(browser, "Said while you were away")
        # The console tells of the streams cut (the game's and the player's) and refused, and of nothing else.
        severe = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
        assert all("/stream?" in line for line in severe), severe


def test_a_finished_games_chat_is_read_again_now_and_then_since_no_stream_brings_it(
    browser: WebDriver, stack: Stack
) -> None:
    body = {"type": "felix", "seats": [{"bot": "random"}] * 3}
    game = requests.post(f"{stack.url}/v1/games", json=body, timeout=30).json()["id"]
    status = lambda: requests.get(f"{stack.url}/v1/games/{game}", timeout=30).json()["status"]  # noqa: E731
    wait_until(browser, lambda: status() == "finished", 120, "the bots' game over")
    open_as(browser, stack.url, game, None)
    wait_for_css(browser, '#status[data-status="finished"]')
    open_chat(browser)
    wait_for_css(browser, "#chat-phrases button.chat-phrase")
    say(stack, game, new_player(stack, "Cy"), "spectators", text="What a finish")
    wait_for_words(browser, "What a finish")


def test_on_a_phone_the_chat_is_reached_from_the_head_without_covering_the_board_or_the_status_bar(
    browser: WebDriver, stack: Stack
) -> None:
    ana, bo, game = ana_and_bo_at_spots(stack)
    say(stack, game, bo, "seats", text="Hello from the other seat")
    at_size(browser, "phone")
    open_as(browser, stack.url, game, ana)
    wait_for_css(browser, "#board[data-version]")
    # Folded below the board at first; the head's button unfolds it and brings it in sight.
    assert wait_for_css(browser, "#chat-toggle").get_attribute("aria-expanded") == "false"
    # What is said meanwhile is counted on the head's button.
    wait_until(browser, lambda: "●" in browser.find_element(By.ID, "connection").text, 30, "a live stream")
    say(stack, game, bo, "seats", text="Are you there?")
    assert text_of_when(browser, "#chat-jump .chat-unread:not([hidden])", "1")
    click(browser, "#chat-jump")
    wait_for_words(browser, "Hello from the other seat")
    assert browser.find_element(By.CSS_SELECTOR, "#chat-jump .chat-unread").get_attribute("hidden") == "true"
    boxes = browser.execute_script(
        """
        const box = (css) => document.querySelector(css).getBoundingClientRect();
        const [chat, board, bar] = [box('#chat'), box('#board'), box('#status-bar')];
        return {chat: [chat.top, chat.bottom], board: [board.top, board.bottom], bar: [bar.top, bar.bottom],
                toggle: box('#chat-toggle').top, height: innerHeight};
        """
    )
    assert boxes["chat"][0] >= boxes["board"][1], boxes
    assert boxes["bar"][1] <= boxes["toggle"] < boxes["height"], boxes
    # Every tap target, the message's actions unfolded and the phrases open, is 44 x 44 CSS px at least.
    click(browser, "#chat-messages .chat-more")
    click(browser, "#chat-phrases summary")
    wait_for_css(browser, "#chat-phrases button.chat-phrase")
    screenshot_of_screen(browser, "chat-phone")
    targets = browser.execute_script(TAP_TARGETS_JS)
    chat = [target for target in targets if target[1].startswith(("#chat", "button.chat", "summary"))]
    small = [target for target in targets if target[0] == "shell" and (target[2] < TAP or target[3] < TAP)]
    assert len(chat) > 10 and not small, (chat, small)
