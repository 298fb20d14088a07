"""Names as long as the API takes them still fit a 360 px phone."""

from __future__ import annotations

import uuid

import redis as redis_py
from selenium.webdriver.remote.webdriver import WebDriver

from events.bots import Bots
from service.http.schemas.base import MAX_NAME
from service.ops.stack import Stack
from tests.browser.pages import create_game_in_page, open_page, wait_for_css


def test_a_registered_bot_with_the_longest_name_leaves_the_lobby_and_its_game_within_a_360_px_phone(
    phone: WebDriver, stack: Stack
) -> None:
    name = f"long-{uuid.uuid4().hex}".ljust(MAX_NAME, "w")[:MAX_NAME]
    bots = Bots(redis_py.Redis.from_url(stack.redis_url))
    # Its address answers nothing: the seat plays its fallback, and nothing leaves this machine.
    bot = bots.register(name, "http://127.0.0.1:9/", "", ["felix"], 2.0, "s" * 32, owner="someone")
    try:
        open_page(phone, stack)
        lobby_width = phone.execute_script("return document.documentElement.scrollWidth")
        create_game_in_page(phone, "felix", ["human", name, "random"])
        wait_for_css(phone, "#board [data-key]")
        game_width = phone.execute_script("return document.documentElement.scrollWidth")
    finally:
        bots.retire(bot.id)

    assert (lobby_width, game_width) == (360, 360)
