#!/usr/bin/env python3
"""`cardstack render`: how long a one-second, 60 fps recording takes to become each format.

  python3 Benchmarks/render_bench.py --bin .build/release     (make bench runs it)

Records a real daemon's `next` (linear curve, 1.2 s) over its socket, then renders its first
second (60 frames, 375 x 667, and at --scale 2) to GIF, APNG, MP4 and WebM, each five times:
the fastest and the median wall time of the whole command (start, read, draw with Cairo,
encode with ffmpeg, write), the median CPU time it and ffmpeg used (user + system: what the
wall time is on an idle machine, give or take the overlap of drawing and encoding on two
cores), frames and file size. Rendering keeps ahead of real time when a second of recording
takes under a second. The same again with every card's look (`images`: an image of
examples/looks/photos on every card, corners, a shadow and a border, docs/parameters.md "The
look"), each image mapped through its card's projective transform by pixman. Skips (exit 0)
without ffmpeg.
"""
import argparse
import json
import os
import pathlib
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "integration"))

import harness  # noqa: E402
from harness import wait_for  # noqa: E402

CONFIG = """[layout]
style = "stack"

[animation]
fps = 60
curve = "linear"
duration = 1.2
"""
RUNS = 5
LOOK = """
[card]
images = ["{photos}/*.png"]
corner_radius = 12
shadow_opacity = 0.35
shadow_radius = 8
shadow_offset = [0, 4]
border_ratio = 0.01
border_color = "#ffffff"
"""


def record(bin_dir, daemon, path):
    recorder = subprocess.Popen([str(bin_dir / "cardstack"), "record", str(path), "--events", "frame,params",
                                 "--socket", str(daemon.socket)], stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: path.exists() and '"event":"frame"' in path.read_text(), what="the first frame")
        subprocess.run([str(bin_dir / "cardstack"), "next", "--socket", str(daemon.socket)], check=True, capture_output=True)
        wait_for(lambda: not daemon.client().ok("get_state")["animating"], timeout=10, what="the move to end")
    finally:
        recorder.send_signal(signal.SIGINT)
        recorder.wait(10)
    return [json.loads(line) for line in path.read_text().splitlines()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release", help="directory with cardstack and cardstackd")
    parser.add_argument("--look", choices=("plain", "images", "both"), default="both",
                        help="the cards as they are, with the look's images, or both (default)")
    args = parser.parse_args()
    bin_dir = pathlib.Path(args.bin).resolve()
    harness.BIN = bin_dir
    if shutil.which("ffmpeg") is None:
        print("render bench: skipped (ffmpeg is not installed; make bench-deps)")
        return
    photos = HERE.parent / "examples" / "looks" / "photos"
    for look, config in (("plain", CONFIG), ("images", CONFIG + LOOK.format(photos=photos))):
        if args.look not in (look, "both"):
            continue
        if bench(bin_dir, look, config):
            return 1
    return 0


def bench(bin_dir, look, config):
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        daemon = harness.Daemon(tmp / "d", config)
        try:
            events = record(bin_dir, daemon, tmp / "next.jsonl")
        finally:
            daemon.stop()
        # Times as the renderer reads them: never earlier than an event before (the first
        # frame, computed when the daemon started, comes after the params event stamped now).
        latest = 0.0
        for e in events:
            latest = e["time"] = max(latest, e["time"])
        frames = [e for e in events if e["event"] == "frame"]
        moving = [e for e in frames if e["frame"]["offset"] != frames[0]["frame"]["offset"]]
        start = moving[0]["time"] - frames[0]["time"] - 1 / 60
        print(f"render bench ({look}): a recording of {len(frames)} frames; rendering 1 s of it (60 recorded frames)")
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wall times grow with it; CPU times do not)")
        print(f"{'format':<7}{'scale':>6}{'frames':>8}{'fps':>5}{'size':>11}{'bytes':>10}{'fastest':>10}{'median':>9}{'cpu':>9}  cpu vs real time")
        for scale in ("1", "2"):
            for extension in ("gif", "mp4", "png", "webm"):
                out = tmp / f"bench.{extension}"
                times, cpus, line = [], [], ""
                for _ in range(RUNS):
                    before = resource.getrusage(resource.RUSAGE_CHILDREN)
                    began = time.perf_counter()
                    result = subprocess.run(
                        [str(bin_dir / "cardstack"), "render", str(tmp / "next.jsonl"), "--out", str(out), "--scale", scale,
                         "--from", f"{start:.6f}", "--to", f"{start + 59 / 60:.6f}"],
                        capture_output=True, text=True)
                    times.append(time.perf_counter() - began)
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                    cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
                    if result.returncode != 0:
                        print(f"render bench: {extension} failed: {result.stderr.strip()}")
                        return True
                    line = result.stderr.strip()
                # "rendered 50 frames at 50 fps, 375x667, 1.000 s, to … (123 bytes)"
                words = line.split()
                count, fps, size = words[2], words[5], words[7].rstrip(",")
                fastest, median, cpu = min(times), statistics.median(times), statistics.median(cpus)
                print(f"{extension:<7}{scale:>6}{count:>8}{fps:>5}{size:>11}{out.stat().st_size:>10}"
                      f"{fastest * 1000:>8.0f}ms{median * 1000:>7.0f}ms{cpu * 1000:>7.0f}ms  {1 / cpu:.1f}x")
    return False


if __name__ == "__main__":
    sys.exit(main() or 0)
