"""The grid's canvas draws a cell as the stage draws the same set (issue 38, docs/page.md,
"One canvas"): a look with images, colours, corners, a border, a shadow and a coloured back,
mid-flip in perspective, painted in a one-cell grid and compared with the stage's DOM
cards in the same headless Chromium."""
import colorsys
import io

import pytest
from PIL import Image

from harness import wait_for
from looktools import COLOURS, LOOK, centre, close, look_daemon, mean_difference, page_picture
from webtools import find_chromium, open_page

pytestmark = pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed")

# As the grid lays a cell out (gridpaint.js): the viewport fitted into the cell's box less
# 8 px, centred.
MARGIN = 8


def flipping(daemon):
    """Scrolls to where the front card is turned past 90° (its back shows) and a card is
    seen in perspective; returns that offset."""
    client = daemon.client()
    try:
        for offset in range(5, 300, 5):
            client.ok("scroll_to", offset=offset)
            frame = client.ok("get_frame")
            quads = [c["quad"] for c in frame["cards"] if c["quad"]]
            away = [q for q in quads if (sum(q[i][0] * q[(i + 1) % 4][1] - q[(i + 1) % 4][0] * q[i][1] for i in range(4))) < 0]
            # Far enough past 90° that the back is a band wider than a few pixels.
            if away and max(p[1] for p in away[0]) - min(p[1] for p in away[0]) > 60:
                return offset
    finally:
        client.close()
    raise AssertionError("no offset shows a card's back")


def test_a_cell_is_painted_as_the_stage_draws_its_set(make_daemon, bridges, browser):
    daemon = look_daemon(make_daemon, LOOK.replace('titles = [""]', 'titles = [""]\ncolors = ["#336699", "#996633"]'))
    flipping(daemon)
    frame, stage, stage_scale, _ = page_picture(browser, daemon, bridges)
    # A grid of one cell: the set in force.
    spacing = daemon.client().ok("get_params")["params"]["layout"]["spacing"]
    browser.execute_script("window.cardstack.views[0].send('set_variants', arguments[0], 'variants')",
                           {"vary": {"layout.spacing": [spacing]}})
    wait_for(lambda: browser.execute_script("""
        const v = window.cardstack.views[0].variants, c = document.querySelector('#variants [data-variant="0"]');
        return !!c && +c.dataset.cards > 0 && v.cells[0].frame !== null
            && v.imagesLoaded""") is True,
             timeout=10, what="the cell painted with every image")
    cell_frame = browser.execute_script("return window.cardstack.views[0].variants.cells[0].frame")
    assert cell_frame["cards"] == frame["cards"], "the cell shows the stage's frame"
    # Two paints later the canvas on screen holds the last paint.
    browser.execute_script("return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    left, top, width, height, ratio = browser.execute_script("""
        const b = document.querySelector('#variants [data-variant="0"] .variant-stage').getBoundingClientRect();
        return [b.left, b.top, b.width, b.height, window.devicePixelRatio]""")
    vw, vh = frame["viewport"]["width"], frame["viewport"]["height"]
    scale = min((width - MARGIN) / vw, (height - MARGIN) / vh)
    x, y = left + (width - vw * scale) / 2, top + (height - vh * scale) / 2
    shot = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    w, h = int(vw * scale * ratio), int(vh * scale * ratio)
    cell = shot.crop((round(x * ratio), round(y * ratio), round(x * ratio) + w, round(y * ratio) + h))
    # The stage's picture (larger) averaged down to the cell's pixels.
    expected = stage.resize(cell.size, Image.Resampling.BOX)
    k = scale * ratio
    # Every card's centre: its image, its colour, or its translucent back, as the stage's.
    for card in frame["cards"]:
        if card["quad"]:
            at = tuple(round(v * k) for v in centre(card["quad"]))
            assert close(cell.getpixel(at), expected.getpixel(at), by=12), (card["item"], at)
    # The card at rest in front shows its image; the one past 90° its back colour, translucent.
    rest = frame["cards"][-2]
    assert close(cell.getpixel(tuple(round(v * k) for v in centre(rest["quad"]))), COLOURS[rest["item"] % 3])
    turned = cell.getpixel(tuple(round(v * k) for v in centre(frame["cards"][-1]["quad"])))
    assert turned[0] > 200 and turned[2] > 200 and turned[1] < 200, turned
    mean = mean_difference(cell, expected)
    print(f"mean difference {mean:.2f}")
    assert mean < 2.5, mean  # as the exported stylesheet against the page (look/test_look_chromium.py)


def test_the_circle_reveal_is_painted_in_every_cell(daemon, bridges, browser):
    """`open` in a grid of two: each cell ends covered by the opened card's colour (the
    stage's reveal: the item's hue, whatever the look), its title at the centre."""
    client = daemon.client()
    open_page(browser, bridges([daemon.socket]))
    browser.execute_script("window.cardstack.views[0].send('set_variants', arguments[0], 'variants')",
                           {"vary": {"layout.spacing": [20, 40]}})
    wait_for(lambda: browser.execute_script(
        "return [...document.querySelectorAll('#variants [data-variant]')].filter(c => +c.dataset.cards > 0).length") == 2,
        timeout=10, what="two cells painted")
    item = client.ok("get_frame")["front"]
    client.ok("open", item=item)
    wait_for(lambda: browser.execute_script("""return window.cardstack.views[0].variants.cells.every(
        (c) => c.frame && c.frame.reveal && c.frame.reveal.progress === 1)""") is True, timeout=15, what="the reveal done in both")
    browser.execute_script("return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    shot = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    ratio = browser.execute_script("return window.devicePixelRatio")
    hue = ((item * 47 + 210) % 360) / 360
    expected = tuple(round(255 * v) for v in colorsys.hls_to_rgb(hue, 0.44, 0.58))
    for i in range(2):
        x, y, w, h = browser.execute_script("""
            const b = document.querySelector(`#variants [data-variant="${arguments[0]}"] .variant-stage`).getBoundingClientRect();
            return [b.left, b.top, b.width, b.height]""", i)
        # A quarter in from the corner: the colour, clear of the title at the centre.
        at = (round((x + w / 2 - w / 8) * ratio), round((y + h / 2 - h / 4) * ratio))
        assert close(shot.getpixel(at), expected, by=3), (i, shot.getpixel(at), expected)
