"""Reduce Motion in the page (issue 49, docs/page.md "Reduce Motion"): the toggle puts
`animation.reduce_motion` in force, and the two-up plays the full and the reduced transition
on the daemon's one clock, where a control changes the side it belongs to. Headless Chromium
against a real daemon through a real `cardstack web`."""
import math

import pytest

from harness import MOTION, subscribed, wait_for
from webtools import find_chromium, open_page

pytestmark = pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed")


def js(browser, script, *args):
    return browser.execute_script(script, *args)


def cells(browser):
    return js(browser, """return [...document.querySelectorAll('#variants [data-variant]')].map(c => ({
        cell: +c.dataset.variant, params: JSON.parse(c.dataset.params || 'null'), label: c.textContent}))""")


def params(client):
    return client.ok("get_params")["params"]


def test_the_toggle_and_the_two_up_where_a_control_changes_its_own_side(daemon, bridges, browser):
    client = subscribed(daemon, MOTION, first_frame=True)
    open_page(browser, bridges([daemon.socket]))

    # The toggle: animation.reduce_motion on, then off, and the box follows the daemon.
    toggle = browser.find_element("css selector", "[data-action='reduce-motion']")
    toggle.click()
    wait_for(lambda: params(client)["animation"]["reduce_motion"] is True, timeout=10, what="reduce_motion on")
    toggle.click()
    wait_for(lambda: params(client)["animation"]["reduce_motion"] is False, timeout=10, what="reduce_motion off")
    client.ok("set_params", params={"animation": {"reduce_motion": True}})
    wait_for(lambda: js(browser, "return document.querySelector(\"[data-action='reduce-motion']\").checked"),
             timeout=10, what="the box to follow the daemon")
    client.ok("set_params", params={"animation": {"reduce_motion": False}})

    # The two-up: the values in force, full on the left and reduced on the right.
    browser.find_element("css selector", "[data-action='two-up']").click()
    wait_for(lambda: len(cells(browser)) == 2 and all(c["params"] for c in cells(browser)), timeout=10,
             what="two cells")
    full, reduced = cells(browser)
    assert full["params"]["animation"]["reduce_motion"] is False and reduced["params"]["animation"]["reduce_motion"] is True
    assert "full motion" in full["label"] and "Reduce Motion" in reduced["label"]

    # A control of [reduced.animation] (the panel's own row) changes the reduced side only.
    js(browser, """const box = document.querySelector('tr[data-key="reduced.animation.duration"] input[type=number]');
        box.value = '1.2'; box.dispatchEvent(new Event('change'));""")
    wait_for(lambda: params(client)["reduced"]["animation"].get("duration") == 1.2, timeout=10,
             what="reduced.animation.duration in force")
    wait_for(lambda: all(c["params"]["reduced"]["animation"].get("duration") == 1.2 for c in cells(browser)),
             timeout=10, what="both cells rebased on the new values")
    client.events.clear()
    client.ok("set_params", params={"reduced": {"crossfade": 0}})
    client.event("state")

    # One `next` plays in both cells at once, on the daemon's one clock: at each tick the
    # main frame (the values in force: full) carries its time, and there the full side is the
    # file's 0.3 s landing curve and the reduced side its own 1.2 s one (docs/parameters.md).
    client.events.clear()
    client.ok("next")
    wait_for(lambda: landed(browser), timeout=15, what="both sides to land")
    kept = js(browser, "return window.cardstack.views[0].variants.kept")
    start = kept[0]["time"]
    timed, seen = 0, None
    for m in kept:
        if m["seq"] == seen:
            continue  # a tick of the grid alone: the main frame and its time are the last one's
        seen = m["seq"]
        t = m["time"] - start
        offsets = {v["cell"]: v["frame"]["offset"] for v in m["variants"]}
        assert abs(offsets[0] - 30 * landing(t / 0.3)) <= 1e-9, (t, offsets)
        assert abs(offsets[1] - 30 * landing(t / 1.2)) <= 1e-9, (t, offsets)
        timed += 1
    assert timed >= 3
    # The reduced side moved on after the full one had landed: more frames of its own.
    assert len({m["variants"][1]["seq"] for m in kept}) > len({m["variants"][0]["seq"] for m in kept})

def landing(u):
    """The decelerate curve's progress (docs/parameters.md, "The decelerate curve")."""
    u = min(u, 1)
    return (1 - 0.01**u - u * 0.01 * math.log(100)) / (1 - 0.01 - 0.01 * math.log(100))


def landed(browser):
    kept = js(browser, "return window.cardstack.views[0].variants.kept")
    return bool(kept) and all(v["frame"]["offset"] == 30 for v in kept[-1]["variants"])
