""""Notify me" in headless Debian chromium: the button, the permission, the client's service worker, the push it
shows, and what headless chromium allows of PushManager.subscribe() (docs/notifications.md)."""

from __future__ import annotations

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.ops.stack import Stack
from tests.browser.pages import open_page, text_of, wait_for_css, wait_until

#: The subscription steps of the page's own module, run in the page: what each gives, or the error it raises.
TRY_SUBSCRIBE = """
const done = arguments[arguments.length - 1];
(async () => {
  const notify = await import('/app/js/notify.js');
  const registration = await notify.registerWorker();
  const outcome = {supported: notify.pushSupported(), active: Boolean(registration.active),
                   scope: registration.scope, permission: Notification.permission};
  const key = (await (await fetch('/v1/push/key')).json()).public_key;
  const padded = key.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - key.length % 4) % 4);
  try {
    const asked = registration.pushManager.subscribe(
      {userVisibleOnly: true, applicationServerKey: Uint8Array.from(atob(padded), (c) => c.charCodeAt(0))});
    const late = new Promise((_, refuse) => setTimeout(() => refuse(new Error('no answer within 10 s')), 10000));
    const subscription = await Promise.race([asked, late]);
    outcome.subscribed = subscription.endpoint;
    await subscription.unsubscribe();
  } catch (error) {
    outcome.refused = `${error.name}: ${error.message}`;
  }
  return outcome;
})().then(done, (error) => done({error: String(error)}));
"""

#: The notifications the client's service worker shows, as the page sees them.
SHOWN = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready
  .then((registration) => registration.getNotifications())
  .then((shown) => done(shown.map((n) => ({title: n.title, body: n.body, tag: n.tag, url: n.data.url}))));
"""


def permit(browser: WebDriver, stack: Stack, setting: str) -> None:
    """Grant or deny the page's origin the permission to notify, as a person's answer to the prompt would."""
    browser.execute_cdp_cmd(
        "Browser.setPermission",
        {"origin": stack.url, "permission": {"name": "notifications"}, "setting": setting},
    )


def test_the_notify_me_button_shows_and_says_why_it_could_not_turn_notifications_on_when_denied(browser, stack):
    permit(browser, stack, "denied")
    open_page(browser, stack)
    button = wait_for_css(browser, "#notify-me:not([hidden])")
    assert button.text == "Notify me" and button.get_attribute("aria-pressed") == "false"
    button.click()
    said = wait_until(browser, lambda: "notifications are blocked" in text_of(browser, "#notice"), 10, "the refusal")
    assert said
    assert browser.find_element(By.CSS_SELECTOR, "#notify-me").get_attribute("aria-pressed") == "false"


def test_headless_chromium_registers_the_service_worker_and_shows_a_push_it_is_handed(browser, stack):
    permit(browser, stack, "granted")
    open_page(browser, stack)
    outcome = browser.execute_async_script(TRY_SUBSCRIBE)
    print(f"\nheadless chromium: {outcome}")
    assert outcome.get("error") is None, outcome
    assert outcome["supported"] and outcome["active"] and outcome["scope"] == f"{stack.url}/"
    assert outcome["permission"] == "granted"
    # Headless chromium reaches no push service here (Google's, over the network): its subscribe() gives no answer
    # (measured: none within 10 s). Where it gives one, the endpoint is a push service's https URL.
    if "subscribed" in outcome:
        assert outcome["subscribed"].startswith("https://")
    else:
        assert outcome["refused"], outcome
    # A push handed to the worker as a push service would hand it (DevTools' ServiceWorker.deliverPushMessage) is
    # shown, with the server's words, tag and the game's page.
    notice = (
        '{"title": "Your turn", "body": "It is your turn in Spots.", "url": "/#/games/abc", '
        '"tag": "dogpark-abc", "language": "en", "kind": "turn", "game": "abc"}'
    )
    assert deliver_push(browser, stack, notice)
    shown = wait_until(browser, lambda: browser.execute_async_script(SHOWN), 10, "the notification shown")
    assert shown == [
        {"title": "Your turn", "body": "It is your turn in Spots.", "tag": "dogpark-abc", "url": "/#/games/abc"}
    ]


def deliver_push(browser: WebDriver, stack: Stack, data: str) -> bool:
    """Hand the client's service worker a push through DevTools, as its push service would; False if none took it."""
    browser.execute_cdp_cmd("ServiceWorker.enable", {})
    # DevTools names a registration by an id the page cannot read (it comes in an event Selenium does not hand on),
    # and takes a push for an id it does not know without a word: the push goes to each of the first ids (the
    # session's profile has had few registrations); the tag makes them one notification.
    taken = 0
    for registration_id in range(16):
        try:
            browser.execute_cdp_cmd(
                "ServiceWorker.deliverPushMessage",
                {"origin": stack.url, "registrationId": str(registration_id), "data": data},
            )
            taken += 1
        except WebDriverException:
            continue
    return taken > 0
