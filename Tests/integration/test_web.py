"""`cardstack web`: the page in headless Chromium against real daemons, and the bridge's
refusals over raw sockets."""
import http.client
import json
import re
import signal

import pytest

from conftest import DEFAULT_CONFIG, wait_for
from webtools import Bridge, WebSocket, assert_cards_match, find_chromium, page_state, start_browser, wait_page_seq

needs_chromium = pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed (make test-deps)")


def config(style=None, **tables):
    """The default file with `style` and any table keys replaced, as TOML text."""
    text = DEFAULT_CONFIG.read_text()
    if style:
        text = re.sub(r'(?m)^style = ".*"$', f'style = "{style}"', text)
    for dotted, value in tables.items():
        key = dotted.split("__")[1]
        text, n = re.subn(rf"(?m)^{key} = .*$", f"{key} = {value}", text, count=1)
        assert n == 1, dotted
    return text


@pytest.fixture
def bridges():
    started = []

    def start(sockets, **kwargs):
        b = Bridge(sockets, **kwargs)
        started.append(b)
        return b

    yield start
    for b in started:
        b.stop()


@pytest.fixture
def browser():
    if find_chromium() is None:
        pytest.skip("chromium and chromedriver are not installed (make test-deps)")
    driver = start_browser()
    yield driver
    driver.quit()


def subscribed(daemon):
    client = daemon.client()
    client.ok("subscribe", events=["frame", "params", "state", "config_error"])
    return client


def open_page(browser, bridge):
    browser.get(bridge.url)
    wait_for(lambda: browser.execute_script(
        "return [...document.querySelectorAll('.conn')].every(c => c.dataset.state === 'connected')"),
        timeout=10, what="the page to connect")


def latest_frame(client, timeout=5):
    """The newest frame event the client has (waits for one)."""
    event = client.event("frame", timeout=timeout)
    while True:
        try:
            event = client.event("frame", timeout=0.3)
        except TimeoutError:
            return event


def row(browser, key, view=0):
    return browser.execute_script(
        "const r = document.querySelector(`.view[data-view='${arguments[1]}'] tr[data-key='${arguments[0]}']`);"
        "return r && {value: r.dataset.value, source: r.dataset.source, differs: r.classList.contains('differs')};",
        key, view)


def is_mid_flip(frame):
    """Whether some card is turned about its x axis (its quad's top and bottom differ in width)."""
    for card in frame["cards"]:
        q = card["quad"]
        if q and abs((q[1][0] - q[0][0]) - (q[2][0] - q[3][0])) > 2:
            return True
    return False


# MARK: Drawing

@needs_chromium
@pytest.mark.parametrize("style", ["stack", "coverflow", "cylinder"])
def test_every_card_box_is_its_quad_box(make_daemon, bridges, browser, style):
    daemon = make_daemon(config(style))
    client = subscribed(daemon)
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    spacing = client.ok("get_params")["params"]["layout"]["spacing"]
    fractions = [0.5, 1.3, 2.6, 0.25, 0.75, 1.5] if style == "stack" else [1.4]
    for fraction in fractions:
        client.ok("scroll_to", offset=fraction * spacing)
        event = latest_frame(client)
        if style != "stack" or is_mid_flip(event["frame"]):
            break
    else:
        pytest.fail("no offset puts a stack card mid-flip")
    wait_page_seq(browser, event["seq"])
    assert int(page_state(browser)["seq"]) == event["seq"]
    assert assert_cards_match(browser, event["frame"]) >= 3
