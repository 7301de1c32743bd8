#!/usr/bin/env python3
"""`cardstack web` under load: 3 s of flings at animation.fps = 240, drawn by the real page
in headless Chromium through the real bridge.

  python3 Benchmarks/web_bench.py --bin .build/release     (make bench runs it)

The page shows its tuning panel (curve and spring editors, motion graph, timeline) in view
while it draws. Prints the frames the daemon computed in the window, the frames the page received, the
seq gaps (frames the bridge or page fell behind on and the daemon skipped), the frames
the page applied (drawn in requestAnimationFrame, or already on screen: a frame that repeats
the picture needs no paint), and the bridge's CPU time per relayed frame.
Chromium runs without its frame-rate limit (--disable-frame-rate-limit, --disable-gpu-vsync),
so requestAnimationFrame is not capped at a display's 60 Hz and can show every frame, and in
one process (--single-process: no hand-over between renderer, compositor and browser
processes, which on 2 cores doubles the paints per second); on a real display the page
shows the newest frame at each refresh. `--flags ''` measures the default headless display
(60 Hz). `--images` gives every card the look of docs/parameters.md ("The look"): an image
(examples/looks/photos), rounded corners, a shadow and a border scaled with the width, so the
page repaints images through every card's 3D transform. Skips (exit 0) without chromium.
"""
import argparse
import os
import pathlib
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "integration"))

import harness  # noqa: E402
from harness import cpu_ticks, wait_for  # noqa: E402

DURATION = 3.0
# Lifts headless Chromium's frame-rate cap, so requestAnimationFrame runs as often as the
# machine can paint rather than at a display's 60 Hz; one process paints about twice as often.
UNCAPPED = ("--disable-frame-rate-limit", "--disable-gpu-vsync", "--single-process")
# The look on every card: images, corners, shadow and a relative border.
LOOK = """[card]
images = ["{photos}/*.png"]
corner_radius = 12
shadow_opacity = 0.35
shadow_radius = 8
shadow_offset = [0, 4]
border_ratio = 0.01
border_color = "#ffffff"
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release", help="directory with cardstack and cardstackd")
    parser.add_argument("--velocity", type=float, default=3000, help="fling speed, points/s")
    parser.add_argument("--flags", default=" ".join(UNCAPPED),
                        help="Chromium flags, space-separated (default: %(default)s); '' for a default display's 60 Hz")
    parser.add_argument("--images", action="store_true", help="an image, corners, shadow and border on every card")
    args = parser.parse_args()
    harness.BIN = pathlib.Path(args.bin).resolve()
    import webtools
    webtools.BIN = harness.BIN
    if webtools.find_chromium() is None:
        print("web bench: skipped (chromium and chromedriver are not installed; make test-deps)")
        return
    from webtools import Bridge, start_browser

    config = (HERE.parent / "Config" / "cardstack.toml").read_text().replace("fps = 60", "fps = 240")
    assert "fps = 240" in config
    if args.images:
        photos = HERE.parent / "examples" / "looks" / "photos"
        config = config.replace("[card]\n", LOOK.format(photos=photos), 1)
        assert "images = " in config
    with tempfile.TemporaryDirectory() as tmp:
        daemon = harness.Daemon(pathlib.Path(tmp) / "d", config)
        bridge = Bridge([daemon.socket])
        browser = None
        try:
            browser = start_browser(width=1200, height=900, extra=tuple(args.flags.split()))
            browser.get(bridge.url)
            wait_for(lambda: browser.execute_script("return document.querySelector('.conn').dataset.state") == "connected",
                     timeout=15, what="the page to connect")
            # The tuning panel in view: the curve and spring editors, the motion graph (redrawn
            # four times a second from the kept frames) and the timeline over them.
            browser.execute_script("const m = document.querySelector('.motion'); if (m) m.scrollIntoView({block: 'end'});")
            client = daemon.client()
            stats = lambda: browser.execute_script("return Object.assign({}, window.cardstack.views[0].stats, {seq: window.cardstack.views[0].lastSeq})")
            wait_for(lambda: stats()["seq"] is not None, what="a first frame")
            client.ok("scroll_to", offset=0)
            time.sleep(0.3)
            before = stats()
            ticks0 = cpu_ticks(bridge.proc.pid)
            start = time.monotonic()
            direction = 1
            while time.monotonic() - start < DURATION:
                client.ok("fling", velocity=direction * args.velocity)
                direction = -direction
                # The next fling takes over before this one has slowed down.
                time.sleep(0.25)
            client.ok("scroll_to", offset=0)
            elapsed = time.monotonic() - start
            time.sleep(0.5)  # let the last frames through
            ticks1 = cpu_ticks(bridge.proc.pid)
            after = stats()
        finally:
            if browser:
                browser.quit()
            bridge.stop()
            daemon.stop()
    sent = after["seq"] - before["seq"]
    received = after["received"] - before["received"]
    applied = after["applied"] - before["applied"]
    gaps = after["gaps"] - before["gaps"]
    cpu = (ticks1 - ticks0) / os.sysconf("SC_CLK_TCK")
    print(f"web: Chromium flags: {args.flags or '(none: the default 60 Hz display)'}")
    if args.images:
        print("web: every card with an image, corners, shadow and border (--images)")
    print(f"web: {elapsed:.1f} s of flings at 240 fps: daemon computed {sent} frames")
    unchanged = after["unchanged"] - before["unchanged"]
    print(f"web: page received {received} ({100 * received / max(sent, 1):.1f} %), gaps {gaps}, "
          f"applied {applied} ({100 * applied / max(sent, 1):.1f} %): {applied - unchanged} drawn in "
          f"requestAnimationFrame, {unchanged} the same picture as the one on screen (no paint needed)")
    print(f"web: bridge CPU {cpu * 1000:.0f} ms, {cpu / max(received, 1) * 1e6:.0f} µs per relayed frame")


if __name__ == "__main__":
    main()
