"""The audit page: a finished game's hash chain and seed commitment checked in the browser, tampering caught.

The page re-spells every envelope as events/envelope.py canonical_json does and hashes it with Web Crypto, so a
game of each type verifying in the page shows its JavaScript spelling equals Python's on real logs, and the
made-up log below pins the corners real logs rarely reach (float spellings, escapes, key order by code point).
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
import requests
from selenium.webdriver.remote.webdriver import WebDriver

from domain.table import seed_digest
from events.envelope import GENESIS, chain_hash
from service.ops.stack import Stack
from tests.browser.pages import open_page, screenshot, wait_for_css, wait_until

#: An all-bot game of each type, as short as its options allow.
BOT_GAMES = {
    "felix": {"seats": [{"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}]},
    "spots": {"seats": [{"bot": "greedy"}]},
    "dogs": {"seats": [{"bot": "greedy"}, {"bot": "random"}]},
    "dogslife": {"seats": [{"bot": "greedy"}, {"bot": "easy"}], "options": {"bone_target": 2}},
}


@pytest.fixture(scope="module")
def finished_games(stack: Stack) -> dict[str, str]:
    """One finished all-bot game of each type: type -> game id (the four play at once)."""
    games = {}
    for game_type, body in BOT_GAMES.items():
        created = requests.post(f"{stack.url}/v1/games", json={"type": game_type, **body}, timeout=10)
        assert created.status_code == 201, created.text
        games[game_type] = created.json()["id"]
    deadline = time.monotonic() + 90
    for game_id in games.values():
        while requests.get(f"{stack.url}/v1/games/{game_id}", timeout=10).json()["status"] != "finished":
            assert time.monotonic() < deadline, f"game {game_id} did not finish"
            time.sleep(0.2)
    return games


def verdict(driver: WebDriver) -> tuple[str, str]:
    """The page's verdict once it has one: (data-ok, its sentence)."""
    shown = wait_for_css(driver, "#audit-verdict[data-ok]", timeout=30)
    return shown.get_attribute("data-ok"), shown.text


def check_pasted(driver: WebDriver, document: str) -> tuple[str, str]:
    """Put an audit document in the page's paste box, press Check, and read the verdict."""
    # The page's own check of the server's document first: two checks at once race for the one verdict line.
    verdict(driver)
    box = driver.find_element("css selector", "#audit-paste")
    # Typing 100 kB through send_keys takes minutes; setting the value is what a paste does.
    driver.execute_script("arguments[0].value = arguments[1]", box, document)
    driver.find_element("css selector", "#audit-check").click()
    return verdict(driver)


@pytest.mark.parametrize("game_type", BOT_GAMES)
def test_a_finished_games_audit_verifies_in_the_page(
    browser: WebDriver, stack: Stack, finished_games: dict[str, str], game_type: str
) -> None:
    game_id = finished_games[game_type]
    events = len(requests.get(f"{stack.url}/v1/games/{game_id}/audit", timeout=10).json()["events"])
    open_page(browser, stack, f"#/games/{game_id}/audit")
    ok, sentence = verdict(browser)
    assert ok == "true", sentence
    assert f"all {events} events" in sentence and "seed matches" in sentence
    link = browser.find_element("css selector", "#audit-document").get_attribute("href")
    assert link == f"{stack.url}/v1/games/{game_id}/audit"
    command = browser.find_element("css selector", "#audit-command").text
    assert command == f"dogpark verify {stack.url}/v1/games/{game_id}/audit"
    if game_type == "felix":
        screenshot(browser, "audit")


def test_a_game_in_play_has_no_audit_yet(browser: WebDriver, stack: Stack) -> None:
    body = {"type": "felix", "seats": [{"human": True}, {"bot": "greedy"}, {"bot": "random"}]}
    game_id = requests.post(f"{stack.url}/v1/games", json=body, timeout=10).json()["id"]
    open_page(browser, stack, f"#/games/{game_id}/audit")
    shown = wait_for_css(browser, "#audit-verdict")
    wait_until(browser, lambda: "Loading" not in shown.text, 10, "the page to say what became of the audit")
    assert shown.text == "No audit yet: the game is open; its audit opens when it is over."
    assert shown.get_attribute("data-ok") is None


def tampered(audit: dict[str, Any], version: int) -> str:
    """The audit with one event's data changed and nothing else: its hash no longer matches."""
    event = audit["events"][version - 1]
    event["data"] = {**event["data"], "tampered": True}
    return json.dumps(audit)


def test_a_tampered_event_fails_naming_the_event(
    browser: WebDriver, stack: Stack, finished_games: dict[str, str]
) -> None:
    game_id = finished_games["felix"]
    audit = requests.get(f"{stack.url}/v1/games/{game_id}/audit", timeout=10).json()
    open_page(browser, stack, f"#/games/{game_id}/audit")
    assert verdict(browser)[0] == "true"
    kind = audit["events"][11]["type"]
    ok, sentence = check_pasted(browser, tampered(audit, 12))
    assert ok == "false"
    assert f"breaks at version 12 ({kind})" in sentence and "seed matches" in sentence


def test_a_log_with_an_event_cut_out_fails_where_it_was_cut(
    browser: WebDriver, stack: Stack, finished_games: dict[str, str]
) -> None:
    game_id = finished_games["dogs"]
    audit = requests.get(f"{stack.url}/v1/games/{game_id}/audit", timeout=10).json()
    cut = audit["events"].pop(4)
    open_page(browser, stack, f"#/games/{game_id}/audit")
    ok, sentence = check_pasted(browser, json.dumps(audit))
    assert ok == "false"
    follower = audit["events"][4]["type"]
    assert f"breaks at version 5 ({follower}): the event there says it is version 6" in sentence, (cut, sentence)


def test_a_tampered_seed_loaded_from_a_file_fails(
    browser: WebDriver, stack: Stack, finished_games: dict[str, str], tmp_path: Path
) -> None:
    game_id = finished_games["spots"]
    audit = requests.get(f"{stack.url}/v1/games/{game_id}/audit", timeout=10).json()
    saved = tmp_path / "audit.json"
    saved.write_text(json.dumps({**audit, "seed": audit["seed"][::-1]}))
    open_page(browser, stack, f"#/games/{game_id}/audit")
    assert verdict(browser)[0] == "true"
    browser.find_element("css selector", "#audit-file").send_keys(str(saved))
    # The file is read asynchronously into the paste box.
    deadline = time.monotonic() + 10
    while not browser.find_element("css selector", "#audit-paste").get_property("value"):
        assert time.monotonic() < deadline, "the loaded file never reached the paste box"
        time.sleep(0.05)
    browser.find_element("css selector", "#audit-check").click()
    ok, sentence = verdict(browser)
    assert ok == "false"
    assert "chain holds" in sentence and "seed does NOT match" in sentence


def odd_log() -> tuple[dict[str, Any], int]:
    """A chained log whose data holds what real logs rarely do, hashed by Python; and the version to break."""
    rng = random.Random(15)
    floats = [1.0, 0.1, 1e-05, 0.0001, 1e16, 1e15, 1.5e16, 5e-324, 1.7976931348623157e308, -0.0, 2.5e-07, 1e21, 1e22]
    floats += [rng.uniform(-1, 1) * 10 ** rng.randint(-12, 24) for _ in range(300)]
    data = {
        "floats": floats,
        "ints": [0, -1, 2**70, -(2**64)],
        "text": 'é ü 中 😀 \u2028 \x7f \x00 \x01 \x1f \t\n\r\b\f " \\ / </script>',
        # Sorted by code point U+FF01 comes before U+1F600; by UTF-16 unit (JavaScript's <) after it.
        "\uff01": "a key above the surrogates",
        "\U0001f600": "an astral key",
        "B": 1,
        "a": [],
        "é": {},
    }
    seed = "séed 😀"
    events, previous = [], GENESIS
    kinds = [("TableOpened", {"seed_sha256": seed_digest(seed)}), ("Odd", data), ("Odd", {"time": 1e-07})]
    for version, (kind, body) in enumerate(kinds, start=1):
        envelope = {
            "version": version,
            "type": kind,
            "data": body,
            "actor": {"kind": "system"},
            "command_id": "c-1",
            "time": 1795404634.0 + version / 3,
        }
        envelope["hash"] = previous = chain_hash(previous, envelope)
        events.append(envelope)
    return {"id": "made-up", "type": "felix", "seed": seed, "events": events, "commands": {}}, 2


def test_the_page_spells_json_exactly_as_python_does(
    browser: WebDriver, stack: Stack, finished_games: dict[str, str]
) -> None:
    audit, odd = odd_log()
    open_page(browser, stack, f"#/games/{finished_games['felix']}/audit")
    verdict(browser)
    # The same log in any JSON spelling: escaped or raw non-ASCII, any layout, any number spelling.
    for document in (json.dumps(audit), json.dumps(audit, ensure_ascii=False, indent=2)):
        ok, sentence = check_pasted(browser, document)
        assert ok == "true", sentence
    # Exponents as JavaScript or orjson would write them: the same numbers, so the same hashes.
    respelt = json.dumps(audit).replace("e-0", "e-").replace("e+", "e")
    assert check_pasted(browser, respelt)[0] == "true"
    audit["events"][odd - 1]["data"]["floats"][0] = 1
    ok, sentence = check_pasted(browser, json.dumps(audit))
    assert ok == "false" and f"version {odd} (Odd)" in sentence
