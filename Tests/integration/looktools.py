"""Helpers for the tests of the look: a look with images, a daemon that draws it, the colours to find."""
import io
import subprocess

from PIL import Image

from harness import BIN, wait_for
from rendertools import recorded_frames
from webtools import current_frame, open_page, wait_page_shows


def write_png(path, colour, size=(60, 40)):
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path, format="PNG")


COLOURS = [(220, 30, 30), (30, 180, 60), (40, 70, 220)]


LOOK = """[layout]
style = "stack"
cards = 11

[card]
titles = [""]
images = ["shots/*.png"]
corner_radius = 16
border_ratio = 0.01
border_color = "#ffffff"
shadow_opacity = 0.5
shadow_radius = 6
shadow_offset = [0, 4]
back = "color"
back_color = "#ff00ff"
"""


def look_daemon(make_daemon, text=LOOK):
    daemon = make_daemon(text, start=False)
    for i, colour in enumerate(COLOURS):
        write_png(daemon.config.parent / "shots" / f"{i}.png", colour)
    return daemon.start()


def centre(quad):
    return (sum(p[0] for p in quad) / 4, sum(p[1] for p in quad) / 4)


def close(a, b, by=12):
    return all(abs(x - y) <= by for x, y in zip(a, b))


def bomb(path, side=20000):
    """A valid grey PNG of side × side pixels, all zero: a few hundred kB that would decode
    to side² bytes (400 MB)."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    z = zlib.compressobj(9)
    row = bytes(side + 1)
    data = b"".join(z.compress(row) for _ in range(side)) + z.flush()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0))
                     + chunk(b"IDAT", data) + chunk(b"IEND", b""))


def record_rest(daemon, path):
    """A short recording of the daemon at rest, with its params (the look)."""
    subprocess.run([str(BIN / "cardstack"), "record", str(path), "--seconds", "0.3", "--events", "frame,params",
                    "--socket", str(daemon.socket)], check=True, capture_output=True, timeout=20)
    return recorded_frames(path)[-1][1]


def page_picture(browser, daemon, bridges):
    """The page's stage showing the daemon's frame at rest, cut from a screenshot, with the
    stage's scale (points to screen pixels)."""
    open_page(browser, bridges([daemon.socket]))
    event = current_frame(daemon)
    wait_page_shows(browser, event)
    wait_for(lambda: browser.execute_script(
        "return [...document.querySelectorAll('#stage .card')].every(e => !e.imageWanted || e.imageShown === e.imageWanted)"),
        timeout=10, what="every card's image on the page")
    left, top, scale, ratio = browser.execute_script(
        "const s = document.querySelector('#stage'); const b = s.getBoundingClientRect();"
        "return [b.left, b.top, +s.dataset.scale, window.devicePixelRatio];")
    shot = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    vw, vh = event["frame"]["viewport"]["width"], event["frame"]["viewport"]["height"]
    w, h = int(vw * scale * ratio), int(vh * scale * ratio)
    x, y = round(left * ratio), round(top * ratio)
    return event["frame"], shot.crop((x, y, x + w, y + h)), scale * ratio, (left, top)


def mean_difference(a, b):
    a, b = a.tobytes(), b.tobytes()
    assert len(a) == len(b)
    return sum(abs(x - y) for x, y in zip(a, b)) / len(a)
