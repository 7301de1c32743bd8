"""A pose fitted from corners marked in the page (issue 40, docs/fit.md "The pose"): a still
of a stack drawn from hidden numbers is loaded as the reference, each card's corners are
clicked on it with "Mark corners", and Fit runs `cardstack fit --corners` through the bridge
against the page's daemon; Apply is one undo away. Real daemon, bridge and headless
Chromium; the clicks are pointer events at the corners' places on screen."""
import glob
import json
import os
import shutil
import subprocess

import pytest
from PIL import Image, ImageDraw

from harness import BIN, subscribed, wait_for
from webtools import find_chromium, open_page

pytestmark = [
    pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed (make test-deps)"),
    pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed"),
]

HIDDEN = "[layout]\nspacing = 36.0\nscale_step = 0.08\nm34 = -0.0006\n"


def still(tmp_path):
    """The hidden stack mid-flip (offset 14): a picture of its four front cards, the size of
    the phone (1 px a point), and their corners."""
    (tmp_path / "hidden.toml").write_text(HIDDEN)
    out = subprocess.run([str(BIN / "cardstack"), "frame", "--config", str(tmp_path / "hidden.toml"), "--offset", "14"],
                         capture_output=True, text=True, timeout=60, check=True)
    frame = json.loads(out.stdout)
    cards = sorted(frame["cards"], key=lambda c: -c["z"])[:4]
    vp = frame["viewport"]
    picture = Image.new("RGB", (round(vp["width"]), round(vp["height"])), (242, 242, 247))
    draw = ImageDraw.Draw(picture)
    for i, card in enumerate(reversed(cards)):
        draw.polygon([tuple(p) for p in card["quad"]], fill=(60 + 40 * i, 90, 200 - 30 * i), outline=(0, 0, 0))
    path = tmp_path / "still.png"
    picture.save(path)
    return path, [c["quad"] for c in cards]


def click_at_points(browser, points):
    """A press at each point (phone points) on the reference as the page shows it."""
    browser.execute_script("""
        const v = window.cardstack.views[0], stage = document.querySelector('#stage');
        const box = document.querySelector('.reference-layer').getBoundingClientRect();
        for (const [x, y] of arguments[0]) {
            const at = {clientX: box.left + x * v.scale, clientY: box.top + y * v.scale, button: 0, bubbles: true,
                        pointerId: 1, isPrimary: true};
            stage.dispatchEvent(new PointerEvent('pointerdown', at));
            stage.dispatchEvent(new PointerEvent('pointerup', at));
        }""", points)


def test_corners_marked_on_a_still_fit_its_pose_and_apply_is_one_undo(daemon, bridges, browser, tmp_path):
    path, quads = still(tmp_path)
    client = subscribed(daemon)
    before = client.ok("get_params")["params"]
    open_page(browser, bridges([daemon.socket]))
    browser.find_element("css selector", "#reference-file").send_keys(str(path))
    wait_for(lambda: browser.execute_script("return document.querySelector('#reference-image').dataset.referenceId"),
             timeout=60, what="the still to load")
    # A press on the picture scrolls the deck until marking is on; then it marks.
    browser.find_element("css selector", "[data-action='mark-corners']").click()
    click_at_points(browser, [p for quad in quads for p in quad])
    marked = json.loads(browser.execute_script("return document.querySelector('.corner-marks').dataset.corners"))
    assert len(marked) == 4
    for card, quad in zip(marked, quads):
        for (x, y), (qx, qy) in zip(card, quad):
            assert abs(x - qx) < 0.01 and abs(y - qy) < 0.01, (card, quad)
    assert "4 cards marked" in browser.execute_script("return document.querySelector('.corner-marks').closest('.view')"
                                                      ".querySelector('[data-action=mark-corners]').parentElement.textContent")
    browser.find_element("css selector", "[data-action='fit']").click()
    shown = wait_for(lambda: browser.execute_script("""const r = document.querySelector('.fit-result');
        return !document.querySelector('[data-action="fit"]').disabled && (r.dataset.residual || r.dataset.error === 'true')
            ? {text: r.textContent, error: r.dataset.error, residual: r.dataset.residual} : null"""),
        timeout=600, what="the pose fit's result in the page")
    assert shown["error"] == "false", shown
    fitted = browser.execute_script("return window.cardstack.views[0].reference.fitted")
    assert fitted["kind"] == "pose", fitted
    layout = fitted["params"]["layout"]
    # The bounds of the command line's own pose test (test_fit.py).
    assert abs(layout["spacing"] - 36) < 1 and abs(layout["scale_step"] - 0.08) < 0.01, fitted
    assert abs(layout["m34"] / -0.0006 - 1) < 0.05, fitted
    assert float(shown["residual"]) < 1, shown
    # The bridge left no corners file beside the still's frames.
    scratch = os.environ.get("TMPDIR") or "/tmp"
    assert glob.glob(f"{scratch}/cardstack-reference-*/corners-*.json") == []
    history = len(client.ok("history")["entries"])
    browser.find_element("css selector", "[data-action='apply-fit']").click()
    wait_for(lambda: abs(client.ok("get_params")["params"]["layout"]["spacing"] - layout["spacing"]) < 1e-9,
             timeout=10, what="the fit in force")
    assert len(client.ok("history")["entries"]) == history + 1
    client.ok("undo")
    assert client.ok("get_params")["params"] == before


def test_marked_corners_the_bridge_refuses_say_why(daemon, bridges, browser, tmp_path):
    """One card is not a pose; a corner that is not a number is refused by the bridge
    with the shape it wants."""
    path, quads = still(tmp_path)
    open_page(browser, bridges([daemon.socket]))
    browser.find_element("css selector", "#reference-file").send_keys(str(path))
    wait_for(lambda: browser.execute_script("return document.querySelector('#reference-image').dataset.referenceId"),
             timeout=60, what="the still to load")
    browser.find_element("css selector", "[data-action='mark-corners']").click()
    click_at_points(browser, quads[0])
    from selenium.webdriver.support.ui import Select
    Select(browser.find_element("css selector", "[aria-label='what to fit']")).select_by_value("pose")
    browser.find_element("css selector", "[data-action='fit']").click()
    text = browser.execute_script("return document.querySelector('.fit-result').textContent")
    assert "two or more cards" in text, text
    status, body = browser.execute_script("""
        const r = window.cardstack.views[0].reference;
        return fetch(`/fit?token=${encodeURIComponent(document.body.dataset.token)}`, {method: 'POST',
            body: JSON.stringify({id: r.clip.id, corners: [[[0, 0], [1, 0], [1, 1], [0, 'x']], [[0, 0], [1, 0], [1, 1], [0, 1]]]})})
          .then(async (resp) => [resp.status, await resp.text()]);""")
    assert status == 400 and "4 corners [x, y] in points" in body, (status, body)
