"""The page's drag is a finger on the deck (`drag`, docs/protocol.md §4; docs/page.md): in
headless Chromium against a real daemon through a real `cardstack web`, a mouse drag past the
first card of the coverflow preset moves the cards by iCarousel's factor (docs/layouts.md
§2.9: each move of p points moves s by p·factor·2/spacing, factor = 1 − min(|s|, b)/b past the
edge, 2 the cover flow's offset multiplier), the page draws those frames, and after the
release the deck scrolls back onto the first card and rests there."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains

from harness import MOTION, REPO, subscribed, wait_for
from webtools import assert_cards_match, current_frame, find_chromium, open_page, wait_page_seq, wait_page_shows

pytestmark = pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed")

STEP_PX = 20
STEPS = 5


def icarousel_drag(offset, by, spacing, bounce=1.0, multiplier=2.0):
    """iCarousel's `didPan` on a deck that does not wrap, at its first edge, in points."""
    s = offset / spacing
    past = abs(min(s, 0))
    factor = 1 - min(past, bounce) / bounce
    s = max(s + by * factor * multiplier / spacing, -bounce)
    return s * spacing


def test_a_mouse_drag_past_the_edge_of_the_coverflow_preset_moves_by_icarousels_factor_and_springs_back(
    make_daemon, bridges, browser
):
    daemon = make_daemon((REPO / "Config" / "presets" / "coverflow.toml").read_text())
    watcher = subscribed(daemon, MOTION, first_frame=True)
    params = watcher.ok("get_params")["params"]
    assert params["layout"]["wrap"] is False and params["layout"]["style"] == "coverflow"
    spacing = params["layout"]["spacing"]
    open_page(browser, bridges([daemon.socket]))
    scale = browser.execute_script("return window.cardstack.views[0].scale")
    assert scale > 0
    picture = browser.execute_script("return document.getElementById('stage').parentElement")
    # The finger goes down and moves right, STEP_PX at a time, each move its own animation
    # frame (the pauses): the content follows it, so the offset goes below the first card.
    # duration=0: each move is one pointermove (WebDriver would otherwise glide through
    # intermediate ones, each its own `changed`).
    chain = ActionChains(browser, duration=0).move_to_element(picture).click_and_hold().pause(0.3)
    for _ in range(STEPS):
        chain = chain.move_by_offset(STEP_PX, 0).pause(0.3)
    chain.perform()
    expected = [0.0]
    for _ in range(STEPS):
        expected.append(icarousel_drag(expected[-1], -STEP_PX / scale, spacing))
    dragged = []
    while len(dragged) < STEPS:
        event = watcher.event("frame", timeout=10)
        assert "motion" not in event, event  # under the finger nothing animates
        dragged.append(event)
    offsets = [e["frame"]["offset"] for e in dragged]
    for got, want in zip(offsets, expected[1:]):
        assert abs(got - want) < 1e-6, (offsets, expected)
    assert expected[-1] < -0.5 * spacing  # well past the edge, and slowed: less than the finger
    assert abs(expected[-1]) < 2 * STEPS * STEP_PX / scale
    # The page draws the deck where the finger holds it.
    wait_page_seq(browser, dragged[-1]["seq"])
    assert assert_cards_match(browser, dragged[-1]["frame"]) > 0
    # Let go (the pointer stood still: velocity 0): iCarousel scrolls back onto item 0.
    watcher.events.clear()
    ActionChains(browser, duration=0).release().perform()
    frames = [f for f in watcher.frames_until_rest() if "motion" in f]
    assert frames[0]["motion"]["kind"] == "release" and frames[0]["motion"]["velocity"] == 0
    back = [f["frame"]["offset"] for f in frames]
    assert back[0] == offsets[-1]
    assert all(a <= b <= 0 for a, b in zip(back, back[1:])), back
    assert back[-1] == 0
    # iCarousel's 0.4 s scroll, eased by e(x) = ½(2x)³ then ½(2x − 2)³ + 1, lands at 0.4 s.
    start, s0 = frames[0]["time"], back[0]
    for f in frames[:-1]:
        x = (f["time"] - start) / 0.4
        assert x < 1
        e = 0.5 * (2 * x) ** 3 if x < 0.5 else 0.5 * (2 * x - 2) ** 3 + 1
        assert abs(f["frame"]["offset"] - s0 * (1 - e)) < 1e-6, (x, f["frame"]["offset"], s0 * (1 - e))
    assert frames[-1]["time"] - start >= 0.4
    # The page shows the deck at rest on the first card.
    wait_page_shows(browser, current_frame(daemon))
    wait_for(lambda: browser.execute_script("return window.cardstack.views[0].shown.offset") == 0,
             timeout=10, what="the page to show the deck back on its first card")
