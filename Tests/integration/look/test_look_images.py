"""The look's images beyond PNG in `cardstack render` (issue 35): JPEG files decoded by
libjpeg-turbo, in every flavour a camera or an editor writes (baseline, progressive,
greyscale), and the reasons a bad one is not drawn."""
import json
import re
import shutil
import subprocess

import pytest
from PIL import Image

from harness import BIN

from rendertools import BACKGROUND, card_color, render
from looktools import COLOURS, LOOK, centre, close, record_rest


def write_jpeg(path, colour, size=(60, 40), **options):
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = "L" if isinstance(colour, int) else "RGB"
    Image.new(mode, size, colour).save(path, format="JPEG", quality=95, **options)


def jpeg_daemon(make_daemon, text=LOOK.replace("shots/*.png", "shots/*.jpg")):
    daemon = make_daemon(text, start=False)
    shots = daemon.config.parent / "shots"
    write_jpeg(shots / "0.jpg", COLOURS[0])
    write_jpeg(shots / "1.jpg", COLOURS[1], progressive=True)
    write_jpeg(shots / "2.jpg", 90)
    return daemon.start()


WANT = [COLOURS[0], COLOURS[1], (90, 90, 90)]


def test_render_draws_jpeg_images_baseline_progressive_and_grey(make_daemon, tmp_path):
    daemon = jpeg_daemon(make_daemon)
    client = daemon.client()
    assert client.ok("get_params")["warnings"] == []
    spacing = client.ok("get_params")["params"]["layout"]["spacing"]
    seen = set()
    for k in range(3):
        # Each image in turn on the front card (item k shows image k mod 3).
        client.ok("scroll_to", offset=k * spacing)
        frame = record_rest(daemon, tmp_path / f"rest{k}.jsonl")
        render(tmp_path / f"rest{k}.jsonl", tmp_path / f"rest{k}.png")
        image = Image.open(tmp_path / f"rest{k}.png").convert("RGB")
        front = frame["cards"][-1]
        x, y = centre(front["quad"])
        got = image.getpixel((round(x), round(y)))
        assert close(got, WANT[front["item"] % 3]), (front["item"], got)
        assert not close(got, card_color(front["item"]), by=20)
        seen.add(front["item"] % 3)
    assert seen == {0, 1, 2}


# MARK: The terminal viewer

SGR = re.compile(r"\x1b\[([0-9;]*)m")


def cells(line):
    """A `capture-pane -e` line as [(character, foreground, background)], colours as RGB
    triples (24-bit SGR) or None for the terminal's own."""
    out, fg, bg, i = [], None, None, 0
    while i < len(line):
        m = SGR.match(line, i)
        if m:
            codes = [int(c) if c else 0 for c in m.group(1).split(";")]
            j = 0
            while j < len(codes):
                c = codes[j]
                if c == 0:
                    fg = bg = None
                elif c in (38, 48) and j + 4 < len(codes) and codes[j + 1] == 2:
                    rgb = tuple(codes[j + 2:j + 5])
                    fg, bg = (rgb, bg) if c == 38 else (fg, rgb)
                    j += 4
                elif c == 39:
                    fg = None
                elif c == 49:
                    bg = None
                j += 1
            i = m.end()
            continue
        out.append((line[i], fg, bg))
        i += 1
    return out


def pixel_rows(text):
    """The pane's half-block pixels: two rows of colours per cell row."""
    rows = []
    for line in text.splitlines():
        upper, lower = [], []
        for ch, fg, bg in cells(line):
            if ch == "▀":
                upper.append(fg), lower.append(bg)
            elif ch == "▄":
                upper.append(bg), lower.append(fg)
            else:
                upper.append(bg), lower.append(bg)
        rows += [upper, lower]
    return rows


def write_halves(path, left, right, size=(60, 40)):
    image = Image.new("RGB", size, left)
    image.paste(Image.new("RGB", (size[0] // 2, size[1]), right), (size[0] // 2, 0))
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
@pytest.mark.parametrize("kind", ["png", "jpg"])
def test_the_viewer_samples_each_cards_image_into_its_half_block_pixels(tmp_path, kind):
    from viewertools import ViewerRig, poll_until
    red, blue = (220, 30, 30), (40, 70, 220)
    rig = ViewerRig(tmp_path)
    rig.params.write_text(LOOK.replace("shots/*.png", f"shots/*.{kind}").replace("corner_radius = 16", "corner_radius = 0")
                          .replace("border_ratio = 0.01\n", "").replace("shadow_opacity = 0.5", "shadow_opacity = 0"))
    write_halves(tmp_path / "shots" / f"0.{kind}", red, blue)
    try:
        rig.start_daemon()
        rig.open_pane()
        rig.tmux("send-keys", "-t", "view",
                 f"COLORTERM=truecolor {BIN / 'cardstack'} view --socket {rig.sock}; echo exit=$?", "Enter")
        rig.wait_screen(lambda s: "▀" in s and "stack ·" in s, what="the viewer's first frame")
        frame = json.loads(subprocess.run([str(BIN / "cardstack"), "frame", "--config", str(rig.params)],
                                          capture_output=True, text=True, check=True, timeout=20).stdout)
        front = frame["cards"][-1]
        # The grid the viewer draws in: 100 columns, rows 1 to 37 (two pixels each), the
        # viewport fitted and centred (ViewportFit).
        width, height = 100, 37 * 2
        vw, vh = frame["viewport"]["width"], frame["viewport"]["height"]
        scale = min(width / vw, height / vh)
        ox, oy = (width - vw * scale) / 2, (height - vh * scale) / 2
        quad = [(ox + x * scale, oy + y * scale) for x, y in front["quad"]]
        cx, cy = centre(quad)
        left_x = (quad[0][0] + quad[3][0]) / 2 * 0.5 + cx * 0.5
        right_x = (quad[1][0] + quad[2][0]) / 2 * 0.5 + cx * 0.5

        def halves():
            """The two pixels, or None while the row is not drawn: when the images arrive the
            viewer clears the screen and draws it in full, and a capture can fall in between."""
            rows = pixel_rows(rig.tmux("capture-pane", "-e", "-p", "-t", "view").stdout)
            y = int(cy) + 2  # the pane's first row is the banner: pixel rows 0-1
            if len(rows) <= y or len(rows[y]) <= int(right_x):
                return None
            return rows[y][int(left_x)], rows[y][int(right_x)]

        def shows_both(h):
            return h if h and None not in h and close(h[0], red) and close(h[1], blue) else None
        got = poll_until(lambda: shows_both(halves()),
                         what=f"red on the card's left half and blue on its right (card at {quad})")
        assert got
    finally:
        rig.close()


# MARK: Where the image lands in render

def homography(src, dst):
    """The projective map taking four points onto four others, as a function."""
    rows = []
    for (x, y), (u, v) in zip(src, dst):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
    for c in range(8):
        p = max(range(c, 8), key=lambda r: abs(rows[r][c]))
        rows[c], rows[p] = rows[p], rows[c]
        for r in range(8):
            if r != c:
                f = rows[r][c] / rows[c][c]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[c])]
    m = [rows[i][8] / rows[i][i] for i in range(8)] + [1]
    return lambda x, y: ((m[0] * x + m[1] * y + m[2]) / (m[6] * x + m[7] * y + m[8]),
                         (m[3] * x + m[4] * y + m[5]) / (m[6] * x + m[7] * y + m[8]))


@pytest.mark.parametrize("turn", [0, 0.35])
def test_render_puts_the_images_seams_and_corners_on_the_cards_quad_within_a_pixel(make_daemon, tmp_path, turn):
    """An image of four quadrants (red, green / blue, yellow): the seams between them are the
    card's mid-lines (through the card's projective map: at `turn` of a step the front card
    is flipping, in perspective), and each corner's quadrant fills the card's corner, within
    1 px. The seam is found where the colour is halfway between its two sides (bilinear
    filtering spreads it over about one image pixel)."""
    red, green, blue, yellow = (220, 30, 30), (30, 180, 60), (40, 70, 220), (230, 200, 20)
    daemon = make_daemon(LOOK.replace("corner_radius = 16", "corner_radius = 0").replace("border_ratio = 0.01\n", "")
                         .replace("shadow_opacity = 0.5", "shadow_opacity = 0"), start=False)
    image = Image.new("RGB", (60, 40), red)
    for colour, box in [(green, (30, 0)), (blue, (0, 20)), (yellow, (30, 20))]:
        image.paste(Image.new("RGB", (30, 20), colour), box)
    (daemon.config.parent / "shots").mkdir()
    image.save(daemon.config.parent / "shots" / "0.png")
    daemon.start()
    client = daemon.client()
    client.ok("scroll_to", offset=turn * client.ok("get_params")["params"]["layout"]["spacing"])
    frame = record_rest(daemon, tmp_path / "rest.jsonl")
    render(tmp_path / "rest.jsonl", tmp_path / "rest.png")
    drawn = Image.open(tmp_path / "rest.png").convert("RGB")
    front = frame["cards"][-1]
    q = front["quad"]
    w, h = front["size"]
    card = homography([(0, 0), (w, 0), (w, h), (0, h)], q)
    # A turning card fades: every colour over the stage by the card's alpha.
    alpha = front["alpha"]
    red, green, blue, yellow = [tuple(alpha * c + (1 - alpha) * g for c, g in zip(colour, BACKGROUND))
                                for colour in (red, green, blue, yellow)]
    top, bottom, left, right = card(w / 2, 0), card(w / 2, h), card(0, h / 2), card(w, h / 2)

    def crossing(points):
        """Where along `points` (pixels in a line, a pixel apart) the colour passes halfway
        from the first's to the last's, in the channel that changes most, by linear
        interpolation between pixel centres; the two ends are the plateaus either side (the
        turning card is translucent over whatever lies behind it)."""
        values = [drawn.getpixel(p) for p in points]
        channel = max(range(3), key=lambda c: abs(values[0][c] - values[-1][c]))
        line = [v[channel] for v in values]
        half = (line[0] + line[-1]) / 2
        for i in range(len(line) - 1):
            if (line[i] - half) * (line[i + 1] - half) <= 0 and line[i] != line[i + 1]:
                return i + (half - line[i]) / (line[i + 1] - line[i])
        raise AssertionError(f"no seam along {points}: {values}")

    worst = 0
    # The vertical seam on a row a quarter down (red | green) and three quarters (blue | yellow).
    for t in (0.25, 0.75):
        y = round(top[1] + t * (bottom[1] - top[1]) - 0.5)
        cy = y + 0.5
        # The mid-line from the top edge's middle to the bottom's, at that height.
        want = top[0] + (cy - top[1]) / (bottom[1] - top[1]) * (bottom[0] - top[0])
        x0 = round(want - 8.5)
        got = x0 + 0.5 + crossing([(x, y) for x in range(x0, x0 + 17)])
        worst = max(worst, abs(got - want))
    # The horizontal seam on a column a quarter across (red over blue: the blue channel).
    x = round(top[0] - (top[0] - left[0]) / 2 - 0.5)
    cx = x + 0.5
    want = left[1] + (cx - left[0]) / (right[0] - left[0]) * (right[1] - left[1])
    y0 = round(want - 8.5)
    got = y0 + 0.5 + crossing([(x, y) for y in range(y0, y0 + 17)])
    worst = max(worst, abs(got - want))
    print(f"the image's seams are {worst:.3f} px from the card's mid-lines at most")
    assert worst <= 1.0, worst
    # Each corner's own quadrant just inside the card's corner (3 % of the card in from each
    # edge: a few pixels, beyond the edge's antialiasing).
    for (u, v), colour in zip([(0.03, 0.03), (0.97, 0.03), (0.97, 0.97), (0.03, 0.97)], [red, green, yellow, blue]):
        x, y = card(u * w, v * h)
        assert close(drawn.getpixel((int(x), int(y))), colour, by=30), ((u, v), colour)
