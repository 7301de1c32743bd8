"""The look goes wherever the stage goes (issue 45): the page's Share posts the parameters
with the frames, so the file it downloads shows the cards' images as the stage does, not
numbered boxes; `cardstack render --config FILE` and `render --vary` draw each set's look
with its images relative to the file, as a single render of a recording does; the grid's
Share draws each cell in its set's look; `render --live` draws the daemon's."""
import subprocess

from PIL import Image

from harness import BIN, subscribed, wait_for
from rendertools import card_color, decode, record
from looktools import COLOURS, centre, close, look_daemon
from webtools import current_frame, downloads_to, needs_chromium, open_page

# ContactSheet's margin and label height at scale 1 (docs/render.md, "Variants").
MARGIN, LABEL = 8, 22


def front_of(frame):
    front = frame["cards"][-1]
    return front["item"], tuple(round(c) for c in centre(front["quad"]))


@needs_chromium
def test_share_downloads_the_cards_images_the_stage_shows(make_daemon, bridges, browser, tmp_path):
    daemon = look_daemon(make_daemon)
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    downloads = downloads_to(browser, tmp_path / "downloads")
    client.ok("next", count=1)
    move = client.frames_until_rest()
    wait_for(lambda: browser.execute_script(
        "const s = window.cardstack.views[0].transition(); return s.length ? s[s.length - 1].seq : null")
        == move[-1]["seq"], timeout=10, what="the page to keep the move")
    browser.execute_script("document.querySelector('[data-share-format]').value = 'png'")
    browser.find_element("css selector", "[data-action='share']").click()
    png = downloads / "cardstack.png"
    wait_for(lambda: png.exists() and png.stat().st_size > 0, timeout=60, what="the shared animated PNG")
    last = decode(png)[-1][0]
    item, point = front_of(move[-1]["frame"])
    got = last.getpixel(point)
    assert close(got, COLOURS[item % 3]), (item, got)
    assert not close(got, card_color(item), by=20)


def test_render_config_and_vary_draw_the_files_images(make_daemon, tmp_path):
    daemon = look_daemon(make_daemon)
    # Where `next` from offset 0 leaves the front card: what the last output frame shows.
    frames = record(daemon, tmp_path / "next.jsonl", "next")
    item, (x, y) = front_of(frames[-1][1])
    daemon.stop()
    config = daemon.config

    out = tmp_path / "config.png"
    result = subprocess.run([str(BIN / "cardstack"), "render", "--config", str(config), "--out", str(out)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    got = decode(out)[-1][0].getpixel((x, y))
    assert close(got, COLOURS[item % 3]), (item, got)

    out = tmp_path / "vary.png"
    result = subprocess.run([str(BIN / "cardstack"), "render", "--config", str(config), "--vary",
                             "animation.duration=0.2,0.3", "--out", str(out)], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    sheet = decode(out)[-1][0]
    width = Image.open(tmp_path / "config.png").size[0]
    for cell in range(2):
        origin = (MARGIN + cell * (width + MARGIN), MARGIN + LABEL)
        got = sheet.getpixel((origin[0] + x, origin[1] + y))
        assert close(got, COLOURS[item % 3]), (cell, item, got)


@needs_chromium
def test_the_grids_share_draws_each_cell_in_its_look(make_daemon, bridges, browser, tmp_path):
    daemon = look_daemon(make_daemon)
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    downloads = downloads_to(browser, tmp_path / "downloads")
    browser.find_element("css selector", "[data-action='variants']").click()
    browser.execute_script("""
        const set = (sel, value) => { const e = document.querySelector(sel); e.value = value;
                                      e.dispatchEvent(new Event('change')); };
        set("[data-variant-key='1']", 'layout.spacing');
        set("[data-variant-values='1']", '30, 40');
        set("[data-variant-key='2']", 'layout.scale_step');
        set("[data-variant-values='2']", '0.1');""")
    browser.find_element("css selector", "[data-action='variants-show']").click()
    wait_for(lambda: browser.execute_script("return window.cardstack.views[0].variants.cells.length") == 2,
             timeout=10, what="two cells")
    client.ok("next")
    wait_for(lambda: browser.execute_script("""const k = window.cardstack.views[0].variants.kept;
        return k.length > 2 && k[k.length - 1].variants.every(v => v.motion &&
               Math.abs(v.frame.offset - v.motion.to) < 1e-9)""") is True, timeout=15, what="the grid's move kept")
    last = browser.execute_script(
        "const k = window.cardstack.views[0].variants.kept; return k[k.length - 1].variants")
    browser.execute_script("document.querySelector('[data-share-format]').value = 'png'")
    browser.find_element("css selector", "[data-action='share']").click()
    png = downloads / "cardstack-variants.png"
    wait_for(lambda: png.exists() and png.stat().st_size > 0, timeout=60, what="the shared sheet")
    sheet = decode(png)[-1][0]
    for cell in last:
        item, (x, y) = front_of(cell["frame"])
        width = cell["frame"]["viewport"]["width"]
        origin = (MARGIN + cell["cell"] * (round(width) + MARGIN), MARGIN + LABEL)
        got = sheet.getpixel((origin[0] + x, origin[1] + y))
        assert close(got, COLOURS[item % 3]), (cell["cell"], item, got)


def test_render_live_draws_the_daemons_look(make_daemon, tmp_path):
    daemon = look_daemon(make_daemon)
    item, point = front_of(current_frame(daemon)["frame"])
    out = tmp_path / "live.png"
    result = subprocess.run([str(BIN / "cardstack"), "render", "--live", "--seconds", "0.3", "--out", str(out),
                             "--socket", str(daemon.socket)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    got = decode(out)[-1][0].getpixel(point)
    assert close(got, COLOURS[item % 3]), (item, got)
