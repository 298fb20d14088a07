"""The vacation notice: Bo, at his seat in the page, sees that Ana is on vacation and until when, in his language, with
no countdown for her paused clock; once she is back, the notice goes."""

from __future__ import annotations

import json

import requests
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import api_get, choose_language, open_page, text_of, wait_for_css, wait_until

VACATION = "/v1/players/me/vacation"


def player(stack: Stack, name: str) -> dict:
    made = requests.post(f"{stack.url}/v1/players", json={"name": name}, timeout=30)
    made.raise_for_status()
    return made.json()


def as_player(stack: Stack, method: str, path: str, who: dict, **kw) -> requests.Response:
    return requests.request(method, stack.url + path, headers={"Authorization": f"Bearer {who['token']}"}, timeout=30,
                            **kw)


def test_another_seat_sees_who_is_on_vacation_until_when_and_the_notice_goes_when_she_is_back(browser: WebDriver,
                                                                                            stack: Stack):
    ana, bo = player(stack, "Ana"), player(stack, "Bo")
    seats = [{"human": True, "name": "Ana"}, {"human": True, "name": "Bo"}, {"bot": "random"}]
    # A day for each decision: the table lets a clock pause for a week by default.
    created = requests.post(
        f"{stack.url}/v1/games", json={"type": "felix", "seats": seats, "clock": {"turn_seconds": 86400}}, timeout=30
    ).json()
    game = created["id"]
    for seat, who in enumerate((ana, bo)):
        as_player(stack, "POST", f"/v1/games/{game}/seats/{seat}", who).raise_for_status()
    away = as_player(stack, "POST", VACATION, ana, json={"days": 3})
    away.raise_for_status()
    until = api_get(stack, f"/v1/games/{game}")["clocks"][0]["vacation_until"]

    open_page(browser, stack)
    browser.execute_script("localStorage.setItem('dogpark.player', arguments[0])", json.dumps(bo))
    choose_language(browser, "pt")
    open_page(browser, stack, f"#/games/{game}")
    shown = text_of(browser, "#vacation-notice .vacation[data-seat='0']")
    date = browser.execute_script(
        "return new Intl.DateTimeFormat('pt', {dateStyle: 'medium', timeStyle: 'short'})"
        ".format(new Date(arguments[0]))",
        until * 1000,
    )
    countdowns = browser.execute_script("return document.getElementById('clock').textContent")

    assert shown == f"Ana está de férias até {date}: o seu relógio está parado."
    assert "Ana" not in countdowns

    as_player(stack, "DELETE", VACATION, ana).raise_for_status()
    wait_until(browser, lambda: not browser.find_elements("css selector", "#vacation-notice .vacation"), 30,
               "the notice to go once Ana is back")
    assert wait_for_css(browser, "#vacation-notice[hidden]", 5)
