"""The look drawn alike by the page, the exported stylesheet and `cardstack render` (issue
35), in headless Chromium through a real `cardstack web`: the same frame of a look with
images, colours, corners, border and shadow, compared pixel by pixel and by the front card's
outline."""
import io

import pytest
from PIL import Image

from harness import wait_for
from looktools import COLOURS, LOOK, centre, close, look_daemon, mean_difference, page_picture, record_rest
from rendertools import render
from webtools import find_chromium

pytestmark = pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed")

# The look with each item's colour set too: the stylesheet carries `colors`, and the page's
# own hues are not in it.
COLOURED = LOOK.replace('titles = [""]', 'titles = [""]\ncolors = ["#336699", "#996633"]')


def test_the_exported_stylesheet_draws_the_frame_as_the_page_does(make_daemon, bridges, browser, tmp_path):
    daemon = look_daemon(make_daemon, COLOURED)
    frame, page, scale, (left, top) = page_picture(browser, daemon, bridges)
    css = daemon.cli("export", "--format", "css").stdout
    assert "border-radius: 16px;" in css and "box-shadow:" in css
    markup = css.split("<div class=\"cardstack\">", 1)[1].split("</div>\n*/", 1)[0]
    shots = daemon.config.parent / "shots"
    # What the stylesheet leaves to the app (its comment says so): each card's image as its
    # background, and the stage's colour and size on screen.
    def image_rule(item):
        url = (shots / f"{item % 3}.png").as_uri()
        return f'.cardstack > .card[data-item="{item}"] {{ background-image: url("{url}"); }}'
    images = "\n".join(image_rule(c["item"]) for c in frame["cards"])
    html = tmp_path / "exported.html"
    html.write_text(
        "<!doctype html><html><head><style>html, body { margin: 0; padding: 0; background: #000; }\n" + css
        + f"\n.cardstack {{ background: rgb(242, 242, 247); transform: scale({scale!r}); transform-origin: 0 0;"
        + f" position: absolute; left: {left!r}px; top: {top!r}px; }}\n"
        + images + "</style></head><body><div class=\"cardstack\">" + markup + "</div></body></html>")
    browser.get(html.as_uri())
    wait_for(lambda: browser.execute_script(
        "return [...document.querySelectorAll('.card')].every(e => getComputedStyle(e).backgroundImage.startsWith('url'))"
        " && document.readyState === 'complete'"), timeout=10, what="the exported page")
    shot = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    # Cut where the page's stage was cut: the stage may sit on a fraction of a pixel.
    x, y = round(left), round(top)
    exported = shot.crop((x, y, x + page.size[0], y + page.size[1]))
    front = frame["cards"][-1]
    x, y = (round(v * scale) for v in centre(front["quad"]))
    assert close(exported.getpixel((x, y)), COLOURS[front["item"] % 3]), "the front card's image"
    mean = mean_difference(page, exported)
    worst = outline_difference(page, exported, front, scale)
    # The same boxes, transforms and styles in the same browser; the page's cards are
    # composited layers (`will-change: transform`), rasterised and then transformed, so their
    # antialiased edges fall up to a pixel apart: 1.7 levels on average, measured.
    print(f"page vs exported stylesheet: mean difference {mean:.3f} levels per channel, outline {worst} px")
    assert mean < 2.5, mean
    assert worst <= 1, worst


def inner_edges(picture, row, x0, x1, colour):
    """The first and last x on `row` between x0 and x1 whose colour is `colour` (the image),
    scanning from the middle out: where the image meets the border."""
    mid = (x0 + x1) // 2
    left = mid
    while left > x0 and close(picture.getpixel((left - 1, row)), colour, by=40):
        left -= 1
    right = mid
    while right < x1 and close(picture.getpixel((right + 1, row)), colour, by=40):
        right += 1
    return left, right


def outline_difference(a, b, card, scale):
    """How far apart, in pixels, the card's image meets its border in pictures `a` and `b`,
    at most, across three rows and down three columns of the card's box."""
    colour = COLOURS[card["item"] % 3]
    xs = [p[0] * scale for p in card["quad"]]
    ys = [p[1] * scale for p in card["quad"]]
    x0, x1, y0, y1 = int(min(xs)) - 2, int(max(xs)) + 2, int(min(ys)) - 2, int(max(ys)) + 2
    worst = 0
    for t in (0.3, 0.5, 0.7):
        row = int(y0 + t * (y1 - y0))
        ea, eb = inner_edges(a, row, x0, x1, colour), inner_edges(b, row, x0, x1, colour)
        worst = max(worst, abs(ea[0] - eb[0]), abs(ea[1] - eb[1]))
        column = int(x0 + t * (x1 - x0))
        ea = inner_edges(a.transpose(Image.TRANSPOSE), column, y0, y1, colour)
        eb = inner_edges(b.transpose(Image.TRANSPOSE), column, y0, y1, colour)
        worst = max(worst, abs(ea[0] - eb[0]), abs(ea[1] - eb[1]))
    return worst


def test_the_page_and_render_put_the_front_cards_outline_in_the_same_place(make_daemon, bridges, browser, tmp_path):
    """Beside the mean difference (test_look.py), the card outlines: the front card's image
    meets its border at the same pixels in both pictures, within 1 px, across three rows
    and down three columns."""
    daemon = look_daemon(make_daemon)
    frame, page, scale, _ = page_picture(browser, daemon, bridges)
    record_rest(daemon, tmp_path / "rest.jsonl")
    render(tmp_path / "rest.jsonl", tmp_path / "rest.png", "--scale", repr(scale))
    drawn = Image.open(tmp_path / "rest.png").convert("RGB")
    # render rounds the picture up to whole pixels, the cut above down.
    assert abs(drawn.size[0] - page.size[0]) <= 1 and abs(drawn.size[1] - page.size[1]) <= 1
    front = frame["cards"][-1]
    worst = outline_difference(page, drawn, front, scale)
    print(f"page vs render: the front card's outline differs by {worst} px at most")
    assert worst <= 1, worst
