"""`cardstack render` and `cardstack plot`: recordings made with the real daemon over its real
socket, rendered with Cairo and ffmpeg, read back with Pillow and ffprobe."""
import json
import math
import os
import shutil
import signal
import subprocess

import pytest

from conftest import BIN, wait_for

PIL = pytest.importorskip("PIL.Image", reason="Pillow is not installed (make test-deps)")
pytestmark = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed (make test-deps)")

BACKGROUND = (0xF2, 0xF2, 0xF7)
# Titles are empty so that the pixel at a card's centre is its colour, not its title's ink
# (the title test below draws them).
CONFIG = """[layout]
style = "stack"
cards = 11
spacing = 30.0

[card]
titles = [{titles}]

[viewport]
width = 375.0
height = 667.0

[animation]
fps = 60
{animation}
"""
SPRING = "spring = { damping_ratio = 0.7, response = 0.35 }"


def card_color(item):
    """The page's `hsl((item * 47 + 210) % 360, 58%, 44%)` as bytes, as CSS rounds it."""
    h, s, l = (item * 47 + 210) % 360, 0.58, 0.44
    c = (1 - abs(2 * l - 1)) * s
    x = c * (1 - abs((h / 60) % 2 - 1))
    r, g, b = [(c, x, 0), (x, c, 0), (0, c, x), (0, x, c), (x, 0, c), (c, 0, x)][int(h // 60) % 6]
    m = l - c / 2
    return tuple(round(min(max((v + m) * 255, 0), 255)) for v in (r, g, b))


def record(daemon, path, command, *args, events="frame,params,state"):
    """Records the daemon's events over its socket while `cardstack COMMAND` runs, until the
    motion is over (the recorder ends on SIGINT, as with Ctrl-C)."""
    recorder = subprocess.Popen(
        [str(BIN / "cardstack"), "record", str(path), "--events", events, "--socket", str(daemon.socket)],
        stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: path.exists() and '"event":"frame"' in path.read_text(), what="the first recorded frame")
        daemon.cli(command, *args)
        wait_for(lambda: '"animating":false' in path.read_text().splitlines()[-1], timeout=10, what="the motion to end")
        recorder.send_signal(signal.SIGINT)
        assert recorder.wait(timeout=10) == 0, recorder.stderr.read()
    finally:
        if recorder.poll() is None:
            recorder.kill()
    return recorded_frames(path)


def recorded_frames(path):
    """The frame events of a recording as (time, frame), times made monotonic as the player does."""
    frames, latest = [], -math.inf
    for line in path.read_text().splitlines():
        event = json.loads(line)
        latest = max(latest, event["time"])
        if event["event"] == "frame":
            frames.append((latest, event["frame"]))
    return frames


def render(recording, out, *options, check=True):
    result = subprocess.run([str(BIN / "cardstack"), "render", str(recording), "--out", str(out), *options],
                            capture_output=True, text=True, timeout=60)
    if check:
        assert result.returncode == 0, result.stderr
    return result


def picks(frames, fps):
    """Which recorded frame each output frame shows (docs/render.md): the newest at most half an
    output frame after k / fps."""
    start, end = frames[0][0], frames[-1][0]
    count = round((end - start) * fps) + 1
    out, i = [], 0
    for k in range(count):
        limit = start + (k + 0.5) / fps
        while i + 1 < len(frames) and frames[i + 1][0] <= limit:
            i += 1
        out.append(i)
    return out


def decode(path):
    """Every frame of an animated GIF or PNG as RGB, with its delay in milliseconds."""
    image = PIL.open(path)
    frames = []
    for n in range(image.n_frames):
        image.seek(n)
        frames.append((image.convert("RGB"), image.info.get("duration")))
    return frames


def inside(quad, x, y, margin=0.0):
    """Whether (x, y) is inside the convex quad, at least `margin` from every edge."""
    signs = []
    for (ax, ay), (bx, by) in zip(quad, quad[1:] + quad[:1]):
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            return False
        signs.append(((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / length)
    return all(s >= margin for s in signs) or all(s <= -margin for s in signs)


def composite(frame, x, y):
    """The colour the page shows at (x, y): the background under every card there, blended by alpha."""
    color = BACKGROUND
    for card in frame["cards"]:
        if card["quad"] and inside(card["quad"], x, y):
            a = min(card["alpha"], 1)
            color = tuple(a * c + (1 - a) * b for c, b in zip(card_color(card["item"]), color))
    return color


def near(pixel, color, within):
    return all(abs(p - c) <= within for p, c in zip(pixel, color))


@pytest.fixture
def spring_next(make_daemon, tmp_path):
    daemon = make_daemon(CONFIG.format(titles='""', animation=SPRING))
    path = tmp_path / "next.jsonl"
    frames = record(daemon, path, "next")
    assert len(frames) > 20 and frames[-1][1]["offset"] == 30
    assert max(f["offset"] for _, f in frames) > 30  # the spring overshoots
    return path, frames


@pytest.mark.parametrize("extension, fps, within", [("gif", 50, 4), ("png", 60, 2)])
def test_a_spring_next_as_gif_and_apng_shows_every_card_where_its_frame_puts_it(spring_next, tmp_path, extension, fps, within):
    path, frames = spring_next
    out = tmp_path / f"next.{extension}"
    result = render(path, out)
    shown = picks(frames, fps)
    assert f"rendered {len(shown)} frames at {fps} fps, 375x667" in result.stderr
    decoded = decode(out)
    assert len(decoded) == len(shown)
    # GIF delays are whole hundredths: 2 cs at 50 fps; APNG keeps 1/60 s.
    assert all(abs(delay - 1000 / fps) < 1e-6 for _, delay in decoded), {d for _, d in decoded}
    checked = 0
    for k in [round(i * (len(shown) - 1) / 9) for i in range(10)]:
        image, frame = decoded[k][0], frames[shown[k]][1]
        assert image.size == (375, 667)
        cards = [c for c in frame["cards"] if c["quad"]]
        for n, card in enumerate(cards):
            cx = sum(p[0] for p in card["quad"]) / 4
            cy = sum(p[1] for p in card["quad"]) / 4
            # Visible: no nearer card covers its centre, and the centre is not on an edge.
            if not inside(card["quad"], cx, cy, margin=1.5) or any(inside(c["quad"], cx, cy, -1.5) for c in cards[n + 1:]):
                continue
            pixel = image.getpixel((int(cx), int(cy)))
            assert near(pixel, composite(frame, cx, cy), within), (k, card["item"], pixel, composite(frame, cx, cy))
            checked += 1
        # Just outside the stack: 2 px below its lowest point and 2 px left of its leftmost.
        points = [p for c in cards for p in c["quad"]]
        bottom = max(points, key=lambda p: p[1])
        left = min(points, key=lambda p: p[0])
        for x, y in [(bottom[0], bottom[1] + 2), (left[0] - 2, left[1])]:
            assert not any(inside(c["quad"], x, y, -1) for c in cards)
            assert near(image.getpixel((int(x), int(y))), BACKGROUND, within), (k, x, y)
    assert checked >= 10


def test_the_reveal_is_a_circle_of_the_frames_radius(make_daemon, tmp_path):
    daemon = make_daemon(CONFIG.format(titles='""', animation='curve = "linear"\nduration = 0.5'))
    path = tmp_path / "open.jsonl"
    frames = record(daemon, path, "open", "0")
    out = tmp_path / "open.png"
    render(path, out)
    decoded = decode(out)
    shown = picks(frames, 60)
    assert len(decoded) == len(shown)
    measured = 0
    for k in range(len(shown)):
        frame = frames[shown[k]][1]
        reveal = frame.get("reveal")
        if not reveal or not 20 < reveal["radius"] < 300:
            continue
        image, (cx, cy), r = decoded[k][0], reveal["center"], reveal["radius"]
        inside_color = card_color(reveal["item"])
        for angle in range(0, 360, 15):
            dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            ray = [(cx + d * dx, cy + d * dy) for d in (r - 3, r + 3)]
            # Only where the circle's edge lies on the stage, away from every card.
            if not all(0 <= x < 375 and 0 <= y < 667 for x, y in ray):
                continue
            if any(c["quad"] and inside(c["quad"], x, y, -4) for c in frame["cards"] for x, y in ray):
                continue
            edge = None
            for step in range(61):
                d = r - 3 + step * 0.1
                pixel = image.getpixel((int(cx + d * dx), int(cy + d * dy)))
                if sum(abs(p - b) for p, b in zip(pixel, BACKGROUND)) < sum(abs(p - c) for p, c in zip(pixel, inside_color)):
                    edge = d
                    break
            assert edge is not None and abs(edge - r) <= 1, (k, angle, r, edge)
            measured += 1
    assert measured >= 20


def test_titles_are_drawn_inside_their_cards(make_daemon, tmp_path):
    daemon = make_daemon(CONFIG.format(titles='"Inbox"', animation=""))
    path = tmp_path / "rest.jsonl"
    subprocess.run([str(BIN / "cardstack"), "record", str(path), "--seconds", "0.3", "--events", "frame", "--socket", str(daemon.socket)],
                   check=True, capture_output=True, timeout=10)
    out = tmp_path / "rest.png"
    render(path, out)
    image, _ = decode(out)[-1]
    front = recorded_frames(path)[-1][1]["cards"][-1]
    quad = front["quad"]
    # Whiter than the stage (242, 242, 247): the title's ink.
    white = [(x, y) for x in range(375) for y in range(667) if min(image.getpixel((x, y))) >= 250]
    assert len(white) > 100
    assert all(inside(quad, x + 0.5, y + 0.5, -1) for x, y in white)


def test_mp4_and_webm_frame_count_and_duration_read_back_with_ffprobe(spring_next, tmp_path):
    path, frames = spring_next
    expected = len(picks(frames, 60))
    for extension in ("mp4", "webm"):
        out = tmp_path / f"next.{extension}"
        render(path, out)
        probe = subprocess.run(
            ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
             "stream=nb_read_frames,width,height,r_frame_rate:format=duration", "-of", "json", str(out)],
            capture_output=True, text=True, check=True, timeout=30)
        info = json.loads(probe.stdout)
        stream = info["streams"][0]
        assert int(stream["nb_read_frames"]) == expected, extension
        assert (stream["width"], stream["height"], stream["r_frame_rate"]) == (376, 668, "60/1")
        assert abs(float(info["format"]["duration"]) - expected / 60) < 0.002, (extension, info)


def test_two_renders_are_byte_identical(spring_next, tmp_path):
    path, _ = spring_next
    for extension in ("gif", "png", "mp4", "webm"):
        a, b = tmp_path / f"a.{extension}", tmp_path / f"b.{extension}"
        render(path, a, "--scale", "0.5")
        render(path, b, "--scale", "0.5")
        assert a.read_bytes() == b.read_bytes(), extension


def test_options_choose_the_window_rate_size_and_background(spring_next, tmp_path):
    path, frames = spring_next
    out = tmp_path / "part.gif"
    result = render(path, out, "--from", "0.1", "--to", "0.5", "--fps", "25", "--size", "200x200", "--background", "#000000")
    assert "rendered 11 frames at 25 fps, 200x200" in result.stderr
    decoded = decode(out)
    assert len(decoded) == 11 and all(delay == 40 for _, delay in decoded)
    assert decoded[0][0].getpixel((2, 2)) == (0, 0, 0)


def test_the_plot_carries_the_recordings_points(spring_next, tmp_path):
    path, frames = spring_next
    svg = tmp_path / "next.svg"
    result = subprocess.run([str(BIN / "cardstack"), "plot", str(path), "--out", str(svg)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    text = svg.read_text()
    start = text.index('<g id="offset" data-points="') + len('<g id="offset" data-points="')
    points = json.loads(text[start:text.index('"', start)])
    assert points == [[t, f["offset"]] for t, f in frames]
    assert "spring: damping ratio 0.7, response 0.35 s" in text
    assert "overshoot " in text and "settles (±1 %)" in text
    png = tmp_path / "next.png"
    subprocess.run([str(BIN / "cardstack"), "plot", str(path), "--out", str(png)], check=True, capture_output=True, timeout=30)
    assert PIL.open(png).size == (900, 560)


def test_bad_input_says_what_and_where(daemon, tmp_path):
    def fails(*args, env=None):
        result = subprocess.run([str(BIN / "cardstack"), *args], capture_output=True, text=True, timeout=30, env=env)
        assert result.returncode != 0
        return result.stderr

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"event":"frame","seq":1,"time":1}\nhello\n')
    assert "line 1" in fails("render", str(bad), "--out", str(tmp_path / "x.gif"))
    bad.write_text('{"event":"state","time":1,"offset":0}\nnot json\n')
    assert "line 1: not a cardstack event" in fails("plot", str(bad), "--out", str(tmp_path / "x.svg"))
    only_params = tmp_path / "params.jsonl"
    subprocess.run([str(BIN / "cardstack"), "record", str(only_params), "--seconds", "0.2", "--events", "params",
                    "--socket", str(daemon.socket)], check=True, capture_output=True, timeout=10)
    assert "no frame events" in fails("render", str(only_params), "--out", str(tmp_path / "x.gif"))
    good = tmp_path / "good.jsonl"
    subprocess.run([str(BIN / "cardstack"), "record", str(good), "--seconds", "0.2", "--events", "frame",
                    "--socket", str(daemon.socket)], check=True, capture_output=True, timeout=10)
    assert "unknown extension .avi" in fails("render", str(good), "--out", str(tmp_path / "x.avi"))
    assert f"cannot write {tmp_path}/missing/x.gif" in fails("render", str(good), "--out", str(tmp_path / "missing" / "x.gif"))
    assert "whole hundredths" in fails("render", str(good), "--out", str(tmp_path / "x.gif"), "--fps", "60")
    # No ffmpeg on the PATH: the package to install is named, and no file is left behind.
    empty = tmp_path / "bin"
    empty.mkdir()
    message = fails("render", str(good), "--out", str(tmp_path / "x.mp4"), env=dict(os.environ, PATH=str(empty)))
    assert "install Debian's ffmpeg package" in message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl", "bin", "d0", "good.jsonl", "params.jsonl"]  # d0: the daemon's


def test_render_live_records_and_renders_in_one_step(make_daemon, tmp_path):
    daemon = make_daemon(CONFIG.format(titles='""', animation=SPRING))
    out = tmp_path / "live.mp4"
    live = subprocess.Popen([str(BIN / "cardstack"), "render", "--live", "--seconds", "1.5", "--out", str(out),
                             "--socket", str(daemon.socket)], stderr=subprocess.PIPE, text=True)
    c = daemon.client()
    wait_for(lambda: c.ok("get_state")["clients"] >= 2, what="the live recorder")
    daemon.cli("next")
    assert live.wait(timeout=60) == 0, live.stderr.read()
    assert "rendered " in live.stderr.read() and out.stat().st_size > 0
