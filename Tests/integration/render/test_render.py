"""`cardstack render`: recordings made with the real daemon over its real socket, rendered with
Cairo and ffmpeg, read back with Pillow and ffprobe."""
import json
import math
import shutil
import subprocess

import pytest

from harness import BIN
from rendertools import (BACKGROUND, CONFIG, card_color, composite, decode, inside, near, picks, record, recorded_frames,
                         render, spring_next_recording)

PIL = pytest.importorskip("PIL.Image", reason="Pillow is not installed (make test-deps)")
pytestmark = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed (make test-deps)")


@pytest.fixture
def spring_next(make_daemon, tmp_path):
    return spring_next_recording(make_daemon, tmp_path)


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


@pytest.mark.parametrize("extension, fps", [("gif", 50), ("png", 60)])
def test_the_reveal_is_a_circle_of_the_frames_radius(make_daemon, tmp_path, extension, fps):
    daemon = make_daemon(CONFIG.format(titles='""', animation='curve = "linear"\nduration = 0.5'))
    path = tmp_path / "open.jsonl"
    frames = record(daemon, path, "open", "0")
    out = tmp_path / f"open.{extension}"
    render(path, out)
    decoded = decode(out)
    shown = picks(frames, fps)
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
