"""The page's grid of variants (issue 38): `[data-action="variants"]` opens the editor,
`#variants` holds one `[data-variant]` per cell (its whole set in `data-params`, the seq of
the frame it shows in `data-seq`), every cell plays the daemon's move, and clicking a cell
puts exactly its set in force, as one history entry. Headless Chromium against a real daemon
through a real `cardstack web`."""
import json

import pytest

from harness import subscribed, wait_for
from webtools import downloads_to, find_chromium, open_page

pytestmark = pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed")

SPACINGS = [20, 40, 50]
STEPS = [0.05, 0.15]


def js(browser, script, *args):
    return browser.execute_script(script, *args)


def cells(browser):
    return js(browser, """return [...document.querySelectorAll('#variants [data-variant]')].map(c => ({
        cell: +c.dataset.variant, params: JSON.parse(c.dataset.params || 'null'), seq: c.dataset.seq,
        inForce: c.dataset.inForce, label: c.textContent, cards: +c.dataset.cards}))""")


def open_grid(browser):
    browser.find_element("css selector", "[data-action='variants']").click()
    js(browser, """
        const set = (sel, value) => { const e = document.querySelector(sel); e.value = value;
                                      e.dispatchEvent(new Event('change')); };
        set("[data-variant-key='1']", 'layout.spacing');
        set("[data-variant-values='1']", arguments[0]);
        set("[data-variant-key='2']", 'layout.scale_step');
        set("[data-variant-values='2']", arguments[1]);""", ", ".join(map(str, SPACINGS)), "0.05..0.15/2")
    browser.find_element("css selector", "[data-action='variants-show']").click()
    wait_for(lambda: len(cells(browser)) == 6 and all(c["params"] for c in cells(browser)), timeout=10,
             what="six cells with their sets")


def test_the_grid_plays_together_and_a_click_puts_exactly_that_set_in_force(daemon, bridges, browser):
    client = subscribed(daemon)
    before = client.ok("get_params")["params"]
    original = daemon.config.read_text()
    open_page(browser, bridges([daemon.socket]))
    open_grid(browser)
    shown = cells(browser)
    # The first key runs across each row; each cell is the values in force with its two keys.
    for c in shown:
        spacing, step = SPACINGS[c["cell"] % 3], STEPS[c["cell"] // 3]
        expected = json.loads(json.dumps(before))
        expected["layout"]["spacing"], expected["layout"]["scale_step"] = spacing, step
        assert c["params"] == expected, c["cell"]
        assert f"layout.spacing = {spacing}" in c["label"] and f"layout.scale_step = {step}" in c["label"]
        # Every cell names its keys in one order, by name (as the Share's sheet does).
        assert c["label"].index("layout.scale_step") < c["label"].index("layout.spacing"), c["label"]
    assert [c["inForce"] for c in shown] == ["false"] * 6
    # One `next` moves every cell: each shows a newer frame of its own, with cards drawn.
    seqs = {c["cell"]: c["seq"] for c in cells(browser)}
    client.ok("next")
    wait_for(lambda: all(c["seq"] not in ("", seqs[c["cell"]]) and c["cards"] > 0 for c in cells(browser)),
             timeout=10, what="every cell to draw the move")

    # Clicking cell 4 (spacing 40, scale step 0.15) puts exactly its set in force.
    pick = cells(browser)[4]
    history = len(client.ok("history")["entries"])
    browser.find_element("css selector", "#variants [data-variant='4']").click()
    wait_for(lambda: client.ok("get_params")["params"] == pick["params"], timeout=10, what="cell 4's set in force")
    assert len(client.ok("history")["entries"]) == history + 1
    wait_for(lambda: [c["inForce"] for c in cells(browser)] == ["false"] * 4 + ["true", "false"],
             timeout=10, what="cell 4 marked as the one in force")
    # Undo puts back the set before, whole.
    browser.find_element("css selector", "[data-action='undo']").click()
    wait_for(lambda: client.ok("get_params")["params"] == before, timeout=10, what="undo to restore the set before")
    # Pick it again and save: only the two keys' lines change in the file.
    browser.find_element("css selector", "#variants [data-variant='4']").click()
    wait_for(lambda: client.ok("get_params")["params"] == pick["params"], timeout=10, what="cell 4 again")
    browser.find_element("css selector", "[data-action='save']").click()
    wait_for(lambda: daemon.config.read_text() != original, timeout=10, what="the file saved")
    old, new = original.splitlines(), daemon.config.read_text().splitlines()
    assert len(old) == len(new)
    changed = [(a, b) for a, b in zip(old, new) if a != b]
    assert [b for _, b in changed] == ["spacing = 40.0", "scale_step = 0.15"], changed


def test_a_grid_too_large_is_refused_in_the_page(daemon, bridges, browser):
    open_page(browser, bridges([daemon.socket]))
    browser.find_element("css selector", "[data-action='variants']").click()
    js(browser, """
        const k = document.querySelector("[data-variant-key='1']"); k.value = 'layout.spacing';
        document.querySelector("[data-variant-values='1']").value = '1..40/17';""")
    browser.find_element("css selector", "[data-action='variants-show']").click()
    wait_for(lambda: "16" in js(browser, "return document.querySelector('.view .message').textContent"),
             timeout=5, what="the page to say the limit")
    assert cells(browser) == []


def test_share_renders_the_grid_on_screen_as_a_labelled_contact_sheet(daemon, bridges, browser, tmp_path):
    from PIL import Image

    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    downloads = downloads_to(browser, tmp_path / "downloads")
    open_grid(browser)
    client.ok("next")
    # The move is kept once every cell's last frame came (the longest cell ends last).
    wait_for(lambda: js(browser, """const k = window.cardstack.views[0].variants.kept;
        return k.length > 2 && k[k.length - 1].variants.every(v => v.motion &&
               Math.abs(v.frame.offset - v.motion.to) < 1e-9)""") is True, timeout=15, what="the grid's move kept")
    js(browser, "document.querySelector('[data-share-format]').value = 'png'")
    browser.find_element("css selector", "[data-action='share']").click()
    png = downloads / "cardstack-variants.png"
    wait_for(lambda: png.exists() and png.stat().st_size > 0, timeout=60, what="the shared sheet")
    # render --vary's sheet (docs/render.md): 8 px margins, a 22 px label strip over each
    # 375 x 667 stage, three columns (spacing) and two rows (scale step).
    assert Image.open(png).size == (8 + 3 * (375 + 8), 8 + 2 * (22 + 667 + 8))
    wait_for(lambda: "shared the grid of 6" in js(browser, "return document.querySelector('.message').textContent"),
             what="the message")
