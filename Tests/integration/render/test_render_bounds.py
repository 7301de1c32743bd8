"""Recordings no one should be able to crash or stall a render with (issue 33): every number
out of range is an error naming its line and field, from `cardstack render` and from the
bridge's `POST /render`, with nothing left in the scratch directory or beside the output;
a long GIF keeps ffmpeg's memory to a few frames; a render past its time limit stops."""
import copy
import http.client
import json
import shutil
import subprocess
import sys

import pytest

from harness import BIN
from webtools import Bridge

pytestmark = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed (make test-deps)")

EMPTY = {"offset": 0, "front": 0, "style": "stack", "viewport": {"width": 375, "height": 667}, "cards": []}


def event(frame, time, seq=1):
    return json.dumps({"event": "frame", "seq": seq, "revision": 1, "time": time, "frame": frame},
                      separators=(",", ":"))


def recording(*frames):
    """Frame events at the given (time, frame) pairs, as `cardstack record` writes them."""
    return "".join(event(frame, time, seq) + "\n" for seq, (time, frame) in enumerate(frames, 1))


@pytest.fixture(scope="module")
def frame():
    """A real frame of ten cards, computed by `cardstack frame` from the defaults."""
    result = subprocess.run([str(BIN / "cardstack"), "frame"], capture_output=True, text=True, timeout=30, check=True)
    return json.loads(result.stdout)


def changed(frame, edit):
    f = copy.deepcopy(frame)
    edit(f)
    return f


def traps(frame):
    """Each input the attack found (and its neighbours) with what the error must say."""
    reveal = {"item": 0, "center": [100, 100], "radius": 1e300, "progress": 1}
    last = len(frame["cards"]) - 1

    def card(key, value):
        return changed(frame, lambda f: f["cards"][last].__setitem__(key, value))

    return {
        # The 292 bytes that killed the bridge: two frames at 0 and 1e300 seconds.
        "time 1e300": (recording((0, EMPTY), (1e300, EMPTY)), "line 2: time 1e+300 is out of range"),
        "a span of 1e9 s": (recording((0, EMPTY), (1e9, EMPTY)), "frames, more than 36000"),
        "viewport 1e300": (recording((0, changed(frame, lambda f: f["viewport"].__setitem__("width", 1e300)))),
                           "line 1: frame.viewport.width 1e+300 is out of range"),
        "card size 1e300": (recording((0, frame), (0.5, card("size", [1e300, 1e300]))),
                            f"line 2: frame.cards[{last}].size[0] 1e+300 is out of range"),
        "item Int.max": (recording((0, card("item", 2**63 - 1))),
                         f"line 1: frame.cards[{last}].item 9223372036854775807 is out of range"),
        "reveal radius 1e300": (recording((0, changed(frame, lambda f: f.__setitem__("reveal", reveal)))),
                                "line 1: frame.reveal.radius 1e+300 is out of range"),
        "reveal item Int.min": (recording((0, changed(frame, lambda f: f.__setitem__("reveal", dict(reveal, radius=10, item=-2**63))))),
                                "line 1: frame.reveal.item -9223372036854775808 is out of range"),
        "a picture too large": (recording((0, changed(frame, lambda f: f.__setitem__("viewport", {"width": 100000, "height": 100000})))),
                                "a picture of 100000 x 100000 pixels is larger than a render may be"),
    }


def test_each_trap_is_an_error_naming_its_line_and_field_and_leaves_nothing(frame, tmp_path, monkeypatch):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    for name, (text, expected) in traps(frame).items():
        path = tmp_path / "trap.jsonl"
        path.write_text(text)
        result = subprocess.run([str(BIN / "cardstack"), "render", str(path), "--out", str(out_dir / "x.gif")],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 1, (name, result.returncode, result.stderr)
        assert expected in result.stderr, (name, result.stderr)
        assert list(out_dir.iterdir()) == [] and list(scratch.iterdir()) == [], name
        if expected.startswith("line"):
            # The plot and the replay read the same recordings and refuse them the same way.
            plot = subprocess.run([str(BIN / "cardstack"), "plot", str(path), "--out", str(out_dir / "x.svg")],
                                  capture_output=True, text=True, timeout=60)
            assert plot.returncode == 1 and expected in plot.stderr, (name, plot.stderr)


def test_frames_a_trillionth_of_a_second_apart_render(frame, tmp_path):
    # The recording's own rate was 1e300 frames per second, which no Int holds.
    path = tmp_path / "dense.jsonl"
    path.write_text(recording((0, frame), (1e-300, frame), (2e-300, frame)))
    result = subprocess.run([str(BIN / "cardstack"), "render", str(path), "--out", str(tmp_path / "x.mp4")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "rendered 1 frames" in result.stderr


def post(bridge, body):
    connection = http.client.HTTPConnection(bridge.host, bridge.port, timeout=60)
    try:
        connection.request("POST", f"/render?format=gif&token={bridge.token}", body=body)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_the_bridge_answers_each_trap_400_and_stays_up(frame, tmp_path, monkeypatch):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    bridge = Bridge([tmp_path / "no-daemon.sock"])
    try:
        for name, (text, expected) in traps(frame).items():
            status, body = post(bridge, text.encode())
            assert (status, bridge.proc.poll()) == (400, None), (name, status, body[:300])
            assert expected in body.decode(), (name, body[:300])
            # A render after it works: the bridge is up and its render thread free.
            status, body = post(bridge, recording((0, frame), (0.1, frame)).encode())
            assert status == 200 and body[:6] == b"GIF89a", (name, status, body[:300])
        assert list(scratch.iterdir()) == []
    finally:
        bridge.stop()


PEAK_RSS = """import resource, subprocess, sys
result = subprocess.run(sys.argv[1:], capture_output=True, text=True)
print(result.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, result.stderr)"""


def test_a_long_gif_keeps_ffmpegs_memory_to_a_few_frames(frame, tmp_path):
    """40 s at 50 fps is 2,001 frames of 375 x 667 (1 MB each): ffmpeg held all of them, 2 GB.
    The peak resident size of the render and its ffmpeg (the largest of the process tree, read
    by a fresh interpreter that runs nothing else) must not follow the frame count."""
    path = tmp_path / "long.jsonl"
    path.write_text(recording((0, frame), (40, frame)))
    out = tmp_path / "long.gif"
    probe = subprocess.run(
        [sys.executable, "-c", PEAK_RSS, str(BIN / "cardstack"), "render", str(path), "--out", str(out)],
        capture_output=True, text=True, timeout=300)
    code, peak_kib, stderr = probe.stdout.split(" ", 2)
    assert code == "0", stderr
    assert "rendered 2001 frames" in stderr
    frames_bytes = 2001 * 375 * 667 * 4
    assert int(peak_kib) * 1024 < frames_bytes / 4, f"peak {int(peak_kib) >> 10} MiB"


def test_a_render_past_its_time_limit_stops_and_leaves_nothing(frame, tmp_path, monkeypatch):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    path = tmp_path / "long.jsonl"
    path.write_text(recording((0, frame), (10, frame)))
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    for extension in ("gif", "mp4"):
        # Starting ffmpeg alone takes longer than a millisecond.
        result = subprocess.run([str(BIN / "cardstack"), "render", str(path), "--out", str(out_dir / f"x.{extension}"),
                                 "--time-limit", "0.001"], capture_output=True, text=True, timeout=60)
        assert result.returncode == 1, result.stderr
        assert "took more than its time limit of 0.001 s" in result.stderr
        assert list(out_dir.iterdir()) == [] and list(scratch.iterdir()) == []
