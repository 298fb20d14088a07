"""A phone's header is one row of at most 64 px: the brand, the lobby and the turn notice, and a menu button (44 px)
under which the name, the language and the notifications open inside the screen; on a desktop they stay in the
header's row and there is no menu button."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import open_page, wait_until

HEADER = 64
TAP = 44
#: The header's things that wait behind the menu on a phone.
IN_MENU = ("#player-name", "#player-save", "#language")

#: Each element's box, and whether it lies whole inside the viewport.
IN_VIEW_JS = """
return arguments[0].map((css) => {
  const r = document.querySelector(css).getBoundingClientRect();
  return [css, r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight];
});
"""


def shown(driver: WebDriver, css: str) -> bool:
    """Whether the element at css is drawn."""
    return driver.find_element(By.CSS_SELECTOR, css).is_displayed()


def test_a_phone_keeps_the_name_and_language_behind_a_menu_in_a_header_of_one_row(phone: WebDriver, stack: Stack):
    open_page(phone, stack)
    assert phone.find_element(By.CSS_SELECTOR, "header.top").rect["height"] <= HEADER
    assert not any(shown(phone, css) for css in IN_MENU)
    button = phone.find_element(By.ID, "menu-toggle")
    assert button.rect["width"] >= TAP and button.rect["height"] >= TAP
    button.click()
    assert button.get_attribute("aria-expanded") == "true"
    wait_until(
        phone,
        lambda: all(inside for _, inside in phone.execute_script(IN_VIEW_JS, list(IN_MENU))),
        5,
        "the menu's things inside the screen",
    )
    # The header itself does not grow: the menu opens over the page.
    assert phone.find_element(By.CSS_SELECTOR, "header.top").rect["height"] <= HEADER
    phone.find_element(By.ID, "player-name").send_keys(Keys.ESCAPE)
    wait_until(phone, lambda: not shown(phone, "#language"), 5, "the menu to close")


def test_a_desktop_shows_the_name_and_language_in_the_header_without_a_menu(browser: WebDriver, stack: Stack):
    open_page(browser, stack)
    assert all(shown(browser, css) for css in IN_MENU)
    assert not shown(browser, "#menu-toggle")
