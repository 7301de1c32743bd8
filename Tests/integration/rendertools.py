"""Helpers for the render tests: recordings made with the real daemon over its real socket,
what the renderer should draw from them, and the files read back with Pillow."""
import json
import math
import signal
import subprocess

from harness import BIN, wait_for

BACKGROUND = (0xF2, 0xF2, 0xF7)
# Titles are empty so that the pixel at a card's centre is its colour, not its title's ink
# (test_titles_are_drawn_inside_their_cards draws them).
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
        wait_for(lambda: moved_and_rested(path.read_text()), timeout=10, what="the motion to end")
        recorder.send_signal(signal.SIGINT)
        assert recorder.wait(timeout=10) == 0, recorder.stderr.read()
    finally:
        if recorder.poll() is None:
            recorder.kill()
    return recorded_frames(path)


def moved_and_rested(text):
    """Whether the recording's last line is a `state` at rest after one that moved (the state
    at rest sent when the command's own client joins does not end the motion)."""
    lines = text.splitlines()
    moving = next((i for i, line in enumerate(lines) if '"animating":true' in line), None)
    return moving is not None and '"animating":false' in lines[-1] and len(lines) - 1 > moving


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
    from PIL import Image  # imported by the tests only when Pillow is there

    image = Image.open(path)
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


def spring_next_recording(make_daemon, tmp_path):
    """A recorded `next` with a bouncy spring: the path and its (time, frame) pairs."""
    daemon = make_daemon(CONFIG.format(titles='""', animation=SPRING))
    path = tmp_path / "next.jsonl"
    frames = record(daemon, path, "next")
    assert len(frames) > 20 and frames[-1][1]["offset"] == 30
    assert max(f["offset"] for _, f in frames) > 30  # the spring overshoots
    return path, frames
