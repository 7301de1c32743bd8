"""The look of `[card]` (issue 35): images, colours, corners, border, shadow and back face as
parameters, drawn by the page in headless Chromium through a real `cardstack web`, whose
`/image/K` serves only the files the parameters name."""
import io
import json
import math
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from PIL import Image

from harness import BIN, REPO, subscribed, wait_for
from rendertools import BACKGROUND, card_color, render
from looktools import COLOURS, LOOK, bomb, centre, close, look_daemon, record_rest, write_png
from webtools import current_frame, find_chromium, open_page, wait_page_shows


needs_chromium = pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed")


def screenshot_at(browser, points):
    """The screenshot's colours at viewport points of the stage."""
    box = browser.execute_script(
        "const s = document.querySelector('#stage'); const b = s.getBoundingClientRect();"
        "return [b.left, b.top, +s.dataset.scale, window.devicePixelRatio];")
    image = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    left, top, scale, ratio = box
    return [image.getpixel((round((left + x * scale) * ratio), round((top + y * scale) * ratio))) for x, y in points]


def facing_away(quad):
    return quad is not None and sum(quad[i][0] * quad[(i + 1) % 4][1] - quad[(i + 1) % 4][0] * quad[i][1]
                                    for i in range(4)) < 0


def test_params_carry_only_the_look_keys_that_are_set(make_daemon):
    plain = make_daemon().client().ok("get_params")["params"]["card"]
    assert set(plain) == {"width", "height", "anchor", "titles"}
    card = look_daemon(make_daemon).client().ok("get_params")["params"]["card"]
    assert card["images"] == ["shots/*.png"] and card["border_ratio"] == 0.01 and card["back"] == "color"


@needs_chromium
def test_the_page_shows_each_cards_image_on_its_own_transform(make_daemon, bridges, browser):
    daemon = look_daemon(make_daemon)
    open_page(browser, bridges([daemon.socket]))
    event = current_frame(daemon)
    wait_page_shows(browser, event)
    front = event["frame"]["cards"][-1]
    wait_for(lambda: close(screenshot_at(browser, [centre(front["quad"])])[0], COLOURS[front["item"] % 3]),
             timeout=10, what=f"the front card (item {front['item']}) to show image {front['item'] % 3}")
    styles = browser.execute_script(
        "const e = document.querySelector(`.card[data-item='${arguments[0]}']`); const s = getComputedStyle(e);"
        "return [s.borderTopLeftRadius, s.boxShadow, s.backgroundImage];", front["item"])
    assert styles[0] == "16px"
    # CALayer's shadow (radius 6 is a CSS blur of 12) and the border, 1/100 of the 300 pt width.
    assert "rgba(0, 0, 0, 0.5) 0px 4px 12px 0px" in styles[1] and "rgb(255, 255, 255) 0px 0px 0px 3px inset" in styles[1]
    assert f"/image/{front['item']}?" in styles[2]


def turned_card(client, daemon):
    """Scrolls the stack to where a card is turned past 90°: that frame event and the card."""
    spacing = client.ok("get_params")["params"]["layout"]["spacing"]
    for fraction in [0.75, 0.7, 0.8, 0.65, 0.85, 0.6, 0.9]:
        client.ok("scroll_to", offset=fraction * spacing)
        event = current_frame(daemon)
        away = [c for c in event["frame"]["cards"] if facing_away(c["quad"])]
        if away:
            return event, away[0]
    pytest.fail("no offset turns a stack card past 90°")


@needs_chromium
def test_a_card_past_ninety_degrees_shows_its_back_colour(make_daemon, bridges, browser):
    daemon = look_daemon(make_daemon)
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    event, card = turned_card(client, daemon)
    wait_page_shows(browser, event)
    face = browser.execute_script(
        "return document.querySelector(`.card[data-item='${arguments[0]}']`).dataset.face;", card["item"])
    assert face == "back"
    # The flipping card fades as it turns: its back colour over the stage's background (the
    # card folds down below the stack, where nothing else is drawn).
    a = card["alpha"]
    want = tuple(a * m + (1 - a) * g for m, g in zip((255, 0, 255), BACKGROUND))
    assert close(screenshot_at(browser, [centre(card["quad"])])[0], want), (a, want)


@needs_chromium
def test_without_a_look_a_card_past_ninety_degrees_shows_its_back_without_its_title(make_daemon, bridges, browser):
    """The default stack's front card falling past 90° shows its back in its own colour, with
    no title: never the title mirrored (docs/render.md, "Back faces")."""
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    event, card = turned_card(client, daemon)
    assert card["title"]
    wait_page_shows(browser, event)
    face, ink = browser.execute_script(
        "const e = document.querySelector(`.card[data-item='${arguments[0]}']`);"
        "return [e.dataset.face, getComputedStyle(e).color];", card["item"])
    assert face == "back" and ink == "rgba(0, 0, 0, 0)", (face, ink)
    a = card["alpha"]
    want = tuple(a * m + (1 - a) * g for m, g in zip(card_color(card["item"]), BACKGROUND))
    assert close(screenshot_at(browser, [centre(card["quad"])])[0], want), (a, want)


def test_the_bridge_serves_only_the_images_the_parameters_name(make_daemon, bridges, tmp_path):
    daemon = look_daemon(make_daemon)
    bridge = bridges([daemon.socket])
    base = bridge.url.split("?")[0].rstrip("/")
    token = bridge.url.split("token=")[1].split("&")[0]

    def get(path):
        try:
            with urllib.request.urlopen(f"{base}{path}", timeout=10) as r:
                return r.status, r.headers["Content-Type"], r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.headers["Content-Type"], e.read()

    shots = daemon.config.parent / "shots"
    for k in [0, 4, 11]:
        status, kind, body = get(f"/image/{k}?token={token}")
        assert (status, kind) == (200, "image/png")
        assert body == (shots / f"{k % 3}.png").read_bytes()
    assert get("/image/0")[0] == 403
    for path in ["/image/-1", "/image/../../etc/passwd", "/image/x", "/image/", "/image/0/../1"]:
        assert get(f"{path}?token={token}")[0] in (403, 404), path
    (shots / "2.png").write_bytes(b"not a picture at all")
    status, _, body = get(f"/image/2?token={token}")
    assert status == 404 and b"not a PNG or JPEG" in body


def card_style(browser, item):
    return browser.execute_script(
        "const e = document.querySelector(`.card[data-item='${arguments[0]}']`); const s = getComputedStyle(e);"
        "return {radius: s.borderTopLeftRadius, image: s.backgroundImage};", item)


@needs_chromium
def test_set_and_saved_images_change_the_look_and_a_corrupt_one_keeps_the_last_good(make_daemon, bridges, browser):
    daemon = look_daemon(make_daemon)
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    event = current_frame(daemon)
    wait_page_shows(browser, event)
    front = event["frame"]["cards"][-1]
    shown = lambda: screenshot_at(browser, [centre(front["quad"])])[0]
    wait_for(lambda: close(shown(), COLOURS[front["item"] % 3]), timeout=10, what="the front card's image")
    # Only the look changes: the frame is the same, and the page restyles what it shows.
    client.ok("set_params", params={"card": {"corner_radius": 30}})
    wait_for(lambda: card_style(browser, front["item"])["radius"] == "30px", timeout=10, what="the new corner radius")
    # The file saved as an editor does (a new file renamed over it): the page shows it.
    path = daemon.config.parent / "shots" / f"{front['item'] % 3}.png"
    write_png(path.with_name("new.tmp"), (250, 200, 0))
    path.with_name("new.tmp").replace(path)
    wait_for(lambda: close(shown(), (250, 200, 0)), timeout=10, what="the saved image on the page")
    # Saved corrupt: the daemon names key, file and reason; the page keeps the last good image.
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 40)
    info = client.event("params", timeout=10, where=lambda e: any(str(path) in w for w in e["warnings"]))
    assert f"card.images: {path}: a corrupt PNG (no IHDR header)" in info["warnings"]
    problems = lambda: browser.execute_script("return [...document.querySelectorAll('.warnings li')].map(l => l.textContent)")
    wait_for(lambda: any(str(path) in p and "corrupt PNG" in p for p in problems()), timeout=10,
             what="the page to name the corrupt file, key and reason")
    assert close(shown(), (250, 200, 0)), "the last good image stays"
    # Mended: the warning goes.
    write_png(path, (0, 200, 200))
    wait_for(lambda: close(shown(), (0, 200, 200)), timeout=10, what="the mended image")
    assert not any("card.images" in w for w in client.ok("get_params")["warnings"])


def test_an_enormous_png_and_a_decompression_bomb_are_refused_with_memory_bounded(make_daemon, bridges):
    from webtools import rss_kib
    daemon = look_daemon(make_daemon)
    bridge = bridges([daemon.socket])
    client = subscribed(daemon)
    shots = daemon.config.parent / "shots"
    before = (rss_kib(daemon.proc.pid), rss_kib(bridge.proc.pid))
    bomb(shots / "1.png")
    info = client.event("params", timeout=10, where=lambda e: any("1.png" in w for w in e["warnings"]))
    assert any(w.startswith(f"card.images: {shots / '1.png'}: 20000 × 20000 pixels, more than") for w in info["warnings"])
    base = bridge.url.split("?")[0].rstrip("/")
    token = bridge.url.split("token=")[1].split("&")[0]
    try:
        urllib.request.urlopen(f"{base}/image/1?token={token}", timeout=10)
        pytest.fail("the bridge served a 20000 × 20000 image")
    except urllib.error.HTTPError as e:
        assert e.code == 404 and b"20000 \xc3\x97 20000 pixels" in e.read()
    # Neither process decodes it: each reads at most its header (the daemon, 256 KiB) or the
    # file (the bridge, at most 16 MiB), so neither grows by anything like its 400 MB.
    after = (rss_kib(daemon.proc.pid), rss_kib(bridge.proc.pid))
    assert after[0] - before[0] < 32 * 1024 and after[1] - before[1] < 32 * 1024, (before, after)
    # A file over 16 MiB is refused unread.
    (shots / "2.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(17 << 20))
    info = client.event("params", timeout=10, where=lambda e: any("2.png" in w for w in e["warnings"]))
    assert any("more than the 16777216 an image may have" in w for w in info["warnings"])


# MARK: cardstack render


def test_render_maps_the_image_onto_the_cards_quad_within_a_pixel(make_daemon, tmp_path):
    # Square corners and no border, so the image's edges are the card's; the 60 × 40 images
    # have the card's 3:2 shape, so covering the card they reach exactly its corners.
    daemon = look_daemon(make_daemon, LOOK.replace("corner_radius = 16", "corner_radius = 0")
                         .replace("border_ratio = 0.01\n", "").replace("shadow_opacity = 0.5", "shadow_opacity = 0"))
    frame = record_rest(daemon, tmp_path / "rest.jsonl")
    out = tmp_path / "rest.png"
    render(tmp_path / "rest.jsonl", out)
    image = Image.open(out).convert("RGB")
    front = frame["cards"][-1]
    quad, colour = front["quad"], COLOURS[front["item"] % 3]
    assert close(image.getpixel(tuple(round(c) for c in centre(quad))), colour)
    cx, cy = centre(quad)
    # 1 px either side of each edge (the pixel holding that point): the image's edge is the
    # card's within a pixel (test_look_images.py measures the image's seams to 0.05 px).
    for i in range(4):
        (ax, ay), (bx, by) = quad[i], quad[(i + 1) % 4]
        for t in (0.25, 0.5, 0.75):
            x, y = ax + t * (bx - ax), ay + t * (by - ay)
            # The edge's normal, pointing away from the centre.
            length = math.hypot(bx - ax, by - ay)
            ux, uy = (by - ay) / length, -(bx - ax) / length
            if ux * (x - cx) + uy * (y - cy) < 0:
                ux, uy = -ux, -uy
            inner = image.getpixel((int(x - 1.0 * ux), int(y - 1.0 * uy)))
            outer = image.getpixel((int(x + 1.0 * ux), int(y + 1.0 * uy)))
            assert close(inner, colour, by=30), (i, t, inner)
            assert not close(outer, colour, by=30), (i, t, outer)


def test_render_shows_the_back_colour_past_ninety_degrees(make_daemon, tmp_path):
    daemon = look_daemon(make_daemon)
    client = daemon.client()
    spacing = client.ok("get_params")["params"]["layout"]["spacing"]
    for fraction in [0.75, 0.7, 0.8, 0.65, 0.85]:
        client.ok("scroll_to", offset=fraction * spacing)
        frame = record_rest(daemon, tmp_path / "turned.jsonl")
        away = [c for c in frame["cards"] if facing_away(c["quad"])]
        if away:
            break
    else:
        pytest.fail("no offset turns a stack card past 90°")
    render(tmp_path / "turned.jsonl", tmp_path / "turned.png")
    image = Image.open(tmp_path / "turned.png").convert("RGB")
    card = away[0]
    a = card["alpha"]
    want = tuple(a * m + (1 - a) * g for m, g in zip((255, 0, 255), BACKGROUND))
    got = image.getpixel(tuple(round(c) for c in centre(card["quad"])))
    assert close(got, want), (a, got, want)


@needs_chromium
def test_the_page_and_render_draw_the_same_frame_of_the_look(make_daemon, bridges, browser, tmp_path):
    daemon = look_daemon(make_daemon)
    open_page(browser, bridges([daemon.socket]))
    event = current_frame(daemon)
    wait_page_shows(browser, event)
    front = event["frame"]["cards"][-1]
    wait_for(lambda: browser.execute_script(
        "return [...document.querySelectorAll('#stage .card')].every(e => !e.imageWanted || e.imageShown === e.imageWanted)"),
        timeout=10, what="every card's image on the page")
    wait_for(lambda: close(screenshot_at(browser, [centre(front["quad"])])[0], COLOURS[front["item"] % 3]),
             timeout=10, what="the page's images")
    left, top, scale, ratio = browser.execute_script(
        "const s = document.querySelector('#stage'); const b = s.getBoundingClientRect();"
        "return [b.left, b.top, +s.dataset.scale, window.devicePixelRatio];")
    shot = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    record_rest(daemon, tmp_path / "rest.jsonl")
    render(tmp_path / "rest.jsonl", tmp_path / "rest.png", "--scale", repr(scale * ratio))
    drawn = Image.open(tmp_path / "rest.png").convert("RGB")
    w, h = drawn.size
    page = shot.crop((round(left * ratio), round(top * ratio), round(left * ratio) + w, round(top * ratio) + h))
    a, b = page.tobytes(), drawn.tobytes()
    mean = sum(abs(x - y) for x, y in zip(a, b)) / len(a)
    # Antialiasing, the shadow's blur (four layers here, a Gaussian in Chromium) and image
    # filtering differ; the pictures agree to a few levels per pixel on average.
    print(f"page vs render: mean difference {mean:.2f} levels per channel")
    assert mean < 4, mean


# MARK: The examples of each seed's look

EXAMPLES = REPO / "examples" / "looks"


@pytest.mark.parametrize("name", ["stack-shadow", "flip-deck", "switcher7-screenshots", "switcher9-screenshots"])
def test_each_seeds_look_loads_its_images_and_renders_them(make_daemon, tmp_path, name):
    daemon = make_daemon(False, start=False)
    daemon.config = EXAMPLES / f"{name}.toml"
    daemon.start()
    info = daemon.client().ok("get_params")
    assert info["error"] is None and info["warnings"] == []
    frame = record_rest(daemon, tmp_path / "rest.jsonl")
    render(tmp_path / "rest.jsonl", tmp_path / "rest.png")
    image = Image.open(tmp_path / "rest.png").convert("RGB")
    w, h = image.size
    # The card drawn in front of all others whose centre is in the picture.
    front = [c for c in frame["cards"] if c["quad"] and 0 <= centre(c["quad"])[0] < w and 0 <= centre(c["quad"])[1] < h][-1]
    x, y = centre(front["quad"])
    if info["params"]["card"].get("images"):
        # The image, not the card's own colour, at the front card's centre.
        assert not close(image.getpixel((round(x), round(y))), card_color(front["item"]), by=20)


def test_the_sample_images_are_the_scripts_own(tmp_path):
    """make-images.py draws exactly the committed PNGs (nothing third-party, same bytes)."""
    script = tmp_path / "make-images.py"
    script.write_text((EXAMPLES / "make-images.py").read_text())
    subprocess.run([sys.executable, str(script)], check=True, timeout=120)
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.png"))
    committed = sorted(p.relative_to(EXAMPLES) for p in EXAMPLES.rglob("*.png"))
    assert made == committed and len(made) == 11
    for path in made:
        assert (tmp_path / path).read_bytes() == (EXAMPLES / path).read_bytes(), path
        assert (tmp_path / path).stat().st_size < 8 * 1024


# MARK: Exports

@pytest.mark.parametrize("name", ["flip-deck", "switcher7-screenshots", "stack-shadow"])
def test_the_exported_look_sets_the_layer_and_type_checks(tmp_path, name):
    """`TunedLook.apply(to:item:width:)` sets CALayer's members as the look says, and
    type-checks against the SDK's shapes (Tests/integration/uikit_shapes)."""
    from exporttools import build_objects, cli, emit_shapes
    text = cli("export", "--format", "swift", "--config", str(EXAMPLES / f"{name}.toml")).stdout
    assert "public enum TunedLook" in text
    if name == "flip-deck":
        assert "layer.borderWidth = width * 0.01" in text and "layer.isDoubleSided = true" in text
        # The files the glob matched, as the daemon orders them (issue 45), and the glob.
        photos = ", ".join(f'"photos/photo{k}.png"' for k in range(1, 6))
        assert f'public static let images: [String] = [{photos}]' in text
        assert 'public static let imagePatterns: [String] = ["photos/*.png"]' in text
        assert 'public static let backColor: String? = "#37474f"' in text
    if name == "flip-deck":
        assert ".overlay(RoundedRectangle(cornerRadius: 0.0).strokeBorder(" in text and "lineWidth: width * 0.01))" in text
        assert ".opacity(showsBack ? 1 : 0))" in text
    if name == "stack-shadow":
        assert ".shadow(color: Color(red: 0.0, green: 0.0, blue: 0.0, opacity: 0.35), radius: 8.0, x: 0.0, y: 4.0)" in text
        assert ".clipShape(RoundedRectangle(cornerRadius: 12.0))" in text
    if name == "stack-shadow":
        assert "layer.shadowOpacity = Float(0.35)" in text and "layer.shadowOffset = CGSize(width: 0.0, height: 4.0)" in text
    _, modulemap = build_objects()
    swiftc = emit_shapes(tmp_path)
    source = tmp_path / f"{name}.swift"
    probe = "@MainActor func probe(_ layer: CALayer) { TunedLook.apply(to: layer, item: 3, width: 400) }"
    # The SwiftUI modifier, on a view of one's own and on the tuned cards.
    probe_ui = ("func probeUI(_ v: Color) -> ModifiedView { v.modifier(TunedCardLook(item: 3, width: 400, showsBack: true)) }\n"
                "func probeCards() -> TunedCardLook { TunedCardLook(card: TunedLayout.cards(offset: 0)[0]) }")
    source.write_text(text + "\n#if canImport(UIKit)\nimport iCarousel\n" + probe + "\n#endif\n"
                      + "#if canImport(SwiftUI)\n" + probe_ui + "\n#endif\n")
    result = subprocess.run(
        [swiftc, "-typecheck", "-parse-as-library", "-I", str(tmp_path), "-I", str(BIN / "Modules"),
         "-Xcc", f"-fmodule-map-file={modulemap}", str(source)],
        capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "error" not in result.stderr


def test_css_and_tokens_carry_the_look(make_daemon):
    from exporttools import cli
    css = cli("export", "--format", "css", "--config", str(EXAMPLES / "stack-shadow.toml")).stdout
    assert "border-radius: 12px;" in css and "box-shadow: 0px 4px 16px rgba(0, 0, 0, 0.35);" in css
    flip = cli("export", "--format", "css", "--config", str(EXAMPLES / "flip-deck.toml")).stdout
    assert "box-shadow: inset 0 0 0 4px rgba(255, 255, 255, 1);" in flip  # 1/100 of 400 pt
    plain = cli("export", "--format", "css", "--config", str(REPO / "Config" / "presets" / "flip.toml")).stdout
    assert "The look" not in plain and "border-radius" not in plain
    tokens = json.loads(cli("export", "--format", "tokens", "--config", str(EXAMPLES / "flip-deck.toml")).stdout)
    card = tokens["cardstack"]["card"]
    assert card["border-ratio"]["$value"] == 0.01
    assert card["border-width"]["$value"] == {"unit": "px", "value": 4}
    assert card["double-sided"]["$extensions"] == {"com.cardstack.back": "color", "com.cardstack.back-color": "#37474f"}
    plain = json.loads(cli("export", "--format", "tokens", "--config", str(REPO / "Config" / "presets" / "flip.toml")).stdout)
    assert "card" not in plain["cardstack"]


def test_snapshot_svg_places_each_image_on_its_quad(make_daemon, tmp_path):
    import re
    daemon = look_daemon(make_daemon)
    frame = current_frame(daemon)["frame"]
    out = tmp_path / "look.svg"
    daemon.cli("snapshot", "--svg", str(out))
    svg = out.read_text()
    shots = daemon.config.parent / "shots"
    front = frame["cards"][-1]
    slot = len(frame["cards"]) - 1
    image = re.search(rf'<image href="file://{re.escape(str(shots))}/{front["item"] % 3}\.png"[^>]*'
                      rf'clip-path="url\(#card-{slot}\)" transform="matrix\(([^)]*)\)"', svg)
    assert image, svg[-2000:]
    a, b, c, d, e, f = map(float, image.group(1).split())
    w, h = front["size"]
    q = front["quad"]
    # The affine map takes the card's corners onto the quad's (exactly, for a card at rest
    # in the stack, which is only scaled: no perspective to approximate).
    for (u, v), (x, y) in zip([(0, 0), (w, 0), (w, h), (0, h)], q):
        assert abs(a * u + c * v + e - x) < 0.01 and abs(b * u + d * v + f - y) < 0.01
    assert "<feDropShadow" in svg and 'flood-opacity="0.5"' in svg
    assert 'stroke="#ffffff" stroke-width="' in svg
