"""Enormous image files and decompression bombs named by `card.images` (issue 35): each is an
error naming key, file and reason, the rest of the look stays, and the daemon, the bridge and
`render` stay within stated memory bounds, measured as their peak resident sets (VmHWM, and
getrusage's ru_maxrss for render)."""
import struct
import subprocess
import sys
import urllib.error
import urllib.request
import zlib

from PIL import Image

from harness import BIN, wait_for
from looktools import COLOURS, LOOK, bomb, centre, close, look_daemon, record_rest
from webtools import hwm_kib

# What a process may grow by while the bad files come and go: each of them would take
# 400 MB (the 20000 × 20000 PNG) to 64 MB (the stream) decoded; the bridge may hold one
# file of at most 16 MiB.
GROWTH_KIB = 32 * 1024
# render's whole peak: a 375 × 667 picture and two scratch pictures, the good images, ffmpeg's
# pipe and the Swift runtime (55 MiB measured), far below the 1.6 GB a 20000 × 20000 decode
# would take.
RENDER_KIB = 96 * 1024


def stream_bomb(path, side=64, inflated=64 << 20):
    """A PNG whose header says `side` × `side` grey pixels (4 kB decoded) but whose image
    data is a zlib stream of `inflated` zero bytes (64 kB compressed)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    z = zlib.compressobj(9)
    block = bytes(1 << 20)
    data = b"".join(z.compress(block) for _ in range(inflated >> 20)) + z.flush()
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0))
                     + chunk(b"IDAT", data) + chunk(b"IEND", b""))
    return len(data)


def fetch(bridge, path):
    base = bridge.url.split("?")[0].rstrip("/")
    token = bridge.url.split("token=")[1].split("&")[0]
    try:
        with urllib.request.urlopen(f"{base}{path}?token={token}", timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def render_peak_kib(recording, out):
    """Runs `cardstack render` in a child of a fresh Python and returns its peak resident set."""
    probe = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], capture_output=True, text=True);"
             "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); print(r.stderr)")
    result = subprocess.run([sys.executable, "-c", probe, str(BIN / "cardstack"), "render", str(recording),
                             "--out", str(out)], capture_output=True, text=True, timeout=120)
    code, peak = result.stdout.split("\n", 1)[0].split()
    assert code == "0", result.stdout
    return int(peak)


def test_an_enormous_png_and_two_decompression_bombs_are_errors_in_bounded_memory(make_daemon, bridges, tmp_path):
    daemon = look_daemon(make_daemon, LOOK.replace('images = ["shots/*.png"]',
                                                   'images = ["shots/0.png", "shots/1.png", "shots/2.png"]'))
    bridge = bridges([daemon.socket])
    client = daemon.client()
    shots = daemon.config.parent / "shots"
    assert fetch(bridge, "/image/1")[0] == 200  # the bridge has served an image: its buffers exist
    before = {"daemon": hwm_kib(daemon.proc.pid), "bridge": hwm_kib(bridge.proc.pid)}
    look = client.ok("get_params")["params"]["card"]
    # A 20000 × 20000 PNG (a few hundred kB of zeros: its header is the bomb).
    bomb(shots / "1.png")
    # A 64 × 64 PNG whose image data inflates to 64 MB.
    stream_bomb(shots / "2.png")
    reasons = {
        1: "20000 × 20000 pixels, more than the 8192 a side and 16777216 in all an image may have",
        2: "a decompression bomb (more than 6159 bytes of compressed image data, more than its 64 × 64 pixels can need)",
    }
    for k, reason in reasons.items():
        warning = f"card.images: {shots / f'{k}.png'}: {reason}"
        wait_for(lambda: warning in client.ok("get_params")["warnings"], timeout=10, what=f"the warning for {k}.png")
        status, body = fetch(bridge, f"/image/{k}")
        assert status == 404 and reason.encode() in body, (k, status, body[:200])
    # The rest of the look stays: the same keys in force, the good image still served.
    info = client.ok("get_params")
    assert info["params"]["card"] == look and info["error"] is None
    assert fetch(bridge, "/image/0") == (200, (shots / "0.png").read_bytes())
    after = {"daemon": hwm_kib(daemon.proc.pid), "bridge": hwm_kib(bridge.proc.pid)}
    print(f"peak resident sets before and after, KiB: {before} {after}")
    for name in before:
        assert after[name] - before[name] < GROWTH_KIB, (name, before, after)
    # render refuses both before decoding, draws the good image, and stays small.
    frame = record_rest(daemon, tmp_path / "rest.jsonl")
    peak = render_peak_kib(tmp_path / "rest.jsonl", tmp_path / "rest.png")
    print(f"render's peak resident set: {peak} KiB")
    assert peak < RENDER_KIB, peak
    drawn = Image.open(tmp_path / "rest.png").convert("RGB")
    front = frame["cards"][-1]
    got = drawn.getpixel(tuple(round(c) for c in centre(front["quad"])))
    if front["item"] % 3 == 0:
        assert close(got, COLOURS[0]), got
    else:
        assert not close(got, COLOURS[front["item"] % 3]), got
